"""The benchmarks that start real servers and a real browser run, once each, on this machine.

Slow (each starts Python processes; the browser ones also chromium), so they are marked and
kept to one repetition. They check the machinery, not the figures' values.
"""

from __future__ import annotations

import re

import pytest
from bench.figures import Verdict
from bench.servers import Kind, running
from support.harness import chromium_browser, requires_chromium

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("kind", [Kind.BARE, Kind.OURS])
def test_each_server_is_timed_from_spawn_to_its_page_and_then_stopped(kind: Kind) -> None:
    with running(kind) as server:
        assert 0 < server.seconds_to_serve < 60
        assert server.rss_bytes() > 10 * 2**20
        if kind is Kind.OURS:
            assert "/?key=" in server.page_url
    assert server.process.poll() is not None


@pytest.mark.browser
@requires_chromium
def test_the_bare_page_reaches_flutters_first_frame_and_its_content() -> None:
    from bench.browser import open_flutter_page

    with running(Kind.BARE) as server, chromium_browser() as browser:
        context, times = open_flutter_page(browser, server.page_url)
        context.close()
    assert 0 < times.first_frame <= times.content


@pytest.mark.browser
@requires_chromium
def test_a_table_action_reaches_the_five_phones_and_is_timed() -> None:
    from bench.phones import live_figures

    (row,) = live_figures(max_actions=2)
    assert row.verdict in (Verdict.PASS, Verdict.FAIL)
    assert re.fullmatch(r"[\d.]+ ms", row.figure)
    assert row.note.startswith("2 rat-changing table events")
