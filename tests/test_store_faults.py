"""Faults around the games file: damaged events, another program's lock, a second server on
the same folder, and who may read the files. Each is named; none is a reset or a traceback."""

from __future__ import annotations

import os
import socket
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from support.sessions import game_state, logged_events
from support.simulate import random_game

from companion.cli import main
from companion.store.db import (
    BUSY_TIMEOUT_MS,
    DB_FILENAME,
    MIGRATIONS,
    GameStore,
    StoreBusy,
    StoreCorrupted,
)
from companion.store.lock import LOCK_FILENAME, DataDirInUse, DataDirLock
from companion.store.session import Session


def two_games(folder: Path) -> tuple[str, str]:
    """Two finished games in one store: the first will be damaged, the second must not care."""
    ids = []
    with GameStore.open(folder) as store:
        for seed in (12, 13):
            events = random_game(seed, 3)
            session = Session.start(store, events[0])
            for event in events[1:]:
                session.submit(event)
            ids.append(session.game_id)
    return ids[0], ids[1]


def damage(folder: Path, game: str, sql: str) -> None:
    db = sqlite3.connect(folder / DB_FILENAME)
    db.execute(sql + " WHERE game_id = ? AND seq = 5", (game,))
    db.commit()
    assert db.execute("PRAGMA quick_check").fetchone() == ("ok",)
    db.close()


DAMAGE = {
    "64 random bytes": "UPDATE events SET json = CAST(randomblob(64) AS TEXT)",
    "another event type": "UPDATE events SET json = replace(json, '\"type\":\"Entered\"',"
                          " '\"type\":\"Passed\"'), type = 'Passed'",
    "a type column that disagrees": "UPDATE events SET type = 'SupplyDone'",
    "a count out of any game": "UPDATE events SET json = json_set(json, '$.cards', 99999999)",
    "a key given twice": "UPDATE events SET json = replace(json, '{\"type\"',"
                         " '{\"type\":\"SupplyDone\",\"type\"')",
}


@pytest.mark.parametrize("how", sorted(DAMAGE))
def test_a_game_with_a_damaged_event_is_named_and_the_others_stay_usable(
        tmp_path: Path, how: str) -> None:
    damaged, fine = two_games(tmp_path)
    damage(tmp_path, damaged, DAMAGE[how])
    with GameStore.open(tmp_path) as store:
        listed = {g.game_id: g for g in store.list_games()}
        assert listed[fine].damage is None
        why = listed[damaged].damage
        assert why is not None
        assert f"game {damaged}" in why and "event #5" in why
        with pytest.raises(StoreCorrupted, match=rf"game {damaged} .*event #5"):
            Session.resume(store, damaged)
        assert game_state(Session.resume(store, fine)).phase.name == "FINISHED"


def test_the_list_of_games_follows_writes_from_another_program(tmp_path: Path) -> None:
    # The list is kept until the file changes (listing 1,000 games at every drawing is too
    # slow); a write by any other connection shows at the next look.
    damaged, fine = two_games(tmp_path)
    with GameStore.open(tmp_path) as store:
        assert {g.damage for g in store.list_games()} == {None}
        assert {g.game_id for g in store.list_games_unchecked()} == {damaged, fine}
        damage(tmp_path, damaged, DAMAGE["64 random bytes"] + ", seq = seq")
        db = sqlite3.connect(tmp_path / DB_FILENAME)
        db.execute("UPDATE games SET revision = revision + 1, setup_code = 'X' WHERE id = ?",
                   (damaged,))
        db.commit()
        db.close()
        listed = {g.game_id: g for g in store.list_games()}
        assert listed[damaged].setup_code == "X" and listed[damaged].damage is not None
        assert listed[fine].damage is None
        unchecked = {g.game_id: g for g in store.list_games_unchecked()}
        assert unchecked[damaged].setup_code == "X"


def test_games_and_export_name_the_damaged_game_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    damaged, fine = two_games(tmp_path)
    damage(tmp_path, damaged, DAMAGE["64 random bytes"])
    assert main(["games", "--data-dir", str(tmp_path)]) == 0
    lines = {line.split()[0]: line for line in capsys.readouterr().out.splitlines()}
    assert "DAMAGED" in lines[damaged] and "event #5: is not UTF-8 text" in lines[damaged]
    assert "DAMAGED" not in lines[fine] and "won by" in lines[fine]
    assert main(["export", damaged, "--data-dir", str(tmp_path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert err.startswith(f"rattus-companion export: game {damaged} in ")
    assert main(["export", fine, "--data-dir", str(tmp_path), "-o", str(tmp_path / "f.json")]) == 0


def test_a_database_locked_by_another_program_is_named_quickly(tmp_path: Path) -> None:
    """Another program holds `BEGIN EXCLUSIVE`: the write is refused, with the file named, in
    well under the old 5 s, and the game is as it was."""
    events = random_game(14, 2)
    with GameStore.open(tmp_path) as store:
        session = Session.start(store, events[0])
        other = sqlite3.connect(tmp_path / DB_FILENAME, isolation_level=None)
        other.execute("BEGIN EXCLUSIVE")
        try:
            with pytest.raises(StoreBusy, match=rf"{tmp_path / DB_FILENAME} is locked by another"):
                session.submit(events[1])
            # the wait before the refusal is SQLite's busy timeout: short, not the old 5 s (read
            # from the connection; a bound on the wall clock is the machine's load, not ours)
            waited = store._db.execute("PRAGMA busy_timeout").fetchone()[0]
            assert waited == BUSY_TIMEOUT_MS < 5000
        finally:
            other.execute("ROLLBACK")
            other.close()
        assert logged_events(session) == events[:1]
        session.submit(events[1])
        assert store.active_events(session.game_id) == events[:2]


# -- one server per data folder ------------------------------------------------------------

def test_a_second_holder_of_a_data_folder_is_refused_naming_the_first(tmp_path: Path) -> None:
    with DataDirLock.acquire(tmp_path, "http://192.168.1.20:8550"):
        with pytest.raises(DataDirInUse) as refused:
            DataDirLock.acquire(tmp_path, "http://192.168.1.20:8551")
        message = str(refused.value)
        assert f"pid {os.getpid()}, serving http://192.168.1.20:8550" in message
        assert str(tmp_path) in message and "--data-dir" in message
    with DataDirLock.acquire(tmp_path, "http://192.168.1.20:8551"):
        pass


def test_the_lock_goes_with_the_process_however_it_ends(tmp_path: Path) -> None:
    holder = subprocess.Popen(
        [sys.executable, "-c", ("import sys, time; from pathlib import Path; "
         "from companion.store.lock import DataDirLock; "
         "lock = DataDirLock.acquire(Path(sys.argv[1]), 'http://10.0.0.2:8550'); "
         "print('held', flush=True); time.sleep(60)"), str(tmp_path)],
        stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        with pytest.raises(DataDirInUse, match=rf"pid {holder.pid}, serving http://10.0.0.2"):
            DataDirLock.acquire(tmp_path, "http://10.0.0.3:8550")
    finally:
        holder.kill()
        holder.wait()
    with DataDirLock.acquire(tmp_path, "http://10.0.0.3:8550"):
        assert "http://10.0.0.3:8550" in (tmp_path / LOCK_FILENAME).read_text()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_a_second_server_on_the_same_data_folder_refuses_to_start(tmp_path: Path) -> None:
    """The real command: while one server holds the folder, another start names it and exits
    before opening anything."""
    with DataDirLock.acquire(tmp_path, "http://127.0.0.1:8550"):
        done = subprocess.run(
            [sys.executable, "-m", "companion", "--no-browser", "--host", "127.0.0.1",
             "--port", str(free_port()), "--data-dir", str(tmp_path)],
            capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode != 0
    assert done.stderr.count("\n") == 1
    assert f"already served by another rattus-companion (pid {os.getpid()}, serving " \
           "http://127.0.0.1:8550)" in done.stderr
    assert not (tmp_path / DB_FILENAME).exists()


# -- private files ---------------------------------------------------------------------------

def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_new_data_folder_and_its_files_are_the_users_alone(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    two_games(folder)
    with DataDirLock.acquire(folder, "http://127.0.0.1:8550"), GameStore.open(folder) as store:
        store.list_games()
        assert mode(folder) == 0o700
        files = sorted(p.name for p in folder.iterdir())
        assert DB_FILENAME in files and LOCK_FILENAME in files
        assert {p.name: mode(p) for p in folder.iterdir()} == {name: 0o600 for name in files}


def test_a_migration_backup_is_private_too(tmp_path: Path) -> None:
    old = sqlite3.connect(tmp_path / DB_FILENAME)
    MIGRATIONS[1](old)
    old.execute("PRAGMA user_version = 1")
    old.commit()
    old.close()
    os.chmod(tmp_path / DB_FILENAME, 0o644)
    with GameStore.open(tmp_path):
        pass
    assert mode(tmp_path / f"{DB_FILENAME}.schema1.bak") == 0o600
    assert mode(tmp_path / DB_FILENAME) == 0o600


def test_an_open_data_folder_is_narrowed_when_the_server_starts(tmp_path: Path) -> None:
    """A data folder an older version (or a loose umask) left readable by others is the user's
    alone once the server has started on it, files included."""
    folder = tmp_path / "data"
    two_games(folder)
    os.chmod(folder, 0o755)
    os.chmod(folder / DB_FILENAME, 0o644)
    server = subprocess.Popen(
        [sys.executable, "-m", "companion", "--host", "127.0.0.1", "--port", str(free_port()),
         "--data-dir", str(folder), "--no-browser"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        assert server.stdout is not None
        for line in server.stdout:  # the banner is printed once the server is composed
            if "?key=" in line:
                break
        else:
            pytest.fail(f"the server did not start: {server.communicate(timeout=10)[1]}")
        assert mode(folder) == 0o700
        files = sorted(p.name for p in folder.iterdir() if p.is_file())
        assert {name: mode(folder / name) for name in files} == dict.fromkeys(files, 0o600)
    finally:
        server.terminate()
        server.communicate(timeout=30)
