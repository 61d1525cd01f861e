"""The terminal stays clean: Ctrl+C stops the real server without a
traceback, also right after a phone's request was refused on a damaged game, where a game
night saw one.

The server runs as the host runs it (`python -m companion`, a subprocess); Ctrl+C is SIGINT.
"""

from __future__ import annotations

import json
import signal
import sqlite3
import urllib.error
import urllib.request
from pathlib import Path

from starlette.testclient import TestClient
from support.harness import TableServer, table_server
from support.phones import TableNight

from companion.phones.hub import Hub
from companion.phones.routes import phone_app
from companion.phones.seats import SeatRegistry
from companion.server.games import OpenGames
from companion.store.db import DB_FILENAME

ANNA = 0
NOISE = ("Traceback", "never awaited", "Error", "ERROR", "KeyboardInterrupt")


def printed(server: TableServer) -> str:
    """What the server wrote (stdout and stderr) after its banner and the QR code."""
    lines = server.all_output().splitlines(keepends=True)
    return "".join(line for line in lines if not line.startswith(("██", "▀▀", "▄▄")))


def stop_with_ctrl_c(server: TableServer) -> int:
    server.process.send_signal(signal.SIGINT)
    return server.process.wait(timeout=15)


def ask(url: str, cookie: str, data: dict[str, object] | None = None
        ) -> tuple[int, dict[str, object]]:
    request = urllib.request.Request(
        url, data=None if data is None else json.dumps(data).encode(),
        headers={"cookie": cookie, "content-type": "application/json"},
        method="GET" if data is None else "POST")
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as refused:
        return refused.code, json.loads(refused.read())


def paired_phone(data_dir: Path) -> tuple[str, str]:
    """A three-player game with Anna's phone paired (through the phones' own routes), then
    the games file damaged as a crashed disk leaves it. Returns the game and the cookie."""
    night = TableNight(data_dir, players=3)
    registry = SeatRegistry.in_data_dir(data_dir)
    hub = Hub(registry=registry, open_session=OpenGames(night.store).session,
              base_url="http://127.0.0.1:8550")
    phone = TestClient(phone_app(hub), base_url="http://127.0.0.1:8550")
    token = registry.issue_token(night.game_id, ANNA)
    assert phone.post("/phone/api/join", json={"token": token}).status_code == 200
    cookie = "; ".join(f"{name}={value}" for name, value in phone.cookies.items())
    game = night.game_id
    night.close()
    registry.close()
    db = sqlite3.connect(data_dir / DB_FILENAME)
    db.execute("UPDATE events SET json = CAST(randomblob(64) AS TEXT) WHERE game_id = ?",
               (game,))
    db.commit()
    db.close()
    return game, cookie


def test_ctrl_c_right_after_a_refused_phone_request_on_a_damaged_game(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    _game, cookie = paired_phone(data_dir)
    with table_server(data_dir, lang="en") as server:
        status, said = ask(server.base_url + "/phone/api/state", cookie)
        assert (status, said["error"]) == (503, "game_damaged")
        status, said = ask(server.base_url + "/phone/api/rats", cookie,
                           {"delta": -1, "reason": "correction"})
        assert (status, said["error"]) == (503, "game_damaged")
        code = stop_with_ctrl_c(server)
    shown = printed(server)
    assert code in (0, 130)
    assert not [word for word in NOISE if word in shown], shown


def test_ctrl_c_with_nothing_open_and_at_once_after_the_start(tmp_path: Path) -> None:
    with table_server(tmp_path / "data", lang="en") as server:
        code = stop_with_ctrl_c(server)
    assert code in (0, 130)
    shown = printed(server)
    assert not [word for word in NOISE if word in shown], shown
