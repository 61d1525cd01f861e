"""The home screen's resume card names the round the game is in, as the game screen shows it:
a Dutch table that has ended round 2's last building reads "Ronde 3 van 8" on the card, as its
game screen shows round 3's row. The steps that take no tap of their own (the supply, a
building's actions, a round's end) are folded into the next deciding tap (R-ROUND-B,
R-ROUND-D, R-ROUND-E), and the card says what that tap is."""

from __future__ import annotations

from pathlib import Path

from support.table_screens import Table
from test_ui_round import four_players

from companion.i18n import translator
from companion.rules import events as ev
from companion.rules import reveal_event
from companion.rules.guide import (
    Enter,
    Prompt,
    RevealBuildings,
    RevealCards,
    Supply,
    TakeActions,
    step_at,
)


def play_until(table: Table, round_no: int, prompt: Prompt) -> None:
    """Every player enters the first building with one card (another estate's population card:
    one rat each), round after round, until the game is at `prompt` in round `round_no`."""
    while True:
        step = step_at(table.state)
        if step.round == round_no and step.prompt is prompt:
            return
        if isinstance(step, RevealBuildings):
            table.play([reveal_event(table.state)])
        elif isinstance(step, Supply):
            table.play([ev.SupplyDone()])
        elif isinstance(step, Enter):
            table.play([ev.Entered(step.actor, 0, 1)])
        elif isinstance(step, RevealCards):
            table.play([ev.Revealed(step.reveal.player, step.reveal.building, 0, 1)])
        elif isinstance(step, TakeActions):
            table.play([ev.BuildingResolved(step.building)])
        else:
            assert step.prompt is Prompt.END_ROUND, step.prompt
            table.play([ev.RoundEnded()])


def resume_card(table: Table) -> str:
    table.page.route = "/"
    return table.texts(f"progress-{table.session.game_id}")


def test_after_round_2_the_card_names_round_3_as_the_game_screen_does(tmp_path: Path) -> None:
    # R-ROUND-E: round 2 ends with its last building's actions; the table's next tap reveals
    # round 3's row, and the round's end goes with it.
    table = Table(tmp_path, four_players(), lang="nl")
    nl = translator("nl")
    play_until(table, 2, Prompt.TAKE_ACTIONS)
    game_screen = table.texts()
    round_3 = nl("Round {round}: reveal {count} buildings.", round=3, count=3)
    assert round_3 in game_screen
    assert resume_card(table) == round_3
    assert "Ronde 2" not in resume_card(table)

    # the actions stored on their own: nothing to keep in sight, the row folds into the entry
    play_until(table, 2, Prompt.END_ROUND)
    assert round_3 == "Ronde 3: draai 3 gebouwen om."
    assert resume_card(table) == "Ronde 3 van 8 · Cleo: betreed een gebouw."
    table.store.close()


def test_within_a_round_the_card_says_the_next_deciding_tap(tmp_path: Path) -> None:
    # R-ROUND-B, R-ROUND-C: the supply is done with the first entry; in round 3 the start
    # player is the third (the card passed left twice), Cleo.
    table = Table(tmp_path, four_players(), lang="nl")
    nl = translator("nl")
    play_until(table, 3, Prompt.SUPPLY)
    assert resume_card(table) == (nl("Round {round} of {rounds}", round=3, rounds=8) + " · "
                                  + nl("{player}: enter a building.", player="Cleo"))
    assert resume_card(table).startswith("Ronde 3 van 8")
    table.store.close()


def test_the_last_round_s_end_stays_in_the_last_round(tmp_path: Path) -> None:
    # R-ROUND-E, R-SCORE: the last round's end leads to the end form, not to a round 9.
    table = Table(tmp_path, four_players(), lang="en")
    play_until(table, 8, Prompt.END_ROUND)
    assert resume_card(table).startswith("Round 8 of 8 · ")
    table.store.close()
