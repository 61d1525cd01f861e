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
from companion.store.session import Engine, default_engine

FORMAT = "rattus-companion/game-record"
VERSION = 1
MAX_RECORD_BYTES = MAX_BYTES
"""Far above any real game (a few hundred events); stops a wrong file from filling memory."""

_ID = re.compile(r"[0-9A-Za-z_-]{1,64}")
_REQUIRED = {"format", "version", "events"}
_OPTIONAL = {"app_version", "game_id", "created", "updated", "players", "setup_code",
             "finished", "winner", "setup", "house_rules"}


@dataclass(frozen=True)
class GameRecord:
    """A decoded, validated record: the events replay legally under the rules."""

    events: tuple[Any, ...]
    game_id: str | None = None
    created: str | None = None
    state: Any = field(default=None, compare=False, repr=False)
    """The state after the last event, from the validating replay (so importing does not
    replay the game a second time)."""


def record_of(summary: GameSummary, events: Sequence[Any]) -> dict[str, JsonValue]:
    """The record of a stored game (its active events: undone steps are not part of it)."""
    first = events[0]
    setup = getattr(first, "setup", None)
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
        raise RecordError(exc.where or "record", exc.problem) from None
    return validate_record(data, engine, event_types)


def validate_record(data: Any, engine: Engine | None = None,
                    event_types: EventTypes | None = None) -> GameRecord:
    if not isinstance(data, dict):
        raise RecordError("record", "expected a JSON object")
    if data.get("format") != FORMAT:
        raise RecordError("format", f"expected {FORMAT!r}: this is not a game record")
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise RecordError("version", "expected an integer")
    if version > VERSION:
        raise RecordError("version", f"{version} is newer than this app reads ({VERSION}); "
                                     "please update rattus-companion")
    if version < 1:
        raise RecordError("version", f"{version} is not a record version")
    missing = sorted(_REQUIRED - set(data))
    if missing:
        raise RecordError(missing[0], "missing")
    unknown = sorted(set(data) - _REQUIRED - _OPTIONAL)
    if unknown:
        raise RecordError(unknown[0], "unexpected field in a game record")
    game_id = data.get("game_id")
    if game_id is not None and (not isinstance(game_id, str) or not _ID.fullmatch(game_id)):
        raise RecordError("game_id", "expected 1 to 64 letters, digits, '-' or '_'")
    created = data.get("created")
    if created is not None:
        try:
            datetime.fromisoformat(created)
        except (TypeError, ValueError):
            raise RecordError("created", "expected an ISO date and time") from None
    raw_events = data["events"]
    if not isinstance(raw_events, list) or not raw_events:
        raise RecordError("events", "expected a non-empty list of events")
    types_ = engine_event_types() if event_types is None else event_types
    events = tuple(event_from_json(raw, types_, f"events[{i}]")
                   for i, raw in enumerate(raw_events))
    _check_header(data, events[0])
    state = replay_checked(events, engine or default_engine())
    return GameRecord(events=events, game_id=data.get("game_id"), created=data.get("created"),
                      state=state)


def _check_header(data: Mapping[str, Any], first: Any) -> None:
    """The setup and house rules shown at the top must be the ones the game was played with."""
    setup = getattr(first, "setup", None)
    if "setup" in data and data["setup"] != to_json(setup):
        raise RecordError("setup", "does not match the setup in events[0]")
    if "house_rules" in data and data["house_rules"] != to_json(getattr(setup, "house_rules",
                                                                        None)):
        raise RecordError("house_rules", "do not match the house rules in events[0]")


def _english(exc: Exception) -> str:
    """A refusal of the engine in words (the record's error is for the CLI, in English).
    Imported here like `session.default_engine`: the store runs with any `Engine`."""
    from companion.i18n import translator
    from companion.i18n.codes import refusal_text
    from companion.rules.errors import RuleViolation

    return refusal_text(translator("en"), exc) if isinstance(exc, RuleViolation) else str(exc)


def replay_checked(events: Sequence[Any], engine: Engine) -> Any:
    """The final state; a `RecordError` naming the first event the rules refuse, and why."""
    state = None
    for index, event in enumerate(events):
        try:
            state = engine.fold_recorded(state, event)
        except engine.violation as exc:
            rule = getattr(exc, "rule", None)
            reason = _english(exc)
            where = f" ({rule})" if rule else ""
            raise RecordError(f"events[{index}]",
                              f"{type(event).__name__} is refused by the rules{where}: "
                              f"{reason}") from exc
    return state


def import_record(store: GameStore, record: GameRecord, engine: Engine | None = None) -> str:
    """Store a validated record as a game; refuses a game that is already stored.

    Linear in the events: the record's one validating replay gave its final state, and the
    events go into the file in one transaction.
    """
    rules = engine or default_engine()
    state = record.state if record.state is not None else replay_checked(record.events, rules)
    return store.create_game(list(record.events), rules.describe(state),
                             created=record.created, game_id=record.game_id)
