"""The table's cold load on a modest tablet, against the bare Flet app's: the first game night
on a new install starts with it.

A tablet on the home Wi-Fi is simulated in chromium: 20 Mbit/s down, 40 ms latency, the CPU
slowed 4x (the phones' benchmark, `phone_join`, uses the same figures), an 800x1280 view and
an empty browser cache. The load counts from navigation start to the first frame with the
app's own view, as the first-frame row does. Two loads of ours are measured in each
repetition: the very first one after an install (a fresh data directory: the server has made
no compressed copy of the web client yet, `companion.server.compressed_web`), and a cold load
of the same server later on. The budget is 0.7 of the bare app's load, for both.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from support.harness import chromium_browser

from bench import browser as chromium
from bench.figures import Figure, median, not_measured, verdict
from bench.servers import Kind, running
from bench.table import bytecode_as_installed

LIMIT = 0.7
DOWNLOAD_BITS_PER_SECOND = 20_000_000
LATENCY_MS = 40
CPU_SLOWDOWN = 4
VIEWPORT = {"width": 800, "height": 1280}
WHAT = "table cold load, simulated tablet"


def _throttle(context: Any, page: Any) -> None:
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": LATENCY_MS,
        "downloadThroughput": DOWNLOAD_BITS_PER_SECOND / 8,
        "uploadThroughput": DOWNLOAD_BITS_PER_SECOND / 8})
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})


def _load(browser: Any, url: str) -> tuple[float, int]:
    times = chromium.open_flutter_page(browser, url, viewport=VIEWPORT, prepare=_throttle)
    times[0].close()
    return times[1].content, times[1].bytes_transferred


def tablet_figures(repetitions: int = 3) -> list[Figure]:
    budget = f"<= {LIMIT}x bare Flet"
    why = chromium.missing()
    if why:
        return [not_measured(WHAT, budget, why)]
    bytecode_as_installed()
    bare_s: list[float] = []
    first_s: list[float] = []
    later_s: list[float] = []
    sizes: dict[str, list[int]] = {"bare": [], "first": [], "later": []}
    with running(Kind.BARE) as bare, chromium_browser() as browser:
        _load(browser, bare.page_url)  # warm-up: the file cache, not the browser's
        for _ in range(repetitions):
            seconds, size = _load(browser, bare.page_url)
            bare_s.append(seconds)
            sizes["bare"].append(size)
            with tempfile.TemporaryDirectory(prefix="bench-tablet-") as folder, \
                    running(Kind.OURS, Path(folder)) as ours:
                for kind, samples in (("first", first_s), ("later", later_s)):
                    seconds, size = _load(browser, ours.page_url)
                    samples.append(seconds)
                    sizes[kind].append(size)
    base = median(bare_s)
    first, later = median(first_s) / base, median(later_s) / base

    def mb(kind: str) -> str:
        return f"{median(sizes[kind]) / 2**20:.1f} MB"

    note = (f"medians of {repetitions}; 20 Mbit/s, 40 ms, CPU x4, 800x1280, empty cache; "
            f"{median(later_s):.1f} s vs {base:.1f} s, {mb('later')} vs {mb('bare')}")
    return [
        Figure(f"{WHAT}, first load after an install", f"{first:.2f}x", budget,
               verdict(first <= LIMIT),
               f"{median(first_s):.1f} s, {mb('first')}: a fresh data directory, the "
               f"server's first page"),
        Figure(WHAT, f"{later:.2f}x", budget, verdict(later <= LIMIT), note),
    ]
