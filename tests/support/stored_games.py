"""Real games for the store's tests: the engine's own events, played as a table would.

The store and the session are tested with the real rules (no stand-in game), so what they
are shown to keep, undo and refuse is what a game night produces.
"""

from __future__ import annotations

from companion.rules import apply, replay
from companion.rules import events as ev
from companion.rules.catalog import PlayerColour
from companion.rules.house_rules import HouseRules
from companion.rules.setup import DeckMode, SelectionMethod, make_setup
from companion.rules.state import GameState
from companion.store.codec import is_private
from support.simulate import random_game

COLOURS = tuple(PlayerColour)


def started(*names: str, seed: int = 7) -> ev.GameStarted:
    """The first event of a game of `names` (first-game buildings, the real cards)."""
    players = [(name, COLOURS[i]) for i, name in enumerate(names)]
    return ev.GameStarted(make_setup(players, SelectionMethod.FIRST_GAME, seed,
                                     DeckMode.PHYSICAL, 0, HouseRules()))


def public_steps(seed: int = 1, players: int = 3) -> list[ev.Event]:
    """A whole game as the table enters it (Anna, Ben, Cleo...): no player's private notes."""
    return [e for e in random_game(seed, players) if not is_private(e)]


def rat_note(player: int, delta: int) -> ev.RatsChanged:
    """A player's own correction of their rat count, noted on their phone."""
    return ev.RatsChanged(player=player, delta=delta, reason=ev.RatReason.CORRECTION)


def first_reveal_with_rats(steps: list[ev.Event]) -> tuple[int, int, str]:
    """(index of the step, player, ledger entry id) of the first reveal that gave rats."""
    state: GameState | None = None
    for index, step in enumerate(steps):
        before = state
        state = apply(state, step)
        if isinstance(step, ev.Revealed) and before is not None \
                and state.rats[step.player] > before.rats[step.player]:
            return index, step.player, state.ledgers[step.player][-1].entry_id
    raise AssertionError("no reveal gave rats in this game")


def first_step_taking_rats(steps: list[ev.Event]) -> tuple[int, int]:
    """(index of the step, player) of the first public step that took rats from a player
    (a Monastery discard or a Flute)."""
    state: GameState | None = None
    for index, step in enumerate(steps):
        before = state
        state = apply(state, step)
        if before is not None:
            for player, (was, now) in enumerate(zip(before.rats, state.rats, strict=True)):
                if now < was:
                    return index, player
    raise AssertionError("no step took rats in this game")


def state_of(events: list[ev.Event]) -> GameState:
    state = replay(events)
    assert state is not None
    return state
