"""The games database: durable, listed, versioned, and never reset when it is damaged."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from companion.store.db import (
    DB_FILENAME,
    MIGRATIONS,
    EventStatus,
    GameMeta,
    GameNotFound,
    GameStore,
    StoreCorrupted,
    StoreTooNew,
    default_data_dir,
)
from helpers.toy_game import TOY_TYPES, Rats, Score, begin

META = GameMeta(players=("Anna", "Ben"), progress="just begun")


def open_store(folder: Path) -> GameStore:
    return GameStore.open(folder, TOY_TYPES)


def store_one_game(folder: Path) -> str:
    with open_store(folder) as store:
        game = store.create_game([begin("Anna", "Ben")], META)
        for points in range(1, 30):
            store.append(game, Score(player=points % 2, points=points), META)
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
        game = store.create_game([begin("Anna", "Ben")], META)
        store.append(game, Score(player=0, points=4), META)
        store.append(game, Rats(player=1, rats=2), META)
    with open_store(tmp_path) as store:
        stored = store.events(game)
    assert [s.event for s in stored] == [begin("Anna", "Ben"), Score(0, 4), Rats(1, 2)]
    assert [s.seq for s in stored] == [1, 2, 3]
    assert [s.private_player for s in stored] == [None, None, 1]


def test_a_second_connection_sees_an_append_as_soon_as_it_returns(tmp_path: Path) -> None:
    """The commit is done when `append` returns: another process reads it at once."""
    with open_store(tmp_path) as store, open_store(tmp_path) as reader:
        game = store.create_game([begin("Anna", "Ben")], META)
        store.append(game, Score(player=0, points=4), META)
        assert reader.active_events(game)[-1] == Score(0, 4)


def test_undone_events_are_flagged_not_deleted(tmp_path: Path) -> None:
    with open_store(tmp_path) as store:
        game = store.create_game([begin("Anna", "Ben")], META)
        store.append(game, Score(player=0, points=4), META)
        store.set_status(game, {2: EventStatus.UNDONE}, META)
        assert store.active_events(game) == [begin("Anna", "Ben")]
        assert store.events(game)[1].status is EventStatus.UNDONE


def test_the_game_list_shows_players_winner_and_only_unfinished_games_to_resume(
        tmp_path: Path) -> None:
    with open_store(tmp_path) as store:
        done = store.create_game([begin("Anna", "Ben")], META)
        store.update_meta(done, GameMeta(("Anna", "Ben"), finished=True, winner="Ben (41 VP)"))
        open_game = store.create_game([begin("Cleo", "Dan")], GameMeta(("Cleo", "Dan")))
        games = {g.game_id: g for g in store.list_games()}
        assert games[done].winner == "Ben (41 VP)" and games[done].finished
        assert games[open_game].players == ("Cleo", "Dan")
        assert [g.game_id for g in store.unfinished_games()] == [open_game]


def test_a_game_can_be_named_by_the_start_of_its_id(tmp_path: Path) -> None:
    with open_store(tmp_path) as store:
        game = store.create_game([begin("Anna", "Ben")], META)
        assert store.resolve_id(game[:4]) == game
        with pytest.raises(GameNotFound, match="no game 'zz'"):
            store.resolve_id("zz")


def test_appending_to_an_unknown_game_writes_nothing(tmp_path: Path) -> None:
    with open_store(tmp_path) as store:
        with pytest.raises(GameNotFound):
            store.append("nope", Score(0, 1), META)
        assert store.list_games() == []


def test_a_failed_write_leaves_nothing_half_written(tmp_path: Path) -> None:
    """Dropping an event that does not exist aborts the whole append, the new event too."""
    with open_store(tmp_path) as store:
        game = store.create_game([begin("Anna", "Ben")], META)
        with pytest.raises(Exception, match="no event #9"):
            store.append(game, Score(0, 1), META, drop=[9])
        assert store.active_events(game) == [begin("Anna", "Ben")]


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


def test_an_older_file_is_migrated_on_open_and_a_backup_kept(tmp_path: Path) -> None:
    """After an upgrade the old file opens: the new schema steps run, the games stay."""
    game = store_one_game(tmp_path)

    def add_location(db: sqlite3.Connection) -> None:
        db.execute("ALTER TABLE games ADD COLUMN location TEXT")

    upgraded = {**MIGRATIONS, 2: add_location}
    store = GameStore(tmp_path / DB_FILENAME, TOY_TYPES, migrations=upgraded)
    assert len(store.active_events(game)) == 30
    store.close()
    db = sqlite3.connect(tmp_path / DB_FILENAME)
    assert db.execute("PRAGMA user_version").fetchone() == (2,)
    assert db.execute("SELECT location FROM games").fetchall() == [(None,)]
    backup = sqlite3.connect(tmp_path / f"{DB_FILENAME}.schema1.bak")
    assert backup.execute("PRAGMA user_version").fetchone() == (1,)


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
