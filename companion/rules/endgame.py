"""From a finished game to the scoring's input: `end_state(state) -> scoring.EndState`.

The influence tracks come from the engine, with each estate's discs listed in the order they
arrived on their spaces (bottom of a stack to its top), so a track tie (R-SCORE-1) is decided
without asking anyone. Hands, specials, Gold and VP markers are the values entered at the end;
the rats are those shown at the plague check if entered, else the player's ledger.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.rules.catalog import Special
from companion.rules.errors import Refusal, RuleViolation
from companion.rules.state import ESTATES, EndValues, GameState, Phase

if TYPE_CHECKING:
    from companion.rules.scoring import EndState

_SPECIAL_FIELD = {Special.SWORD: "swords", Special.FLUTE: "flutes", Special.PASS: "passes"}


def final_rats(state: GameState, player: int) -> int:
    """The rats a player shows at the plague check (R-SCORE-6)."""
    values = state.end_values[player] if state.end_values else None
    if values is not None and values.rats is not None:
        return values.rats
    return state.rats[player]


def arrival_order(state: GameState, estate_index: int) -> tuple[int, ...]:
    """All players, ordered by when their disc arrived on its current space (first first)."""
    track = state.tracks[estate_index]
    return tuple(sorted(range(state.players), key=track.arrivals.__getitem__))


def end_state(state: GameState) -> EndState:
    """The scoring input of a finished game (phase FINISHED: every end value and the nuns)."""
    from companion.rules.scoring import SCORED_SPECIALS, SPECIALS_IN_PLAY, EndState

    if state.phase is not Phase.FINISHED:
        raise RuleViolation("R-SETUP-6", Refusal.GAME_NOT_FINISHED)
    setup = state.setup
    names = setup.names
    values: list[EndValues] = [v for v in state.end_values if v is not None]
    in_play = frozenset(s for s in SPECIALS_IN_PLAY if setup.special_in_play(s))
    return EndState(
        players=names,
        house_rules=setup.house_rules,
        in_play=in_play,
        influence={estate: dict(zip(names, track.values, strict=True))
                   for estate, track in zip(ESTATES, state.tracks, strict=True)},
        arrival={estate: tuple(names[p] for p in arrival_order(state, i))
                 for i, estate in enumerate(ESTATES)},
        hand=dict(zip(names, (v.hand for v in values), strict=True)),
        specials={s: dict(zip(names, (getattr(v, _SPECIAL_FIELD[s]) for v in values), strict=True))
                  for s in SCORED_SPECIALS if s in in_play},
        gold=(dict(zip(names, (v.gold for v in values), strict=True))
              if Special.GOLD in in_play else {}),
        markers=dict(zip(names, (v.markers for v in values), strict=True)),
        rats={name: final_rats(state, p) for p, name in enumerate(names)},
        nuns=state.nuns or 0,
    )
