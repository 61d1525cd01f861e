"""Half-open connections cannot take the table down.

Real sockets against a real server on loopback; where a timeout matters, the server's clock
is moved by the test (`support.clock`), and what the server did is looked at once a later
connection has been answered (it takes connections in the order they came), so no check
waits for time to pass. Each attacking "device" is its own loopback
address (127.0.0.2, 127.0.0.3, ...), as each phone has its own address on the Wi-Fi; the
table's own browser connects from 127.0.0.1.
"""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from urllib.parse import urlsplit

import httpx2
import pytest
from support.clock import clocked_server
from support.harness import free_port
from support.phones import (
    START_RATS,
    Stream,
    night_of,
    served_like_the_table,
)

from companion.phones.routes import phone_app
from companion.server.limits import ConnectionLimits, uvicorn_options

TIMEOUT = 3600.0
"""The tests' request timeout on a server's clock they move by hand (`support.clock`): an
hour, which real time never reaches while a test runs."""
PARTIAL_HEAD = b"GET /phone/ HTTP/1.1\r\nHost: x\r\nX-a: "


night = night_of(3)


def half_open(base_url: str, source: str, send: bytes = PARTIAL_HEAD) -> socket.socket:
    """A connection from `source` that sends `send` and then nothing more."""
    address = urlsplit(base_url)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind((source, 0))
    sock.connect((address.hostname, address.port))
    if send:
        sock.sendall(send)
    return sock


def closed_now(sock: socket.socket) -> bool:
    """Whether the server has closed this connection, without waiting: call it once the
    server has done what would close it (a later connection answered, `clock.advance`)."""
    sock.setblocking(False)
    try:
        return sock.recv(4096) == b""
    except (ConnectionResetError, BrokenPipeError):
        return True
    except BlockingIOError:
        return False
    finally:
        sock.setblocking(True)


def closed_by_server(sock: socket.socket, within: float) -> bool:
    """Whether the server closes this connection within `within` seconds."""
    sock.settimeout(within)
    try:
        return sock.recv(4096) == b""
    except (ConnectionResetError, BrokenPipeError):
        return True
    except TimeoutError:
        return False


@contextlib.contextmanager
def sockets() -> Iterator[list[socket.socket]]:
    opened: list[socket.socket] = []
    try:
        yield opened
    finally:
        for sock in opened:
            sock.close()


def get(base_url: str, path: str, source: str = "127.0.0.1") -> httpx2.Response:
    with httpx2.Client(base_url=base_url, timeout=10,
                      transport=httpx2.HTTPTransport(local_address=source)) as client:
        return client.get(path)


def a_phone_post(base_url: str, source: str) -> httpx2.Response:
    with httpx2.Client(base_url=base_url, timeout=10,
                      transport=httpx2.HTTPTransport(local_address=source)) as client:
        return client.post("/phone/api/join", json={"token": "A" * 43})


def test_a_request_that_never_arrives_whole_is_closed_after_the_timeout(hub) -> None:
    limits = ConnectionLimits(request_timeout=TIMEOUT, per_address=10, total=50, table_reserve=5)
    with clocked_server(phone_app(hub), **uvicorn_options(limits)) as (base_url, clock), \
            sockets() as opened:
        head = half_open(base_url, "127.0.0.2")
        silent = half_open(base_url, "127.0.0.2", send=b"")
        body = half_open(base_url, "127.0.0.2", send=(
            b"POST /phone/api/join HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: 40\r\n\r\n{\"token\":"))
        opened += [head, silent, body]
        assert get(base_url, "/phone/").status_code == 200  # all three are in, and waiting
        clock.advance(TIMEOUT / 2)
        assert not any(closed_now(sock) for sock in opened)
        clock.advance(TIMEOUT / 2)
        assert all(closed_by_server(sock, within=30) for sock in opened)
        assert get(base_url, "/phone/").status_code == 200


def test_one_address_cannot_hold_more_than_its_share(hub) -> None:
    limits = ConnectionLimits(request_timeout=60, per_address=4, total=50, table_reserve=5)
    with served_like_the_table(phone_app(hub), limits) as base_url, sockets() as opened:
        opened += [half_open(base_url, "127.0.0.2") for _ in range(10)]
        # the server takes connections in the order they came: once a later one is answered,
        # the ten were admitted or turned away
        assert get(base_url, "/phone/").status_code == 200
        still_open = [sock for sock in opened if not closed_now(sock)]
        assert len(still_open) == 4
        assert a_phone_post(base_url, "127.0.0.3").status_code == 403


def test_a_flood_of_half_requests_leaves_the_table_and_a_phones_live_stream_served(
        hub, night) -> None:
    limits = ConnectionLimits(request_timeout=60, per_address=50, total=30, table_reserve=5)
    secret = hub.registry.claim(hub.registry.issue_token(night.game_id, 0)).device_secret
    with served_like_the_table(phone_app(hub), limits) as base_url, sockets() as opened:
        with Stream(base_url, secret) as stream:
            assert stream.next()[0] == "state"
            for n in range(120):
                opened.append(half_open(base_url, f"127.0.0.{2 + n % 4}"))
            assert get(base_url, "/phone/").status_code == 200
            assert get(base_url, "/phone/", source="127.0.0.9").status_code == 200
            assert a_phone_post(base_url, "127.0.0.10").status_code == 403
            night.reveal_rats({0: 1})
            while (update := stream.next())[1]["view"]["rats"] != START_RATS + 1:
                assert update[0] == "state"


@pytest.mark.slow
def test_the_real_server_with_a_1024_file_limit_survives_1100_half_requests(tmp_path) -> None:
    """The attack as it was run: `rattus-companion` under a 1024 open-file limit, 1,100
    connections with half a header; the table page and a phone's POST still answer."""
    port = free_port()
    launch = ("import resource, sys\n"
              "resource.setrlimit(resource.RLIMIT_NOFILE, (1024, 1024))\n"
              "from companion.cli import main\n"
              f"sys.exit(main(['--host', '127.0.0.1', '--port', '{port}', '--data-dir',"
              f" {str(tmp_path)!r}, '--no-browser']))\n")
    server = subprocess.Popen([sys.executable, "-c", launch], stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    base_url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            assert server.poll() is None, server.stderr.read() if server.stderr else ""
            with contextlib.suppress(httpx2.HTTPError):
                if get(base_url, "/phone/").status_code == 200:
                    break
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.2)
        with sockets() as opened:
            for n in range(1100):
                try:
                    opened.append(half_open(base_url, f"127.0.{1 + n // 200}.{2 + n % 200}"))
                except OSError:
                    pass
            table = get(base_url, "/")
            assert table.status_code == 200 and "flet" in table.text.lower()
            assert a_phone_post(base_url, "127.0.9.9").status_code == 403
            assert server.poll() is None
    finally:
        server.terminate()
        server.wait(timeout=20)


def test_a_websocket_like_the_tables_is_never_timed_out_and_counts_while_open() -> None:
    from starlette.applications import Starlette
    from starlette.routing import WebSocketRoute
    from starlette.websockets import WebSocket
    from websockets.sync.client import connect

    async def echo(websocket: WebSocket) -> None:
        await websocket.accept()
        while True:
            await websocket.send_text(await websocket.receive_text())

    app = Starlette(routes=[WebSocketRoute("/ws", echo)])
    limits = ConnectionLimits(request_timeout=TIMEOUT, per_address=2, total=50, table_reserve=5)
    with clocked_server(app, **uvicorn_options(limits)) as (base_url, clock), \
            sockets() as opened:
        url = urlsplit(base_url)
        raw = socket.create_connection((url.hostname, url.port), source_address=("127.0.0.2", 0))
        with connect(f"ws://{url.netloc}/ws", sock=raw) as table:
            table.send("open")
            assert table.recv(timeout=30) == "open"
            clock.advance(10 * TIMEOUT)  # an evening of play on the server's clock
            table.send("still here")
            assert table.recv(timeout=30) == "still here"
            second = half_open(base_url, "127.0.0.2")
            third = half_open(base_url, "127.0.0.2")
            opened += [second, third]
            assert closed_by_server(third, within=30)
            assert not closed_now(second)
            second.close()
        # both closed by this side: once a later connection is answered, the server has seen
        # them go
        assert get(base_url, "/phone/").status_code == 404
        again = [half_open(base_url, "127.0.0.2") for _ in range(2)]
        opened += again
        assert get(base_url, "/phone/").status_code == 404
        assert not any(closed_now(sock) for sock in again)
