"""Game records: one game as a versioned, self-describing JSON file (docs/game-record.md).

A record is how a game leaves the machine: to back it up, to show it to a friend, to argue
about a round afterwards. It holds the setup, the house rules and every event, so anyone can
replay it with the same rules. Reading one is strict: a record that does not decode, or whose
events the rules refuse, is rejected with the place and the reason, and nothing is stored.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from companion import __version__
from companion.safe_json import MAX_BYTES, JsonRefused, dumps_printable, load_json
from companion.store.codec import (
    EventTypes,
    JsonValue,
    RecordError,
    engine_event_types,
    event_from_json,
    event_to_json,
    to_json,
)
from companion.store.db import GameStore, GameSummary
from companion.store.problems import StoreProblem as P
from companion.store.session import Engine, default_engine

FORMAT = "rattus-companion/game-record"
VERSION = 1
MAX_RECORD_BYTES = MAX_BYTES
"""Far above any real game (a few hundred events); stops a wrong file from filling memory."""

_ID = re.compile(r"[0-9A-Za-z_-]{1,64}")
_REQUIRED = {"format", "version", "events"}
_OPTIONAL = {"app_version", "game_id", "created", "updated", "players", "setup_code",
             "finished", "winner", "setup", "house_rules", "practice"}


@dataclass(frozen=True)
class GameRecord:
    """A decoded, validated record: the events replay legally under the rules."""

    events: tuple[Any, ...]
    game_id: str | None = None
    created: str | None = None
    practice: bool = False
    """A practice game (the rulebook's example): imported marked so, never counted."""
    state: Any = field(default=None, compare=False, repr=False)
    """The state after the last event, from the validating replay (so importing does not
    replay the game a second time)."""


def record_of(summary: GameSummary, events: Sequence[Any]) -> dict[str, JsonValue]:
    """The record of a stored game (its active events: undone steps are not part of it)."""
    first = events[0]
    setup = getattr(first, "setup", None)
    practice: dict[str, JsonValue] = {"practice": True} if summary.practice else {}
    return {
        "format": FORMAT,
        "version": VERSION,
        "app_version": __version__,
        "game_id": summary.game_id,
        "created": summary.created,
        "updated": summary.updated,
        "players": list(summary.players),
        "setup_code": summary.setup_code,
        "finished": summary.finished,
        "winner": summary.winner,
        "setup": to_json(setup),
        "house_rules": to_json(getattr(setup, "house_rules", None)),
        **practice,
        "events": [event_to_json(e) for e in events],
    }


def export_game(store: GameStore, game_id: str) -> dict[str, JsonValue]:
    return record_of(store.game(game_id), store.active_events(game_id))


def dumps(record: Mapping[str, JsonValue]) -> str:
    """The record as readable UTF-8 JSON, with anything a terminal could obey escaped."""
    return dumps_printable(record) + "\n"


def parse_record(text: str | bytes, engine: Engine | None = None,
                 event_types: EventTypes | None = None) -> GameRecord:
    """Decode and validate a record; `RecordError` says what is wrong and where."""
    try:
        data = load_json(text, max_bytes=MAX_RECORD_BYTES)
    except JsonRefused as exc:
        raise RecordError(exc.where or "record", P.NOT_JSON, refused=JsonRefused(
            exc.problem, None, reason=exc.reason, **exc.values)) from None
    return validate_record(data, engine, event_types)


def validate_record(data: Any, engine: Engine | None = None,
                    event_types: EventTypes | None = None) -> GameRecord:
    if not isinstance(data, dict):
        raise RecordError("record", P.EXPECTED_JSON_OBJECT)
    if data.get("format") != FORMAT:
        raise RecordError("format", P.NOT_A_RECORD, format=FORMAT)
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise RecordError("version", P.EXPECTED_INTEGER)
    if version > VERSION:
        raise RecordError("version", P.VERSION_TOO_NEW, version=version, latest=VERSION)
    if version < 1:
        raise RecordError("version", P.NOT_A_VERSION, version=version)
    missing = sorted(_REQUIRED - set(data))
    if missing:
        raise RecordError(missing[0], P.MISSING)
    unknown = sorted(set(data) - _REQUIRED - _OPTIONAL)
    if unknown:
        raise RecordError(unknown[0], P.UNEXPECTED_RECORD_FIELD)
    game_id = data.get("game_id")
    if game_id is not None and (not isinstance(game_id, str) or not _ID.fullmatch(game_id)):
        raise RecordError("game_id", P.BAD_GAME_ID)
    created = data.get("created")
    if created is not None:
        try:
            datetime.fromisoformat(created)
        except (TypeError, ValueError):
            raise RecordError("created", P.BAD_DATE) from None
    practice = data.get("practice", False)
    if not isinstance(practice, bool):
        raise RecordError("practice", P.EXPECTED_BOOL)
    raw_events = data["events"]
    if not isinstance(raw_events, list) or not raw_events:
        raise RecordError("events", P.NO_EVENTS)
    types_ = engine_event_types() if event_types is None else event_types
    events = tuple(event_from_json(raw, types_, f"events[{i}]")
                   for i, raw in enumerate(raw_events))
    _check_header(data, events[0])
    state = replay_checked(events, engine or default_engine())
    return GameRecord(events=events, game_id=data.get("game_id"), created=data.get("created"),
                      practice=practice, state=state)


def _check_header(data: Mapping[str, Any], first: Any) -> None:
    """The setup and house rules shown at the top must be the ones the game was played with."""
    setup = getattr(first, "setup", None)
    if "setup" in data and data["setup"] != to_json(setup):
        raise RecordError("setup", P.SETUP_MISMATCH)
    if "house_rules" in data and data["house_rules"] != to_json(getattr(setup, "house_rules",
                                                                        None)):
        raise RecordError("house_rules", P.HOUSE_RULES_MISMATCH)


def replay_checked(events: Sequence[Any], engine: Engine) -> Any:
    """The final state; a `RecordError` naming the first event the rules refuse, and why."""
    state = None
    for index, event in enumerate(events):
        try:
            state = engine.fold_recorded(state, event)
        except engine.violation as exc:
            raise RecordError(f"events[{index}]", P.REFUSED_BY_RULES,
                              event=type(event).__name__, rule=getattr(exc, "rule", None),
                              violation=exc) from exc
    return state


def import_record(store: GameStore, record: GameRecord, engine: Engine | None = None) -> str:
    """Store a validated record as a game; refuses a game that is already stored.

    Linear in the events: the record's one validating replay gave its final state, and the
    events go into the file in one transaction.
    """
    rules = engine or default_engine()
    state = record.state if record.state is not None else replay_checked(record.events, rules)
    return store.create_game(list(record.events), rules.describe(state),
                             created=record.created, game_id=record.game_id,
                             practice=record.practice)
