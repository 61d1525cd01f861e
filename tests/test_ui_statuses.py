"""Every status on the table's screens says one thing: the phase chips (one current, the ones
before it done), the round line (one count of rounds), the last round (no actions, and no
starting player card passing on), the reveal's button (the influence and the rats of its
tap), the result (a trophy only for a winner, Gold only with the Treasury).

Games of four players at the real `TableApp` on the stand-in page, played by the real engine.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from support.engine_games import plain_event
from support.table_screens import Table
from test_ui_endgame import fill, to_the_end, to_the_plague
from test_ui_round import four_players

from companion.i18n import LANGUAGES, translator
from companion.i18n.words import words
from companion.rules import apply, reveal_event
from companion.rules import events as ev
from companion.rules.catalog import Building
from companion.rules.errors import RuleViolation
from companion.rules.guide import EndRound, Prompt, step_at
from companion.rules.setup import SelectionMethod
from companion.ui.round.screen import PHASES

WITH_TREASURY = {Building.TREASURY: 5, Building.CASTLE: 5, Building.HOSPITAL: 5,
                 Building.FARM: 5, Building.TOWN_HALL: 5, Building.FORTUNE_TELLERS_TENT: 5}


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    with Table(tmp_path, four_players()) as found:
        yield found


def chips(table: Table) -> dict[str, str]:
    """Each phase chip's look by its letter: "now", "done" or "to-come"."""
    found = {}
    for identifier in table.ids():
        tagged = re.fullmatch(r"phase-([A-E])-(now|done|to-come)", identifier)
        if tagged:
            assert tagged[1] not in found, f"two chips for phase {tagged[1]}"
            found[tagged[1]] = tagged[2]
    assert sorted(found) == [phase.value for phase, _ in PHASES]
    return found


def play_until(table: Table, prompt: Prompt, last_round: bool = False) -> None:
    """Everyone enters the first building with one card of its estate, until `prompt`."""
    while not (step_at(table.state).prompt is prompt
               and step_at(table.state).is_last_round is last_round):
        table.play([plain_event(table.state)])


# -- the phase chips and the round line ----------------------------------------------------


def test_the_first_entry_is_the_one_current_phase_of_round_one(table: Table) -> None:
    # R-ROUND-A, R-ROUND-B: the app's row and the supply are shown above the first entry and
    # recorded with its tap; the table is at the entries (R-ROUND-C), the one current chip.
    assert table.texts("prompt") == "Anna: enter a building."
    assert chips(table) == {"A": "done", "B": "done", "C": "now", "D": "to-come",
                            "E": "to-come"}
    assert "Enter buildings" in table.texts("phase-C-now")


def test_a_rounds_end_lights_only_the_next_rounds_step(table: Table) -> None:
    # R-ROUND-D, R-ROUND-E, R-ROUND-A: the last building's actions and the round's end are
    # shown above the next round's row, whose tap records them: the row is the current step,
    # and the old round's D and E are not lit beside it.
    table.play([reveal_event(table.state), ev.SupplyDone(), *[ev.Entered(p, 0, 0)
                                                           for p in range(4)]])
    assert "actions-of-0" in table.ids() and "end-round-info" in table.ids()
    assert "Round 2 of 8" in table.texts()
    assert chips(table) == {"A": "now", "B": "to-come", "C": "to-come", "D": "to-come",
                            "E": "to-come"}


def test_the_resolution_is_current_while_buildings_are_revealed(table: Table) -> None:
    # R-ROUND-D: a reveal is phase D; the entries before it are done.
    table.play([reveal_event(table.state), ev.SupplyDone(),
                *[ev.Entered(p, 0, 1) for p in range(4)]])
    assert step_at(table.state).prompt is Prompt.REVEAL_CARDS
    assert chips(table) == {"A": "done", "B": "done", "C": "done", "D": "now",
                            "E": "to-come"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_round_line_counts_the_rounds_once_in_every_language(tmp_path: Path,
                                                                 lang: str) -> None:
    # R-SETUP-6: 4 players, 8 rounds of 3 buildings, 21 cards left once the first row is out.
    # "Round 1 of 8" says where the game stands; beside it only the deck's cards, no second
    # count of rounds ("7 more rounds" read as "7 left, this one included" too).
    with Table(tmp_path, four_players(), lang=lang) as table:
        t = translator(lang)
        assert t("Round {round} of {rounds}", round=1, rounds=8) in table.texts()
        assert table.texts("deck-left") == t.plural("{n} building card left in the deck",
                                                    "{n} building cards left in the deck", 21)
        assert re.findall(r"\d+", table.texts("deck-left")) == ["21"]


# -- the last round --------------------------------------------------------------------------


def test_the_last_round_says_no_actions_and_that_the_game_ends(table: Table) -> None:
    # R-ROUND-D b, last round: no actions at all, the premium's player gains 1 influence
    # instead; after the last round the game ends (R-SETUP-6), so the starting player card
    # does not pass on (R-ROUND-E is the end of a round that another follows).
    play_until(table, Prompt.TAKE_ACTIONS, last_round=True)
    assert isinstance(table.session.decision_view().view.step, EndRound)
    panel = table.texts("actions-of-0")
    prompt = table.texts("prompt")
    assert "no actions" in panel and "gains 1 influence" in table.texts("last-round-bonus")
    assert "take their actions" not in panel
    assert "starting player" not in prompt.lower() and "passes" not in prompt
    assert "game ends" in prompt
    assert "starting player card" not in table.texts().lower()
    # the screen's step is the round's end: the one current chip, everything before it done
    assert chips(table) == {"A": "done", "B": "done", "C": "done", "D": "done", "E": "now"}


def test_a_refusal_in_the_last_round_speaks_of_the_bonus_not_of_actions(table: Table) -> None:
    # R-ROUND-D b, last round: a step out of turn is refused with what the table must do
    # now, which is giving the bonus, not taking actions.
    play_until(table, Prompt.TAKE_ACTIONS, last_round=True)
    with pytest.raises(RuleViolation) as refused:
        apply(table.state, ev.SupplyDone())
    said = words(translator("en"), refused.value)
    assert "last round's bonus" in said and "actions" not in said
    dutch = words(translator("nl"), refused.value)
    assert "bonus van de laatste ronde" in dutch


@pytest.mark.parametrize("lang", ["de", "fr", "nl"])
def test_the_last_rounds_words_are_translated(tmp_path: Path, lang: str) -> None:
    with Table(tmp_path, four_players(), lang=lang) as table, \
            Table(tmp_path / "en", four_players()) as english:
        for screen in (table, english):
            play_until(screen, Prompt.TAKE_ACTIONS, last_round=True)
        assert table.texts("prompt") != english.texts("prompt")
        assert table.texts("actions-of-0") != english.texts("actions-of-0")


def test_an_earlier_rounds_end_still_passes_the_starting_player_card(table: Table) -> None:
    # R-ROUND-E: a round that another follows ends with the card passing to the left.
    table.play([reveal_event(table.state), ev.SupplyDone(), *[ev.Entered(p, 0, 0)
                                                           for p in range(4)]])
    assert "Ben starts round 2" in table.texts("end-round-info")
    assert "The players in the" in table.texts("actions-of-0")


# -- the reveal's button ---------------------------------------------------------------------


def test_the_reveal_button_names_the_influence_and_the_rats_of_its_tap(table: Table) -> None:
    # R-ROUND-D a: +1 influence per population card and Joker; +1 rat per population card of
    # another estate; a Sword brings neither.
    table.play([reveal_event(table.state), ev.SupplyDone(), ev.Entered(0, 0, 3),
                *[ev.Entered(p, 1, 0) for p in (1, 2, 3)]])
    assert table.texts("reveal-confirm") == "Revealed: +3 influence, +0 rats"
    table.tap("reveal-other-more")
    assert table.texts("reveal-confirm") == "Revealed: +3 influence, +1 rat"
    table.tap("reveal-swords-more")
    assert table.texts("reveal-confirm") == "Revealed: +2 influence, +1 rat"
    table.tap("reveal-confirm")
    assert table.stored()[-1] == ev.Revealed(0, 0, 1, 1, 0, 1, 0)
    assert table.state.rats[0] == 11


def test_the_reveal_button_speaks_dutch(tmp_path: Path) -> None:
    with Table(tmp_path, four_players(), lang="nl") as table:
        table.play([reveal_event(table.state), ev.SupplyDone(), ev.Entered(0, 0, 2),
                    *[ev.Entered(p, 1, 0) for p in (1, 2, 3)]])
        table.tap("reveal-other-more")
        said = table.texts("reveal-confirm")
        assert "+2" in said and "+1" in said and "rat" in said and "influence" not in said


# -- the result ------------------------------------------------------------------------------


def scored(table: Table, nuns: str) -> None:
    """The table ends the game without phones: each player counts 2 rat tokens (R-SCORE-6)."""
    to_the_end(table)
    to_the_plague(table, {"0-hand": "3"})
    fill(table, {"nuns": nuns, **{f"{seat}-rats": "2" for seat in range(4)}})
    table.tap("end-score")


def test_nobody_wins_without_a_trophy_when_everyone_died(table: Table) -> None:
    # R-SCORE-6, R-SCORE-7: 0 nuns, everyone has rats and dies; if everyone dies, everyone
    # loses (the variant is off), so no trophy stands beside "Nobody wins".
    scored(table, "0")
    assert table.texts("winner").startswith("Nobody wins")
    assert "winner-trophy" not in table.ids() and "winner-none" in table.ids()


def test_a_winner_has_the_trophy(table: Table) -> None:
    # R-SCORE-7: with 20 nuns everyone survives and the most VP wins.
    scored(table, "20")
    assert table.texts("winner").startswith("Winner:")
    assert "winner-trophy" in table.ids() and "winner-none" not in table.ids()


def test_no_gold_row_without_the_treasury(table: Table) -> None:
    # R-SETUP-3, R-SCORE-4: the first-game set has no Treasury, so no Gold is laid out or
    # scored, and the result has no Gold row.
    scored(table, "20")
    assert "Gold" not in table.texts("score-table")
    assert "Markers" in table.texts("score-table")


def test_the_gold_row_with_the_treasury(tmp_path: Path) -> None:
    # R-SCORE-4: with the Treasury in play Gold scores, and the result shows its row.
    with Table(tmp_path, four_players(SelectionMethod.CHOSEN, manual=WITH_TREASURY)) as table:
        scored(table, "20")
        assert "Gold" in table.texts("score-table")
