"""The table page names the WebAssembly build in its headers for browsers that will take it.

A tablet's Chromium reads the `Link` header as soon as the page's headers arrive, a few tenths
of a second before the page's own preload script runs on a slow CPU, and starts the two big
files then (issue 24). A browser that takes the JavaScript build (every browser on an iPad,
an old Chrome) must not be sent 4 MB it never uses, so it gets the page as before.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.applications import Starlette
from starlette.responses import FileResponse, HTMLResponse
from starlette.routing import Route
from starlette.testclient import TestClient

from companion.server.preload_hints import BUILD_FILES, PreloadHints, takes_wasm_build

ANDROID_CHROME = ("Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like "
                  "Gecko) Chrome/131.0.0.0 Safari/537.36")
DESKTOP_EDGE = ("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like "
                "Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0")
HEADLESS_CHROMIUM = ("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
                     "HeadlessChrome/156.0.0.0 Safari/537.36")
IPAD_SAFARI = ("Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like "
               "Gecko) Version/17.0 Mobile/15E148 Safari/604.1")
IPAD_CHROME = ("Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like "
               "Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1")
FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0"
OLD_TABLET_CHROME = ("Mozilla/5.0 (Linux; Android 9; SM-T510) AppleWebKit/537.36 (KHTML, like "
                     "Gecko) Chrome/110.0.0.0 Safari/537.36")


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    script = tmp_path / "flutter_bootstrap.js"
    script.write_text("/* the loader */")

    async def page(_request: object) -> HTMLResponse:
        return HTMLResponse("<html>the table</html>")

    async def bootstrap(_request: object) -> FileResponse:
        return FileResponse(script, media_type="text/javascript")

    app = Starlette(routes=[Route("/", page), Route("/game/{game}", page),
                            Route("/flutter_bootstrap.js", bootstrap),
                            Route("/phone/join", page)])
    return TestClient(PreloadHints(app))


def _hint(client: TestClient, path: str, agent: str) -> str | None:
    answer = client.get(path, headers={"user-agent": agent})
    assert answer.status_code == 200
    return answer.headers.get("link")


@pytest.mark.parametrize("agent", [ANDROID_CHROME, DESKTOP_EDGE, HEADLESS_CHROMIUM])
def test_a_chromium_tablet_or_laptop_is_told_of_both_webassembly_files_with_the_page(
        client: TestClient, agent: str) -> None:
    hint = _hint(client, "/", agent)
    assert hint is not None
    for path in BUILD_FILES:
        assert f"<{path}>; rel=preload; as=fetch; crossorigin" in hint
    assert _hint(client, "/game/g1", agent) == hint, "a reload of a game's screen too"


@pytest.mark.parametrize("agent", [IPAD_SAFARI, IPAD_CHROME, FIREFOX, OLD_TABLET_CHROME, ""])
def test_a_browser_that_takes_the_javascript_build_gets_the_page_as_before(
        client: TestClient, agent: str) -> None:
    assert not takes_wasm_build(agent)
    assert _hint(client, "/", agent) is None


def test_only_the_table_page_carries_the_hint_not_its_files_nor_the_phone_pages(
        client: TestClient) -> None:
    assert _hint(client, "/flutter_bootstrap.js", ANDROID_CHROME) is None
    assert _hint(client, "/phone/join", ANDROID_CHROME) is None
