"""A table tab that reloads ends its WebSocket: an ordinary goodbye, not an ERROR. Flet's
handler lets the disconnect escape, and uvicorn would log it as "Exception in ASGI
application"; the server's outermost layer takes it as the goodbye it is."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect
from uvicorn.protocols.utils import ClientDisconnected

from companion.server.app import QuietDisconnects


def failing(exc: Exception) -> Any:
    async def app(scope: Any, receive: Any, send: Any) -> None:
        raise exc
    return app


@pytest.mark.parametrize("gone", [WebSocketDisconnect(1001), ClientDisconnected()])
def test_a_tab_going_away_ends_its_socket_quietly(gone: Exception) -> None:
    asyncio.run(QuietDisconnects(failing(gone))({"type": "websocket"}, None, None))


def test_a_real_fault_is_still_reported() -> None:
    with pytest.raises(RuntimeError):
        asyncio.run(QuietDisconnects(failing(RuntimeError("bug")))({"type": "websocket"},
                                                                   None, None))
    with pytest.raises(WebSocketDisconnect):  # not a WebSocket: not ours to judge
        asyncio.run(QuietDisconnects(failing(WebSocketDisconnect()))({"type": "http"},
                                                                     None, None))


# -- Flet's own log of a goodbye -----------------------------------------------------------


def flet_record(exc: BaseException, message: str = "Receive loop error: %s") -> Any:
    import logging

    return logging.LogRecord("flet_web.fastapi", logging.WARNING, __file__, 1, message,
                             (exc,), (type(exc), exc, None))


def test_a_tab_gone_while_the_server_sent_to_it_is_not_logged_as_an_error() -> None:
    """The old tabs closing after a restart: Starlette's "WebSocket is not connected" on the
    next receive, logged by Flet with a traceback, each time."""
    from starlette.websockets import WebSocketDisconnected

    from companion.server.app import TabGoneFilter

    gone = WebSocketDisconnected('WebSocket is not connected. Need to call "accept" first.')
    assert TabGoneFilter().filter(flet_record(gone)) is False
    assert TabGoneFilter().filter(flet_record(ConnectionResetError())) is False
    assert TabGoneFilter().filter(flet_record(RuntimeError("a real fault"))) is True
    assert TabGoneFilter().filter(flet_record(ValueError(), "no exception: %s")) is True


def test_the_filter_sits_on_flets_handler_log_once() -> None:
    from flet_web.fastapi import flet_app as flet_handler

    from companion.server.app import TabGoneFilter, quiet_goodbyes

    quiet_goodbyes()
    quiet_goodbyes()
    assert sum(isinstance(f, TabGoneFilter) for f in flet_handler.logger.filters) == 1


# -- a tab's session through its browser's comings and goings ------------------------------


async def until(condition: Any) -> None:
    """Let the event loop run the tasks that are ready until `condition()` holds."""
    for _ in range(100):
        if condition():
            return
        await asyncio.sleep(0)
    raise AssertionError("never happened")


class Page:
    """What `TabLife` touches of Flet's page: its connect, disconnect and route handlers."""

    on_connect: Any = None
    on_disconnect: Any = None
    on_route_change: Any = "the shell's"


class Shell:
    """The table's shell as `TabLife` sees it: a start that waits for the browser's answers,
    which a browser that went away never sends."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.answers: asyncio.Queue[str] = asyncio.Queue()
        self.starts = 0
        self.started = 0
        self.drawn = 0
        self.following = False

    async def start(self) -> None:
        self.starts += 1
        self.page.on_route_change = "the shell's"
        await self.answers.get()
        self.page.on_connect = self.shell_connect
        self.following = True
        self.started += 1

    async def shell_connect(self, _event: Any = None) -> None:
        pass

    def render(self) -> None:
        self.drawn += 1
        self.following = True

    def leave_game(self) -> None:
        self.following = False


def test_a_tab_away_while_it_starts_starts_again_when_it_is_back() -> None:
    from companion.server.main import TabLife

    async def story() -> None:
        page = Page()
        shell = Shell(page)
        life = TabLife(page, shell)  # type: ignore[arg-type]
        first = asyncio.ensure_future(life.run())
        await until(lambda: shell.starts == 1)
        page.on_disconnect()  # reloaded before the browser answered
        with pytest.raises(BrokenPipeError):  # Flet notes it at info level
            await first
        assert page.on_route_change is None  # the given-up start draws nothing
        await page.on_connect()  # the reloaded tab, in the same session
        await until(lambda: shell.starts == 2)
        shell.answers.put_nowait("the key")
        await until(lambda: shell.started == 1)
        assert shell.following and page.on_connect is not shell.shell_connect

    asyncio.run(story())


def test_a_started_tab_away_stops_following_its_game_and_is_drawn_afresh_when_back() -> None:
    from companion.server.main import TabLife

    async def story() -> None:
        page = Page()
        shell = Shell(page)
        shell.answers.put_nowait("the key")
        await TabLife(page, shell).run()  # type: ignore[arg-type]
        assert shell.started == 1 and shell.following
        page.on_disconnect()
        assert not shell.following  # no redraws for a browser that is not there
        await page.on_connect()
        assert shell.drawn == 1 and shell.following and shell.starts == 1

    asyncio.run(story())


class ClosingShell(Shell):
    """A shell whose first start sends its first message just after the connection closed:
    Flet has dropped the send queue and tells the session only a moment later."""

    async def start(self) -> None:
        if self.starts == 0:
            self.starts += 1
            dropped: Any = None
            dropped.put_nowait(b"the start's first message")
        await super().start()


def test_a_tab_whose_connection_closed_as_it_started_starts_again_quietly() -> None:
    from companion.server.main import TabLife

    async def story() -> None:
        page = Page()
        shell = ClosingShell(page)
        with pytest.raises(BrokenPipeError):  # Flet notes it at info level, no traceback
            await TabLife(page, shell).run()  # type: ignore[arg-type]
        page.on_disconnect()  # the session hears of it
        await page.on_connect()  # the browser is back
        await until(lambda: shell.starts == 2)
        shell.answers.put_nowait("the key")
        await until(lambda: shell.started == 1)
        assert shell.following

    asyncio.run(story())
