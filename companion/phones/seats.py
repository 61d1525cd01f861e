"""Seats: which phone speaks for which player of which game.

A player's rats are as secret as face-down tokens, so a phone earns its seat only by scanning
the QR the table shows for that seat, once. The token in the QR and the device secret the phone
keeps afterwards are bearer secrets: only their SHA-256 hashes are stored, so a copy of
`seats.sqlite3` lets nobody into a ledger. The registry lives in its own SQLite file because
pairings are about devices, not about the game: they are never exported with a game record and
never replayed.
"""

from __future__ import annotations

import hashlib
import hmac
import itertools
import logging
import os
import secrets
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from companion.phones.liveness import heard_lately
from companion.store.db import (
    create_private,
    fsync_dir,
    fsync_file,
    make_data_dir,
    make_private,
)
from companion.store.problems import StoreProblem as P
from companion.store.worded import Worded

log = logging.getLogger(__name__)

TOKEN_TTL_SECONDS = 10 * 60
"""A QR left on screen (or photographed) stops working after this long."""
LAST_SEEN_WRITE_INTERVAL = 5.0
"""`last_seen` is written at most this often per seat, so polling phones do not churn the disk."""
MAX_SEATS = 5

Clock = Callable[[], float]


SEATS_FILENAME = "seats.sqlite3"


class SeatsFileDamaged(Worded):
    """The seats file cannot be read; it is left exactly as it was. Like the games database's
    `StoreCorrupted`, a `StoreProblem` with the path and what is wrong; its words
    (`companion.i18n.words`) end with what to do."""


class SeatError(Exception):
    """A refused seat operation; `.code` is stable for the HTTP layer, the message is for people.

    Messages never say which part of a secret was wrong or whether a seat exists, so a guesser
    learns nothing from them.
    """

    code = "seat_error"


class InvalidToken(SeatError):
    code = "invalid_token"

    def __init__(self) -> None:
        super().__init__("This pairing code is not valid (any more). Ask the table for a new one.")


class TokenAlreadyUsed(SeatError):
    code = "seat_taken"

    def __init__(self) -> None:
        super().__init__("This seat is already paired with another phone. "
                         "The table can release it and show a new code.")


class UnknownDevice(SeatError):
    code = "unknown_device"

    def __init__(self) -> None:
        super().__init__("This phone is not paired with a seat. Scan your QR code at the table.")


class SeatPaired(SeatError):
    code = "seat_paired"

    def __init__(self) -> None:
        super().__init__("This seat is paired with a phone; release it before showing a new code.")


class BadSeat(SeatError):
    code = "bad_seat"

    def __init__(self, seat: object) -> None:
        super().__init__(f"There is no seat {seat!r}: seats are numbered 0 to {MAX_SEATS - 1}.")


class SeatOutsideGame(SeatError):
    code = "no_seat"

    def __init__(self) -> None:
        super().__init__("This game has no such seat. Ask the table for a new code.")


@dataclass(frozen=True)
class Claim:
    """What a phone gets for a valid token: its seat and the secret it must keep."""

    game: str
    seat: int
    device_secret: str


@dataclass(frozen=True)
class SeatStatus:
    """What the table shows per seat (never any secret)."""

    seat: int
    paired: bool
    connected: bool
    last_seen: float | None
    """Unix time of the phone's last request, or None if never seen since pairing."""
    code_open: bool
    """A QR code for this seat was issued, is unclaimed and has not expired."""


def _hash(secret: str) -> bytes:
    return hashlib.sha256(secret.encode("utf-8")).digest()


_SCHEMA = """
CREATE TABLE IF NOT EXISTS seats (
    game TEXT NOT NULL,
    seat INTEGER NOT NULL,
    token_hash BLOB,
    token_expires REAL,
    used_token_hash BLOB,
    device_hash BLOB,
    paired_at REAL,
    last_seen REAL,
    PRIMARY KEY (game, seat)
);
CREATE UNIQUE INDEX IF NOT EXISTS seats_token ON seats (token_hash);
CREATE UNIQUE INDEX IF NOT EXISTS seats_used_token ON seats (used_token_hash);
CREATE UNIQUE INDEX IF NOT EXISTS seats_device ON seats (device_hash);
"""


def _open_seats_file(path: Path) -> sqlite3.Connection:
    """The seats database at `path`, created if missing; `SeatsFileDamaged` if what is there
    is empty, damaged or something else, and then the file is not touched. Like the games, the
    file (and SQLite's -wal and -shm beside it, which take its mode) is the user's alone."""
    if not path.exists():
        _create_seats_file(path)
    if path.stat().st_size == 0:
        raise SeatsFileDamaged(P.SEATS_EMPTY, path=path)
    db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
    try:
        problems = [row[0] for row in db.execute("PRAGMA quick_check")]
        if problems != ["ok"]:
            raise SeatsFileDamaged(P.SEATS_DAMAGED, path=path, reason=problems[0])
        tables = {row[0] for row in db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
        if tables and "seats" not in tables:
            raise SeatsFileDamaged(P.SEATS_NOT_OURS, path=path)
        # WAL with synchronous=NORMAL never corrupts; a power cut can at worst forget the
        # last pairing (the phone scans again), and claiming stays quick on a busy table.
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        db.executescript(_SCHEMA)
    except sqlite3.OperationalError as exc:
        db.close()
        raise SeatsFileDamaged(P.SEATS_CANNOT_OPEN, path=path, reason=str(exc)) from exc
    except sqlite3.DatabaseError as exc:
        db.close()
        raise SeatsFileDamaged(P.SEATS_NOT_A_DATABASE, path=path, reason=str(exc)) from exc
    except BaseException:
        db.close()
        raise
    for name in (path.name, f"{path.name}-wal", f"{path.name}-shm"):
        make_private(path.with_name(name))
    return db


def _create_seats_file(path: Path) -> None:
    """An empty seats file, private from its first byte, made beside its name and renamed into
    place: a crash while creating it never leaves the empty file that means damage."""
    partial = path.with_name(path.name + ".new")
    partial.unlink(missing_ok=True)
    create_private(partial)
    db = sqlite3.connect(str(partial), isolation_level=None)
    try:
        # one fsync of the finished file rather than one per statement (see `db._create_file`)
        db.execute("PRAGMA journal_mode = MEMORY")
        db.execute("PRAGMA synchronous = OFF")
        db.executescript(_SCHEMA)
    finally:
        db.close()
    fsync_file(partial)
    os.replace(partial, path)
    fsync_dir(path.parent)


class SeatRegistry:
    """Pairings of phones to seats, persisted so a restarted table keeps its phones.

    Thread-safe: the Flet table, the HTTP routes and live streams call it from different
    threads, and one lock around one connection is plenty for a handful of phones.
    """

    def __init__(self, path: Path | str = ":memory:", *, clock: Clock = time.time,
                 token_ttl: float = TOKEN_TTL_SECONDS, monotonic: Clock = time.monotonic
                 ) -> None:
        """`clock` is the wall clock of codes and "last seen"; `monotonic` the one a phone's
        silence is measured on (`liveness`), which a change of the system's time never moves."""
        self._clock = clock
        self._monotonic = monotonic
        self._token_ttl = token_ttl
        self._lock = threading.RLock()
        if str(path) == ":memory:":
            self._db = sqlite3.connect(":memory:", check_same_thread=False, isolation_level=None)
            self._db.executescript(_SCHEMA)
        else:
            self._db = _open_seats_file(Path(path))
        self._streams: dict[tuple[str, int], dict[int, float]] = {}
        """The open live streams of each seat: stream id to when its phone was last heard."""
        self._told: set[tuple[str, int]] = set()
        """The seats the connection listeners were last told are connected."""
        self._stream_ids = itertools.count(1)
        self._last_written: dict[tuple[str, int], float] = {}
        self._release_listeners: list[Callable[[str, int], None]] = []
        self._connection_listeners: list[Callable[[str, int], None]] = []

    @classmethod
    def in_data_dir(cls, data_dir: Path, **options: float | Clock) -> SeatRegistry:
        make_data_dir(data_dir)
        return cls(data_dir / SEATS_FILENAME, **options)  # type: ignore[arg-type]

    def close(self) -> None:
        with self._lock:
            self._db.close()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    @staticmethod
    def _check_seat(seat: object) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < MAX_SEATS:
            raise BadSeat(seat)
        return seat

    def issue_token(self, game: str, seat: int) -> str:
        """A fresh pairing token for an unpaired seat; any earlier unclaimed one stops working."""
        seat = self._check_seat(seat)
        token = secrets.token_urlsafe(32)
        with self._transaction() as db:
            row = db.execute("SELECT device_hash FROM seats WHERE game = ? AND seat = ?",
                             (game, seat)).fetchone()
            if row is not None and row[0] is not None:
                raise SeatPaired()
            db.execute(
                "INSERT INTO seats (game, seat, token_hash, token_expires) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (game, seat) DO UPDATE SET token_hash = excluded.token_hash, "
                "token_expires = excluded.token_expires",
                (game, seat, _hash(token), self._clock() + self._token_ttl),
            )
        return token

    def claim(self, token: object, admit: Callable[[str, int], bool] | None = None) -> Claim:
        """Trade a pairing token for a device secret, exactly once.

        The token alone names its game and seat, which keeps the QR short enough to scan from
        across the table. `admit(game, seat)` says whether that seat exists in its game; if
        not, `SeatOutsideGame` is raised and the token stays unused. It is asked outside the
        registry's lock, because it may consult the open games.
        """
        if not isinstance(token, str) or not 20 <= len(token) <= 100:
            raise InvalidToken()
        digest = _hash(token)
        if admit is not None:
            with self._lock:
                named = self._db.execute("SELECT game, seat FROM seats WHERE token_hash = ?",
                                         (digest,)).fetchone()
            if named is not None and not admit(str(named[0]), int(named[1])):
                raise SeatOutsideGame()
        device_secret = secrets.token_urlsafe(32)
        now = self._clock()
        with self._transaction() as db:
            row = db.execute("SELECT game, seat, token_hash, token_expires FROM seats "
                             "WHERE token_hash = ?", (digest,)).fetchone()
            if row is None:
                if db.execute("SELECT 1 FROM seats WHERE used_token_hash = ?",
                              (digest,)).fetchone():
                    raise TokenAlreadyUsed()
                raise InvalidToken()
            game, seat, stored, expires = row
            if not hmac.compare_digest(stored, digest) or expires is None or now > expires:
                raise InvalidToken()
            db.execute(
                "UPDATE seats SET token_hash = NULL, token_expires = NULL, used_token_hash = ?, "
                "device_hash = ?, paired_at = ?, last_seen = ? WHERE game = ? AND seat = ?",
                (digest, _hash(device_secret), now, now, game, seat),
            )
        self._last_written[(game, seat)] = now
        return Claim(game, seat, device_secret)

    def authenticate(self, device_secret: str, *, seen: bool = True) -> tuple[str, int]:
        """The (game, seat) a device secret speaks for; also records that the phone was seen,
        unless the server only checks a secret it holds (`seen=False`: a live stream asking
        whether its seat was released, which hears nothing from the phone)."""
        if not isinstance(device_secret, str) or not 20 <= len(device_secret) <= 100:
            raise UnknownDevice()
        digest = _hash(device_secret)
        with self._lock:
            row = self._db.execute("SELECT game, seat, device_hash FROM seats "
                                   "WHERE device_hash = ?", (digest,)).fetchone()
            if row is None or not hmac.compare_digest(row[2], digest):
                raise UnknownDevice()
            game, seat = str(row[0]), int(row[1])
            if seen:
                self._touch(game, seat)
        return game, seat

    def _touch(self, game: str, seat: int) -> None:
        now = self._clock()
        if now - self._last_written.get((game, seat), float("-inf")) < LAST_SEEN_WRITE_INTERVAL:
            return
        self._db.execute("UPDATE seats SET last_seen = ? WHERE game = ? AND seat = ?",
                         (now, game, seat))
        self._last_written[(game, seat)] = now

    def release(self, game: str, seat: int) -> None:
        """Forget the seat's phone and any open code: the old device is locked out at once."""
        seat = self._check_seat(seat)
        with self._transaction() as db:
            db.execute("DELETE FROM seats WHERE game = ? AND seat = ?", (game, seat))
        self._last_written.pop((game, seat), None)
        with self._lock:
            listeners = list(self._release_listeners)
        for listener in listeners:
            listener(game, seat)

    def on_release(self, listener: Callable[[str, int], None]) -> Callable[[], None]:
        """Call `listener(game, seat)` after every release, so open live streams end at once."""
        return self._listen(self._release_listeners, listener)

    def status(self, game: str, seats: int) -> list[SeatStatus]:
        """Per seat 0..seats-1: paired, connected now, last seen, whether a code is open."""
        if isinstance(seats, bool) or not isinstance(seats, int) or not 0 <= seats <= MAX_SEATS:
            raise BadSeat(seats)
        now = self._clock()
        with self._lock:
            rows = {
                int(seat): (device, last_seen, expires)
                for seat, device, last_seen, expires in self._db.execute(
                    "SELECT seat, device_hash, last_seen, token_expires FROM seats "
                    "WHERE game = ?", (game,))
            }
            connected = {seat for seat in range(seats) if self._live((game, seat))}
        result = []
        for seat in range(seats):
            device, last_seen, expires = rows.get(seat, (None, None, None))
            paired = device is not None
            result.append(SeatStatus(
                seat=seat,
                paired=paired,
                connected=paired and seat in connected,
                last_seen=last_seen if paired else None,
                code_open=not paired and expires is not None and now <= expires,
            ))
        return result

    def on_connection(self, listener: Callable[[str, int], None]) -> Callable[[], None]:
        """Call `listener(game, seat)` when a seat's phone becomes connected or is no longer
        (its first live stream opens or it answers again after a silence; its last stream
        ends or falls silent), so the table's "waiting for this phone" follows it; returns
        how to stop listening."""
        return self._listen(self._connection_listeners, listener)

    def _listen(self, listeners: list[Callable[[str, int], None]],
                listener: Callable[[str, int], None]) -> Callable[[], None]:
        """`listener` added to `listeners` under the lock; returns how to take it out again."""
        with self._lock:
            listeners.append(listener)

        def unsubscribe() -> None:
            with self._lock:
                if listener in listeners:
                    listeners.remove(listener)

        return unsubscribe

    def _live(self, key: tuple[str, int]) -> bool:
        """Whether one of the seat's open streams was heard lately (call with the lock)."""
        now = self._monotonic()
        return any(heard_lately(heard, now) for heard in self._streams.get(key, {}).values())

    def _settle(self, game: str, seat: int) -> None:
        """Tell the connection listeners if the seat's phone is connected otherwise than they
        were last told: each change is told once, whichever thread saw it first."""
        key = (game, seat)
        with self._lock:
            live = self._live(key)
            if live == (key in self._told):
                return
            if live:
                self._told.add(key)
            else:
                self._told.discard(key)
            listeners = list(self._connection_listeners)
        for listener in listeners:
            try:
                listener(game, seat)
            except Exception:  # a table tab that is gone must not end a phone's stream
                log.exception("a listener of seat %s's connection failed", seat)

    @contextmanager
    def connection(self, game: str, seat: int) -> Iterator[int]:
        """Held open for as long as a phone's live stream is; yields the stream's id, which
        its phone names when it answers a beat (`answered`). The seat counts as connected
        while one of its streams is open and was heard lately (`liveness`): opening one is
        hearing from the phone, and the last one's end is told at once."""
        key = (game, seat)
        with self._lock:
            stream = next(self._stream_ids)
            self._streams.setdefault(key, {})[stream] = self._monotonic()
        self._settle(game, seat)
        try:
            yield stream
        finally:
            with self._lock:
                streams = self._streams.get(key, {})
                streams.pop(stream, None)
                if not streams:
                    self._streams.pop(key, None)
            self._settle(game, seat)

    def answered(self, game: str, seat: int, stream: int) -> bool:
        """The seat's phone answered a beat of its stream `stream`: heard now, and a seat that
        had fallen silent is told connected again. False if the seat has no such open stream
        (it ended meanwhile, or the number names another seat's): nothing changes."""
        key = (game, seat)
        with self._lock:
            streams = self._streams.get(key, {})
            if stream not in streams:
                return False
            streams[stream] = self._monotonic()
        self._settle(game, seat)
        return True

    def beat(self, game: str, seat: int) -> None:
        """A beat of one of the seat's streams: if the phone stopped answering long enough
        ago (`liveness.SILENT_AFTER`), the listeners are told now that it is not connected."""
        self._settle(game, seat)

    def is_paired(self, game: str, seat: int) -> bool:
        with self._lock:
            row = self._db.execute("SELECT device_hash FROM seats WHERE game = ? AND seat = ?",
                                   (game, seat)).fetchone()
        return row is not None and row[0] is not None
