"""`rattus-companion`: serve the table app and the phone pages on the local network.

One process, one port: Flet's web client (served from the installed package, never a CDN),
its WebSocket, the phone pages under `/phone`, and the games database. The table's address
carries the host key (see `config`); it is printed with a QR so a tablet can open it too.
"""

from __future__ import annotations

import logging
import socket
import sys
import threading
import webbrowser
from importlib import resources
from pathlib import Path
from types import FrameType
from typing import Any, TextIO

import qrcode  # type: ignore[import-untyped]
import uvicorn
from flet_web import get_package_web_dir  # type: ignore[import-untyped]
from flet_web.fastapi import app as flet_app  # type: ignore[import-untyped]
from starlette.middleware import Middleware
from starlette.routing import Mount
from starlette.websockets import WebSocketDisconnect
from uvicorn.protocols.utils import ClientDisconnected

from companion.phones.hub import Hub
from companion.phones.network import base_url
from companion.phones.routes import phone_routes
from companion.phones.seats import SeatRegistry, SeatsFileDamaged
from companion.server.compressed_web import CompressedWeb
from companion.server.config import TableConfig, load_or_create_host_key
from companion.server.games import OpenGames
from companion.server.limits import uvicorn_options
from companion.server.main import make_main
from companion.store.db import GameStore, StoreError, default_data_dir
from companion.store.lock import DataDirLock

log = logging.getLogger(__name__)

ASSETS_DIR = Path(str(resources.files("companion") / "web"))
"""Fonts, the offline index page and the font manifest (`companion/web/README.md` says why).
Package data, so an installed wheel serves them from site-packages, never from a checkout."""
APP_NAME = "Rattus Cartus"
WEB_CACHE_DIR = "web-cache"
"""Compressed copies of the web client's files, made once (see `compressed_web`)."""
UNWANTED_ROUTES = ("/docs", "/docs/oauth2-redirect", "/redoc", "/openapi.json")
"""FastAPI's API pages load their scripts from a CDN; the table has no API to document."""


def build_app(config: TableConfig, games: OpenGames, phone_routes: list[Any] | None = None
              ) -> Any:
    """The whole server as one ASGI app: phone routes first, then Flet's client and socket."""
    app = flet_app(make_main(config, games), no_cdn=True, assets_dir=str(ASSETS_DIR),
                   app_name=APP_NAME, app_short_name=APP_NAME,
                   app_description="Rattus Cartus Companion")
    app.router.routes[:] = [r for r in app.router.routes
                            if getattr(r, "path", None) not in UNWANTED_ROUTES]
    if phone_routes is not None:
        app.router.routes.insert(0, Mount("/phone", routes=phone_routes))
    _compress_web_client(app, config)
    app.user_middleware.insert(0, Middleware(QuietDisconnects))
    return app


class QuietDisconnects:
    """A table tab that reloads or closes ends its WebSocket: an ordinary goodbye, which
    Flet's handler lets escape as `WebSocketDisconnect` and uvicorn then logged as "ERROR:
    Exception in ASGI application". It is logged at debug level instead."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "websocket":
            await self.app(scope, receive, send)
            return
        try:
            await self.app(scope, receive, send)
        except (WebSocketDisconnect, ClientDisconnected) as gone:
            log.debug("a table tab went away: %r", gone)


class StoppingServer(uvicorn.Server):
    """uvicorn's server, which tells the phones first when it is asked to stop: their live
    streams end at once instead of holding the shutdown up until uvicorn cancels them."""

    def __init__(self, config: uvicorn.Config, hub: Hub) -> None:
        super().__init__(config)
        self.hub = hub

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        self.hub.stop()
        super().handle_exit(sig, frame)


def _compress_web_client(app: Any, config: TableConfig) -> None:
    """Innermost, so Flet's own headers still go on every answer (see `compressed_web`)."""
    app.user_middleware.append(Middleware(
        CompressedWeb, roots=[ASSETS_DIR, Path(get_package_web_dir())],
        cache_dir=config.data_dir / WEB_CACHE_DIR))


def _phone_routes(hub: Any) -> list[Any]:
    return phone_routes(hub)


def port_free(host: str, port: int) -> bool:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError:
            return False
    return True


def print_banner(url: str, out: TextIO) -> None:
    out.write("\nRattus Cartus Companion\n")
    out.write(f"Table: {url}\n")
    out.write("Open this address on the table's device (laptop or tablet), or scan:\n")
    code = qrcode.QRCode(border=2)
    code.add_data(url)
    code.make(fit=True)
    code.print_ascii(out=out, invert=True)
    out.write("Keep this address to yourselves: it controls the game. Stop with Ctrl+C.\n\n")
    out.flush()


def serve(host: str | None = None, port: int = 8550, data_dir: Path | None = None,
          lang: str | None = None, open_browser: bool = True) -> int:
    folder = Path(data_dir) if data_dir is not None else default_data_dir()
    bind = host or "0.0.0.0"
    if not port_free(bind, port):
        print(f"rattus-companion: port {port} is already in use on {bind}; "
              "choose another with --port", file=sys.stderr)
        return 2
    try:
        lock = DataDirLock.acquire(folder, base_url(port, host))
        store = GameStore.open(folder)
    except StoreError as exc:
        print(f"rattus-companion: {exc}", file=sys.stderr)
        return 1
    host_key = load_or_create_host_key(folder)
    config = TableConfig(data_dir=folder, host_key=host_key, lang=lang,
                         base_url=base_url(port, host))
    try:
        seats = SeatRegistry.in_data_dir(folder)
    except SeatsFileDamaged as exc:
        print(f"rattus-companion: {exc}", file=sys.stderr)
        store.close()
        lock.release()
        return 1
    games = OpenGames(store, seats)
    hub = _hub(config, games, seats)
    app = build_app(config, games, _phone_routes(hub))
    print_banner(config.table_url, sys.stdout)
    if open_browser:
        local = f"http://127.0.0.1:{port}/?key={host_key}" if bind in ("0.0.0.0", "127.0.0.1") \
            else config.table_url
        threading.Timer(1.0, webbrowser.open, args=(local,)).start()
    try:
        StoppingServer(uvicorn.Config(app, host=bind, port=port, log_level="warning",
                                      timeout_graceful_shutdown=2, **uvicorn_options()),
                       hub).run()
    finally:
        store.close()
        lock.release()
    return 0


def _hub(config: TableConfig, games: OpenGames, seats: SeatRegistry) -> Hub:
    return Hub(registry=seats, open_session=games.session,
               base_url=config.base_url, host_key=config.host_key)
