"""A whole game played from the players' own phones, told as a game night: Anna, Ben, Cleo and
Dora play the benchmark's 4-player game (its setup code, its seed) from four phones, and nobody
touches the table from the first entry of round 1 to the end form.

What holds:
- Every step of the game is made on a phone (`support.phone_game`): the entries (R-ROUND-C),
  the reveals (R-ROUND-D a), the choices at a tie and a Hospital (R-SPECIAL-1/2, R-ROUND-D b)
  and the end values (R-SCORE-2 to 5). The steps that take no tap of their own
  (`decision.next_step`) are recorded with the phones' inputs, including the two that only
  the table's screen made a tap of: the app's row after the last round's actions (the next
  round's first entry on a phone records them, the round's end, the row and the supply) and
  the last round's end (the first player's end values record it).
- A reveal held for a Hospital's discards is recorded when the taker chooses them on their
  phone; a Hospital whose actions are folded behind another building's opens its choice too.
- The one input the table makes is the plague check's nun count (R-SCORE-6: the nun row is
  turned over at the table); nothing else changes the game outside a phone's request.
- The game the store holds replays in the engine to the state the session played (and to
  each phone's result): the phones' inputs are the game.
- The table can always step in: its tap on the row it shows still moves the phones on, and a
  phone's entry made first turns the table's tap drawn before into a refusal.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from support.engine_games import ALL_SPECIALS, setup_for
from support.phone_game import PhoneGame
from support.sessions import game_state, logged_events
from support.special_rounds import SETUP
from support.story import FOUR_PLAYER_SEED, FOUR_PLAYERS, story_setup

from companion.rules import events as ev
from companion.rules.catalog import Building
from companion.rules.decision import next_step
from companion.rules.deck import reveal_event
from companion.rules.guide import EndRound, Enter, RevealBuildings
from companion.rules.setup import DeckMode, SelectionMethod
from companion.rules.state import Phase
from companion.rules.views import StepId, own_result
from companion.store.session import Session, StepPassed

PHONE_TAPS = 2.5
"""The most phone requests that record something, per player and round, with four players."""


def four_player_story(tmp_path: Path) -> PhoneGame:
    return PhoneGame(tmp_path, story_setup(FOUR_PLAYERS, FOUR_PLAYER_SEED, DeckMode.DIGITAL),
                     random.Random(FOUR_PLAYER_SEED))


def test_the_benchmarks_four_player_game_is_played_from_four_phones(tmp_path) -> None:
    with four_player_story(tmp_path) as game:
        game.play_to_the_end_values()
        assert game.stuck is None, f"the game waits for the table at {game.stuck}"
        assert game.table == {}, "nothing is decided at the table before the end form"
        assert game.session.table_view().at_plague_check
        assert game.per_player_round() <= PHONE_TAPS
        game.count_the_nuns()
        assert dict(game.table) == {"decide": 1}  # the plague check's nun count
        state = game_state(game.session)  # the stored events replay to the state played
        assert state.phase is Phase.FINISHED and len(state.rounds) == 8
        resumed = game_state(Session.resume(game.store, game.session.game_id))
        assert resumed == state
        for seat, phone in enumerate(game.phones):
            shown = phone.get("/phone/api/state").json()["view"]["result"]
            mine = own_result(state, seat)
            assert mine is not None
            assert (shown["vp"], shown["rats"], shown["survives"]) == (
                mine.vp, mine.rats, mine.survives)


@pytest.mark.parametrize(("seed", "players"), [(0, 4), (1, 2), (2, 5), (3, 2)])
def test_games_with_a_hospital_swords_and_flutes_are_played_from_the_phones(
        tmp_path, seed, players) -> None:
    # Seeds where a Hospital's actions are folded behind another building's (its players
    # revealed nothing): its taker chooses on their phone all the same (R-ROUND-D b).
    setup = setup_for(players, method=SelectionMethod.CHOSEN, manual=ALL_SPECIALS,
                      deck=DeckMode.DIGITAL, seed=seed)
    with PhoneGame(tmp_path, setup, random.Random(seed)) as game:
        game.play_to_the_end_values()
        assert game.stuck is None, f"the game waits for the table at {game.stuck}"
        assert game.table == {}
        assert any(isinstance(e, ev.HospitalDiscarded) for e in logged_events(game.session))
        game.count_the_nuns()
        assert game_state(game.session).phase is Phase.FINISHED


def play_round_one(game: PhoneGame) -> None:
    """The phones play until the table's own screen waits at round 2's row."""
    while not isinstance(game.session.decision_view().view.step, RevealBuildings):
        assert game.one_tap()


def table_taps_the_row(game: PhoneGame, made_for: StepId) -> None:
    """The table's tap on the row the app's deck deals (R-ROUND-A), with the last round's
    actions and end it shows above it."""
    decision = next_step(game_state(game.session))
    assert decision.state is not None
    game.session.decide([reveal_event(decision.state)], made_for=made_for)


def first_entry(game: PhoneGame) -> tuple[int, dict[str, Any]]:
    """Round 2's first entrant and the entry their phone shows."""
    for seat, phone in enumerate(game.phones):
        turn = phone.get("/phone/api/state").json()["view"]["turn"]
        if turn is not None and turn["yours"]:
            return seat, turn
    raise AssertionError("no phone shows an entry to make")


def test_the_table_taps_the_row_and_the_phone_enters_on(tmp_path) -> None:
    # R-ROUND-A: the table shows the last round's actions above the new row and taps on; the
    # entry the first player's phone showed before is still theirs to make.
    with four_player_story(tmp_path) as game:
        play_round_one(game)
        seat, turn = first_entry(game)
        assert turn["step"]["round"] == 2
        table_taps_the_row(game, game.session.decision_view().view.step_id)
        assert isinstance(game.session.decision_view().view.step, Enter)
        assert game.send(seat, "entry", {"step": turn["step"], "building": 0, "cards": 2})
        assert logged_events(game.session)[-1] == ev.Entered(seat, 0, 2)
        game_state(game.session)


def test_the_phone_enters_first_and_the_tables_tap_on_the_row_is_refused(tmp_path) -> None:
    with four_player_story(tmp_path) as game:
        play_round_one(game)
        drawn_at_the_table = game.session.decision_view().view.step_id
        seat, turn = first_entry(game)
        assert game.send(seat, "entry", {"step": turn["step"], "building": 1, "cards": 3})
        events = logged_events(game.session)
        round_two = [type(e) for e in events[events.index(ev.RoundEnded()) - 1:]]
        assert round_two[-4:] == [ev.RoundEnded, ev.BuildingsRevealed, ev.SupplyDone,
                                  ev.Entered]
        stored = len(events)
        with pytest.raises(StepPassed):
            table_taps_the_row(game, drawn_at_the_table)
        assert len(logged_events(game.session)) == stored
        game.session.undo()  # the table's undo takes the phone's whole step back
        assert game.session.decision_view().view.step_id == drawn_at_the_table
        assert game.table == {"decide": 1, "undo_step": 1}


def test_the_first_end_values_end_the_last_round(tmp_path) -> None:
    # R-ROUND-E, R-SCORE-2: after the last round's reveals the phones show the end values;
    # the first one sent records the round's end with it, and the end form follows.
    with four_player_story(tmp_path) as game:
        while not isinstance(game.session.decision_view().view.step, EndRound):
            assert game.one_tap()
        assert game.session.table_view().phase is not Phase.END
        end = game.phones[2].get("/phone/api/state").json()["end"]
        assert end is not None and end["entered"] is None
        assert game.send(2, "end", {"seen": None, "values": dict.fromkeys(end["fields"], 3)})
        assert logged_events(game.session)[-2:] == [
            ev.RoundEnded(), ev.EndValuesEntered(2, **dict.fromkeys(end["fields"], 3))]
        assert game.session.table_view().phase is Phase.END
        assert game.table == {}


def test_a_reveal_held_for_the_hospital_is_recorded_when_its_taker_chooses(tmp_path) -> None:
    # R-ROUND-D b: Red alone in the Hospital takes its action; Yellow and Green reveal at the
    # Castle while she still chooses her discards: their reveals wait for her choice, and are
    # recorded with it, nothing tapped at the table.
    red, yellow, green, blue = range(4)
    with PhoneGame(tmp_path, SETUP, random.Random(1), before=(
            ev.BuildingsRevealed((Building.HOSPITAL, Building.CASTLE, Building.RAT_CATCHERS_HUT)),
            ev.SupplyDone(), ev.Entered(red, 0, 1), ev.Entered(yellow, 1, 1),
            ev.Entered(green, 1, 2), ev.Entered(blue, 1, 1))) as game:
        game.table.clear()

        def state(seat: int) -> Any:
            return game.phones[seat].get("/phone/api/state").json()["view"]

        assert game.send(red, "reveal", {"step": state(red)["reveal"]["step"], "matching": 1})
        assert game.send(yellow, "reveal", {"step": state(yellow)["reveal"]["step"],
                                            "matching": 1})
        assert game.send(green, "reveal", {"step": state(green)["reveal"]["step"],
                                           "other": 2})
        assert set(game.session.held_reveals()) == {yellow, green}
        choice = state(red)["choice"]
        assert choice["kind"] == "hospital" and choice["yours"]
        assert game.send(red, "choice", {"step": choice["step"], "option": 1})
        assert game.session.held_reveals() == {}
        events = logged_events(game.session)
        assert events[-4:] == [ev.HospitalDiscarded(0, red, 1), ev.BuildingResolved(0),
                               ev.Revealed(yellow, 1, 1, 0), ev.Revealed(green, 1, 0, 2)]
        assert game.table == {}
        game_state(game.session)
