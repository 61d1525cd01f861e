"""The table's typed view: one rule for when the rats are public, the plague check (R-SCORE-6).

Stories on the real engine: a random game played to its end, then the end values entered one
by one. The rats appear in the table's view only once every player's holdings are in (the
step where the nun row is turned over and everyone reveals their rats), never while hands are
still being counted (R-SETUP-1: rats are secret).
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from support.simulate import random_game

from companion.rules import events as ev
from companion.rules import replay
from companion.rules.state import GameState, Phase
from companion.rules.views import own_view, player_json, public_view


def _until_the_end(seed: int, players: int) -> tuple[list[ev.Event], list[ev.Event]]:
    """The events up to the end of the last round, and the end values and nuns after it."""
    events = random_game(seed, players)
    first = next(i for i, e in enumerate(events)
                 if isinstance(e, (ev.EndValuesEntered, ev.NunsCounted)))
    return events[:first], [e for e in events[first:]
                            if isinstance(e, (ev.EndValuesEntered, ev.NunsCounted))]


def state_after(events: Sequence[ev.Event]) -> GameState:
    """The state the engine replays `events` to (never None: the events start a game)."""
    state = replay(events)
    assert state is not None
    return state


def _holdings(player: int, rats: int | None = None) -> ev.EndValuesEntered:
    return ev.EndValuesEntered(player, hand=2, markers=3, rats=rats)


@pytest.mark.parametrize("seed", [3, 17])
def test_no_rats_while_hands_are_counted(seed: int) -> None:
    played, _ = _until_the_end(seed, 4)
    state = state_after(played)
    assert state.phase is Phase.END
    view = public_view(state)
    assert view.rats is None and not view.at_plague_check
    for player in range(3):  # all but the last player's holdings
        state = state_after([*played, *[_holdings(p) for p in range(player + 1)]])
        assert public_view(state).rats is None


def test_the_rats_show_at_the_plague_check_as_each_player_reveals_them() -> None:
    played, _ = _until_the_end(5, 3)
    state = state_after([*played, _holdings(0), _holdings(1, rats=7), _holdings(2)])
    assert state.phase is Phase.END and state.nuns is None
    view = public_view(state)
    assert view.at_plague_check
    assert view.rats == (state.rats[0], 7, state.rats[2])


def test_a_rat_count_typed_early_stays_hidden_until_the_plague_check() -> None:
    played, _ = _until_the_end(9, 3)
    state = state_after([*played, _holdings(0, rats=4), _holdings(1)])
    view = public_view(state)
    assert view.rats is None
    assert [v.rats for v in view.end_values if v is not None] == [None, None]


def test_a_finished_game_shows_the_rats_and_its_scoring_input() -> None:
    state = state_after(random_game(11, 4))
    assert state.phase is Phase.FINISHED
    view = public_view(state)
    assert view.scoring is not None and view.rats is not None
    assert tuple(view.scoring.rats[name] for name in state.setup.names) == view.rats


def test_a_player_sees_their_own_side_only() -> None:
    # R-SETUP-1: a player's view holds their rats and ledger and no one else's.
    state = state_after(random_game(2, 3))
    mine = own_view(state, 1)
    assert mine.rats == state.rats[1] and mine.ledger == state.ledgers[1]
    assert player_json(mine)["rats"] == state.rats[1]
    with pytest.raises(IndexError):
        own_view(state, 3)
