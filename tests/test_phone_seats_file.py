"""A damaged `seats.sqlite3` is named, never reset.

The seats file holds which phone speaks for which seat. If it is empty, cut short, overwritten
with garbage or not a seats file at all, the table is told which file, what is wrong and what
to do, like for the games database, and the file stays exactly as it was.
"""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from support.harness import free_port

from companion.phones.seats import SEATS_FILENAME, SeatRegistry, SeatsFileDamaged


def a_seats_file_in_use(folder: Path) -> bytes:
    """A seats file of many evenings: 300 pairings, several database pages."""
    registry = SeatRegistry.in_data_dir(folder)
    for game in range(60):
        for seat in range(5):
            registry.claim(registry.issue_token(f"game-{game:03d}", seat))
    registry.close()
    return (folder / SEATS_FILENAME).read_bytes()


def another_programs_database(path: Path) -> None:
    import sqlite3

    db = sqlite3.connect(path)
    db.execute("CREATE TABLE notes (text TEXT)")
    db.execute("INSERT INTO notes VALUES ('shopping list')")
    db.commit()
    db.close()


DAMAGE: dict[str, Callable[[bytes], bytes]] = {
    "empty": lambda good: b"",
    "garbage": lambda good: bytes(range(256)) * 20,
    "truncated": lambda good: good[: len(good) // 2],
    "half a page": lambda good: good[:1000],
    "bad header": lambda good: b"SQLite format 2\0" + good[16:],
}


@pytest.mark.parametrize("damage", DAMAGE)
def test_a_damaged_seats_file_is_named_and_left_as_it_is(tmp_path, damage) -> None:
    damaged = DAMAGE[damage](a_seats_file_in_use(tmp_path))
    path = tmp_path / SEATS_FILENAME
    path.write_bytes(damaged)
    with pytest.raises(SeatsFileDamaged) as refused:
        SeatRegistry.in_data_dir(tmp_path)
    message = str(refused.value)
    assert str(path) in message and "Move it aside" in message
    assert path.read_bytes() == damaged


def test_another_programs_database_is_not_taken_for_a_seats_file(tmp_path) -> None:
    path = tmp_path / SEATS_FILENAME
    another_programs_database(path)
    before = path.read_bytes()
    with pytest.raises(SeatsFileDamaged, match="not a rattus-companion seats file"):
        SeatRegistry.in_data_dir(tmp_path)
    assert path.read_bytes() == before


def test_a_missing_seats_file_is_simply_created(tmp_path) -> None:
    registry = SeatRegistry.in_data_dir(tmp_path)
    try:
        claim = registry.claim(registry.issue_token("g", 0))
        assert registry.authenticate(claim.device_secret) == ("g", 0)
    finally:
        registry.close()
    assert (tmp_path / SEATS_FILENAME).stat().st_size > 0


def test_a_new_seats_file_is_made_lasting_with_its_name(tmp_path, monkeypatch) -> None:
    # The pairings survive a power cut right after the file is made: the file is synced, then
    # renamed into place, then its folder is synced, so the rename itself is on the disk too.
    import companion.phones.seats as seats

    synced: list[tuple[Path, bool]] = []
    real = seats.fsync_dir

    def fsync_dir(folder: Path) -> None:
        synced.append((folder, (folder / SEATS_FILENAME).exists()))
        real(folder)

    monkeypatch.setattr(seats, "fsync_dir", fsync_dir)
    SeatRegistry.in_data_dir(tmp_path).close()
    assert synced == [(tmp_path, True)]


@pytest.mark.parametrize("damage", ["empty", "garbage"])
def test_the_server_refuses_to_start_with_one_clear_line(tmp_path, damage) -> None:
    damaged = DAMAGE[damage](a_seats_file_in_use(tmp_path))
    path = tmp_path / SEATS_FILENAME
    path.write_bytes(damaged)
    started = subprocess.run(
        [sys.executable, "-m", "companion", "--host", "127.0.0.1", "--port", str(free_port()),
         "--data-dir", str(tmp_path), "--no-browser"],
        capture_output=True, text=True, timeout=120, check=False,
        env={**os.environ, "PYTHONUNBUFFERED": "1"})
    assert started.returncode == 1
    lines = started.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in started.stderr
    assert lines[0].startswith(f"rattus-companion: {path}") and "Move it aside" in lines[0]
    assert path.read_bytes() == damaged


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_the_seats_file_is_the_users_alone(tmp_path) -> None:
    """Like the games, the pairings are private to the user, with the -wal
    and -shm files SQLite makes beside them; a file left open by an older version is narrowed."""
    old_umask = os.umask(0o022)
    try:
        registry = SeatRegistry.in_data_dir(tmp_path)
        registry.claim(registry.issue_token("g", 0))
        files = sorted(p.name for p in tmp_path.iterdir())
        assert SEATS_FILENAME in files and f"{SEATS_FILENAME}-wal" in files
        assert {name: mode(tmp_path / name) for name in files} == dict.fromkeys(files, 0o600)
        registry.close()
        os.chmod(tmp_path / SEATS_FILENAME, 0o644)
        SeatRegistry.in_data_dir(tmp_path).close()
        assert mode(tmp_path / SEATS_FILENAME) == 0o600
    finally:
        os.umask(old_umask)
