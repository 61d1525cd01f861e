"""The SQLite file that holds every game as its event log.

A game night must never lose a game, so every write is one transaction with
`synchronous=FULL` in WAL mode: when a method returns, the change is on disk and survives a
pulled plug. Nothing is ever deleted: an undone event is only flagged, so the redo stack
survives a restart and a mistaken undo can always be recovered by hand. A file that is not
ours, is damaged or was written by a newer version is refused with its path and left exactly
as it is: resetting it would destroy the games the user came back for.
"""

from __future__ import annotations

import json
import os
import secrets
import sqlite3
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path
from typing import Any

from companion.store.codec import (
    EventTypes,
    RecordError,
    engine_event_types,
    event_from_json,
    event_to_json,
    private_owner,
    to_json,
)

DB_FILENAME = "games.sqlite3"
APP_NAME = "rattus-companion"


class StoreError(Exception):
    """A problem with the games database, worded for the person at the table."""


class StoreCorrupted(StoreError):
    """The file is damaged or not a games database; it is left untouched."""


class StoreTooNew(StoreError):
    """The file was written by a newer version of the app; opening it could damage it."""


class GameNotFound(StoreError):
    pass


class GameChangedElsewhere(StoreError):
    """Another window or program wrote to this game since this session read it.

    Two writers of one game would interleave their steps into a game nobody played; the later
    one is stopped and must reopen the game, which then shows the other's steps.
    """


class EventStatus(StrEnum):
    ACTIVE = "active"
    """Part of the game."""
    UNDONE = "undone"
    """Taken back; on a redo stack, can come back."""
    DROPPED = "dropped"
    """Undone and then superseded by a new event: no longer redoable, kept so nothing is lost."""


@dataclass(frozen=True)
class GameMeta:
    """What the game list shows, derived from the state by the session after every change."""

    players: tuple[str, ...] = ()
    setup_code: str | None = None
    finished: bool = False
    winner: str | None = None
    progress: str | None = None
    """Where the game stands ("round 3 of 9, entering"), for the offer to resume."""


@dataclass(frozen=True)
class StoredEvent:
    seq: int
    event: Any
    status: EventStatus
    appended_at: str
    private_player: Any
    """The owner of a private event (as JSON data), None for a public one."""
    undone_with: int | None = None
    """For a private event set aside by the table's undo of a public step: that step's seq.

    It comes back when that step is redone, and is not on its owner's own redo stack.
    """


@dataclass(frozen=True)
class GameSummary:
    game_id: str
    created: str
    updated: str
    players: tuple[str, ...]
    setup_code: str | None
    finished: bool
    winner: str | None
    progress: str | None
    events: int
    """Events currently in the game (undone ones not counted)."""
    revision: int
    """Counts the writes to this game, so a session can tell whether someone else wrote."""


def default_data_dir() -> Path:
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def _create_v1(db: sqlite3.Connection) -> None:
    db.execute("""
        CREATE TABLE games (
            id TEXT PRIMARY KEY,
            created TEXT NOT NULL,
            updated TEXT NOT NULL,
            players TEXT NOT NULL,
            setup_code TEXT,
            finished INTEGER NOT NULL DEFAULT 0,
            winner TEXT,
            progress TEXT
        ) STRICT""")
    db.execute("""
        CREATE TABLE events (
            game_id TEXT NOT NULL REFERENCES games(id),
            seq INTEGER NOT NULL,
            type TEXT NOT NULL,
            json TEXT NOT NULL,
            appended_at TEXT NOT NULL,
            private_player TEXT,
            status TEXT NOT NULL DEFAULT 'active'
                CHECK (status IN ('active', 'undone', 'dropped')),
            PRIMARY KEY (game_id, seq)
        ) STRICT""")


def _add_revision(db: sqlite3.Connection) -> None:
    db.execute("ALTER TABLE games ADD COLUMN revision INTEGER NOT NULL DEFAULT 0")


def _add_undone_with(db: sqlite3.Connection) -> None:
    db.execute("ALTER TABLE events ADD COLUMN undone_with INTEGER")


MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {
    1: _create_v1,
    2: _add_revision,
    3: _add_undone_with,
}
"""Target schema version -> the step that brings the previous version to it. Append only."""


class GameStore:
    """All games in one SQLite file. Thread-safe: one connection behind a lock."""

    def __init__(self, path: Path, event_types: EventTypes | None = None,
                 migrations: Mapping[int, Callable[[sqlite3.Connection], None]] | None = None
                 ) -> None:
        self.path = Path(path)
        self._types = event_types
        self._lock = threading.RLock()
        steps = MIGRATIONS if migrations is None else migrations
        if not self.path.exists():
            _create_file(self.path, steps)
        self._db = _open_checked(self.path, steps)

    @classmethod
    def open(cls, data_dir: Path | None = None, event_types: EventTypes | None = None
             ) -> GameStore:
        """The store in `data_dir` (default: the user's data directory), created if missing."""
        folder = default_data_dir() if data_dir is None else Path(data_dir)
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(f"cannot create the data directory {folder}: {exc.strerror}") from exc
        return cls(folder / DB_FILENAME, event_types)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def __enter__(self) -> GameStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def event_types(self) -> EventTypes:
        if self._types is None:
            self._types = engine_event_types()
        return self._types

    # -- writing ------------------------------------------------------------------------

    def create_game(self, events: Sequence[Any], meta: GameMeta, *,
                    created: str | None = None, game_id: str | None = None) -> str:
        """A new game holding `events` (its first event, or a whole imported game)."""
        with self._transaction() as db:
            new_id = game_id or self._new_id(db)
            if game_id is not None and self._exists(db, game_id):
                raise StoreError(f"a game with id {game_id} is already stored")
            stamp = now_iso()
            db.execute(
                "INSERT INTO games (id, created, updated, players, setup_code, finished, winner,"
                " progress) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (new_id, created or stamp, stamp, *_meta_columns(meta)))
            for seq, event in enumerate(events, start=1):
                self._insert_event(db, new_id, seq, event, stamp)
        return new_id

    def append(self, game_id: str, event: Any, meta: GameMeta, *,
               drop: Iterable[int] = (), revision: int | None = None) -> StoredEvent:
        """Append `event` durably; in the same transaction mark `drop` (undone seqs) dropped.

        With `revision`, refuse (`GameChangedElsewhere`) unless the game is still at it.
        """
        with self._transaction() as db:
            self._require(db, game_id, revision)
            (last,) = db.execute("SELECT COALESCE(MAX(seq), 0) FROM events WHERE game_id = ?",
                                 (game_id,)).fetchone()
            stamp = now_iso()
            stored = self._insert_event(db, game_id, last + 1, event, stamp)
            self._set_statuses(db, game_id, {seq: EventStatus.DROPPED for seq in drop})
            self._update_meta(db, game_id, meta, stamp)
        return stored

    def set_status(self, game_id: str, changes: Mapping[int, EventStatus], meta: GameMeta, *,
                   undone_with: Mapping[int, int] | None = None,
                   revision: int | None = None) -> None:
        """Undo or redo: flag events, never delete them.

        `undone_with` links private events set aside by an undo to the undone step (seq ->
        seq); every other changed event loses such a link.
        """
        with self._transaction() as db:
            self._require(db, game_id, revision)
            self._set_statuses(db, game_id, changes)
            links = undone_with or {}
            for seq in changes:
                db.execute("UPDATE events SET undone_with = ? WHERE game_id = ? AND seq = ?",
                           (links.get(seq), game_id, seq))
            self._update_meta(db, game_id, meta, now_iso())

    def update_meta(self, game_id: str, meta: GameMeta) -> None:
        with self._transaction() as db:
            self._require(db, game_id)
            self._update_meta(db, game_id, meta, now_iso())

    # -- reading ------------------------------------------------------------------------

    def events(self, game_id: str) -> list[StoredEvent]:
        """Every event ever appended to the game, in order, with its status."""
        with self._lock:
            self._require(self._db, game_id)
            rows = self._db.execute(
                "SELECT seq, json, status, appended_at, private_player, undone_with FROM events"
                " WHERE game_id = ? ORDER BY seq", (game_id,)).fetchall()
        return [self._decode_row(game_id, *row) for row in rows]

    def active_events(self, game_id: str) -> list[Any]:
        return [s.event for s in self.events(game_id) if s.status is EventStatus.ACTIVE]

    def game(self, game_id: str) -> GameSummary:
        with self._lock:
            rows = self._summaries("WHERE g.id = ?", (game_id,))
        if not rows:
            raise GameNotFound(f"no game {game_id} in {self.path}")
        return rows[0]

    def list_games(self) -> list[GameSummary]:
        """All games, the most recently played first."""
        with self._lock:
            return self._summaries("", ())

    def unfinished_games(self) -> list[GameSummary]:
        """Games to offer for resuming, the most recently played first."""
        with self._lock:
            return self._summaries("WHERE g.finished = 0", ())

    def resolve_id(self, text: str) -> str:
        """The game whose id is `text` or starts with it (ids are long to type at a terminal)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT id FROM games WHERE id = ? OR id LIKE ? ESCAPE '\\' ORDER BY id",
                (text, text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"),
            ).fetchall()
        ids = [r[0] for r in rows]
        if text in ids:
            return text
        if not ids:
            raise GameNotFound(f"no game {text!r} in {self.path} (see `rattus-companion games`)")
        if len(ids) > 1:
            raise GameNotFound(f"{text!r} matches several games: {', '.join(ids)}")
        return ids[0]

    # -- internals ----------------------------------------------------------------------

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One atomic, durable write: all of it is on disk when this returns, or none of it."""
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
                try:
                    yield self._db
                except BaseException:
                    self._db.execute("ROLLBACK")
                    raise
                self._db.execute("COMMIT")
            except sqlite3.Error as exc:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                raise StoreError(f"could not save to {self.path}: {exc}") from exc

    def _new_id(self, db: sqlite3.Connection) -> str:
        while True:
            candidate = secrets.token_hex(4)
            if not self._exists(db, candidate):
                return candidate

    @staticmethod
    def _exists(db: sqlite3.Connection, game_id: str) -> bool:
        return db.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone() is not None

    def _require(self, db: sqlite3.Connection, game_id: str, revision: int | None = None
                 ) -> None:
        row = db.execute("SELECT revision FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise GameNotFound(f"no game {game_id} in {self.path}")
        if revision is not None and row[0] != revision:
            raise GameChangedElsewhere(
                f"game {game_id} was changed in another window or program; "
                "reopen it to see those changes and continue")

    def _insert_event(self, db: sqlite3.Connection, game_id: str, seq: int, event: Any,
                      stamp: str) -> StoredEvent:
        data = event_to_json(event)
        owner = private_owner(event)
        owner_json = None if owner is None else json.dumps(to_json(owner))
        db.execute(
            "INSERT INTO events (game_id, seq, type, json, appended_at, private_player, status)"
            " VALUES (?, ?, ?, ?, ?, ?, 'active')",
            (game_id, seq, data["type"], json.dumps(data, separators=(",", ":")), stamp,
             owner_json))
        return StoredEvent(seq, event, EventStatus.ACTIVE, stamp, to_json(owner))

    @staticmethod
    def _set_statuses(db: sqlite3.Connection, game_id: str,
                      changes: Mapping[int, EventStatus]) -> None:
        for seq, status in changes.items():
            cursor = db.execute("UPDATE events SET status = ? WHERE game_id = ? AND seq = ?",
                                (str(status), game_id, seq))
            if cursor.rowcount != 1:
                raise StoreError(f"game {game_id} has no event #{seq}")

    @staticmethod
    def _update_meta(db: sqlite3.Connection, game_id: str, meta: GameMeta, stamp: str) -> None:
        db.execute(
            "UPDATE games SET players = ?, setup_code = ?, finished = ?, winner = ?,"
            " progress = ?, updated = ?, revision = revision + 1 WHERE id = ?",
            (*_meta_columns(meta), stamp, game_id))

    def _decode_row(self, game_id: str, seq: int, text: str, status: str, stamp: str,
                    owner: str | None, undone_with: int | None) -> StoredEvent:
        try:
            event = event_from_json(json.loads(text), self.event_types, f"event #{seq}")
            return StoredEvent(seq, event, EventStatus(status), stamp,
                               None if owner is None else json.loads(owner), undone_with)
        except (RecordError, ValueError) as exc:
            raise StoreCorrupted(
                f"game {game_id} in {self.path} cannot be read: {exc}") from exc

    def _summaries(self, where: str, params: tuple[Any, ...]) -> list[GameSummary]:
        rows = self._db.execute(
            "SELECT g.id, g.created, g.updated, g.players, g.setup_code, g.finished, g.winner,"
            " g.progress, (SELECT COUNT(*) FROM events e WHERE e.game_id = g.id"
            " AND e.status = 'active'), g.revision FROM games g " + where +
            " ORDER BY g.updated DESC, g.id", params).fetchall()
        return [GameSummary(game_id=r[0], created=r[1], updated=r[2],
                            players=tuple(json.loads(r[3])), setup_code=r[4],
                            finished=bool(r[5]), winner=r[6], progress=r[7], events=r[8],
                            revision=r[9])
                for r in rows]


def _meta_columns(meta: GameMeta) -> tuple[Any, ...]:
    return (json.dumps(list(meta.players)), meta.setup_code, int(meta.finished), meta.winner,
            meta.progress)


def _connect(path: Path) -> sqlite3.Connection:
    db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    db.execute("PRAGMA busy_timeout = 5000")
    return db


def _create_file(path: Path, steps: Mapping[int, Callable[[sqlite3.Connection], None]]) -> None:
    """Build the schema beside the final name and rename it into place.

    So a crash during creation never leaves an empty or half-made `games.sqlite3`: an empty
    file at that path is then always damage, and is reported as such.
    """
    partial = path.with_name(path.name + ".new")
    partial.unlink(missing_ok=True)
    db = _connect(partial)
    try:
        _migrate(db, 0, steps)
    finally:
        db.close()
    os.replace(partial, path)
    _fsync_dir(path.parent)


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _open_checked(path: Path, steps: Mapping[int, Callable[[sqlite3.Connection], None]]
                  ) -> sqlite3.Connection:
    """Open an existing file only if it is an intact games database we know how to read."""
    if path.stat().st_size == 0:
        raise StoreCorrupted(f"{path} is empty (truncated?); it was left as it is")
    db = _connect(path)
    try:
        problems = [row[0] for row in db.execute("PRAGMA quick_check")]
        if problems != ["ok"]:
            raise StoreCorrupted(f"{path} is damaged ({problems[0]}); it was left as it is")
        (version,) = db.execute("PRAGMA user_version").fetchone()
        latest = max(steps)
        if version > latest:
            raise StoreTooNew(f"{path} was written by a newer version of rattus-companion "
                              f"(schema {version}, this version reads up to {latest}); "
                              "please update the app")
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if version == 0 or not {"games", "events"} <= tables:
            raise StoreCorrupted(f"{path} is not a rattus-companion games database; "
                                 "it was left as it is")
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = FULL")
        if version < latest:
            _backup(db, path.with_name(f"{path.name}.schema{version}.bak"))
            _migrate(db, version, steps)
    except sqlite3.OperationalError as exc:
        db.close()
        raise StoreError(f"cannot open {path}: {exc}") from exc
    except sqlite3.DatabaseError as exc:
        db.close()
        raise StoreCorrupted(f"{path} is damaged or not a database ({exc}); "
                             "it was left as it is") from exc
    except BaseException:
        db.close()
        raise
    return db


def _backup(db: sqlite3.Connection, target: Path) -> None:
    """A copy of the file as it was before a migration, in case the new version is wrong."""
    copy = sqlite3.connect(target)
    try:
        db.backup(copy)
    finally:
        copy.close()


def _migrate(db: sqlite3.Connection, version: int,
             steps: Mapping[int, Callable[[sqlite3.Connection], None]]) -> None:
    for target in sorted(v for v in steps if v > version):
        db.execute("BEGIN IMMEDIATE")
        try:
            steps[target](db)
            db.execute(f"PRAGMA user_version = {int(target)}")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")
