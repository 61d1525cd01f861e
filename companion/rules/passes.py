"""The Pass cards a player may hold: an upper bound, derived from the records alone.

The app never sees a hand, but it records every way a Pass card comes and goes, so it knows the
most a player can hold (a Pass costs a card, R-ROUND-C / R-SPECIAL-3, so a player whose bound
is 0 cannot pass):

- +2 for a Town Hall premium, +1 for a Town Hall normal action (R-ROUND-D b; the last round has
  no actions, so no gain);
- -1 for each Pass played (R-ROUND-C, R-SPECIAL-3);
- cards that change hands by the giver's choice: a Sword (the fewest-Sword player gives half
  their hand, R-SPECIAL-1) and a Watchtower premium (3 hand cards from each player who may have
  to give): the receiver may get up to min(cards given, giver's bound) Passes, and the giver's
  bound stays (they may have kept them). A Hospital discard is the player's choice too, so it
  lowers no bound.

Effects follow the order the round resolves in (`order.round_order`): Swords at the reveal,
actions once a building is resolved. A Pass recorded before this bound was enforced (an old
game) may take it below 0: it stops at 0.
"""

from __future__ import annotations

from functools import lru_cache

from companion.rules.catalog import ActionKind, Building, Special
from companion.rules.order import Stage, round_order
from companion.rules.resolution import holders_and_actions, special_result
from companion.rules.setup import Setup
from companion.rules.state import GameState, RoundRecord


def pass_cards_up_to(state: GameState) -> tuple[int, ...]:
    """Per seat: the most Pass cards that player can hold now (see the module's docstring)."""
    setup = state.setup
    if not setup.special_in_play(Special.PASS):
        return (0,) * setup.player_count
    bounds = list(_after(setup, state.rounds[:-1]))
    _round(bounds, setup, state.rounds[-1], over=False)
    return tuple(bounds)


@lru_cache(maxsize=16)
def _after(setup: Setup, records: tuple[RoundRecord, ...]) -> tuple[int, ...]:
    """The bounds after the rounds that are over: asked for at every event of phase C (the
    guide's `can_pass`), they change only when a round ends or a correction changes one."""
    bounds = [0] * setup.player_count
    for record in records:
        _round(bounds, setup, record, over=True)
    return tuple(bounds)


def _round(bounds: list[int], setup: Setup, record: RoundRecord, over: bool) -> None:
    """The round's Passes played (phase C), then its Swords and actions in resolution order."""
    for turn in record.turns:
        if turn.passed:
            bounds[turn.player] = max(0, bounds[turn.player] - 1)
    if not record.turns:
        return
    last = record.number == setup.rounds
    swords = setup.special_in_play(Special.SWORD)
    for stage, b in round_order(setup.player_count, len(record.row)):
        entrants = record.occupants[b]
        if not entrants or any(record.reveals[p] is None for p in entrants):
            continue
        resolved = bool(record.resolved) and record.resolved[b]
        if stage is Stage.REVEAL:
            if swords and len(entrants) > 1:
                sword = special_result(Special.SWORD, record, entrants, b, over or resolved)
                giver, receiver = sword.giver, sword.receiver
                if giver is not None and receiver is not None:
                    bounds[receiver] += bounds[giver]
        elif resolved and not last and record.row[b] in _MOVES_PASSES:
            _actions(bounds, setup, record, b)


_MOVES_PASSES = frozenset({Building.TOWN_HALL, Building.WATCHTOWER})


def _actions(bounds: list[int], setup: Setup, record: RoundRecord, building: int) -> None:
    """R-ROUND-D b: Town Hall gains; a Watchtower premium's cards from each possible giver
    (their bounds as they stand before any card moves, the ruling in RULES.md)."""
    before = tuple(bounds)
    for taken in holders_and_actions(setup, record, building,
                                     record.occupants[building]).actions:
        kind = taken.action.kind
        if kind is ActionKind.TAKE_PASSES:
            bounds[taken.player] += taken.action.amount
        elif kind is ActionKind.WATCHTOWER_COLLECT and taken.premium:
            bounds[taken.player] += sum(min(taken.action.amount, before[g])
                                        for g in taken.watchtower_from if g != taken.player)
