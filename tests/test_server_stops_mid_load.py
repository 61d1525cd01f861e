"""Ctrl+C while a tablet is still loading the table's web client: the server stops at once.

The client is megabytes of files, compressed as they are sent the first time. uvicorn answers
a request to its end before it stops, so a stop in the middle of a load waited for files a
tab reads as fast as it can (or not at all, behind a closed lid) until its graceful timeout,
then cancelled them with an ERROR ("timeout graceful shutdown exceeded"). A GET is cut off
instead (it changes nothing; the tab loads the file again from the next server), and the
compressing ends with it. Here the tab stops reading after the first bytes, and the server,
with the table's own connection settings, is told to stop.
"""

from __future__ import annotations

import logging
import os
import signal
import socket
import threading
import time
from pathlib import Path

import pytest
import uvicorn
from starlette.applications import Starlette
from starlette.routing import Mount
from starlette.staticfiles import StaticFiles
from support.harness import free_port

from companion.server.compressed_web import CompressedWeb
from companion.server.limits import uvicorn_options

CLIENT_SIZE = 32 << 20
"""More than a loopback socket's buffers hold, so the answer cannot be complete."""


def test_a_stop_while_a_tab_loads_the_client_cuts_the_load_off(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    root = tmp_path / "web"
    root.mkdir()
    (root / "main.dart.wasm").write_bytes(os.urandom(CLIENT_SIZE))
    cache = tmp_path / "data" / "web-cache"
    app = CompressedWeb(Starlette(routes=[Mount("/", StaticFiles(directory=root))]),
                        roots=[root], cache_dir=cache)
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port,
                                           log_level="warning", timeout_graceful_shutdown=2,
                                           lifespan="off", **uvicorn_options()))
    # uvicorn's logger does not propagate: caplog's handler is put on it (see test_phone_live)
    uvicorn_log = logging.getLogger("uvicorn.error")
    uvicorn_log.addHandler(caplog.handler)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    tab = None
    try:
        while not server.started:
            assert thread.is_alive()
            time.sleep(0.05)
        tab = socket.create_connection(("127.0.0.1", port))
        tab.sendall(b"GET /main.dart.wasm HTTP/1.1\r\nHost: table\r\n"
                    b"Accept-Encoding: gzip\r\n\r\n")
        first = tab.recv(4096)
        assert first.startswith(b"HTTP/1.1 200") and b"content-encoding: gzip" in first
        # the tab reads no more; the host presses Ctrl+C
        server.handle_exit(signal.SIGINT, None)
        thread.join(timeout=60)  # a hang detector, not a bound on the stop
        assert not thread.is_alive(), "the server did not stop"
    finally:
        uvicorn_log.removeHandler(caplog.handler)
        if tab is not None:
            tab.close()
    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert errors == [], errors  # not "Cancel 1 running task(s), timeout graceful shutdown..."
    # the load was cut off, not compressed to its end for nobody
    assert not cache.exists() or [f.name for f in cache.iterdir()] == []
