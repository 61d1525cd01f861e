"""Live updates: what the table records reaches the owner's phone at once, and only theirs."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from companion.phones.hub import Hub
from companion.phones.routes import COOKIE, phone_app
from support.browser import live_server
from support.phones import TOY_RULES, FakeSession, Stream, TableRecordedRats, toy_hub

ANNA, BEN = 0, 1


@pytest.fixture
def session() -> FakeSession:
    return FakeSession(players=2)


@pytest.fixture
def hub(session: FakeSession) -> Hub:
    return toy_hub({"g1": session})


@pytest.fixture
def base_url(hub: Hub) -> Iterator[str]:
    with live_server(phone_app(hub, TOY_RULES)) as url:
        yield url


def pair(hub: Hub, seat: int) -> str:
    return hub.registry.claim(hub.registry.issue_token("g1", seat)).device_secret


def test_a_monastery_result_recorded_by_the_table_reaches_annas_phone_live(
        hub, session, base_url) -> None:
    stream = Stream(base_url, pair(hub, ANNA))
    try:
        kind, first = stream.next()
        assert kind == "state" and first["view"]["rats"] == 10
        assert hub.registry.status("g1", 2)[ANNA].connected
        session.submit(TableRecordedRats(ANNA, -2, "monastery", round=4, building=1))
        kind, update = stream.next()
        assert kind == "state" and update["view"]["rats"] == 8
        assert update["view"]["ledger"][0]["reason"] == "monastery"
    finally:
        stream.close()


def test_bens_stream_carries_nothing_of_annas_changes(hub, session, base_url) -> None:
    stream = Stream(base_url, pair(hub, BEN))
    try:
        assert stream.next()[1]["view"]["player"] == BEN
        session.submit(TableRecordedRats(ANNA, 3, "reveal", round=1, building=1))
        session.submit(TableRecordedRats(BEN, 1, "flute", round=1))
        kind, update = stream.next()
        assert kind == "state" and update["view"]["rats"] == 11
        assert [e["reason"] for e in update["view"]["ledger"]] == ["flute"]
    finally:
        stream.close()


def test_a_released_phones_stream_ends_and_cannot_come_back(hub, base_url) -> None:
    secret = pair(hub, ANNA)
    stream = Stream(base_url, secret)
    try:
        assert stream.next()[0] == "state"
        hub.registry.release("g1", ANNA)
        assert stream.next() == ("released", {})
        assert stream.next()[0] == "closed"
        assert not hub.registry.status("g1", 2)[ANNA].paired
    finally:
        stream.close()
    again = Stream(base_url, secret)
    try:
        assert again.next() == ("refused", 401)
    finally:
        again.close()


def test_a_stream_without_a_paired_phone_is_refused(base_url) -> None:
    response = httpx.get(f"{base_url}/phone/api/events", timeout=10)
    assert response.status_code == 401 and response.json()["error"] == "unknown_device"


# -- scanning straight into the stream ----------------------------------------------------

STREAMED = {"accept": "text/event-stream"}


def events_of(response: httpx.Response) -> Iterator[tuple[str, Any]]:
    kind, data = "message", ""
    for line in response.iter_lines():
        if line.startswith("event: "):
            kind = line[7:]
        elif line.startswith("data: "):
            data = line[6:]
        elif line == "" and data:
            yield kind, json.loads(data)
            kind, data = "message", ""


def test_annas_scan_answers_with_her_seat_and_her_live_ledger_in_one_request(
        hub, session, base_url) -> None:
    token = hub.registry.issue_token("g1", ANNA)
    with httpx.Client(base_url=base_url, timeout=10) as phone, \
            phone.stream("POST", "/phone/api/join", json={"token": token},
                         headers=STREAMED) as answer:
        assert answer.status_code == 200
        cookie = answer.headers["set-cookie"]
        assert cookie.startswith(f"{COOKIE}=") and "HttpOnly" in cookie
        assert "SameSite=strict" in cookie and token not in cookie
        events = events_of(answer)
        kind, first = next(events)
        assert (kind, first["seat"], first["view"]["player"]) == ("state", ANNA, ANNA)
        assert hub.registry.status("g1", 2)[ANNA].connected
        session.submit(TableRecordedRats(ANNA, -2, "monastery", round=4, building=1))
        kind, update = next(events)
        assert kind == "state" and update["view"]["rats"] == 8


def test_the_streamed_scan_carries_nothing_of_bens_changes(hub, session, base_url) -> None:
    token = hub.registry.issue_token("g1", ANNA)
    with httpx.Client(base_url=base_url, timeout=10) as phone, \
            phone.stream("POST", "/phone/api/join", json={"token": token},
                         headers=STREAMED) as answer:
        events = events_of(answer)
        assert next(events)[1]["view"]["rats"] == 10
        session.submit(TableRecordedRats(BEN, 3, "reveal", round=1, building=1))
        session.submit(TableRecordedRats(ANNA, 1, "flute", round=1))
        kind, update = next(events)
        assert [e["reason"] for e in update["view"]["ledger"]] == ["flute"]
        assert update["view"]["player"] == ANNA


def test_a_code_scanned_into_a_stream_is_used_up_like_any_other(hub, base_url) -> None:
    token = hub.registry.issue_token("g1", ANNA)
    with httpx.Client(base_url=base_url, timeout=10) as first, \
            first.stream("POST", "/phone/api/join", json={"token": token},
                         headers=STREAMED) as answer:
        assert answer.status_code == 200
        again = httpx.post(f"{base_url}/phone/api/join", json={"token": token},
                           headers=STREAMED, timeout=10)
    assert again.status_code == 409 and again.json()["error"] == "seat_taken"
    assert "set-cookie" not in again.headers


def test_a_forged_code_asking_for_a_stream_gets_a_plain_refusal(hub, base_url) -> None:
    response = httpx.post(f"{base_url}/phone/api/join", json={"token": "A" * 43},
                          headers=STREAMED, timeout=10)
    assert response.status_code == 403 and response.json()["error"] == "invalid_token"
    assert "set-cookie" not in response.headers
    assert not hub.registry.status("g1", 2)[ANNA].paired


def test_the_released_seats_stream_that_began_with_the_scan_ends(hub, base_url) -> None:
    token = hub.registry.issue_token("g1", BEN)
    with httpx.Client(base_url=base_url, timeout=10) as phone, \
            phone.stream("POST", "/phone/api/join", json={"token": token},
                         headers=STREAMED) as answer:
        events = events_of(answer)
        assert next(events)[0] == "state"
        hub.registry.release("g1", BEN)
        assert next(events) == ("released", {})
        assert next(events, None) is None
