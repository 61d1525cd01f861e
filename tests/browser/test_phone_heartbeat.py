"""The phone page keeps its seat connected and its stream alive by itself, in a real browser
(390x844): it answers every beat of its live stream, so the table keeps waiting for it
(R-ROUND-C: a player enters on their own phone while it is connected); and a stream that goes
quiet for as long as the table waits for an answer (a Wi-Fi that went closes nothing) is
taken for dead, and the page opens a new one on its own, with its turn where it was.

No time is waited for: the server runs on a `support.clock.ClockedLoop` the test moves (and
the seat registry measures silences on it), and the page's timers on Playwright's clock.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import Browser, Request, Response
from support.clock import LoopTime, clocked_server
from support.harness import PHONE, own_contexts, phone_shown
from support.phones import TableNight, hub_for

from companion.phones.liveness import BEAT_SECONDS, SILENT_AFTER
from companion.phones.qr import pairing_url
from companion.phones.routes import phone_app
from companion.phones.seats import SeatRegistry

RED = 0


def beat_answered(request: Request) -> bool:
    return urlsplit(request.url).path == "/phone/api/beat"


def stream_opened(response: Response) -> bool:
    return urlsplit(response.url).path == "/phone/api/events" and response.ok


def test_the_page_answers_every_beat_and_reopens_a_stream_gone_quiet(tmp_path: Path,
                                                                    browser: Browser) -> None:
    night = TableNight(tmp_path, players=2)
    clock = LoopTime()
    hub = hub_for(night, SeatRegistry(monotonic=clock))
    try:
        with clocked_server(phone_app(hub)) as (base_url, loop), own_contexts(browser):
            clock.loop, hub.base_url = loop, base_url
            context = browser.new_context(locale="en-GB", viewport=PHONE, has_touch=True,
                                          is_mobile=True)
            context.clock.install()
            red = context.new_page()
            red.goto(pairing_url(base_url, hub.registry.issue_token(night.game_id, RED)))
            phone_shown(red)
            red.locator("#turn-who").filter(has_text="Your turn").wait_for()

            for _ in range(3):  # the claim's own stream: each beat answered
                with red.expect_request_finished(beat_answered):
                    loop.advance(BEAT_SECONDS)
            # longer than SILENT_AFTER on the server's clock: still waited for
            assert hub.registry.status(night.game_id, 2)[RED].connected

            # nothing comes for as long as the table waits for an answer: a new stream
            with red.expect_response(stream_opened):
                red.clock.fast_forward(int(SILENT_AFTER * 1000) + 1000)
            red.locator("#link", has_text="live").wait_for()
            red.locator("#turn-who").filter(has_text="Your turn").wait_for()
            with red.expect_request_finished(beat_answered):  # the new stream's beats too
                loop.advance(BEAT_SECONDS)
            assert hub.registry.status(night.game_id, 2)[RED].connected
            context.close()
    finally:
        night.close()
