"""A hostile device at the table's Wi-Fi: every bad request gets a
clean refusal and changes nothing, and guessing is limited however the guesses arrive."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx2
import pytest
from starlette.testclient import TestClient
from support.phones import START_RATS, TableNight, night_of, served_like_the_table

from companion.phones.body import BadJson, load_json
from companion.phones.hub import Hub
from companion.phones.limits import FailureLimiter
from companion.phones.routes import COOKIE, HOST_KEY_HEADER, phone_app

ANNA, BEN, CARLA = 0, 1, 2
JSON = {"content-type": "application/json"}


night = night_of(3)


def client(app: Any) -> TestClient:
    return TestClient(app, base_url="http://table.local:8550", raise_server_exceptions=False)


def paired(app: Any, hub: Hub, night: TableNight, seat: int) -> TestClient:
    phone = client(app)
    token = hub.registry.issue_token(night.game_id, seat)
    assert phone.post("/phone/api/join", json={"token": token}).status_code == 200
    return phone


# -- the one loader -----------------------------------------------------------------------


@pytest.mark.parametrize(("raw", "reason"), [
    (b"[" * 1000 + b"]" * 1000, "too_deep"),
    (b'{"a":' * 300 + b"1" + b"}" * 300, "too_deep"),
    (b"[" * 15_000, "too_deep"),
    (b'{"delta":1,"reason":"correction","delta":-1}', "duplicate_key"),
    (b'{"delta":' + b"9" * 5000 + b"}", "number_too_long"),
    (b'{"delta":1e999}', "not_a_number"),
    (b'{"delta":NaN}', "not_a_number"),
    (b'{"delta":' + b"1" * 3000 + b".5}", "number_too_long"),
    (b'{"a":"\xff"}', "not_utf8"),
    (b"[1]" * 10_000, "too_large"),
    (b"{not json", "not_json"),
])
def test_the_loader_refuses_what_python_json_would_take_or_crash_on(raw, reason) -> None:
    """The store reads larger records with the same loader, so the caps hold beyond a phone's
    2 KB too (`max_bytes`)."""
    with pytest.raises(BadJson) as refused:
        load_json(raw, max_bytes=20_000)
    assert refused.value.reason == reason


def test_the_loader_reads_what_a_phone_sends_and_brackets_inside_strings_are_text() -> None:
    assert load_json(b'{"delta":-2,"reason":"hospital"}') == {"delta": -2, "reason": "hospital"}
    assert load_json(b'{"entry_id":"' + b"[{" * 40 + b'"}') == {"entry_id": "[{" * 40}
    assert load_json(b'{"a":"\\"]]]"}') == {"a": '"]]]'}


# -- bad bodies on every phone POST -------------------------------------------------------


@pytest.mark.parametrize("path", ["/phone/api/join", "/phone/api/rats", "/phone/api/nuns",
                                  "/phone/api/dispute", "/phone/api/confirm",
                                  "/phone/api/undo"])
def test_json_nested_a_thousand_deep_is_a_clean_400_everywhere(app, hub, night, path) -> None:
    phone = paired(app, hub, night, ANNA)
    deep = b"[" * 1000 + b"]" * 1000
    assert len(deep) < 2048
    response = phone.post(path, content=deep, headers=JSON)
    assert response.status_code == 400 and response.json()["error"] == "bad_request"
    assert len(night.events) == 1


def test_a_key_given_twice_is_refused_and_changes_nothing(app, hub, night) -> None:
    ben = paired(app, hub, night, BEN)
    response = ben.post("/phone/api/rats", content=b'{"delta":1,"reason":"correction",'
                                                   b'"delta":-1}', headers=JSON)
    assert response.status_code == 400 and "more than once" in response.json()["message"]
    assert night.state.rats[BEN] == START_RATS and len(night.events) == 1


def test_a_number_of_five_thousand_digits_is_refused(app, hub, night) -> None:
    ben = paired(app, hub, night, BEN)
    response = ben.post("/phone/api/rats", content=b'{"delta":-' + b"1" * 5000
                        + b',"reason":"correction"}', headers=JSON)
    assert response.status_code == 413  # 5,000 digits are over MAX_BODY before any parsing
    assert night.state.rats[BEN] == START_RATS and len(night.events) == 1


def test_a_body_longer_than_it_says_is_cut_off_at_the_cap(app, hub, night) -> None:
    anna = paired(app, hub, night, ANNA)
    chunks = (b'{"delta":1,"reason":"correction","pad":"' + b"x" * 100 for _ in range(50))
    response = anna.post("/phone/api/rats", content=chunks, headers=JSON)
    assert response.status_code == 413
    assert len(night.events) == 1


# -- host paths and seats -----------------------------------------------------------------


@pytest.mark.parametrize("seat", ["%C2%B2", "9" * 5000, "-1", "1.0", "%20" + "1", "０"])
def test_a_seat_that_is_not_a_small_number_names_no_seat(app, hub, night, seat) -> None:
    table = client(app)
    key = {HOST_KEY_HEADER: hub.host_key}
    code = table.post(f"/phone/host/{night.game_id}/seats/{seat}/code", headers=key)
    release = table.delete(f"/phone/host/{night.game_id}/seats/{seat}", headers=key)
    assert (code.status_code, release.status_code) == (404, 404)
    assert code.json()["error"] == "bad_seat"
    assert not any(s.code_open or s.paired for s in hub.registry.status(night.game_id, 5))


@pytest.mark.parametrize("players", ["9" * 5000, "²", "-1", "6", "x"])
def test_a_players_count_that_is_no_count_is_a_400(app, hub, night, players) -> None:
    response = client(app).get(f"/phone/host/{night.game_id}/seats",
                               params={"players": players},
                               headers={HOST_KEY_HEADER: hub.host_key})
    assert response.status_code == 400 and response.json()["error"] == "bad_value"


def test_no_code_is_made_for_a_seat_outside_the_game(app, hub, night) -> None:
    # R-SETUP-1: three players sit at seats 0-2; seat 3 and 4 do not exist in this game.
    table = client(app)
    for seat in (3, 4):
        response = table.post(f"/phone/host/{night.game_id}/seats/{seat}/code",
                              headers={HOST_KEY_HEADER: hub.host_key})
        assert response.status_code == 404 and response.json()["error"] == "no_seat"
    assert not any(s.code_open for s in hub.registry.status(night.game_id, 5))


def test_a_code_for_a_seat_outside_the_game_pairs_nothing(app, hub, night) -> None:
    """A code made for seat 4 some other way (an older version made them): claiming it is a
    404, the seat stays unpaired, no cookie is set and no phone reaches a view."""
    token = hub.registry.issue_token(night.game_id, 4)
    phone = client(app)
    response = phone.post("/phone/api/join", json={"token": token})
    assert response.status_code == 404 and response.json()["error"] == "no_seat"
    assert "set-cookie" not in response.headers
    assert not hub.registry.is_paired(night.game_id, 4)
    assert not any(s.paired for s in hub.registry.status(night.game_id, 5))
    assert phone.get("/phone/api/state").status_code == 401


def test_unknown_paths_and_methods_answer_in_the_refusal_shape(app) -> None:
    response = client(app).get("/phone/api/nothing-here")
    assert response.status_code == 404 and response.json()["error"] == "not_found"
    response = client(app).put("/phone/api/rats", json={})
    assert response.status_code == 405 and "POST" in response.headers["allow"]


# -- guessing: counted atomically, by the socket's own address -----------------------------


async def _guesses(base_url: str, count: int, local_address: str = "127.0.0.1",
                   headers: Any = lambda n: {}) -> list[int]:
    transport = httpx2.AsyncHTTPTransport(local_address=local_address)
    limits = httpx2.Limits(max_connections=count)
    async with httpx2.AsyncClient(base_url=base_url, transport=transport, limits=limits,
                                 timeout=60) as phone:
        answers = await asyncio.gather(*(
            phone.post("/phone/api/join", json={"token": f"guess-{n:040d}"}, headers=headers(n))
            for n in range(count)))
    return [answer.status_code for answer in answers]


def test_two_hundred_guesses_at_once_let_at_most_ten_reach_the_check(
        hub: Hub, night: TableNight) -> None:
    hub.limiter = FailureLimiter(max_failures=10, window=60)
    checked = []
    claim = hub.registry.claim

    def counted_claim(token: object, admit: Any = None) -> Any:
        checked.append(token)
        return claim(token, admit)

    hub.registry.claim = counted_claim  # type: ignore[method-assign]
    with served_like_the_table(phone_app(hub)) as base_url:
        answers = asyncio.run(_guesses(base_url, 200))
    assert len(checked) <= 10
    assert answers.count(403) == len(checked)
    assert answers.count(429) == 200 - len(checked)


def test_a_forwarded_for_header_neither_hides_a_guesser_nor_locks_out_a_phone(hub, night
                                                                             ) -> None:
    hub.limiter = FailureLimiter(max_failures=10, window=60)
    secret = hub.registry.claim(hub.registry.issue_token(night.game_id, CARLA)).device_secret
    with served_like_the_table(phone_app(hub)) as base_url:
        rotated = asyncio.run(_guesses(
            base_url, 30, headers=lambda n: {"x-forwarded-for": f"10.9.{n}.1",
                                             "forwarded": f"for=10.9.{n}.1"}))
        assert rotated.count(403) <= 10 and rotated.count(429) >= 20
        framing = asyncio.run(_guesses(base_url, 12, local_address="127.0.0.2",
                                       headers=lambda n: {"x-forwarded-for": "127.0.0.5"}))
        assert framing.count(429) >= 2
        carla = httpx2.Client(base_url=base_url, cookies={COOKIE: secret}, timeout=10,
                             transport=httpx2.HTTPTransport(local_address="127.0.0.5"))
        with carla:
            state = carla.get("/phone/api/state")
    assert state.status_code == 200 and state.json()["seat"] == CARLA
    assert json.loads(state.text)["view"]["player"] == CARLA
