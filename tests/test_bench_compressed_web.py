"""The table's web client travels compressed and is cached across visits.

A tablet on the Wi-Fi loads Flet's client (about 14 MB as plain files); these stories check
that browsers that accept gzip get the small copy (made while the first one is sent), that a
returning browser gets a 304, and that nothing else changes.
"""

from __future__ import annotations

import gzip
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from bench.hello import build_app
from flet_web import get_package_web_dir
from starlette.applications import Starlette
from starlette.routing import Mount
from starlette.staticfiles import StaticFiles
from starlette.testclient import TestClient

from companion.server import compressed_web
from companion.server.compressed_web import CompressedWeb

CLIENT = b"(function(){/* the Flutter client */})();\n" * 2000


@pytest.fixture
def web(tmp_path: Path) -> tuple[TestClient, Path]:
    root = tmp_path / "web"
    root.mkdir()
    (root / "main.dart.js").write_bytes(CLIENT)
    (root / "tiny.js").write_bytes(b"var x = 1;\n")
    (root / "icon.png").write_bytes(b"\x89PNG" + bytes(20000))
    (root / "favicon.png").write_bytes(b"\x89PNG" + bytes(300))
    (root / "fonts").mkdir()
    (root / "fonts" / "DejaVuSans.ttf").write_bytes(bytes(20000))
    cache = tmp_path / "data" / "web-cache"
    app = CompressedWeb(Starlette(routes=[Mount("/", StaticFiles(directory=root))]),
                        roots=[root], cache_dir=cache)
    return TestClient(app), cache


def _copy_made(cache: Path) -> None:
    """The compressed copy is in place: written while the first answer was sent, and renamed
    into place before that answer ended (the first visit's story checks it)."""
    assert list(cache.glob("*.gz")), "the compressed copy was never made"


def test_flet_itself_still_serves_its_client_uncompressed() -> None:
    """The compressed copies stay only while Flet sends its client as plain files (a tablet's
    cold load of 14 MB instead of 5.4 MB). A Flet release that compresses them itself, or
    serves them from elsewhere than its package's web folder (one of the middleware's roots),
    fails here: then the middleware goes or follows."""
    bare = TestClient(build_app())
    client = Path(get_package_web_dir())
    for name in ("main.dart.js", "main.dart.wasm", "canvaskit/canvaskit.wasm"):
        answer = bare.get(f"/{name}", headers={"accept-encoding": "gzip"})
        assert answer.status_code == 200, name
        assert "content-encoding" not in answer.headers, name
        assert answer.content == (client / name).read_bytes(), name


def test_the_very_first_visit_gets_the_file_compressed_and_leaves_the_copy(web) -> None:
    # The first load after an install is a tablet's too: plain, it would be 14 MB.
    client, cache = web
    first = client.get("/main.dart.js", headers={"accept-encoding": "gzip"})
    assert first.status_code == 200
    assert first.headers["content-encoding"] == "gzip"
    assert first.content == CLIENT
    assert first.headers["cache-control"] == "no-cache"
    (copy,) = cache.glob("*.gz")
    assert gzip.decompress(copy.read_bytes()) == CLIENT
    assert not list(cache.glob("*.part"))


def test_the_next_visit_gets_the_gzip_copy_with_the_same_bytes_inside(web) -> None:
    client, cache = web
    client.get("/main.dart.js", headers={"accept-encoding": "gzip"})
    _copy_made(cache)
    second = client.get("/main.dart.js", headers={"accept-encoding": "gzip, br"})
    assert second.headers["content-encoding"] == "gzip"
    assert int(second.headers["content-length"]) < len(CLIENT) // 10
    assert second.content == CLIENT
    assert second.headers["content-type"].startswith("text/javascript")
    assert second.headers["vary"] == "Accept-Encoding"
    (copy,) = cache.glob("*.gz")
    assert gzip.decompress(copy.read_bytes()) == CLIENT


def test_a_returning_browser_revalidates_and_gets_a_304(web) -> None:
    client, cache = web
    client.get("/main.dart.js", headers={"accept-encoding": "gzip"})
    _copy_made(cache)
    etag = client.get("/main.dart.js", headers={"accept-encoding": "gzip"}).headers["etag"]
    again = client.get("/main.dart.js", headers={"accept-encoding": "gzip",
                                                  "if-none-match": etag})
    assert again.status_code == 304
    assert again.content == b""


def test_a_browser_without_gzip_still_gets_the_plain_file(web) -> None:
    client, cache = web
    client.get("/main.dart.js", headers={"accept-encoding": "gzip"})
    _copy_made(cache)
    plain = client.get("/main.dart.js", headers={"accept-encoding": "identity"})
    assert "content-encoding" not in plain.headers
    assert plain.content == CLIENT


def test_small_files_and_images_pass_through_untouched(web, monkeypatch) -> None:
    client, cache = web
    packed: list[object] = []
    pack = compressed_web._pack

    def watched(raw, packer):
        packed.append(raw)
        return pack(raw, packer)

    monkeypatch.setattr(compressed_web, "_pack", watched)
    for path in ("/tiny.js", "/icon.png"):
        response = client.get(path, headers={"accept-encoding": "gzip"})
        assert response.status_code == 200
        assert "content-encoding" not in response.headers
    assert client.get("/missing.js").status_code == 404
    # each answer ended with its request (TestClient waits for the app): nothing compressed
    # any of them, and nothing was left to compress them later
    assert packed == []
    assert not cache.exists() or not list(cache.glob("*"))


def test_the_icon_and_the_fonts_are_kept_for_a_week_without_asking(web) -> None:
    # Fetched again at every load, the icon went out 46 times in one game night.
    client, cache = web
    icon = client.get("/favicon.png")
    assert icon.status_code == 200
    assert icon.headers["cache-control"] == "public, max-age=604800"
    font = client.get("/fonts/DejaVuSans.ttf", headers={"accept-encoding": "gzip"})
    assert font.headers["cache-control"] == "public, max-age=604800"
    _copy_made(cache)
    font = client.get("/fonts/DejaVuSans.ttf", headers={"accept-encoding": "gzip"})
    assert font.headers["content-encoding"] == "gzip"
    assert font.headers["cache-control"] == "public, max-age=604800"
    assert client.get("/main.dart.js").headers["cache-control"] == "no-cache"


def test_a_tablets_first_load_compresses_its_files_in_one_thread(tmp_path, monkeypatch) -> None:
    # The server's memory: each worker thread that compressed would keep a heap of its own.
    root = tmp_path / "web"
    root.mkdir()
    names = ["main.dart.js", "canvaskit.js", "skwasm.js", "flutter.js"]
    for name in names:
        (root / name).write_bytes(CLIENT * 20)
    app = CompressedWeb(Starlette(routes=[Mount("/", StaticFiles(directory=root))]),
                        roots=[root], cache_dir=tmp_path / "cache")
    compressing: set[str] = set()
    pack = compressed_web._pack

    def watched(raw, packer):
        compressing.add(threading.current_thread().name)
        time.sleep(0.005)
        return pack(raw, packer)

    monkeypatch.setattr(compressed_web, "_pack", watched)
    with TestClient(app) as client, ThreadPoolExecutor(len(names)) as tablet:
        answers = list(tablet.map(
            lambda name: client.get(f"/{name}", headers={"accept-encoding": "gzip"}), names))
    assert [a.content for a in answers] == [CLIENT * 20] * len(names)
    assert len(compressing) == 1 and next(iter(compressing)).startswith("gzip"), compressing
