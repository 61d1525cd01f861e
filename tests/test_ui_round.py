"""The round screen without a browser: the table taps, the session records, the engine decides.

Each story builds the real `TableApp` on a stand-in page, opens a stored game on the round
route, finds controls by their semantics identifiers (as the browser tests do) and calls their
handlers, then checks the events the session stored.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import flet as ft
import pytest
from support.engine_games import plain_event
from support.fake_page import FakePage, walk
from support.table_screens import Table, fire

from companion.i18n import translator
from companion.i18n.names import building_name, row_building_name
from companion.phones.seats import SeatRegistry
from companion.rules import events as ev
from companion.rules import reveal_event
from companion.rules.catalog import Building, Estate, PlayerColour
from companion.rules.guide import Prompt, TakeActions, step_at
from companion.rules.house_rules import HouseRules
from companion.rules.setup import DeckMode, SelectionMethod, make_setup
from companion.rules.state import Phase, Track
from companion.ui.shared.tracks import spaces, track_label

NAMES = ("Anna", "Ben", "Cleo", "Dora")


def four_players(method: SelectionMethod = SelectionMethod.FIRST_GAME,
                 deck: DeckMode = DeckMode.DIGITAL, manual: dict[Building, int] | None = None,
                 names: tuple[str, ...] = NAMES, rules: HouseRules = HouseRules(),
                 start: int = 0) -> Any:
    colours = list(PlayerColour)
    return make_setup(list(zip(names, colours, strict=False)), method, 1234, deck, start,
                      rules, manual=manual)


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    with Table(tmp_path, four_players()) as found:
        yield found


def to_phase_c(table: Table) -> None:
    table.play([reveal_event(table.state), ev.SupplyDone()])


# -- the tracks ---------------------------------------------------------------------------


def test_a_shared_space_shows_the_disc_that_arrived_last_on_top() -> None:
    # R-ROUND-D a: a disc landing on an occupied space goes on top (R-SCORE-1 ties).
    track = Track(values=(4, 4, 1, 4), arrivals=(7, 9, 3, 2))
    assert [(s.value, s.top_down) for s in spaces(track)] == [(4, (1, 0, 3)), (1, (2,))]
    assert track_label(translator("en"), Estate.CHURCH, track, NAMES) == \
        "Church: Ben 4, Anna 4, Dora 4, Cleo 1"


def test_the_tracks_are_on_the_round_screen_as_the_engine_has_them(table: Table) -> None:
    to_phase_c(table)
    for estate, track in zip(("peasantry", "church"), (table.state.tracks[0],
                                                      table.state.tracks[2]), strict=True):
        label = table.find(f"track-{estate}").label
        assert label == track_label(translator("en"), estate, track, NAMES)  # type: ignore[arg-type]


def test_a_players_secret_rats_change_nothing_on_the_table_screen(table: Table) -> None:
    # R-SETUP-1: rats are kept secret; the table never shows them.
    to_phase_c(table)
    before = table.texts()
    table.play([ev.RatsChanged(1, -2, ev.RatReason.SUPPLY_DISCARD)])
    after = table.texts()
    assert before == after
    assert table.state.rats[1] == 8


# -- phases A to E -------------------------------------------------------------------------


def test_round_one_shows_round_phase_and_what_to_do(table: Table) -> None:
    # R-SETUP-6: 4 players play 8 rounds.
    assert "Round 1 of 8" in table.texts()
    assert {"phase-A-done", "phase-B-done", "phase-C-now"} <= table.ids()
    assert table.texts("prompt") == "Anna: enter a building."


def test_the_apps_deck_is_laid_out_with_the_first_entry(table: Table) -> None:
    # R-ROUND-A: the app's deck reveals the row, the replacement rule already applied; it takes
    # no tap of its own: the entry buttons stand on the row's cards, in its order,
    # and the first entry records the row and the supply with it, one step for undo.
    expected = reveal_event(table.state)
    names = " · ".join(building_name(translator("en"), b) for b in expected.row)
    assert table.texts("reveal-row-names") == names and "reveal-confirm" not in table.ids()
    assert [table.texts(f"building-{i}").startswith(building_name(translator("en"), b))
            for i, b in enumerate(expected.row)] == [True] * len(expected.row)
    table.tap("enter-1-2")
    assert table.stored() == [expected, ev.SupplyDone(), ev.Entered(0, 1, 2)]
    assert "row-info" not in table.ids()
    table.tap("undo")
    assert table.stored() == [] and table.state.phase is Phase.A
    # a building with a twin in the row is named by its card of the row (R-ROUND-A)
    assert table.page.messages[-1] == \
        f"Undone: Anna's entry into the {row_building_name(translator('en'), expected.row, 1)}"


def test_the_supply_speaks_of_phones_only_to_the_players_who_have_one(table: Table) -> None:
    # R-ROUND-B: a supply's rat symbol is done with the real tokens; no event of the table
    # records it. A table without phones is not told to note it "on your phone".
    words = table.texts("supply-info")
    assert "phone" not in words
    assert "the tokens in front of each player are what counts" in words
    table.games.seats = SeatRegistry()
    game_id = str(table.session.game_id)
    for seat in (1, 2):  # Ben and Cleo have a phone
        table.games.seats.claim(table.games.seats.issue_token(game_id, seat))
    words = table.texts("supply-info")
    assert "With a phone, note discarded rats and Nun-row cards on it." in words
    assert "Without one (Anna, Dora): the rat tokens in front of you are what counts." in words
    for seat in (0, 3):
        table.games.seats.claim(table.games.seats.issue_token(game_id, seat))
    assert table.texts("supply-info").endswith(
        "Note discarded rats and Nun-row cards on your own phone.")


def test_the_supply_is_a_reminder_above_the_first_entry_and_takes_no_tap(table: Table) -> None:
    # R-ROUND-B: the supply actions happen with the real cards; the first entry of phase C
    # (R-ROUND-C) is the sign that everyone has done theirs, so the supply costs no tap.
    row = reveal_event(table.state)
    ids = table.ids()
    assert "supply-info" in ids and "enter-1-2" in ids and "supply-done" not in ids
    assert {"phase-B-done", "phase-C-now"} <= ids
    assert "Supplies: each player picks one revealed building" in table.texts()
    table.tap("enter-1-2")
    assert table.stored()[-3:] == [row, ev.SupplyDone(), ev.Entered(0, 1, 2)]
    assert table.state.phase is Phase.C and "supply-info" not in table.ids()
    table.tap("undo")  # one undo takes back what the one tap did, no more
    assert table.stored() == []
    assert table.state.phase is Phase.A and "supply-info" in table.ids()
    assert table.page.messages[-1].startswith("Undone: Anna's entry into the")


def test_an_entry_is_one_tap_on_the_buildings_card_count(table: Table) -> None:
    # R-ROUND-C: the start player enters first, on the leftmost free slot, with 0+ cards.
    to_phase_c(table)
    assert "Anna: enter a building." in table.texts("prompt")
    table.tap("enter-2-3")
    assert table.stored()[-1] == ev.Entered(0, 2, 3)
    assert "Ben: enter a building." in table.texts("prompt")
    table.tap("enter-2-0")
    assert "slot 2: 0 cards" in table.texts("building-2")


def test_the_reveal_defaults_to_cards_of_the_buildings_own_estate(table: Table) -> None:
    # R-ROUND-D a: population cards of the building's estate bring influence and no rats.
    to_phase_c(table)
    table.play([ev.Entered(0, 0, 3), ev.Entered(1, 1, 0), ev.Entered(2, 1, 0),
                ev.Entered(3, 2, 0)])
    assert table.state.phase is Phase.D
    assert "3 population cards" in table.texts("reveal-matching")
    table.tap("reveal-confirm")
    assert table.stored()[-1] == ev.Revealed(0, 0, 3, 0)


def test_cards_of_two_estates_are_one_tap_on_the_buildings_own_number(table: Table) -> None:
    # R-ROUND-D a: of 3 population cards, 2 of the building's estate and 1 of another (a rat):
    # one tap on the own estate's 2 records it; after a Joker, the split counts the
    # population cards left.
    to_phase_c(table)
    table.play([ev.Entered(0, 0, 3), ev.Entered(1, 0, 3), ev.Entered(2, 1, 0),
                ev.Entered(3, 2, 0)])
    assert {"reveal-mixed-1", "reveal-mixed-2"} <= table.ids()
    assert "reveal-mixed-3" not in table.ids()  # 3 of the estate is the confirm
    table.tap("reveal-mixed-2")
    assert table.stored()[-1] == ev.Revealed(0, 0, 2, 1)
    table.tap("reveal-jokers-1")
    assert table.stored()[-1] == ev.Revealed(0, 0, 2, 1)  # a draft: nothing recorded yet
    assert "reveal-mixed-1" in table.ids() and "reveal-mixed-2" not in table.ids()
    table.tap("reveal-mixed-1")
    assert table.stored()[-1] == ev.Revealed(1, 0, 1, 1, jokers=1)
    table.tap("undo")  # the tap was one step
    assert table.stored()[-1] == ev.Revealed(0, 0, 2, 1)


def test_steppers_split_the_declared_cards_and_never_exceed_them(table: Table) -> None:
    # R-ROUND-D a: the revealed cards must be the declared number; Swords bring no influence.
    to_phase_c(table)
    table.play([ev.Entered(0, 0, 2), ev.Entered(1, 1, 0), ev.Entered(2, 1, 0),
                ev.Entered(3, 2, 0)])
    table.tap("reveal-other-more")
    table.tap("reveal-swords-more")
    assert "reveal-swords-more" in table.ids()
    with pytest.raises(AssertionError, match="disabled"):
        table.tap("reveal-jokers-more")
    assert "0 population cards" in table.texts("reveal-matching")
    assert "+1 influence" in table.texts("reveal-confirm")
    table.tap("reveal-confirm")
    assert table.stored()[-1] == ev.Revealed(0, 0, 0, 1, 0, 1, 0)


def test_a_number_tap_that_gives_every_card_a_type_records_the_reveal(table: Table) -> None:
    # R-ROUND-D a: the declared cards are split by kind; "2" is one tap, not "+" twice, and
    # once no card is left to be of the building's own estate the reveal is complete.
    to_phase_c(table)
    table.play([ev.Entered(0, 0, 2), ev.Entered(1, 1, 0), ev.Entered(2, 1, 0),
                ev.Entered(3, 2, 0)])
    before = table.stored()
    assert "reveal-jokers-3" not in table.ids()  # only as many as were declared
    table.tap("reveal-jokers-1")
    assert table.stored() == before and table.texts("reveal-jokers") == "1"
    assert "1 population card of" in table.texts("reveal-matching")
    with pytest.raises(AssertionError, match="disabled"):
        table.tap("reveal-swords-2")
    table.tap("reveal-swords-1")
    assert table.stored() == [*before, ev.Revealed(0, 0, 0, 0, 1, 1, 0)]
    table.tap("undo")
    table.page.width = 800  # an upright tablet: each kind's label on a line of its own
    table.tap("reveal-other-2")
    assert table.stored() == [*before, ev.Revealed(0, 0, 0, 2)]


def test_the_actions_say_who_takes_the_premium_and_why(table: Table) -> None:
    # R-ROUND-D b: most population + Joker cards takes the premium; the others the normal one.
    to_phase_c(table)
    table.play([ev.Entered(0, 0, 2), ev.Entered(1, 0, 3), ev.Entered(2, 1, 1),
                ev.Entered(3, 2, 0), ev.Revealed(0, 0, 2, 0), ev.Revealed(1, 0, 1, 2)])
    step = step_at(table.state)
    assert isinstance(step, TakeActions)
    assert step.resolution.premium == 1
    assert "Ben played the most population and Joker cards here (3)." in \
        table.texts("premium-why")
    assert "Premium" in table.texts("action-1") and "Normal action" in table.texts("action-0")
    assert "takes 2 rats" in table.texts("revealed-1")
    # no Done tap: the next building's first reveal records that these actions are done, and
    # the actions stay on screen above the reveal until then
    assert "reveal-matching" in table.ids() and "actions-done" not in table.ids()
    assert "The players in the" in table.texts("actions-of-0")
    assert "Cleo: reveal your cards" in table.texts("prompt")
    table.tap("reveal-confirm")
    assert table.stored()[-2:] == [ev.BuildingResolved(0), ev.Revealed(2, 1, 1, 0)]


def test_one_undo_takes_back_a_reveal_and_the_actions_it_recorded_as_done(table: Table
                                                                          ) -> None:
    # R-ROUND-D: the Farm's actions are done once the Castle's first reveal is tapped; undo
    # takes back exactly that tap (the reveal and the actions done), redo puts both back.
    to_phase_c(table)
    table.play([ev.Entered(0, 0, 2), ev.Entered(1, 1, 1), ev.Entered(2, 1, 0),
                ev.Entered(3, 2, 0), ev.Revealed(0, 0, 2, 0)])
    before = table.stored()
    table.tap("reveal-confirm")
    assert table.stored() == [*before, ev.BuildingResolved(0), ev.Revealed(1, 1, 1, 0)]
    table.tap("undo")
    assert table.stored() == before
    assert step_at(table.state).prompt is Prompt.TAKE_ACTIONS
    assert "actions-of-0" in table.ids() and "reveal-matching" in table.ids()
    table.tap("redo")
    assert table.stored() == [*before, ev.BuildingResolved(0), ev.Revealed(1, 1, 1, 0)]


def test_a_sword_tie_for_fewest_is_chosen_by_the_winner(table: Table) -> None:
    # R-SPECIAL-1: tie for fewest Swords: the player with the most chooses who gives.
    to_phase_c(table)
    table.play([ev.Entered(0, 0, 1), ev.Entered(1, 0, 1), ev.Entered(2, 0, 1),
                ev.Entered(3, 1, 0), ev.Revealed(0, 0, 1, 0), ev.Revealed(1, 0, 0, 0, 0, 1),
                ev.Revealed(2, 0, 1, 0)])
    assert "Ben played the most Swords" in table.texts("choice")
    assert {"choose-0", "choose-2"} <= table.ids()
    table.tap("choose-2")
    assert table.stored()[-1] == ev.SpecialTargetChosen(0, "sword", 2)  # type: ignore[arg-type]
    assert "Cleo played the fewest Swords" in table.texts("special-sword")


def test_the_round_end_passes_the_start_player_to_the_left(table: Table) -> None:
    # R-ROUND-E: the start-player card passes to the left. The round's end takes no tap: the
    # next round's row shows with it above, and laying that row out records both.
    to_phase_c(table)
    table.play([ev.Entered(p, 0, 0) for p in range(4)])
    assert "actions-done" not in table.ids() and "end-round" not in table.ids()
    assert "actions-of-0" in table.ids()
    assert "Ben starts round 2" in table.texts("end-round-info")
    assert "Round 2 of 8" in table.texts()
    before = table.stored()
    table.tap("reveal-confirm")
    assert table.state.round == 2 and table.state.start_player == 1
    assert table.state.phase is Phase.B
    assert table.stored()[len(before):-1] == [ev.BuildingResolved(0), ev.RoundEnded()]
    assert isinstance(table.stored()[-1], ev.BuildingsRevealed)
    table.tap("undo")  # the one tap, the whole of it: back to the first round's actions
    assert table.stored() == before and table.state.round == 1
    assert "Undone: the buildings of round 2" == table.page.messages[-1]


def test_a_game_saved_at_the_round_end_opens_on_the_next_rows_screen(table: Table) -> None:
    # R-ROUND-E: a game recorded before the round's end took no tap (its last building's
    # actions done, no RoundEnded yet) replays as it was and shows the next round's row above
    # its first entry (no actions to keep in sight), whose tap records the round's end and the
    # row with it.
    to_phase_c(table)
    table.play([ev.Entered(p, 0, 0) for p in range(4)] + [ev.BuildingResolved(0)])
    assert table.state.phase is Phase.E
    assert "Ben starts round 2" in table.texts("end-round-info")
    assert "end-round" not in table.ids() and "actions-of-0" not in table.ids()
    assert "row-info" in table.ids()
    before = table.stored()
    table.tap("enter-0-1")
    assert table.stored()[len(before)] == ev.RoundEnded()
    assert table.state.round == 2 and table.state.phase is Phase.C


def test_the_last_rounds_last_building_ends_the_game_with_one_tap(tmp_path: Path) -> None:
    # R-ROUND-E: after the last round the end form follows directly.
    with Table(tmp_path, four_players()) as table:
        while not table.state.is_last_round:
            table.play([plain_event(table.state)])
        while step_at(table.state).prompt is not Prompt.TAKE_ACTIONS:
            table.play([plain_event(table.state)])
        assert "last-round-bonus" in table.ids()
        table.tap("actions-done")
        assert table.stored()[-2:] == [ev.BuildingResolved(0), ev.RoundEnded()]
        assert step_at(table.state).prompt is Prompt.END_VALUES


def test_the_last_round_says_so_and_gives_influence_instead_of_actions(tmp_path: Path) -> None:
    # R-ROUND-D, last round: no actions; the premium holder gains 1 influence instead.
    with Table(tmp_path, four_players()) as table:
        while not table.state.is_last_round:
            table.play([plain_event(table.state)])
        assert "last-round" in table.ids()
        while step_at(table.state).prompt is not Prompt.TAKE_ACTIONS:
            table.play([plain_event(table.state)])
        step = step_at(table.state)
        assert isinstance(step, TakeActions)
        res = step.resolution
        assert res.last_round_bonus is not None
        assert "gains 1 influence" in table.texts("last-round-bonus")
        assert not any(i.startswith("action-") for i in table.ids())


# -- the players' own deck, Pass cards, the Hospital, refusals ----------------------------

MANUAL = {Building.PALACE: 5, Building.CASTLE: 5, Building.HOSPITAL: 5, Building.FARM: 5,
          Building.TOWN_HALL: 5, Building.FORTUNE_TELLERS_TENT: 5}


def own_deck(manual: dict[Building, int] = MANUAL, start: int = 0) -> Any:
    """Four players who chose the buildings `manual` and lay out their own cards of them."""
    return four_players(SelectionMethod.CHOSEN, DeckMode.PHYSICAL, manual, start=start)


def test_own_deck_all_the_same_building_takes_a_replacement(tmp_path: Path) -> None:
    # R-ROUND-A: all revealed cards the same: the last is replaced and goes under the stack.
    with Table(tmp_path, own_deck()) as table:
        for _ in range(3):
            table.tap("pick-farm")
        assert "reveal-all-same" in table.ids()
        table.tap("pick-palace")
        table.tap("reveal-confirm")
        assert table.stored() == [ev.BuildingsRevealed(
            (Building.FARM, Building.FARM, Building.PALACE), (Building.FARM,))]


def test_the_last_farm_picked_leaves_none_to_pick(tmp_path: Path) -> None:
    # R-COMP-4: only 5 cards of a building are in the game; 4 Farms came up in two rounds,
    # so once the fifth is tapped the Farm's card says no card is left and takes no tap
    # (the row the engine would refuse cannot be tapped in).
    with Table(tmp_path, own_deck()) as table:
        for start in range(2):
            table.play([ev.BuildingsRevealed((Building.FARM, Building.FARM, Building.PALACE)),
                        ev.SupplyDone()] + [ev.Entered((start + i) % 4, 0, 0) for i in range(4)]
                       + [ev.BuildingResolved(0), ev.RoundEnded()])
        table.tap("pick-farm")
        assert "pick-farm-gone" in table.ids() and "pick-farm" not in table.ids()
        count = len(table.stored())
        table.tap("pick-palace")
        table.tap("pick-hospital")
        table.tap("reveal-confirm")
        assert len(table.stored()) == count + 1
        assert table.stored()[-1] == ev.BuildingsRevealed(
            (Building.FARM, Building.PALACE, Building.HOSPITAL))


def test_a_pass_card_sends_the_player_to_the_back_of_the_queue(tmp_path: Path) -> None:
    # R-SPECIAL-3 / R-ROUND-C: with the Town Hall in play a player who holds a Pass card may
    # pass; the button is there only for a player who can hold one.
    with Table(tmp_path, own_deck(start=3)) as table:
        table.play([ev.BuildingsRevealed((Building.TOWN_HALL, Building.FARM, Building.PALACE)),
                    ev.SupplyDone()])
        assert "Dora: enter a building." in table.texts("prompt") and "pass" not in table.ids()
        table.play([ev.Entered(3, 1, 0), ev.Entered(0, 0, 1)])
        assert "pass" not in table.ids()  # Ben took no Pass card either
        table.play([ev.Entered(1, 1, 0), ev.Entered(2, 1, 0), ev.Revealed(0, 0, 1, 0)])
        while table.state.phase is Phase.D:  # Anna takes the Town Hall premium: 2 Pass cards
            step = step_at(table.state)
            assert isinstance(step, TakeActions)
            table.play([ev.BuildingResolved(step.building)])
        table.play([ev.RoundEnded(),
                    ev.BuildingsRevealed((Building.TOWN_HALL, Building.FARM, Building.CASTLE)),
                    ev.SupplyDone()])
        assert "Anna: enter a building." in table.texts("prompt")
        table.tap("pass")
        assert table.stored()[-1] == ev.Passed(0)
        assert "Ben: enter a building." in table.texts("prompt")
        assert "Passed so far: Anna" in table.texts()


def test_hospital_discards_are_recorded_with_the_actions(tmp_path: Path) -> None:
    # R-ROUND-D b: the Hospital's normal action discards up to 2 hand cards for as many rats.
    with Table(tmp_path, own_deck()) as table:
        table.play([ev.BuildingsRevealed((Building.HOSPITAL, Building.FARM, Building.PALACE)),
                    ev.SupplyDone(), ev.Entered(0, 0, 1), ev.Entered(1, 0, 0), ev.Entered(2, 0, 0),
                    ev.Entered(3, 0, 0)])
        table.tap("reveal-confirm")
        table.tap("hospital-1-more")
        table.tap("hospital-1-more")
        assert table.texts("hospital-1") == "2"
        with pytest.raises(AssertionError, match="disabled"):
            table.tap("hospital-1-more")
        # the next round's row records the actions as done, the discards with them
        for building in ("farm", "palace", "castle"):
            table.tap(f"pick-{building}")
        table.tap("reveal-confirm")
        assert table.stored()[-4:-1] == [ev.HospitalDiscarded(0, 1, 2), ev.BuildingResolved(0),
                                         ev.RoundEnded()]


def test_the_hospital_discard_is_entered_at_the_table_and_the_private_view_shows_it(
        tmp_path: Path) -> None:
    # R-ROUND-D b: the one place a Hospital discard is entered is the table's
    # Hospital actions, which say so; Ben's private view shows what was recorded, says where
    # it is changed, and offers no Hospital discard of its own.
    with Table(tmp_path, own_deck()) as table:
        table.play([ev.BuildingsRevealed((Building.HOSPITAL, Building.FARM, Building.PALACE)),
                    ev.SupplyDone(), ev.Entered(0, 0, 1), ev.Entered(1, 0, 0), ev.Entered(2, 1, 0),
                    ev.Entered(3, 1, 0), ev.Revealed(0, 0, 1, 0)])
        assert "where they are recorded" in table.texts("hospital-recorded-here")
        table.tap("hospital-1-more")
        # the next round's row records the actions as done, the discard with them
        for building in ("farm", "palace", "castle"):
            table.tap(f"pick-{building}")
        table.tap("reveal-confirm")
        stored = table.stored()
        at = stored.index(ev.HospitalDiscarded(0, 1, 1))
        assert stored[at + 1] == ev.BuildingResolved(0)
        assert "hospital-recorded-here" not in table.ids()  # round 2 has no Hospital
        table.page.route = f"/game/{table.session.game_id}/private/1"
        assert "log-hospital" not in table.ids()
        assert "ask the table" in table.texts("private-hospital-note")
        pad = next(c for c in walk(table.find("reveal-pad")) if isinstance(c, ft.GestureDetector))
        fire(pad.on_tap, None)
        assert table.texts("private-entry-0") == "−1: Hospital, round 1"
        assert table.session.player_view(1).rats == 9


def test_the_round_screen_speaks_german(tmp_path: Path) -> None:
    with Table(tmp_path, four_players(), lang="de") as table:
        assert "Runde 1 von 8" in table.texts()
        assert table.texts("prompt") == translator("de")("{player}: enter a building.",
                                                         player="Anna")
        assert table.texts("row-info").startswith("Legt diese Gebäude von links nach rechts aus:")


def test_an_undo_says_which_entry_it_took_back(table: Table) -> None:
    # R-ROUND-C: Anna enters the first building; the table's undo takes back that one entry
    # and names it, and a redo names what it put back.
    to_phase_c(table)
    building = building_name(translator("en"), table.state.row[0])
    table.tap("enter-0-3")
    assert table.stored()[-1] == ev.Entered(0, 0, 3)
    table.tap("undo")
    assert table.page.messages[-1] == f"Undone: Anna's entry into the {building}"
    assert table.stored()[-1] == ev.SupplyDone()
    table.tap("redo")
    assert table.page.messages[-1] == f"Redone: Anna's entry into the {building}"
    assert table.stored()[-1] == ev.Entered(0, 0, 3)


def test_a_third_building_in_a_two_player_round_is_refused_with_the_reason(
        tmp_path: Path) -> None:
    # R-SETUP-6: with 2 players 2 buildings are revealed each round; a third tap says so.
    setup = make_setup(list(zip(NAMES[:2], list(PlayerColour), strict=False)),
                       SelectionMethod.FIRST_GAME, 1234, DeckMode.PHYSICAL, 0, HouseRules())
    with Table(tmp_path, setup) as table:
        table.tap("pick-farm")
        table.tap("pick-palace")
        table.tap("pick-castle")
        said = table.page.messages[-1]
        assert "With 2 players, 2 buildings are revealed each round" in said
        # the rule ID stays out of the sentence players read
        assert "R-SETUP-6" not in said and "take the last card back" in said
        assert "Palace" in table.texts("reveal-row") and "Castle" not in table.texts("reveal-row")
        table.tap("reveal-confirm")
        assert table.stored() == [ev.BuildingsRevealed((Building.FARM, Building.PALACE))]


# -- what players asked for at the table -----------------------------------------------------


def test_the_header_names_the_start_player_whose_turn_and_the_deck(table: Table) -> None:
    # R-SETUP-6: 4 players, 8 rounds of 3 buildings: 24 cards in the deck, 21 once laid out,
    # as the first entry's screen shows them (the row is laid out with it).
    assert table.state.deck_pos == 0
    assert table.texts("deck-left") == "21 building cards left in the deck"
    assert "Starting player" in table.texts(f"seat-chip-{table.state.start_player}-now")
    to_phase_c(table)
    assert "21 building cards left in the deck" in table.texts("deck-left")
    actor = step_at(table.state).actor
    assert f"seat-chip-{actor}-now" in table.ids()


def test_the_rules_order_sword_and_flute_before_the_actions(table: Table) -> None:
    # R-ROUND-D a, R-SPECIAL-1: the Sword is resolved at the reveal, so it is told first.
    to_phase_c(table)
    table.play([ev.Entered(0, 0, 1), ev.Entered(1, 0, 1), ev.Entered(2, 1, 0),
                ev.Entered(3, 1, 0), ev.Revealed(0, 0, 1, 0), ev.Revealed(1, 0, 0, 0, 0, 1)])
    ids = [c.identifier for c in walk(table.view()) if isinstance(c, ft.Semantics)
           and c.identifier]
    assert ids.index("special-sword") < ids.index("premium-why") < ids.index("action-0")


def asked_entry(page: FakePage) -> str:
    """The key of the entry the rules reference on top was opened at."""
    dialog = page.dialogs[-1]
    asked = next(c for c in walk(dialog.content) if isinstance(c, ft.Semantics)
                 and c.identifier == "rules-asked")
    return next(str(c.identifier) for c in walk(asked) if isinstance(c, ft.Semantics)
                and str(c.identifier).startswith("rules-entry-")).removeprefix("rules-entry-")


def test_the_premiums_why_opens_its_rule_and_a_refusals_why_its_own(table: Table) -> None:
    # R-ROUND-D b: why the premium goes where it goes, in the reference's words.
    to_phase_c(table)
    table.play([ev.Entered(0, 0, 1), ev.Entered(1, 0, 2), ev.Entered(2, 1, 0),
                ev.Entered(3, 1, 0), ev.Revealed(0, 0, 1, 0), ev.Revealed(1, 0, 2, 0)])
    table.tap("premium-why-rules")
    assert asked_entry(table.page) == "actions"
    # R-ROUND-C: nobody enters once the buildings are resolved; the refusal's "Why?" opens
    # the entry on entering.
    shown: list[Any] = []

    def keep(dialog: Any) -> None:
        shown.append(dialog)
        FakePage.show_dialog(table.page, dialog)

    table.page.show_dialog = keep  # type: ignore[method-assign]
    assert not table.app.submit(ev.Entered(0, 1, 1))
    why = next(c for c in walk(shown[-1].content) if isinstance(c, ft.Semantics)
               and c.identifier == "message-why")
    button = why.content
    assert isinstance(button, ft.TextButton)
    fire(button.on_click, None)
    assert asked_entry(table.page) == "enter"


def test_two_players_read_both_counts_and_a_tie_for_the_one_premium(tmp_path: Path) -> None:
    # R-ROUND-D b, 2 players: one premium per round; a tie goes to who entered first.
    with Table(tmp_path, four_players(names=("Hanna", "Jonas"))) as table:
        table.play([reveal_event(table.state), ev.SupplyDone()])
        first = step_at(table.state).actor
        assert first is not None
        other = 1 - first
        table.play([ev.Entered(first, 0, 2), ev.Entered(other, 1, 2), ev.Revealed(first, 0, 2, 0),
                    ev.Revealed(other, 1, 2, 0)])
        said = table.texts("premium-why")
        assert "tie" in said and "Hanna 2, Jonas 2" in said
        assert f"{('Hanna', 'Jonas')[first]} entered first" in said


def test_the_checklist_no_longer_asks_to_enter_the_rats_on_a_phone() -> None:
    from companion.ui.setup.checklist import checklist_items

    app = type("App", (), {"t": translator("en")})()
    items = dict(checklist_items(app, four_players()))
    assert "phones start at 10 by themselves" in items["rats"]
    assert "enter them on your phone" not in items["rats"]
