"""Live updates: what the table records reaches the owner's phone at once, and only theirs."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from companion.phones.hub import Hub
from companion.phones.routes import phone_app
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
