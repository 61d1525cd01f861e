"""A phone that drops silently stops being waited for; its next answer brings it back.

R-ROUND-C: a player enters on their own phone while it is connected; a seat whose phone is
asleep is entered at the table as today. A phone whose Wi-Fi goes, that sleeps or whose tab is
frozen closes nothing, so "connected" means heard lately (`companion.phones.liveness`): the
live stream beats, the phone answers each beat, and a seat unheard for `SILENT_AFTER` is
told to the table as not connected.

Time is moved by the tests, never waited for: the seat registry measures silence on a clock
they turn, and the served stream runs on a `support.clock.ClockedLoop` whose clock the
registry reads too. What a test waits for is an event (a beat reaching the phone, a listener
told), with a ceiling far above any real delay.
"""

from __future__ import annotations

import contextlib
import queue
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2
import pytest
from support.clock import ClockedLoop, LoopTime, clocked_server
from support.phones import START_RATS, TableNight, events_of, hub_for, night_of, paired
from test_ui_phones import ANNA, Clock, Table

from companion.phones.entering import waited_for
from companion.phones.hub import Hub
from companion.phones.liveness import BEAT_SECONDS, SILENT_AFTER
from companion.phones.routes import COOKIE, phone_app
from companion.phones.seats import SeatRegistry
from companion.ui.shared.paths import play_route

BEN = 1
WAITING = "Waiting for Anna's phone; the table can still enter for them."
AT_THE_TABLE = "Tap the building and the number of cards laid face down there."
"""The entry screen's line for a seat whose phone the table does not wait for."""
CEILING = 30.0
"""How long a test waits for something the server does at once: far above any real delay,
and never a time the server's rules depend on."""


# -- the table's entry screen -------------------------------------------------------------


@pytest.fixture
def table(tmp_path: Path) -> Iterator[tuple[Table, Clock]]:
    silence = Clock(0.0)
    with Table(tmp_path, SeatRegistry(clock=Clock(), monotonic=silence), Clock()) as found:
        yield found, silence


def waiting(table: Table) -> str:
    """The entry screen's line under the row: whose phone it waits for, or the table's own."""
    table.page.run_pending()  # the redraws the tab was asked for
    if "waiting-phone" in table.ids():
        return table.texts("waiting-phone")
    assert AT_THE_TABLE in table.texts()
    return AT_THE_TABLE


def annas_phone_paired(table: Table) -> tuple[SeatRegistry, str]:
    """Anna's phone paired (asleep until a story connects it) and the table on its round
    screen: the seats and the game."""
    seats, game = table.seats, table.session.game_id
    assert seats is not None
    seats.claim(seats.issue_token(game, ANNA))
    table.open(play_route(game))
    return seats, game


def test_annas_silent_phone_is_let_go_and_her_next_answer_brings_it_back(table) -> None:
    table, silence = table
    seats, game = annas_phone_paired(table)
    with seats.connection(game, ANNA) as stream:
        assert waiting(table) == WAITING
        # her Wi-Fi goes: the stream stays open on the table's side, and beats unanswered
        silence.now += SILENT_AFTER
        seats.beat(game, ANNA)
        assert waiting(table) == WAITING  # one late answer is no drop: no flicker
        silence.now += BEAT_SECONDS
        seats.beat(game, ANNA)
        assert waiting(table) == AT_THE_TABLE  # the table enters for her, as for no phone
        assert not seats.status(game, 3)[ANNA].connected
        assert "enter-0-0" in table.ids()
        # her phone is back and answers the next beat: the table waits for it again
        silence.now += BEAT_SECONDS
        seats.beat(game, ANNA)
        assert seats.answered(game, ANNA, stream)
        assert waiting(table) == WAITING
    # a stream that ends is seen at once, with no time passing
    assert waiting(table) == AT_THE_TABLE


def test_a_phone_answering_every_beat_is_waited_for_all_evening(table) -> None:
    table, silence = table
    seats, game = annas_phone_paired(table)
    told: list[int] = []
    seats.on_connection(lambda _game, seat: told.append(seat))
    with seats.connection(game, ANNA) as stream:
        for _ in range(360):  # an hour of beats
            silence.now += BEAT_SECONDS
            seats.beat(game, ANNA)
            assert seats.answered(game, ANNA, stream)
        assert waiting(table) == WAITING
    assert told == [ANNA, ANNA]  # connected once, gone once: nothing in between


def test_a_dead_stream_left_open_does_not_keep_the_seat_once_the_live_one_ends(table) -> None:
    # Her phone roamed to another access point: its old stream is half-open on the table's
    # side, and the new one is the one it answers. When she closes the page, the table
    # stops waiting at once, not when the dead stream's silence runs out.
    table, silence = table
    seats, game = annas_phone_paired(table)
    with seats.connection(game, ANNA):
        silence.now += 2 * BEAT_SECONDS  # the old stream's beats go unanswered
        with seats.connection(game, ANNA) as live:
            silence.now += BEAT_SECONDS
            assert seats.answered(game, ANNA, live)
            assert waiting(table) == WAITING
        assert waiting(table) == AT_THE_TABLE


def test_an_answer_for_a_stream_that_is_not_the_seats_changes_nothing(table) -> None:
    table, silence = table
    seats, game = table.seats, table.session.game_id
    assert seats is not None
    with seats.connection(game, ANNA) as annas:
        silence.now += SILENT_AFTER + BEAT_SECONDS
        assert not seats.answered(game, BEN, annas)
        seats.beat(game, ANNA)
        assert not seats.status(game, 3)[ANNA].connected
    assert not seats.answered(game, ANNA, annas)  # ended: nothing to keep


# -- the served stream --------------------------------------------------------------------


night = night_of(3)


@pytest.fixture
def served(night: TableNight) -> Iterator[tuple[Hub, str, ClockedLoop]]:
    clock = LoopTime()
    hub = hub_for(night, SeatRegistry(clock=clock, monotonic=clock))
    with clocked_server(phone_app(hub)) as (base_url, loop):
        clock.loop = loop
        yield hub, base_url, loop


def pair(hub: Hub, night: TableNight, seat: int) -> str:
    return hub.registry.claim(hub.registry.issue_token(night.game_id, seat)).device_secret


def answer(base_url: str, secret: str, beat: dict[str, object]) -> httpx2.Response:
    """What the phone page does with a beat: it answers naming the stream."""
    return httpx2.post(f"{base_url}/phone/api/beat", cookies={COOKIE: secret},
                       json={"stream": beat["stream"]}, timeout=CEILING)


@contextlib.contextmanager
def page_open(base_url: str, secret: str) -> Iterator[Iterator[tuple[str, Any]]]:
    """A phone page's live stream, read where the test runs: leaving the block closes it as
    a page that is closed does (a stream read in another thread would close only once its
    next event woke that thread)."""
    with httpx2.Client(base_url=base_url, cookies={COOKIE: secret}, timeout=CEILING) as phone, \
            phone.stream("GET", "/phone/api/events") as response:
        assert response.status_code == 200
        yield events_of(response)


def test_the_stream_beats_and_the_table_follows_its_answers(served, night) -> None:
    hub, base_url, loop = served
    game = night.game_id
    secret = pair(hub, night, ANNA)
    told: queue.Queue[int] = queue.Queue()
    hub.registry.on_connection(lambda _game, seat: told.put(seat))
    with page_open(base_url, secret) as events:
        assert next(events)[0] == "state"
        assert told.get(timeout=CEILING) == ANNA
        assert waited_for(night.session, hub.registry, game, 3) == {ANNA}
        seen = hub.registry.status(game, 3)[ANNA].last_seen
        beats = []
        for _ in range(3):  # her phone stops answering
            loop.advance(BEAT_SECONDS)
            kind, beat = next(events)
            assert kind == "beat"
            beats.append(beat)
        assert beats[0] == {"stream": beats[0]["stream"], "within": SILENT_AFTER}
        # the third beat came SILENT_AFTER and more after she was last heard: told before it
        assert told.get_nowait() == ANNA
        assert waited_for(night.session, hub.registry, game, 3) == frozenset()
        assert not hub.registry.status(game, 3)[ANNA].connected
        # the table's phones panel says when she was last heard, not when it last wrote
        assert hub.registry.status(game, 3)[ANNA].last_seen == seen
        loop.advance(BEAT_SECONDS)
        kind, beat = next(events)
        assert kind == "beat" and answer(base_url, secret, beat).status_code == 204
        answered_at = loop.time()
        assert told.get_nowait() == ANNA
        assert hub.registry.status(game, 3)[ANNA].last_seen > seen
        assert waited_for(night.session, hub.registry, game, 3) == {ANNA}
    # the phone closes its page: seen at once, not when a silence would have run out
    assert told.get(timeout=CEILING) == ANNA
    assert loop.time() - answered_at < SILENT_AFTER
    assert waited_for(night.session, hub.registry, game, 3) == frozenset()


def test_the_stream_beats_on_time_through_a_busy_game(served, night) -> None:
    # Changes do not put the beat off: a phone that answers every beat is never let go while
    # the table plays on (R-ROUND-D a: revealed rats reach the phone as they come).
    hub, base_url, loop = served
    secret = pair(hub, night, ANNA)
    with page_open(base_url, secret) as events:
        assert next(events)[0] == "state"
        loop.advance(BEAT_SECONDS * 0.6)
        night.reveal_rats({ANNA: 1})
        while (update := next(events))[1]["view"]["rats"] == START_RATS:
            assert update[0] == "state"
        loop.advance(BEAT_SECONDS * 0.6)
        kind, beat = next(events)
        assert kind == "beat" and answer(base_url, secret, beat).status_code == 204
        assert hub.registry.status(night.game_id, 3)[ANNA].connected


def test_a_beat_answered_by_bens_phone_keeps_nothing_of_annas_alive(served, night) -> None:
    hub, base_url, loop = served
    anna, ben = pair(hub, night, ANNA), pair(hub, night, BEN)
    with page_open(base_url, anna) as events:
        assert next(events)[0] == "state"
        for _ in range(3):
            loop.advance(BEAT_SECONDS)
            kind, beat = next(events)
        assert kind == "beat"
        assert answer(base_url, ben, beat).status_code == 204  # nothing to say either way
        assert not hub.registry.status(night.game_id, 3)[ANNA].connected
        assert not hub.registry.status(night.game_id, 3)[BEN].connected


def test_a_beat_answer_without_the_phones_cookie_is_refused(served) -> None:
    _hub, base_url, _loop = served
    response = httpx2.post(f"{base_url}/phone/api/beat", json={"stream": 1}, timeout=CEILING)
    assert response.status_code == 401 and response.json()["error"] == "unknown_device"


@pytest.mark.parametrize("body", [{"stream": "7"}, {"stream": 0}, {"stream": 2**60},
                                  {"stream": True}, {}])
def test_a_beat_answer_of_the_wrong_shape_is_refused(night, body) -> None:
    hub = hub_for(night)
    app = phone_app(hub)
    phone = paired(app, hub, night.game_id, ANNA)
    answer = phone.post("/phone/api/beat", json=body)
    assert answer.status_code == 422 and answer.json()["error"] == "bad_value"
