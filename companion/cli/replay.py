"""The `replay` printout: each round's resolution and the final scoring, as plain JSON.

It is read by people settling an argument after the game ("why did Ben get the premium in
round 4?") and by scripts, so players are named, every outcome carries its reason, and the
numbers come from the engine's own resolution and scoring functions: the printout cannot
disagree with what the table was told. A command's printout, so it lives with the commands,
not in the store it reads.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.rules.derive import rats_moved
from companion.rules.resolution import (
    BuildingResolution,
    SpecialResult,
    resolve_building,
)
from companion.rules.state import GameState, Phase
from companion.store.codec import JsonValue, to_json
from companion.store.records import replay_checked
from companion.store.session import Engine, default_engine


def replay_report(events: Sequence[Any], engine: Engine | None = None,
                  lang: str = "en") -> dict[str, JsonValue]:
    """Every round's resolution and, once the game is finished, the final scoring (its
    explanation in `lang`)."""
    state: GameState = replay_checked(events, engine or default_engine())
    names = state.setup.names
    report: dict[str, JsonValue] = {
        "players": list(names),
        "setup": to_json(state.setup),
        "rounds": [_round(state, number) for number in range(1, len(state.rounds) + 1)],
        "finished": state.phase is Phase.FINISHED,
        "final_scoring": _scoring(state, lang) if state.phase is Phase.FINISHED else None,
    }
    return report


def _round(state: GameState, number: int) -> dict[str, JsonValue]:
    record = state.round_record(number)
    names = state.setup.names
    return {
        "round": number,
        "start_player": names[record.start_player],
        "row": [str(b) for b in record.row],
        "replaced": [str(b) for b in record.replaced],
        "passes": [names[t.player] for t in record.turns if t.passed],
        "buildings": [_building(state, resolve_building(state, number, position), names)
                      for position in range(len(record.row))],
    }


def _building(state: GameState, res: BuildingResolution, names: Sequence[str]
              ) -> dict[str, JsonValue]:
    def name(player: int | None) -> str | None:
        return None if player is None else names[player]

    return {
        "position": res.building,
        "building": str(res.kind),
        "estate": str(res.estate),
        "complete": res.complete,
        "entries": [{
            "slot": r.slot,
            "player": name(r.player),
            "cards": r.declared,
            "revealed": to_json(r.reveal),
            "influence": r.influence,
            "rats": r.rats,
        } for r in res.reveals],
        "sword": _special(res.sword, name),
        "flute": _special(res.flute, name),
        "premium": None if res.premium is None else {
            "player": name(res.premium), "reason": str(res.premium_reason)},
        "normal": [{"player": name(p), "reason": _normal_reason(res, p, len(names))}
                   for p in res.normal],
        "last_round": res.last_round,
        "last_round_bonus": name(res.last_round_bonus),
        "actions": [{
            "player": name(a.player),
            "premium": a.premium,
            "action": str(a.action.kind),
            "amount": a.action.amount,
            "draws": a.draws,
            "hospital_cards": a.hospital_cards,
        } for a in res.actions],
        "rat_changes": [{"player": name(c.player), "delta": c.delta, "reason": str(c.reason)}
                        for c in rats_moved(state, res.round, res.building, res.rat_changes)],
    }


def _normal_reason(res: BuildingResolution, player: int, players: int) -> str:
    """Why `player` did not take the premium here (R-ROUND-D b)."""
    if res.last_round:
        return "last_round"
    if players == 2:
        return "two_player_rule"
    cards = {r.player: r.reveal.population if r.reveal else 0 for r in res.reveals}
    if res.premium is None or cards[player] < cards[res.premium]:
        return "fewer_cards"
    return "entered_later_on_tie"


def _special(result: SpecialResult | None, name: Any) -> dict[str, JsonValue] | None:
    if result is None:
        return None
    return {
        "outcome": str(result.outcome),
        "most": name(result.most),
        "fewest": name(result.fewest),
        "tied_for_fewest": [name(p) for p in result.candidates],
        "giver": name(result.giver),
        "receiver": name(result.receiver),
    }


def _scoring(state: GameState, lang: str = "en") -> dict[str, JsonValue]:
    from companion.i18n import translator
    from companion.i18n.words import words
    from companion.rules.endgame import end_state
    from companion.rules.scoring import score

    result = score(end_state(state))
    t = translator(lang)
    lines: list[JsonValue] = [words(t, line) for line in result.explanation]
    return {
        "players": [{
            "name": p.name,
            "total": p.total,
            "estates": {str(e): vp for e, vp in p.estates.items()},
            "hand": p.hand,
            "specials": {str(s): vp for s, vp in p.specials.items()},
            "gold": p.gold,
            "markers": p.markers,
            "rats": p.rats,
            "survives": p.survives,
        } for p in result.players],
        "winners": list(result.winners),
        "everyone_died": result.everyone_died,
        "explanation": lines,
    }
