"""Correcting an earlier entry or reveal at the table: the list of rounds, the editor, the engine's
word on it, and everything derived following on its own.

Round 1 of the stories (the app's deck, seed 1234): Monastery, Market, Market. Anna enters the
Monastery with 2 cards, Ben the first Market with 1, Cleo the Monastery with 0 and Dora the second
Market with 3; everyone reveals cards of the building's own estate.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from support.table_screens import Table
from test_ui_round import four_players, own_deck

from companion.i18n import translator
from companion.rules import events as ev
from companion.rules import reveal_event
from companion.rules.catalog import Building, Estate
from companion.rules.guide import Prompt, RevealCards, TakeActions, step_at
from companion.rules.state import Phase
from companion.ui.round import corrections

ANNA, BEN, CLEO, DORA = range(4)


def play_round_one(table: Table) -> None:
    table.play([reveal_event(table.state), ev.SupplyDone(), ev.Entered(ANNA, 0, 2),
                ev.Entered(BEN, 1, 1), ev.Entered(CLEO, 0, 0), ev.Entered(DORA, 2, 3)])
    resolve_the_row(table)


def resolve_the_row(table: Table) -> None:
    """Everyone reveals cards of the building's own estate; every building's actions are done."""
    while True:
        step = step_at(table.state)
        if isinstance(step, RevealCards):
            table.play([ev.Revealed(step.reveal.player, step.reveal.building,
                                    step.reveal.declared, 0)])
        elif isinstance(step, TakeActions):
            table.play([ev.BuildingResolved(step.building)])
        else:
            return


def into_round_two(table: Table) -> None:
    play_round_one(table)
    table.play([ev.RoundEnded(), reveal_event(table.state), ev.SupplyDone()])


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    with Table(tmp_path, four_players()) as found:
        yield found


def open_corrections(table: Table) -> None:
    table.tap("open-corrections")
    assert table.page.route == f"/game/{table.session.game_id}/correct"


# -- getting there, and what the list shows ----------------------------------------------


def test_the_round_screen_offers_corrections_only_once_something_is_entered(table: Table) -> None:
    # R-ROUND-C: there is nothing to correct before the first entry.
    table.play([reveal_event(table.state), ev.SupplyDone()])
    assert "open-corrections" not in table.ids()
    table.play([ev.Entered(ANNA, 0, 2)])
    open_corrections(table)
    assert "fix-1-0" in table.ids()


def test_the_list_shows_each_buildings_entries_and_reveals(table: Table) -> None:
    # R-ROUND-C / R-ROUND-D a: slot order per building, and what each player revealed.
    into_round_two(table)
    open_corrections(table)
    assert table.texts("fix-1-0") == "Anna slot 1: 2 cards Church: 2"
    assert table.texts("fix-1-2") == "Cleo slot 2: 0 cards Church: 0"
    assert table.texts("fix-1-3") == "Dora slot 1: 3 cards Bourgeoisie: 3"
    assert "1. Monastery" in table.texts("fix-round-1")


def test_an_entry_not_revealed_yet_says_so(table: Table) -> None:
    table.play([reveal_event(table.state), ev.SupplyDone(), ev.Entered(ANNA, 1, 4)])
    open_corrections(table)
    assert table.texts("fix-1-0") == "Anna slot 1: 4 cards not revealed yet"
    assert "Round 1 (now)" in table.texts("fix-round-1")


# -- correcting a reveal --------------------------------------------------------------------


def test_a_corrected_reveal_of_round_one_moves_the_track_in_round_two(table: Table) -> None:
    # R-ROUND-D a: +1 influence per population card and Joker, +1 rat per card of another estate.
    into_round_two(table)
    assert table.state.influence(ANNA, Estate.CHURCH) == 2
    assert table.state.rats[ANNA] == 8, "10, less the Monastery's premium of 2"
    open_corrections(table)
    table.tap("fix-1-0")
    table.tap("fix-other-more")
    table.tap("fix-jokers-more")
    assert "4 cards in all" in table.texts("fix-total")
    table.tap("fix-save")
    assert table.stored()[-1] == ev.RevealCorrected(1, ANNA, 2, 1, 1, 0, 0)
    assert table.state.influence(ANNA, Estate.CHURCH) == 4
    assert table.state.rats[ANNA] == 9
    assert "Anna 4" in (table.find("track-church").label or "")
    assert table.texts("fix-1-0") == "Anna slot 1: 4 cards Church: 2, other classes: 1, Jokers: 1"
    assert table.state.round == 2 and table.state.phase is Phase.C


def test_cancel_closes_the_editor_and_stores_nothing(table: Table) -> None:
    into_round_two(table)
    open_corrections(table)
    count = len(table.stored())
    table.tap("fix-1-0")
    table.tap("fix-matching-fewer")
    table.tap("fix-cancel")
    assert len(table.stored()) == count
    assert "fix-1-0" in table.ids() and "fix-save" not in table.ids()


def test_saving_an_unchanged_entry_stores_nothing(table: Table) -> None:
    into_round_two(table)
    open_corrections(table)
    count = len(table.stored())
    table.tap("fix-1-3")
    table.tap("fix-save")
    assert len(table.stored()) == count
    assert "fix-1-3" in table.ids()


# -- correcting an entry ----------------------------------------------------------------


def test_an_entry_not_yet_revealed_moves_to_another_building(table: Table) -> None:
    # R-ROUND-C: the entry keeps its place in time, so Anna is still first in.
    table.play([reveal_event(table.state), ev.SupplyDone(), ev.Entered(ANNA, 1, 4),
                ev.Entered(BEN, 2, 1)])
    open_corrections(table)
    table.tap("fix-1-0")
    table.tap("fix-building-2")
    table.tap("fix-cards-fewer")
    table.tap("fix-save")
    assert table.stored()[-1] == ev.EntryCorrected(1, ANNA, 2, 3)
    assert table.state.record.entrants(2) == (ANNA, BEN)


def test_moving_a_revealed_entry_keeps_its_count_and_then_corrects_the_reveal(
        table: Table) -> None:
    # R-ROUND-D a: Dora's 3 cards were in the Monastery, not the Market: Church influence.
    into_round_two(table)
    open_corrections(table)
    table.tap("fix-1-3")
    assert table.texts("fix-recorded") == \
        "Recorded: 3. Market, slot 1: 3 cards — Bourgeoisie: 3"
    table.tap("fix-building-0")
    assert "Population cards of the Church" in table.texts()
    table.tap("fix-matching-fewer")
    table.tap("fix-other-more")
    table.tap("fix-save")
    assert table.stored()[-2:] == [ev.EntryCorrected(1, DORA, 0, 3),
                                   ev.RevealCorrected(1, DORA, 2, 1, 0, 0, 0)]
    assert table.state.influence(DORA, Estate.CHURCH) == 3
    assert table.state.influence(DORA, Estate.BOURGEOISIE) == 0


# -- refusals ---------------------------------------------------------------------------


def resolved_first_building_with_ben_unrevealed(table: Table) -> None:
    table.play([reveal_event(table.state), ev.SupplyDone(), ev.Entered(ANNA, 0, 2),
                ev.Entered(BEN, 1, 1), ev.Entered(CLEO, 0, 0), ev.Entered(DORA, 2, 3),
                ev.Revealed(ANNA, 0, 2, 0), ev.BuildingResolved(0)])


def test_a_refused_correction_is_told_with_its_rule_and_stores_nothing(table: Table) -> None:
    # R-ROUND-D: an unrevealed entry cannot move into a building already resolved.
    resolved_first_building_with_ben_unrevealed(table)
    open_corrections(table)
    count = len(table.stored())
    table.tap("fix-1-1")
    table.tap("fix-building-0")
    table.tap("fix-save")
    assert len(table.stored()) == count
    assert table.page.messages[-1] == ("That building is already resolved, and Ben has not "
                                       "revealed yet.")
    assert table.page.details[-1] == "Rule R-ROUND-D"
    assert "fix-save" in table.ids(), "the editor stays open to fix the correction"


def test_the_refusal_is_in_german_on_a_german_table(tmp_path: Path) -> None:
    # R-ROUND-D, told in the players' language.
    with Table(tmp_path, four_players(), lang="de") as table:
        resolved_first_building_with_ben_unrevealed(table)
        open_corrections(table)
        table.tap("fix-1-1")
        table.tap("fix-building-0")
        table.tap("fix-save")
        expected = translator("de")(
            "That building is already resolved, and {player} has not revealed yet.", player="Ben")
        assert table.page.messages[-1] == expected
        assert table.page.details[-1] == "Regel R-ROUND-D"
        assert expected.startswith("Dieses Gebäude")


def test_a_half_refused_correction_stores_neither_half(table: Table) -> None:
    # R-SPECIAL-2: no Flutes without the Rat Catcher's Hut; the move before it is not kept.
    into_round_two(table)
    assert table.state.setup.in_play(Building.RAT_CATCHERS_HUT) is False
    open_corrections(table)
    count = len(table.stored())
    table.tap("fix-1-3")
    table.tap("fix-building-0")
    fix = corrections.current_fix(table.app, table.session.table_view(), table.session.game_id)
    assert fix is not None
    fix.counts.update(matching=2, flutes=1)
    found = corrections.correction_events(table.session.table_view(), fix)
    assert [type(e) for e in found] == [ev.EntryCorrected, ev.RevealCorrected]
    table.tap("fix-save")
    assert len(table.stored()) == count
    assert "R-SPECIAL-2" not in table.page.messages[-1]
    assert table.page.details[-1] == "Rule R-SPECIAL-2"


def test_an_undo_that_takes_the_entry_away_closes_the_editor(table: Table) -> None:
    table.play([reveal_event(table.state), ev.SupplyDone(), ev.Entered(ANNA, 1, 4)])
    open_corrections(table)
    table.tap("fix-1-0")
    table.session.undo()
    assert "fix-save" not in table.ids()
    assert "Nothing has been entered yet." in table.texts()


def test_the_end_of_the_game_also_leads_to_the_corrections(table: Table) -> None:
    # R-SCORE: a correction after the last round changes the tracks the scoring reads.
    while step_at(table.state).prompt is not Prompt.END_VALUES:
        if step_at(table.state).prompt is Prompt.ENTER:
            table.play([ev.Entered(step_at(table.state).actor, 0, 1)])  # type: ignore[arg-type]
        elif step_at(table.state).prompt in (Prompt.REVEAL_CARDS, Prompt.TAKE_ACTIONS):
            resolve_the_row(table)
        elif step_at(table.state).prompt is Prompt.END_ROUND:
            table.play([ev.RoundEnded()])
        else:
            table.play([reveal_event(table.state) if table.state.phase is Phase.A
                        else ev.SupplyDone()])
    open_corrections(table)
    assert "fix-8-0" in table.ids()
    assert table.texts("corrections-done") == "Back to the end of the game"


def test_a_lowered_count_resets_the_half_tapped_reveal_of_that_player(table: Table) -> None:
    # R-ROUND-D a: the revealed cards must add up to the declared number.
    table.play([reveal_event(table.state), ev.SupplyDone(), ev.Entered(ANNA, 0, 3),
                ev.Entered(BEN, 1, 0), ev.Entered(CLEO, 1, 0), ev.Entered(DORA, 2, 0)])
    table.tap("reveal-other-more")
    table.tap("reveal-other-more")
    table.tap("reveal-other-more")
    table.play([ev.EntryCorrected(1, ANNA, 0, 1)])
    assert "1 population card of" in table.texts("reveal-matching")  # one, in the singular
    table.tap("reveal-confirm")
    assert table.stored()[-1] == ev.Revealed(ANNA, 0, 1, 0)


def test_a_correction_that_takes_the_hospital_premium_away_caps_its_discards(
        tmp_path: Path) -> None:
    # R-ROUND-D b: Hospital premium discards up to 3 hand cards, the normal action up to 2.
    with Table(tmp_path, own_deck()) as table:
        table.play([ev.BuildingsRevealed((Building.HOSPITAL, Building.FARM, Building.PALACE)),
                    ev.SupplyDone(), ev.Entered(ANNA, 0, 1), ev.Entered(BEN, 0, 0),
                    ev.Entered(CLEO, 1, 0), ev.Entered(DORA, 1, 0), ev.Revealed(ANNA, 0, 1, 0)])
        for _ in range(3):
            table.tap("hospital-0-more")
        table.play([ev.RevealCorrected(1, BEN, 2, 0)])
        assert table.texts("hospital-0") == "2"
        # the Farm's actions and the round's end take no tap: the next round's row records them
        # all, the Hospital's discards first
        for building in ("farm", "palace", "castle"):
            table.tap(f"pick-{building}")
        table.tap("reveal-confirm")
        assert table.stored()[-5:-3] == [ev.HospitalDiscarded(0, ANNA, 2), ev.BuildingResolved(0)]


def test_a_correction_that_moves_a_resolved_hospitals_premium_asks_for_the_discards(
        tmp_path: Path) -> None:
    # R-ROUND-D b: Anna took the Hospital's premium and discarded 3 hand cards, Ben 2 with the
    # normal action. The table finds Ben really played 2 Church cards: the premium is his now.
    # Nothing is cut and no rat moves until the table says again what each discarded.
    with Table(tmp_path, own_deck()) as table:
        table.play([ev.BuildingsRevealed((Building.HOSPITAL, Building.FARM, Building.PALACE)),
                    ev.SupplyDone(), ev.Entered(ANNA, 0, 1), ev.Entered(BEN, 0, 0),
                    ev.Entered(CLEO, 1, 0), ev.Entered(DORA, 1, 0), ev.Revealed(ANNA, 0, 1, 0),
                    ev.HospitalDiscarded(0, ANNA, 3), ev.HospitalDiscarded(0, BEN, 2)])
        resolve_the_row(table)
        rats = table.state.rats[:2]
        assert rats == (6, 8)
        open_corrections(table)
        table.tap(f"fix-1-{BEN}")
        table.tap("fix-matching-more")
        table.tap("fix-matching-more")
        table.tap("fix-save")
        assert table.stored()[-1] == ev.RevealCorrected(1, BEN, 2, 0)
        assert table.state.rats[:2] == rats
        assert "question-hospital-1-0" in table.ids()
        assert "gave the premium to Ben" in table.texts("question-hospital-1-0")
        assert table.texts(f"answer-hospital-1-0-{ANNA}") == "2"
        assert table.texts(f"answer-hospital-1-0-{BEN}") == "2"
        table.tap(f"answer-hospital-1-0-{BEN}-more")
        assert table.texts(f"answer-hospital-1-0-{BEN}") == "3"
        table.page.route = f"/game/{table.session.game_id}/play"
        assert "question-hospital-1-0" in table.ids()  # asked on the round screen too
        table.tap("answer-hospital-1-0")
        assert table.stored()[-1] == ev.HospitalCorrected(1, 0, (2, 3))
        assert table.state.rats[:2] == (8, 6)
        assert "question-hospital-1-0" not in table.ids()


def doras_reveal_disputed(table: Table) -> None:
    """Round 1 played up to its end: Dora's reveal (3 cards in the third building, 2 of its
    estate and 1 of another, R-ROUND-D a) gave her a rat, which she disputes on her phone."""
    table.play([reveal_event(table.state), ev.SupplyDone(), ev.Entered(ANNA, 0, 2),
                ev.Entered(BEN, 1, 1), ev.Entered(CLEO, 0, 0), ev.Entered(DORA, 2, 3)])
    while (step := step_at(table.state)).prompt is not Prompt.END_ROUND:
        if isinstance(step, TakeActions):
            table.play([ev.BuildingResolved(step.building)])
            continue
        assert isinstance(step, RevealCards), step.prompt
        other = 1 if step.reveal.player == DORA else 0
        table.play([ev.Revealed(step.reveal.player, step.reveal.building,
                                step.reveal.declared - other, other)])
    table.session.submit(ev.RatChangeDisputed(DORA, "1.3.reveal"))


def test_a_phones_dispute_shows_on_the_table_until_the_table_dismisses_it(table: Table) -> None:
    # Dora disputes the rats of her reveal in round 1 on her phone; the table sees it on the
    # round screen, in the corrections and in the phones panel, until it dismisses it (an
    # event of the game) -- or corrects the round.
    doras_reveal_disputed(table)
    key = f"dispute-{DORA}-1.3.reveal"
    assert key in table.ids()
    # the row holds two Markets (R-ROUND-A): the dispute names Dora's by its card of the row
    assert ("Dora disputes their rats from the Market (card 3 of the row) in round 1"
            in table.texts(key))
    open_corrections(table)
    assert key in table.ids()
    table.page.route = f"/game/{table.session.game_id}/phones"
    assert key in table.ids()
    table.page.route = f"/game/{table.session.game_id}/play"
    table.tap(f"dismiss-{key}")
    assert table.stored()[-1] == ev.DisputeDismissed(DORA, "1.3.reveal")
    assert key not in table.ids()


def test_a_tie_a_correction_makes_is_chosen_by_its_winner_on_the_round_screen(
        tmp_path: Path) -> None:
    # R-SPECIAL-2: Anna and Cleo played a Flute each in the Rat Catcher's Hut, Ben none. The
    # table finds Cleo's card was a population card: Ben and Cleo tie for the fewest, and
    # Anna, who played the most, is asked who receives the rat.
    from companion.rules.catalog import Special

    hut = Building.RAT_CATCHERS_HUT
    manual = {hut: 5, Building.FARM: 5, Building.CASTLE: 5, Building.PALACE: 5,
              Building.MONASTERY: 5, Building.MARKET: 5}
    with Table(tmp_path, own_deck(manual)) as table:
        table.play([ev.BuildingsRevealed((hut, Building.FARM, Building.CASTLE)), ev.SupplyDone(),
                    ev.Entered(ANNA, 0, 1), ev.Entered(BEN, 0, 0), ev.Entered(CLEO, 0, 1),
                    ev.Entered(DORA, 1, 0), ev.Revealed(ANNA, 0, 0, 0, flutes=1),
                    ev.Revealed(CLEO, 0, 0, 0, flutes=1)])
        resolve_the_row(table)
        table.play([ev.RevealCorrected(1, CLEO, 1, 0)])
        question = "question-tie-1-0"
        assert question in table.ids()
        assert "Anna played the most and chooses who receives the rat" in table.texts(question)
        assert {f"answer-tie-1-0-flute-{p}" for p in (BEN, CLEO)} <= table.ids()
        table.tap(f"answer-tie-1-0-flute-{CLEO}")
        assert table.stored()[-1] == ev.TieChosenAfterCorrection(1, 0, Special.FLUTE, CLEO)
        assert question not in table.ids()


# -- the Hospital's discards, and a dispute's way to its entry ------------------------------


def hospital_round(tmp_path: Path) -> Table:
    """Round 1 with the players' own deck: Hospital, Farm, Palace. Anna (2 Church cards) takes
    the Hospital's premium, Ben (1) the normal action; the table records that Anna discarded
    1 hand card and Ben none, and the round is played out."""
    table = Table(tmp_path, own_deck())
    table.play([ev.BuildingsRevealed((Building.HOSPITAL, Building.FARM, Building.PALACE)),
                ev.SupplyDone(), ev.Entered(ANNA, 0, 2), ev.Entered(BEN, 0, 1),
                ev.Entered(CLEO, 1, 0), ev.Entered(DORA, 1, 0), ev.Revealed(ANNA, 0, 2, 0),
                ev.Revealed(BEN, 0, 1, 0), ev.HospitalDiscarded(0, ANNA, 1)])
    resolve_the_row(table)
    return table


def test_the_hospitals_discards_are_corrected_in_the_entrys_editor(tmp_path: Path) -> None:
    # R-ROUND-D b: Anna discarded 3 hand cards with the premium, not 1: 2 more rats go.
    with hospital_round(tmp_path) as table:
        assert table.state.rats[ANNA] == 8
        open_corrections(table)
        table.tap(f"fix-1-{ANNA}")
        assert "Hand cards discarded at the Hospital (up to 3)" in table.texts()
        assert table.texts("fix-hospital") == "1"
        table.tap("fix-hospital-more")
        table.tap("fix-hospital-more")
        assert table.find("fix-hospital-more").content.disabled  # type: ignore[union-attr]
        table.tap("fix-save")
        assert table.stored()[-1] == ev.HospitalCorrected(1, 0, (3, 0))
        assert table.state.rats[ANNA] == 6
        assert "fix-save" not in table.ids(), "saved: back to the list"
        table.tap(f"fix-1-{BEN}")
        assert "(up to 2)" in table.texts()
        assert table.texts("fix-hospital") == "0"


def test_a_hospital_discard_and_a_reveal_are_one_correction(tmp_path: Path) -> None:
    # R-ROUND-D: Ben played 1 card of another estate (1 rat) and discarded 2 hand cards.
    with hospital_round(tmp_path) as table:
        count = len(table.stored())
        open_corrections(table)
        table.tap(f"fix-1-{BEN}")
        table.tap("fix-matching-fewer")
        table.tap("fix-other-more")
        table.tap("fix-hospital-more")
        table.tap("fix-hospital-more")
        table.tap("fix-save")
        assert table.stored()[count:] == [ev.RevealCorrected(1, BEN, 0, 1),
                                          ev.HospitalCorrected(1, 0, (1, 2))]
        assert table.state.rats[BEN] == 10 + 1 - 2
        table.session.undo()
        assert len(table.stored()) == count, "one undo takes the whole correction back"


def test_a_hospital_not_entered_shows_no_discards_in_the_editor(tmp_path: Path) -> None:
    with hospital_round(tmp_path) as table:
        open_corrections(table)
        table.tap(f"fix-1-{CLEO}")
        assert "fix-hospital" not in table.ids()
        table.tap("fix-building-0")  # moving the entry: its discards are not the editor's
        assert "fix-hospital" not in table.ids()


def test_correct_the_round_on_a_dispute_opens_the_disputed_entry(table: Table) -> None:
    # Dora disputes the rat of her reveal in round 1 (recorded: 2 Bourgeoisie cards and 1 of
    # another estate); "Correct the round" opens her entry, where all 3 are Bourgeoisie.
    doras_reveal_disputed(table)
    key = f"{DORA}-1.3.reveal"
    table.tap(f"correct-dispute-{key}")
    assert table.page.route == f"/game/{table.session.game_id}/correct"
    assert table.texts("fix-recorded") == ("Recorded: 3. Market, slot 1: 3 cards — "
                                           "Bourgeoisie: 2, other classes: 1")
    table.tap("fix-other-fewer")
    table.tap("fix-matching-more")
    table.tap("fix-save")
    assert table.stored()[-1] == ev.RevealCorrected(1, DORA, 3, 0)
    assert f"dispute-{key}" not in table.ids(), "a correction of the round settles it"


# -- what a correction leaves the players to do by hand ---------------------------------------


def treasury_round(tmp_path: Path, lang: str = "en") -> Table:
    """Round 1 with the players' own deck: Treasury, Castle, Farm. Anna (2 cards) took the
    Treasury's premium, 2 Gold; Ben (1 card) the normal action, 1 Gold."""
    manual = {Building.TREASURY: 5, Building.CASTLE: 5, Building.HOSPITAL: 5,
              Building.FARM: 5, Building.TOWN_HALL: 5, Building.FORTUNE_TELLERS_TENT: 5}
    table = Table(tmp_path, own_deck(manual), lang=lang)
    table.play([ev.BuildingsRevealed((Building.TREASURY, Building.CASTLE, Building.FARM)),
                ev.SupplyDone(), ev.Entered(ANNA, 0, 2), ev.Entered(BEN, 0, 1),
                ev.Entered(CLEO, 1, 0), ev.Entered(DORA, 2, 0)])
    resolve_the_row(table)
    return table


def test_a_correction_that_moves_the_treasurys_premium_says_who_gives_and_takes_gold(
        tmp_path: Path) -> None:
    # R-ROUND-D b: Ben played 3 cards, not 1: the premium (2 Gold) was his.
    with treasury_round(tmp_path) as table:
        open_corrections(table)
        assert "correction-effects" not in table.ids()
        table.tap(f"fix-1-{BEN}")
        table.tap("fix-matching-more")
        table.tap("fix-matching-more")
        table.tap("fix-save")
        assert table.texts("correction-effects") == (
            "After the correction of round 1, at the table: "
            "• Anna gives back 1 Gold. "
            "• Ben takes 1 Gold more. "
            "• Ben moves their disc 2 spaces forward on the Royalty track. "
            "Done at the table")
        table.page.route = f"/game/{table.session.game_id}/play"
        assert "correction-effects" in table.ids(), "the round screen lists it too"
        table.tap("effects-done")
        assert "correction-effects" not in table.ids()


def test_corrections_in_a_row_add_up_and_the_next_step_of_the_game_ends_the_list(
        tmp_path: Path) -> None:
    # R-ROUND-D: Ben's 3 cards take the premium; then Anna's 2 were 4: it is hers again, so
    # no Gold changes hands, and only the discs move.
    with treasury_round(tmp_path) as table:
        table.play([ev.RevealCorrected(1, BEN, 3, 0)])
        assert "Ben takes 1 Gold more." in table.texts("correction-effects")
        table.play([ev.RevealCorrected(1, ANNA, 4, 0)])
        assert table.texts("correction-effects") == (
            "After the correction of round 1, at the table: "
            "• Anna moves their disc 2 spaces forward on the Royalty track. "
            "• Ben moves their disc 2 spaces forward on the Royalty track. "
            "Done at the table")
        table.play([ev.RoundEnded()])
        assert "correction-effects" not in table.ids()


def test_a_dispute_the_table_dismisses_leaves_the_list_as_it_was(tmp_path: Path) -> None:
    # Ben's card was of another estate (a rat); he disputes it on his phone, the table looks
    # and keeps it: what is to be done at the table is still to be done.
    with treasury_round(tmp_path) as table:
        table.play([ev.RevealCorrected(1, BEN, 0, 1)])
        listed = table.texts("correction-effects")
        table.play([ev.RatChangeDisputed(BEN, "1.1.reveal"),
                    ev.DisputeDismissed(BEN, "1.1.reveal")])
        assert table.texts("correction-effects") == listed


def test_an_undone_correction_takes_its_list_away(tmp_path: Path) -> None:
    with treasury_round(tmp_path) as table:
        table.play([ev.RevealCorrected(1, BEN, 0, 1)])
        assert table.texts("correction-effects") == (
            "After the correction of round 1, at the table: • Ben takes 1 rat. Done at the table")
        table.session.undo()
        assert "correction-effects" not in table.ids()


def every_effect() -> list[Any]:
    """One effect of every kind, item, direction and cause."""
    from companion.rules.catalog import Estate as E
    from companion.rules.correction_effects import Cause, Effect, EffectKind, Item

    found: list[Any] = [Effect(EffectKind.ITEMS, 1, ANNA, change, item=item)
                        for item in Item for change in (1, 2, -1, -2)]
    found += [Effect(EffectKind.RATS, 1, BEN, change) for change in (1, 3, -1, -3)]
    found += [Effect(EffectKind.INFLUENCE, 1, CLEO, change, estate=estate)
              for estate in E for change in (1, -2)]
    found += [Effect(kind, 1, DORA, other=ANNA, cause=cause)
              for kind in (EffectKind.GIVE_CARDS, EffectKind.CARDS_BACK) for cause in Cause]
    return found


@pytest.mark.parametrize("lang", ["de", "fr", "nl"])
def test_what_a_correction_leaves_to_do_is_said_in_every_language(tmp_path: Path,
                                                                   lang: str) -> None:
    from companion.ui.round.questions import effect_text

    with treasury_round(tmp_path) as table:
        view = table.session.table_view()
        english, other = translator("en"), translator(lang)
        for effect in every_effect():
            said = effect_text(other, view, effect)
            assert said != effect_text(english, view, effect), (lang, effect)
            assert "{" not in said and view.setup.names[effect.player] in said


def test_the_list_speaks_german_on_a_german_table(tmp_path: Path) -> None:
    with treasury_round(tmp_path, lang="de") as table:
        table.play([ev.RevealCorrected(1, BEN, 3, 0)])
        assert table.texts("correction-effects") == (
            "Nach der Korrektur von Runde 1 am Tisch: "
            "• Anna gibt 1 Gold zurück. "
            "• Ben nimmt 1 Gold mehr. "
            "• Ben zieht die eigene Scheibe auf der Einflussleiste Königtum 2 Felder vor. "
            "Am Tisch erledigt")
