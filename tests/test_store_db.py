"""The games database: durable, listed, versioned, and never reset when it is damaged."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from support.stored_games import public_steps, rat_note, started

from companion.store.codec import event_to_json
from companion.store.db import (
    DB_FILENAME,
    MIGRATIONS,
    EventStatus,
    GameChangedElsewhere,
    GameMeta,
    GameNotFound,
    GameStore,
    StoreCorrupted,
    StoreTooNew,
    default_data_dir,
)

META = GameMeta(players=("Anna", "Ben"), progress="just begun")
STEPS = public_steps(seed=3, players=2)
"""A two-player game (Anna, Ben) as the table enters it."""


def open_store(folder: Path) -> GameStore:
    return GameStore.open(folder)


def store_one_game(folder: Path) -> str:
    """Anna and Ben's game, its start and 29 steps."""
    with open_store(folder) as store:
        game = store.create_game(STEPS[:1], META)
        for step in STEPS[1:30]:
            store.append(game, step, META)
    return game


def test_a_new_data_directory_gets_one_games_file_in_wal_mode(tmp_path: Path) -> None:
    with open_store(tmp_path / "data"):
        pass
    db = sqlite3.connect(tmp_path / "data" / DB_FILENAME)
    assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    assert db.execute("PRAGMA user_version").fetchone() == (max(MIGRATIONS),)


def test_the_default_data_directory_is_the_users_own() -> None:
    assert "rattus-companion" in str(default_data_dir())


def test_appended_events_are_there_after_reopening_in_order(tmp_path: Path) -> None:
    with open_store(tmp_path) as store:
        game = store.create_game(STEPS[:1], META)
        store.append(game, STEPS[1], META)
        store.append(game, rat_note(1, 2), META)
    with open_store(tmp_path) as store:
        stored = store.events(game)
    assert [s.event for s in stored] == [STEPS[0], STEPS[1], rat_note(1, 2)]
    assert [s.seq for s in stored] == [1, 2, 3]
    assert [s.private_player for s in stored] == [None, None, 1]


def test_a_second_connection_sees_an_append_as_soon_as_it_returns(tmp_path: Path) -> None:
    """The commit is done when `append` returns: another process reads it at once."""
    with open_store(tmp_path) as store, open_store(tmp_path) as reader:
        game = store.create_game(STEPS[:1], META)
        store.append(game, STEPS[1], META)
        assert reader.active_events(game)[-1] == STEPS[1]


def test_undone_events_are_flagged_not_deleted(tmp_path: Path) -> None:
    with open_store(tmp_path) as store:
        game = store.create_game(STEPS[:1], META)
        store.append(game, STEPS[1], META)
        store.set_status(game, {2: EventStatus.UNDONE}, META)
        assert store.active_events(game) == STEPS[:1]
        assert store.events(game)[1].status is EventStatus.UNDONE


def test_the_game_list_shows_players_winner_and_only_unfinished_games_to_resume(
        tmp_path: Path) -> None:
    with open_store(tmp_path) as store:
        done = store.create_game([started("Anna", "Ben")], META)
        store.update_meta(done, GameMeta(("Anna", "Ben"), finished=True, winner="Ben (41 VP)"))
        open_game = store.create_game([started("Cleo", "Dan")], GameMeta(("Cleo", "Dan")))
        games = {g.game_id: g for g in store.list_games()}
        assert games[done].winner == "Ben (41 VP)" and games[done].finished
        assert games[open_game].players == ("Cleo", "Dan")
        assert [g.game_id for g in store.unfinished_games()] == [open_game]


def test_a_game_can_be_named_by_the_start_of_its_id(tmp_path: Path) -> None:
    with open_store(tmp_path) as store:
        game = store.create_game(STEPS[:1], META)
        assert store.resolve_id(game[:4]) == game
        with pytest.raises(GameNotFound, match="no game 'zz'"):
            store.resolve_id("zz")


def test_appending_to_an_unknown_game_writes_nothing(tmp_path: Path) -> None:
    with open_store(tmp_path) as store:
        with pytest.raises(GameNotFound):
            store.append("nope", STEPS[1], META)
        assert store.list_games() == []


def test_a_failed_write_leaves_nothing_half_written(tmp_path: Path) -> None:
    """Dropping an event that does not exist aborts the whole append, the new event too."""
    with open_store(tmp_path) as store:
        game = store.create_game(STEPS[:1], META)
        with pytest.raises(Exception, match="no event #9"):
            store.append(game, STEPS[1], META, drop=[9])
        assert store.active_events(game) == STEPS[:1]


def test_a_file_that_is_not_a_database_is_reported_and_left_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / DB_FILENAME
    path.write_bytes(b"shopping list: rats, cheese\n" * 100)
    before = path.read_bytes()
    with pytest.raises(StoreCorrupted, match=str(path)):
        open_store(tmp_path)
    assert path.read_bytes() == before


def test_an_emptied_file_is_reported_not_silently_reset(tmp_path: Path) -> None:
    store_one_game(tmp_path)
    (tmp_path / DB_FILENAME).write_bytes(b"")
    with pytest.raises(StoreCorrupted, match="empty"):
        open_store(tmp_path)
    assert (tmp_path / DB_FILENAME).stat().st_size == 0


def test_a_truncated_file_is_reported_and_left_as_it_is(tmp_path: Path) -> None:
    store_one_game(tmp_path)
    path = tmp_path / DB_FILENAME
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2 + 100])
    with pytest.raises(StoreCorrupted, match=str(path)):
        open_store(tmp_path)
    assert len(path.read_bytes()) == len(data) // 2 + 100


def test_a_file_with_scribbled_pages_is_reported(tmp_path: Path) -> None:
    store_one_game(tmp_path)
    path = tmp_path / DB_FILENAME
    data = bytearray(path.read_bytes())
    page = 4096
    for offset in range(page, len(data), page):
        data[offset:offset + 64] = b"\xff" * 64
    path.write_bytes(bytes(data))
    with pytest.raises(StoreCorrupted, match="damaged"):
        open_store(tmp_path)


def test_another_programs_database_is_not_taken_over(tmp_path: Path) -> None:
    path = tmp_path / DB_FILENAME
    other = sqlite3.connect(path)
    other.execute("CREATE TABLE recipes (name TEXT)")
    other.commit()
    other.close()
    with pytest.raises(StoreCorrupted, match="not a rattus-companion games database"):
        open_store(tmp_path)


def test_a_file_from_a_newer_version_is_refused_untouched(tmp_path: Path) -> None:
    store_one_game(tmp_path)
    path = tmp_path / DB_FILENAME
    db = sqlite3.connect(path)
    db.execute("PRAGMA user_version = 99")
    db.close()
    with pytest.raises(StoreTooNew, match="newer version"):
        open_store(tmp_path)


def test_a_file_from_the_first_schema_opens_after_an_upgrade_with_its_games(
        tmp_path: Path) -> None:
    """Schema 1 had no write counter; opening it adds one and keeps a backup of the old file."""
    old = sqlite3.connect(tmp_path / DB_FILENAME)
    MIGRATIONS[1](old)
    old.execute("PRAGMA user_version = 1")
    game = "0ldgame1"
    old.execute("INSERT INTO games VALUES (?, '2026-01-01T20:00:00+00:00',"
                " '2026-01-01T21:00:00+00:00', '[\"Anna\", \"Ben\"]', NULL, 0, NULL, NULL)",
                (game,))
    for seq, event in enumerate(STEPS[:2], start=1):
        old.execute("INSERT INTO events VALUES (?, ?, ?, ?, '2026-01-01T20:00:00+00:00', NULL,"
                    " 'active')", (game, seq, type(event).__name__,
                                   json.dumps(event_to_json(event))))
    old.commit()
    old.close()
    with open_store(tmp_path) as store:
        assert store.active_events(game) == STEPS[:2]
        assert store.game(game).revision == 0
        store.append(game, STEPS[2], META, revision=0)
        assert store.game(game).revision == 1
    backup = sqlite3.connect(tmp_path / f"{DB_FILENAME}.schema1.bak")
    assert backup.execute("PRAGMA user_version").fetchone() == (1,)
    assert backup.execute("SELECT COUNT(*) FROM events").fetchone() == (2,)


def test_a_future_schema_step_runs_once_on_the_next_open(tmp_path: Path) -> None:
    game = store_one_game(tmp_path)
    latest = max(MIGRATIONS)

    def add_location(db: sqlite3.Connection) -> None:
        db.execute("ALTER TABLE games ADD COLUMN location TEXT")

    upgraded = {**MIGRATIONS, latest + 1: add_location}
    for _ in range(2):
        with GameStore(tmp_path / DB_FILENAME, migrations=upgraded) as store:
            assert len(store.active_events(game)) == 30
    db = sqlite3.connect(tmp_path / DB_FILENAME)
    assert db.execute("PRAGMA user_version").fetchone() == (latest + 1,)
    assert db.execute("SELECT location FROM games").fetchall() == [(None,)]


def test_a_writer_behind_the_games_revision_is_stopped(tmp_path: Path) -> None:
    with open_store(tmp_path) as store:
        game = store.create_game(STEPS[:1], META)
        store.append(game, STEPS[1], META, revision=0)
        with pytest.raises(GameChangedElsewhere, match="another window or program"):
            store.append(game, STEPS[2], META, revision=0)
        assert store.active_events(game) == STEPS[:2]


def test_a_stored_event_the_engine_no_longer_knows_is_reported_with_the_game(
        tmp_path: Path) -> None:
    game = store_one_game(tmp_path)
    db = sqlite3.connect(tmp_path / DB_FILENAME)
    db.execute("UPDATE events SET json = '{\"type\":\"Teleport\"}' WHERE seq = 3")
    db.commit()
    db.close()
    with open_store(tmp_path) as store, pytest.raises(
            StoreCorrupted, match=rf"game {game} .*event #3.type: unknown event type"):
        store.events(game)
