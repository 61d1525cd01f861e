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

import uvicorn
from flet_web import get_package_web_dir
from flet_web.fastapi import app as flet_app
from flet_web.fastapi import flet_app as flet_handler
from starlette.middleware import Middleware
from starlette.routing import Mount
from starlette.websockets import WebSocketDisconnect, WebSocketDisconnected
from uvicorn.protocols.utils import ClientDisconnected

from companion.i18n import terminal_language, translator
from companion.i18n.words import words
from companion.phones.hub import Hub
from companion.phones.network import base_url
from companion.phones.seats import SeatRegistry, SeatsFileDamaged
from companion.server.boot_screen import BlankBootScreen, client_copies, prepare_copies
from companion.server.compressed_web import CompressedWeb
from companion.server.config import TableConfig, load_or_create_host_key
from companion.server.games import OpenGames
from companion.server.limits import uvicorn_options
from companion.server.main import make_main
from companion.server.table_page import page_routes
from companion.store.db import GameStore, StoreError, default_data_dir
from companion.store.lock import DataDirLock

log = logging.getLogger(__name__)

ASSETS_DIR = Path(str(resources.files("companion") / "web"))
"""Fonts, the offline index page and the font manifest (`companion/web/README.md` says why).
Package data, so an installed wheel serves them from site-packages, never from a checkout."""
APP_NAME = "Rattus Cartus"
WEB_CACHE_DIR = "web-cache"
"""Compressed copies of the web client's files, made once (see `compressed_web`)."""
BOOT_SCREEN_DIR = "web-client"
"""The client's files whose boot screen says no English word (see `boot_screen`)."""
UNWANTED_ROUTES = ("/docs", "/docs/oauth2-redirect", "/redoc", "/openapi.json")
"""FastAPI's API pages load their scripts from a CDN; the table has no API to document."""


def build_app(config: TableConfig, games: OpenGames, phones: Any | None = None) -> Any:
    """The whole server as one ASGI app: phone routes first, then Flet's client and socket."""
    app = flet_app(make_main(config, games), no_cdn=True, assets_dir=str(ASSETS_DIR),
                   app_name=APP_NAME, app_short_name=APP_NAME,
                   app_description="Rattus Cartus Companion")
    app.router.routes[:] = [r for r in app.router.routes
                            if getattr(r, "path", None) not in UNWANTED_ROUTES]
    if phones is not None:
        app.router.routes.insert(0, Mount("/phone", app=phones))
    app.router.routes[0:0] = page_routes(config)
    _compress_web_client(app, config)
    app.user_middleware.insert(0, Middleware(QuietDisconnects))
    quiet_goodbyes()
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


GOODBYES: tuple[type[BaseException], ...] = (
    WebSocketDisconnect, WebSocketDisconnected, ClientDisconnected, ConnectionError)
"""What a connection raises once its browser is gone: a tab closed or reloaded, a laptop lid
shut. `WebSocketDisconnected` is Starlette's "WebSocket is not connected" for a socket whose
last send found the tab gone."""


class TabGoneFilter(logging.Filter):
    """Flet's WebSocket handler logs a tab's goodbye with a traceback when the goodbye came
    while the server was sending to it ("Receive loop error: WebSocket is not connected",
    as the old tabs close after a restart). Such a record goes to
    the debug log instead; every other record of Flet's passes as it is."""

    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[1] if record.exc_info else None
        if isinstance(exc, GOODBYES):
            log.debug("a table tab went away: %s (%r)", record.getMessage(), exc)
            return False
        return True


def quiet_goodbyes() -> None:
    """Once per process: Flet's handler logs through its own logger, filtered here."""
    handler_log = flet_handler.logger
    if not any(isinstance(f, TabGoneFilter) for f in handler_log.filters):
        handler_log.addFilter(TabGoneFilter())


def _compress_web_client(app: Any, config: TableConfig) -> None:
    """Innermost, so Flet's own headers still go on every answer (see `compressed_web`); the
    client's boot screen without its English word (see `boot_screen`) innermost of all, and
    compressed like the rest."""
    flet_web = Path(get_package_web_dir())
    blanked = client_copies(flet_web, config.data_dir / BOOT_SCREEN_DIR)
    app.user_middleware.append(Middleware(
        CompressedWeb, roots=[ASSETS_DIR, blanked, flet_web],
        cache_dir=config.data_dir / WEB_CACHE_DIR))
    app.user_middleware.append(Middleware(BlankBootScreen, directory=blanked))


class PhonesOnFirstUse:
    """The phones' app (`companion.phones.routes.phone_api`), built by the first request under
    `/phone`: its router and request models are a sixth of a cold start, and the table's own
    page needs none of it. `warm_up` usually builds it before any phone asks."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self._app: Any = None
        self._lock = threading.Lock()

    def app(self) -> Any:
        with self._lock:
            if self._app is None:
                # measured (`python -X importtime`, callgrind): see the class docstring
                from companion.phones.routes import phone_api

                self._app = phone_api(self.hub)
            return self._app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        await self.app()(scope, receive, send)


def client_without_boot_word(data_dir: Path) -> None:
    """The copies `build_app` serves the client from, made once the server listens."""
    prepare_copies(Path(get_package_web_dir()), data_dir / BOOT_SCREEN_DIR)


def warm_up(phones: PhonesOnFirstUse | None) -> None:
    """Once the server listens: load what the first tab and the first phone will need, so
    neither waits for it."""
    # measured (`python -X importtime`): the table's screens, a third of a cold start
    from companion.ui.routes import load_first_screen

    load_first_screen()

    if phones is not None:
        phones.app()


def port_free(host: str, port: int) -> bool:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError:
            return False
    return True


def print_banner(url: str, out: TextIO, lang: str | None = None) -> None:
    """The start-up words in the table's language (`--lang`), else the terminal's. A script that
    starts the server finds the address by its form (`http://...?key=...`), in any language."""
    t = translator(lang or terminal_language())
    out.write("\nRattus Cartus Companion\n")
    out.write(t("Table: {url}", url=url) + "\n")
    out.write(t("Open this address on the table's device (laptop or tablet); a QR code "
                "follows.") + "\n")
    out.write(t("Keep this address to yourselves: it controls the game. Stop with Ctrl+C.")
              + "\n\n")
    out.flush()


def print_qr(url: str, out: TextIO) -> None:
    # measured (`python -X importtime`): qrcode brings Pillow, a tenth of a cold start, so the
    # terminal's QR is drawn once the server answers (see `TableServer`), not before.
    from companion.qr import qr_code

    qr_code(url).print_ascii(out=out, invert=True)
    out.flush()


class TableServer(uvicorn.Server):
    """uvicorn's server, which once it listens draws the table's QR in the terminal and loads
    what the first tab and phone need (`warm_up`), in the background; and which tells the
    phones first when it is asked to stop, so their live streams end at once instead of
    holding the shutdown up until uvicorn cancels them."""

    def __init__(self, config: uvicorn.Config, url: str, phones: PhonesOnFirstUse,
                 data_dir: Path) -> None:
        super().__init__(config)
        self.url = url
        self.phones = phones
        self.data_dir = data_dir

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        self.phones.hub.stop()
        super().handle_exit(sig, frame)

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        threading.Thread(target=self._after_start, daemon=True, name="warm-up").start()

    def _after_start(self) -> None:
        print_qr(self.url, sys.stdout)
        client_without_boot_word(self.data_dir)
        warm_up(self.phones)


def serve(host: str | None = None, port: int = 8550, data_dir: Path | None = None,
          lang: str | None = None, open_browser: bool = True) -> int:
    folder = Path(data_dir) if data_dir is not None else default_data_dir()
    bind = host or "0.0.0.0"
    if not port_free(bind, port):
        t = translator(lang or terminal_language())
        print("rattus-companion: " + t("port {port} is already in use on {address}; choose "
                                       "another with --port", port=port, address=bind),
              file=sys.stderr)
        return 2
    try:
        lock = DataDirLock.acquire(folder, base_url(port, host))
        store = GameStore.open(folder)
    except StoreError as exc:
        t = translator(lang or terminal_language())
        print("rattus-companion: " + words(t, exc), file=sys.stderr)
        return 1
    host_key = load_or_create_host_key(folder)
    config = TableConfig(data_dir=folder, host_key=host_key, lang=lang,
                         base_url=base_url(port, host))
    try:
        seats = SeatRegistry.in_data_dir(folder)
    except SeatsFileDamaged as exc:
        t = translator(lang or terminal_language())
        print("rattus-companion: " + words(t, exc), file=sys.stderr)
        store.close()
        lock.release()
        return 1
    games = OpenGames(store, seats)
    hub = _hub(config, games, seats)
    phones = PhonesOnFirstUse(hub)
    app = build_app(config, games, phones)
    print_banner(config.table_url, sys.stdout, lang)
    if open_browser:
        local = f"http://127.0.0.1:{port}/?key={host_key}" if bind in ("0.0.0.0", "127.0.0.1") \
            else config.table_url
        threading.Timer(1.0, webbrowser.open, args=(local,)).start()
    try:
        TableServer(uvicorn.Config(app, host=bind, port=port, log_level="warning",
                                   timeout_graceful_shutdown=2, **uvicorn_options()),
                    config.table_url, phones, folder).run()
    finally:
        store.close()
        lock.release()
    return 0


def _hub(config: TableConfig, games: OpenGames, seats: SeatRegistry) -> Hub:
    return Hub(registry=seats, open_session=games.session,
               base_url=config.base_url, host_key=config.host_key)
