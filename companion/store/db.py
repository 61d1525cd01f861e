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
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path
from typing import Any, Self

from companion.safe_json import JsonRefused, load_json
from companion.store.codec import (
    EventTypes,
    RecordError,
    engine_event_types,
    event_from_json,
    event_to_json,
    private_owner,
    to_json,
)
from companion.store.problems import StoreProblem as P
from companion.store.worded import Worded

DB_FILENAME = "games.sqlite3"
APP_NAME = "rattus-companion"
PRIVATE_FILE = 0o600
PRIVATE_DIR = 0o700
"""The games hold every player's secret rats: the data folder and its files are the user's
alone, like the host key."""
BUSY_TIMEOUT_MS = 750
"""How long a write waits for another program holding the file. Our own writers share one
connection behind a lock, so any wait is for someone else: a short one is answered with
`StoreBusy` (which names the file) rather than a long silence and a generic error."""


class StoreError(Worded):
    """A problem with the games database, as a `StoreProblem` and its values; worded for the
    person at the table by `companion.i18n.words`."""


class StoreCorrupted(StoreError):
    """The file is damaged or not a games database; it is left untouched."""


class StoreTooNew(StoreError):
    """The file was written by a newer version of the app; opening it could damage it."""


class StoreBusy(StoreError):
    """Another program holds the database file locked; nothing was read or written."""


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
    step: int | None = None
    """For an event stored with others in one write (one tap at the table): the seq of the
    first of them, so an undo takes back the whole tap; None for an event stored alone."""


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
    damage: str | None = None
    """Why the game's stored events cannot be read (None: every one of them decodes). A damaged
    game is listed, named and left as it is; the other games stay usable."""
    damage_problem: StoreCorrupted | None = field(default=None, compare=False, repr=False)
    """The same as an error, for words in the reader's language (`damage` is English)."""
    practice: bool = False
    """A practice game (the rulebook's example, `companion.practice`): listed and resumable,
    never counted (the history, its CSV and BG Stats leave it out). Written once, when the game
    is created; a game stored before the flag existed is a real game."""


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


def _add_step(db: sqlite3.Connection) -> None:
    db.execute("ALTER TABLE events ADD COLUMN step INTEGER")


def _add_practice(db: sqlite3.Connection) -> None:
    db.execute("ALTER TABLE games ADD COLUMN practice INTEGER NOT NULL DEFAULT 0")


def _add_settings(db: sqlite3.Connection) -> None:
    """How a table plays a game that is no rule of it (teaching a first game): beside the
    game, not among its events, so the engine and every replay never see it."""
    db.execute("""
        CREATE TABLE game_settings (
            game_id TEXT PRIMARY KEY REFERENCES games(id),
            json TEXT NOT NULL
        ) STRICT""")


MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {
    1: _create_v1,
    2: _add_revision,
    3: _add_undone_with,
    4: _add_step,
    5: _add_practice,
    6: _add_settings,
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
        self._checked: dict[str, tuple[int, int]] = {}
        """Games whose every event decoded, at (revision, number of events) when checked."""
        self._writes = 0
        self._unchecked: tuple[tuple[int, int], list[GameSummary]] | None = None
        self._listed: tuple[tuple[int, int], list[GameSummary]] | None = None
        """The last list of every game, and the file's state it was read at (see `_state`):
        the list's two counts per game, over a long history, are not worked out again at
        every drawing of the history and the past games."""
        steps = MIGRATIONS if migrations is None else migrations
        if not self.path.exists():
            _create_file(self.path, steps)
        self._db = _open_checked(self.path, steps)
        for name in (self.path.name, f"{self.path.name}-wal", f"{self.path.name}-shm"):
            make_private(self.path.with_name(name))

    @classmethod
    def open(cls, data_dir: Path | None = None, event_types: EventTypes | None = None
             ) -> GameStore:
        """The store in `data_dir` (default: the user's data directory), created if missing."""
        folder = default_data_dir() if data_dir is None else Path(data_dir)
        make_data_dir(folder)
        return cls(folder / DB_FILENAME, event_types)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def __enter__(self) -> Self:
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
                    created: str | None = None, game_id: str | None = None,
                    practice: bool = False) -> str:
        """A new game holding `events` (its first event, or a whole imported game); a
        `practice` game is marked so for good (`GameSummary.practice`)."""
        with self._transaction() as db:
            new_id = game_id or self._new_id(db)
            if game_id is not None and self._exists(db, game_id):
                raise StoreError(P.GAME_EXISTS, game=game_id, path=self.path)
            stamp = now_iso()
            db.execute(
                "INSERT INTO games (id, created, updated, players, setup_code, finished, winner,"
                " progress, practice) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (new_id, created or stamp, stamp, *_meta_columns(meta), int(practice)))
            for seq, event in enumerate(events, start=1):
                self._insert_event(db, new_id, seq, event, stamp)
        return new_id

    def append(self, game_id: str, event: Any, meta: GameMeta, *,
               drop: Iterable[int] = (), revision: int | None = None) -> StoredEvent:
        """Append `event` durably; in the same transaction mark `drop` (undone seqs) dropped.

        With `revision`, refuse (`GameChangedElsewhere`) unless the game is still at it.
        """
        return self.append_all(game_id, [event], meta, drop=drop, revision=revision)[0]

    def append_all(self, game_id: str, events: Sequence[Any], meta: GameMeta, *,
                   drop: Iterable[int] = (), revision: int | None = None
                   ) -> list[StoredEvent]:
        """Append `events` (one step at the table) in one durable write: all or none. Several
        events are marked as one step (`StoredEvent.step`), which an undo takes back whole."""
        if not events:
            raise StoreError(P.NOTHING_TO_APPEND)
        with self._transaction() as db:
            self._require(db, game_id, revision)
            (last,) = db.execute("SELECT COALESCE(MAX(seq), 0) FROM events WHERE game_id = ?",
                                 (game_id,)).fetchone()
            stamp = now_iso()
            step = last + 1 if len(events) > 1 else None
            stored = [self._insert_event(db, game_id, last + i, event, stamp, step)
                      for i, event in enumerate(events, start=1)]
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

    def save_settings(self, game_id: str, settings: Mapping[str, Any]) -> None:
        """Replace the game's settings (a JSON object) durably."""
        raw = json.dumps(dict(settings), sort_keys=True)
        with self._transaction() as db:
            self._require(db, game_id)
            db.execute("INSERT INTO game_settings (game_id, json) VALUES (?, ?) ON CONFLICT"
                       "(game_id) DO UPDATE SET json = excluded.json", (game_id, raw))

    # -- reading ------------------------------------------------------------------------

    def settings(self, game_id: str) -> dict[str, Any]:
        """The game's settings as saved; {} for a game that has none. Settings that do not
        read back as a JSON object are damage: `StoreCorrupted`."""
        with self._lock, _busy_named(self.path):
            self._require(self._db, game_id)
            row = self._db.execute("SELECT json FROM game_settings WHERE game_id = ?",
                                   (game_id,)).fetchone()
        if row is None:
            return {}
        try:
            found = json.loads(row[0])
        except ValueError:
            found = None
        if not isinstance(found, dict):
            raise StoreCorrupted(P.FILE_DAMAGED, path=self.path, reason="game_settings")
        return found

    def events(self, game_id: str) -> list[StoredEvent]:
        """Every event ever appended to the game, in order, with its status.

        `StoreCorrupted`, naming the game and the event, if any stored event does not decode.
        """
        with self._lock, _busy_named(self.path):
            self._require(self._db, game_id)
            rows = self._event_rows(game_id)
        return [self._decode_row(game_id, *row) for row in rows]

    def active_events(self, game_id: str) -> list[Any]:
        return [s.event for s in self.events(game_id) if s.status is EventStatus.ACTIVE]

    def game(self, game_id: str) -> GameSummary:
        with self._lock, _busy_named(self.path):
            rows = self._summaries("WHERE g.id = ?", (game_id,))
        if not rows:
            raise GameNotFound(P.GAME_NOT_FOUND, game=game_id, path=self.path)
        return rows[0]

    def list_games(self) -> list[GameSummary]:
        """All games, the most recently played first; a damaged one says so in `damage`.

        Read again only once the file has changed, by this store or by any other process."""
        with self._lock, _busy_named(self.path):
            state = self._state()
            if self._listed is None or self._listed[0] != state:
                self._listed = (state, self._summaries("", ()))
            return list(self._listed[1])

    def list_games_unchecked(self) -> list[GameSummary]:
        """`list_games` without looking for damage (`damage` is None whatever the events):
        for a list that shows none. Checking decodes every event of every game once per
        process, seconds with a long history, before the past games could be drawn; a damaged
        game still says so when it is opened."""
        with self._lock, _busy_named(self.path):
            state = self._state()
            if self._listed is not None and self._listed[0] == state:
                return list(self._listed[1])
            if self._unchecked is None or self._unchecked[0] != state:
                self._unchecked = (state, self._summaries("", (), check=False))
            return list(self._unchecked[1])

    def unfinished_games(self) -> list[GameSummary]:
        """Games to offer for resuming, the most recently played first."""
        with self._lock, _busy_named(self.path):
            if self._listed is not None and self._listed[0] == self._state():
                return [g for g in self._listed[1] if not g.finished]
            return self._summaries("WHERE g.finished = 0", ())

    def _state(self) -> tuple[int, int]:
        """Changes when anything is written to the file: SQLite's `data_version` counts the
        other connections' commits, `_writes` this one's."""
        (version,) = self._db.execute("PRAGMA data_version").fetchone()
        return self._writes, int(version)

    def resolve_id(self, text: str) -> str:
        """The game whose id is `text` or starts with it (ids are long to type at a terminal)."""
        if not text.isascii():
            raise GameNotFound(P.NO_GAME_LIKE, text=repr(text), path=self.path)
        with self._lock, _busy_named(self.path):
            rows = self._db.execute(
                "SELECT id FROM games WHERE id = ? OR id LIKE ? ESCAPE '\\' ORDER BY id",
                (text, text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"),
            ).fetchall()
        ids: list[str] = [r[0] for r in rows]
        if text in ids:
            return text
        if not ids:
            raise GameNotFound(P.NO_GAME_STARTING, text=repr(text), path=self.path)
        if len(ids) > 1:
            raise GameNotFound(P.SEVERAL_GAMES, text=repr(text), ids=", ".join(ids))
        return ids[0]

    # -- internals ----------------------------------------------------------------------

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One atomic, durable write: all of it is on disk when this returns, or none of it."""
        with self._lock:
            self._writes += 1
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
                if _is_busy(exc):
                    raise _busy(self.path) from exc
                raise StoreError(P.CANNOT_SAVE, path=self.path, reason=str(exc)) from exc

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
            raise GameNotFound(P.GAME_NOT_FOUND, game=game_id, path=self.path)
        if revision is not None and row[0] != revision:
            raise GameChangedElsewhere(P.CHANGED_ELSEWHERE, game=game_id)

    def _insert_event(self, db: sqlite3.Connection, game_id: str, seq: int, event: Any,
                      stamp: str, step: int | None = None) -> StoredEvent:
        data = event_to_json(event)
        owner = private_owner(event)
        owner_json = None if owner is None else json.dumps(to_json(owner))
        db.execute(
            "INSERT INTO events (game_id, seq, type, json, appended_at, private_player, status,"
            " step) VALUES (?, ?, ?, ?, ?, ?, 'active', ?)",
            (game_id, seq, data["type"], json.dumps(data, separators=(",", ":")), stamp,
             owner_json, step))
        return StoredEvent(seq, event, EventStatus.ACTIVE, stamp, to_json(owner), step=step)

    @staticmethod
    def _set_statuses(db: sqlite3.Connection, game_id: str,
                      changes: Mapping[int, EventStatus]) -> None:
        for seq, status in changes.items():
            cursor = db.execute("UPDATE events SET status = ? WHERE game_id = ? AND seq = ?",
                                (str(status), game_id, seq))
            if cursor.rowcount != 1:
                raise StoreError(P.NO_SUCH_EVENT, game=game_id, seq=seq)

    @staticmethod
    def _update_meta(db: sqlite3.Connection, game_id: str, meta: GameMeta, stamp: str) -> None:
        db.execute(
            "UPDATE games SET players = ?, setup_code = ?, finished = ?, winner = ?,"
            " progress = ?, updated = ?, revision = revision + 1 WHERE id = ?",
            (*_meta_columns(meta), stamp, game_id))

    def _event_rows(self, game_id: str) -> list[tuple[Any, ...]]:
        """The raw rows; the event's JSON as bytes, so damaged UTF-8 is ours to report."""
        return self._db.execute(
            "SELECT seq, CAST(json AS BLOB), type, status, appended_at, private_player,"
            " undone_with, step FROM events WHERE game_id = ? ORDER BY seq",
            (game_id,)).fetchall()

    def _decode_row(self, game_id: str, seq: int, raw: bytes, kind: str, status: str,
                    stamp: str, owner: str | None, undone_with: int | None,
                    step: int | None = None) -> StoredEvent:
        """One stored event, checked as strictly as an imported one: any damage (bytes that
        are not UTF-8, JSON that does not decode to exactly one event, a type column that
        disagrees with it, an unknown status) is `StoreCorrupted` naming the game and event."""
        where = f"event #{seq}"
        try:
            if not isinstance(raw, bytes):
                raise RecordError(where, P.NOT_TEXT)
            try:
                data = load_json(raw)
            except JsonRefused as exc:
                raise RecordError(where, P.NOT_JSON, refused=JsonRefused(
                    exc.problem, None, reason=exc.reason, **exc.values)) from None
            event = event_from_json(data, self.event_types, where)
            if kind != type(event).__name__:
                raise RecordError(f"{where}.type", P.STORED_AS, event=type(event).__name__,
                                  kind=kind)
            return StoredEvent(seq, event, EventStatus(status), stamp,
                               None if owner is None else json.loads(owner), undone_with,
                               step if isinstance(step, int) else None)
        except (RecordError, ValueError, TypeError, RecursionError) as exc:
            raise StoreCorrupted(P.GAME_DAMAGED, game=game_id, path=self.path,
                                 damage=exc) from exc

    def _damage(self, game_id: str, revision: int, count: int) -> StoreCorrupted | None:
        """Why the game's events do not all decode, or None. Every event is checked once per
        write to the game (the result is kept for its revision and number of events)."""
        if self._checked.get(game_id) == (revision, count):
            return None
        try:
            for row in self._event_rows(game_id):
                self._decode_row(game_id, *row)
        except StoreCorrupted as exc:
            return exc
        self._checked[game_id] = (revision, count)
        return None

    def _summaries(self, where: str, params: tuple[Any, ...], check: bool = True
                   ) -> list[GameSummary]:
        rows = self._db.execute(
            "SELECT g.id, g.created, g.updated, g.players, g.setup_code, g.finished, g.winner,"
            " g.progress, (SELECT COUNT(*) FROM events e WHERE e.game_id = g.id"
            " AND e.status = 'active'), g.revision,"
            " (SELECT COUNT(*) FROM events e WHERE e.game_id = g.id), g.practice"
            " FROM games g " + where +
            " ORDER BY g.updated DESC, g.id", params).fetchall()
        summaries = []
        for r in rows:
            damage = self._damage(r[0], r[9], r[10]) if check else None
            summaries.append(GameSummary(
                game_id=r[0], created=r[1], updated=r[2], players=_players(r[3]),
                setup_code=r[4], finished=bool(r[5]), winner=r[6], progress=r[7], events=r[8],
                revision=r[9], damage=None if damage is None else str(damage),
                damage_problem=damage, practice=bool(r[11])))
        return summaries


def _players(column: Any) -> tuple[str, ...]:
    """The listed names; a damaged column lists none (the events are what is checked)."""
    try:
        names = json.loads(column)
    except (TypeError, ValueError):
        return ()
    if not isinstance(names, list):
        return ()
    return tuple(str(name) for name in names)


def _text(raw: bytes) -> str:
    """Text columns shown in lists; damaged bytes show as U+FFFD rather than stop the list.
    (Event JSON is read as bytes and decoded strictly, see `_event_rows`.)"""
    return raw.decode("utf-8", "replace")


def _is_busy(exc: sqlite3.Error) -> bool:
    return getattr(exc, "sqlite_errorcode", None) in (sqlite3.SQLITE_BUSY,
                                                       sqlite3.SQLITE_LOCKED)


def _busy(path: Path) -> StoreBusy:
    return StoreBusy(P.FILE_BUSY, path=path)


@contextmanager
def _busy_named(path: Path) -> Iterator[None]:
    """Reads too: a file locked by another program is named, not a bare sqlite3 error."""
    try:
        yield
    except sqlite3.Error as exc:
        if _is_busy(exc):
            raise _busy(path) from exc
        raise StoreError(P.CANNOT_READ, path=path, reason=str(exc)) from exc


def make_data_dir(folder: Path) -> None:
    """The data folder, created private to the user if missing, and narrowed to the user if
    an older version (or a umask) left it open to others: it holds every player's rats."""
    try:
        folder.mkdir(mode=PRIVATE_DIR, parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(P.CANNOT_MAKE_FOLDER, folder=folder, reason=exc.strerror) from exc
    try:
        mode = folder.stat().st_mode
        if mode & 0o077:
            os.chmod(folder, mode & PRIVATE_DIR)
    except OSError:
        pass  # not ours to change (a shared folder given with --data-dir); the files still are


def make_private(path: Path) -> None:
    """Take group and others' access away from one of our files (made by an older version)."""
    try:
        mode = path.stat().st_mode
        if mode & 0o077 and path.is_file():
            os.chmod(path, mode & 0o700)
    except OSError:
        pass


def create_private(path: Path) -> None:
    """An empty file only the user can read, for SQLite to fill (it gives its -wal and -shm
    files the same mode)."""
    os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, PRIVATE_FILE))
    os.chmod(path, PRIVATE_FILE)


def _meta_columns(meta: GameMeta) -> tuple[Any, ...]:
    return (json.dumps(list(meta.players)), meta.setup_code, int(meta.finished), meta.winner,
            meta.progress)


def _connect(path: Path) -> sqlite3.Connection:
    db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    db.text_factory = _text
    db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    return db


def _create_file(path: Path, steps: Mapping[int, Callable[[sqlite3.Connection], None]]) -> None:
    """Build the schema beside the final name and rename it into place.

    So a crash during creation never leaves an empty or half-made `games.sqlite3`: an empty
    file at that path is then always damage, and is reported as such.
    """
    partial = path.with_name(path.name + ".new")
    partial.unlink(missing_ok=True)
    create_private(partial)
    db = _connect(partial)
    try:
        # Nobody reads the file before it is renamed into place, so each step need not be
        # durable on its own: one fsync of the whole file, not one per step.
        db.execute("PRAGMA journal_mode = MEMORY")
        db.execute("PRAGMA synchronous = OFF")
        _migrate(db, 0, steps)
    finally:
        db.close()
    fsync_file(partial)
    os.replace(partial, path)
    fsync_dir(path.parent)


def fsync_file(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def fsync_dir(folder: Path) -> None:
    """Make a rename into `folder` last: a power cut right after `os.replace` could
    otherwise lose it. Where a folder cannot be opened or synced (some file systems), the
    rename is left to the system."""
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
        raise StoreCorrupted(P.FILE_EMPTY, path=path)
    db = _connect(path)
    try:
        problems = [row[0] for row in db.execute("PRAGMA quick_check")]
        if problems != ["ok"]:
            raise StoreCorrupted(P.FILE_DAMAGED, path=path, reason=problems[0])
        (version,) = db.execute("PRAGMA user_version").fetchone()
        latest = max(steps)
        if version > latest:
            raise StoreTooNew(P.FILE_TOO_NEW, path=path, version=version, latest=latest)
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if version == 0 or not {"games", "events"} <= tables:
            raise StoreCorrupted(P.NOT_OUR_FILE, path=path)
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = FULL")
        if version < latest:
            _backup(db, path.with_name(f"{path.name}.schema{version}.bak"))
            _migrate(db, version, steps)
    except sqlite3.OperationalError as exc:
        db.close()
        if _is_busy(exc):
            raise _busy(path) from exc
        raise StoreError(P.CANNOT_OPEN, path=path, reason=str(exc)) from exc
    except sqlite3.DatabaseError as exc:
        db.close()
        raise StoreCorrupted(P.NOT_A_DATABASE, path=path, reason=str(exc)) from exc
    except BaseException:
        db.close()
        raise
    return db


def _backup(db: sqlite3.Connection, target: Path) -> None:
    """A copy of the file as it was before a migration, in case the new version is wrong."""
    create_private(target)
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
