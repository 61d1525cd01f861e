"""What each screen may see, as plain JSON-able dicts.

`table_view(state)` is everything public: no rat count of anyone until the plague check at the
end (phase FINISHED), only whether each player has confirmed theirs, and no nun-row notes.
`player_view(state, player)` is one player's private side: their rats, their ledger and their
nun-row notes, and nothing private of anyone else.
"""

from __future__ import annotations

from typing import Any

from companion.rules.endgame import arrival_order, final_rats
from companion.rules.guide import Step, next_step
from companion.rules.resolution import BuildingResolution, SpecialResult, resolve_building
from companion.rules.setup import setup_code
from companion.rules.state import ESTATES, GameState, LedgerEntry, Phase


def _special(result: SpecialResult | None) -> dict[str, Any] | None:
    if result is None:
        return None
    return {"special": result.special.value, "outcome": result.outcome.value,
            "most": result.most, "fewest": result.fewest, "candidates": list(result.candidates),
            "giver": result.giver, "receiver": result.receiver}


def resolution_json(res: BuildingResolution) -> dict[str, Any]:
    """One building's resolution (public: reveals, specials, actions and their rat deltas)."""
    return {
        "round": res.round, "building": res.building, "kind": res.kind.value,
        "estate": res.estate.value, "complete": res.complete,
        "reveals": [{"player": r.player, "slot": r.slot, "declared": r.declared,
                     "revealed": None if r.reveal is None else {
                         "matching": r.reveal.matching, "other": r.reveal.other,
                         "jokers": r.reveal.jokers, "swords": r.reveal.swords,
                         "flutes": r.reveal.flutes},
                     "influence": r.influence, "rats": r.rats} for r in res.reveals],
        "sword": _special(res.sword), "flute": _special(res.flute),
        "premium": res.premium,
        "premium_reason": None if res.premium_reason is None else res.premium_reason.value,
        "normal": list(res.normal), "last_round": res.last_round,
        "last_round_bonus": res.last_round_bonus,
        "actions": [{"player": a.player, "premium": a.premium, "kind": a.action.kind.value,
                     "amount": a.action.amount, "draws": a.draws,
                     "hospital_cards": a.hospital_cards} for a in res.actions],
        "rat_changes": [{"player": c.player, "delta": c.delta, "reason": c.reason.value}
                        for c in res.rat_changes],
    }


def step_json(step: Step) -> dict[str, Any]:
    return {
        "phase": None if step.phase is None else step.phase.value,
        "round": step.round, "rounds": step.rounds, "is_last_round": step.is_last_round,
        "prompt": step.prompt.value,
        "params": {k: (v.value if hasattr(v, "value") else v) for k, v in step.params.items()},
        "actor": step.actor,
        "allowed": sorted(cls.__name__ for cls in step.allowed if not cls.PRIVATE),
        "enter": [{"building": o.building, "kind": o.kind.value, "slot": o.slot}
                  for o in step.enter],
        "can_pass": step.can_pass,
        "reveal": None if step.reveal is None else {
            "player": step.reveal.player, "building": step.reveal.building,
            "declared": step.reveal.declared},
        "choice": None if step.choice is None else {
            "building": step.choice.building, "special": step.choice.special.value,
            "chooser": step.choice.chooser, "candidates": list(step.choice.candidates)},
        "building": step.building,
        "hospital": [{"player": h.player, "up_to": h.up_to} for h in step.hospital],
        "missing_end_values": list(step.missing_end_values),
    }


def table_view(state: GameState) -> dict[str, Any]:
    """Everything the table may show. Rats appear only once the game is finished (R-SCORE-6)."""
    setup = state.setup
    record = state.record
    view: dict[str, Any] = {
        "players": [{"seat": i, "name": name, "colour": colour.value,
                     "rats_confirmed": state.rats_confirmed[i]}
                    for i, (name, colour) in enumerate(zip(setup.names, setup.colours))],
        "setup": {
            "code": setup_code(setup), "method": setup.method.value,
            "deck_mode": setup.deck_mode.value,
            "buildings": {b.value: setup.copies(b) for b in dict.fromkeys(setup.buildings)},
            "specials": [s.value for s in setup.specials_in_play],
            "house_rules": {"track_tie": setup.house_rules.track_tie.value,
                            "all_dead_variant": setup.house_rules.all_dead_variant},
            "warnings": [w.value for w in setup.warnings],
            "rounds": setup.rounds, "buildings_per_round": setup.buildings_per_round,
            "replacement_count": setup.replacement_count,
        },
        "round": state.round, "rounds": setup.rounds, "phase": state.phase.value,
        "is_last_round": state.is_last_round, "start_player": state.start_player,
        "row": [b.value for b in record.row], "replaced": [b.value for b in record.replaced],
        "turns": [{"player": t.player, "building": t.building, "cards": t.cards,
                   "passed": t.passed} for t in record.turns],
        "step": step_json(next_step(state)),
        "tracks": [{"estate": estate.value, "values": list(track.values),
                    "arrival": list(arrival_order(state, i))}
                   for i, (estate, track) in enumerate(zip(ESTATES, state.tracks))],
        "history": [{"round": r.number, "start_player": r.start_player,
                     "row": [b.value for b in r.row],
                     "influence": [list(v) for v in r.influence]}
                    for r in state.rounds if r.influence],
        "resolutions": [resolution_json(resolve_building(state, state.round, b))
                        for b in range(len(record.row))] if record.turns else [],
        "end_values": [None if v is None else {
            "hand": v.hand, "swords": v.swords, "flutes": v.flutes, "passes": v.passes,
            "gold": v.gold, "markers": v.markers} for v in state.end_values],
        "nuns": state.nuns,
    }
    if state.phase is Phase.FINISHED:
        view["rats"] = [final_rats(state, p) for p in range(state.players)]
    return view


def _entry(e: LedgerEntry) -> dict[str, Any]:
    return {"entry_id": e.entry_id, "delta": e.delta, "applied": e.applied,
            "reason": e.reason.value, "round": e.round, "building": e.building,
            "public": e.public, "disputed": e.disputed}


def player_view(state: GameState, player: int) -> dict[str, Any]:
    """One player's private side: rats (and whether they confirmed them for the plague check),
    ledger, nun-row notes. Nothing of anyone else's."""
    setup = state.setup
    return {
        "player": player, "name": setup.names[player], "colour": setup.colours[player].value,
        "round": state.round, "phase": state.phase.value,
        "rats": state.rats[player],
        "rats_confirmed": state.rats_confirmed[player],
        "ledger": [_entry(e) for e in state.ledgers[player]],
        "nun_notes": list(state.nun_notes[player]),
    }
