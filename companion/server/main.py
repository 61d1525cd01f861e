"""Flet's entry point for the table: `main(page)` for a packaged app, `make_main` for the server.

The server (`companion.server.app`) builds its own `main` bound to its configuration and open
games; the module-level `main` is what `flet build` runs on a device that *is* the table, so
there every browser session is the table's own and no host key is asked for.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Awaitable, Callable
from functools import cache
from typing import Any, Protocol, TypeVar

import flet as ft

from companion.server.config import TableConfig, load_or_create_host_key
from companion.server.games import OpenGames
from companion.store.db import GameStore, default_data_dir
from companion.ui.shared.connection import connection_just_closed

PageMain = Callable[[ft.Page], Awaitable[None]]
log = logging.getLogger(__name__)


def make_main(config: TableConfig, games: OpenGames) -> PageMain:
    async def table_main(page: ft.Page) -> None:
        table_app = await in_daemon_thread(_table_screens)
        await TabLife(page, table_app(page, config, games)).run()

    return table_main


T = TypeVar("T")


async def in_daemon_thread(work: Callable[[], T]) -> T:
    """`work` in a thread of its own that a stopping server does not wait for.

    `asyncio.to_thread` runs it in the loop's default executor, whose threads the end of
    `asyncio.run` (uvicorn's) waits for: a Ctrl+C while a tab loads the table's screens would
    end the server only once the import has, and a restarted server's tabs all reconnect at
    once, while the warm-up loads the same modules (seconds under load). A daemon thread is
    left behind when the server stops; the tab it worked for is gone by then, and its answer
    with it."""
    loop = asyncio.get_running_loop()
    answer: asyncio.Future[T] = loop.create_future()

    def settle(result: T | None, error: Exception | None) -> None:
        if answer.done():  # the tab's start was given up meanwhile
            return
        if error is not None:
            answer.set_exception(error)
        else:
            answer.set_result(result)  # type: ignore[arg-type]

    def run() -> None:
        result: T | None = None
        error: Exception | None = None
        try:
            result = work()
        except Exception as exc:  # handed to the awaiting tab, which reports it
            error = exc
        try:
            loop.call_soon_threadsafe(settle, result, error)
        except RuntimeError:  # the loop is closed: the server has stopped
            log.debug("the table's screens were loaded after the server stopped")

    threading.Thread(target=run, daemon=True, name="table-screens").start()
    return await answer


def _table_screens() -> Callable[[ft.Page, TableConfig, OpenGames], Tab]:
    """The table's screens, loaded on a tab's first connection and not with the server, which
    then answers the browser sooner.

    Called in a worker thread (`in_daemon_thread`), never on the server's event loop: an
    import there stops every other tab, phone and file request until it ends, and if the
    warm-up thread is loading the same modules at that moment it waits for the warm-up's whole
    import."""
    # measured (`python -X importtime`): the table's screens are about a third of a cold start
    from companion.ui.routes import table_app

    return table_app


class Tab(Protocol):
    """What `TabLife` needs of the table's shell (`companion.ui.shell.TableApp`)."""

    async def start(self) -> None: ...
    def render(self) -> None: ...
    def leave_game(self) -> None: ...


class TabLife:
    """One tab's session through its browser's comings and goings (reloads, restarts, a
    closed lid), so that the tab always ends up drawn and the terminal stays quiet.

    - **Away while starting.** `start` asks the browser for its stored key, its language and
      its device, and draws the first screen once they answer. A tab reloaded in that first
      second comes back to the same session with a new client, which never hears the
      questions the old one was sent, so a start that waited for its answers left the tab
      blank for ever. The start is given up when the browser goes away, and begun again, with
      the client that is there, when it comes back. So is a start whose message found the
      connection already closed, before the session heard of it (`connection_just_closed`).
    - **Away once started.** A session whose browser is gone (a reloaded tab leaves its old
      session behind, for an hour) no longer follows its game: every change of the game had
      it ask Flet to redraw, and Flet, with no connection to draw on, left the redraw
      unawaited ("coroutine 'TableApp._rerender' was never awaited", and from the wake lock
      an `AttributeError`). When the browser comes back the screen is drawn
      afresh from the game as it is by then, and follows it again.
    - **Flet's own end of the first connection.** Flet runs `run` for the tab's first
      connection; if that connection is gone by the time `run` returns, Flet logged a
      traceback as it tidied up after it. So `run` then ends as a handler whose connection
      went away does (`BrokenPipeError`, which Flet notes at info level).
    """

    def __init__(self, page: ft.Page, tab: Tab) -> None:
        self.page = page
        self.tab = tab
        self.started = False
        self.gone = False
        """The connection `run` belongs to went away at least once."""
        self._attempt: asyncio.Future[None] | None = None
        self._shell_connect: Any = None
        self._tasks: set[asyncio.Future[Any]] = set()

    async def run(self) -> None:
        self.page.on_disconnect = self._disconnected
        self.page.on_connect = self._connected
        if not await self._start() or self.gone:
            raise BrokenPipeError("the tab's first connection is gone")

    async def _start(self) -> bool:
        attempt = self._attempt = asyncio.ensure_future(self.tab.start())
        try:
            await attempt
        except asyncio.CancelledError:
            current = asyncio.current_task()
            if not attempt.cancelled() or (current is not None and current.cancelling()):
                raise  # this task itself was stopped (the session closed): stop
            log.debug("a tab went away while it started; it starts again when it is back")
            return False
        except AttributeError as exc:
            if not connection_just_closed(exc):
                raise
            log.debug("a tab's connection closed as it started; it starts again when back")
            return False
        self.started = True
        # The shell's own handler (a tab let in by its stored key after a reconnect) runs
        # first when the browser comes back; then the screen is drawn afresh.
        if self.page.on_connect is not self._connected:
            self._shell_connect = self.page.on_connect
            self.page.on_connect = self._connected
        return True

    def _started_again(self, done: asyncio.Future[Any]) -> None:
        self._tasks.discard(done)
        if not done.cancelled() and done.exception() is not None:
            log.error("the table's tab could not start again", exc_info=done.exception())

    def _disconnected(self, _event: Any = None) -> None:
        self.gone = True
        if self._attempt is not None and not self._attempt.done():
            self._attempt.cancel()
            # Flet follows a reconnect with the route the new client opened; drawn by the
            # start that gave up, before it knew the key, it showed the locked page for a
            # moment. The new start draws that route itself.
            self.page.on_route_change = None
        elif self.started:
            self.tab.leave_game()

    async def _connected(self, event: Any = None) -> None:
        if not self.started:
            if self._attempt is not None and not self._attempt.done():
                self._attempt.cancel()
                self.page.on_route_change = None
            again = asyncio.ensure_future(self._start())
            self._tasks.add(again)
            again.add_done_callback(self._started_again)
            return
        if self._shell_connect is not None:
            answer = self._shell_connect(event)
            if asyncio.iscoroutine(answer):
                await answer
        self.tab.render()


@cache
def _local_table() -> tuple[TableConfig, OpenGames]:
    data_dir = default_data_dir()
    store = GameStore.open(data_dir)
    config = TableConfig(data_dir=data_dir, host_key=load_or_create_host_key(data_dir),
                         open_table=True)
    return config, OpenGames(store)


async def main(page: ft.Page) -> None:
    config, games = _local_table()
    await make_main(config, games)(page)
