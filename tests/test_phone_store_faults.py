"""A games file that cannot serve a phone is named in the answer, never a 500: another program
holding the file is a 503 to try again, a damaged game is named, and in both cases nothing
changes."""

from __future__ import annotations

import sqlite3

from starlette.testclient import TestClient
from support.phones import START_RATS, TableNight, hub_for, night_of

from companion.phones.hub import Hub
from companion.phones.routes import phone_app
from companion.server.games import OpenGames
from companion.store.db import DB_FILENAME, GameStore

ANNA = 0
STORED_EVENTS = "SELECT seq, CAST(json AS BLOB) FROM events ORDER BY seq"
BASE = "http://table.local:8550"


night = night_of(3)


def paired_anna(night: TableNight) -> tuple[TestClient, Hub]:
    hub = hub_for(night)
    anna = TestClient(phone_app(hub), base_url=BASE)
    token = hub.registry.issue_token(night.game_id, ANNA)
    assert anna.post("/phone/api/join", json={"token": token}).status_code == 200
    return anna, hub


def test_a_games_file_held_by_another_program_is_a_503_to_retry(night, tmp_path) -> None:
    anna, _ = paired_anna(night)
    other = sqlite3.connect(tmp_path / DB_FILENAME, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        response = anna.post("/phone/api/rats", json={"delta": -1, "reason": "correction"})
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert response.status_code == 503 and response.json()["error"] == "store_busy"
    assert "another program" in response.json()["message"]
    assert str(tmp_path) not in response.text
    assert response.headers["retry-after"] == "2"
    assert night.state.rats[ANNA] == START_RATS and len(night.events) == 1
    # Once the other program lets go, the same change goes through.
    again = anna.post("/phone/api/rats", json={"delta": -1, "reason": "correction"})
    assert again.status_code == 200, again.text
    assert night.state.rats[ANNA] == START_RATS - 1


def test_a_damaged_game_is_named_to_the_phone_and_left_as_it_is(night, tmp_path) -> None:
    anna, paired_hub = paired_anna(night)
    game = night.game_id
    night.close()
    db = sqlite3.connect(tmp_path / DB_FILENAME)
    db.execute("UPDATE events SET json = CAST(randomblob(64) AS TEXT) WHERE game_id = ?",
               (game,))
    db.commit()
    stored = db.execute(STORED_EVENTS).fetchall()
    db.close()
    # The server starts again on the damaged file; Anna's phone keeps its pairing.
    with GameStore.open(tmp_path) as store:
        hub = Hub(registry=paired_hub.registry, open_session=OpenGames(store).session,
                  base_url=paired_hub.base_url)
        phone = TestClient(phone_app(hub), base_url=BASE, cookies=anna.cookies)
        for response in (phone.get("/phone/api/state"),
                         phone.post("/phone/api/rats", json={"delta": -1,
                                                             "reason": "correction"})):
            assert response.status_code == 503, response.text
            assert response.json()["error"] == "game_damaged"
            assert "damaged" in response.json()["message"]
            assert str(tmp_path) not in response.text
    db = sqlite3.connect(tmp_path / DB_FILENAME)
    assert db.execute(STORED_EVENTS).fetchall() == stored
    db.close()
