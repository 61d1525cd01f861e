"""Just enough of Flet's `ft.Page` for the table's shell to build and show screens without a
browser, shared by the UI tests.

`run_task` keeps the coroutine it is given and `run_pending()` runs it, as Flet's page does on
its own event loop once the caller has returned: a screen that redraws when the game changes
(`TableApp._on_game_change` -> `page.run_task(_rerender)`) really redraws here, so that path is
tested without chromium too. The page's loop has a clock
that stands still: a coroutine runs up to its first wait on time (a ticker's
`asyncio.sleep(TICK_SECONDS)`) and no further, so nothing here depends on how fast the machine
is. A test that wants a tick calls the screen's `tick()` itself.
"""

from __future__ import annotations

import asyncio
import inspect
import threading
from collections.abc import Coroutine, Iterator
from typing import Any

import flet as ft

SETTLE_STEPS = 100
"""Loop turns a task gets to finish before it is taken to wait on time (a ticker)."""


class _StillClockLoop(asyncio.SelectorEventLoop):
    """An event loop whose clock never moves: a timed wait is never due."""

    def time(self) -> float:
        return 0.0


CHILD_FIELDS = ("appbar", "bottom_appbar", "leading", "title", "actions", "content", "controls",
                "floating_action_button", "tabs", "label", "subtitle", "trailing", "header",
                "options", "items", "columns", "rows", "cells")
"""The fields of a control that hold the controls drawn inside it: the frame's bars, a tile's
lines, a tab bar's tabs, a menu's items, a data table's columns, rows and cells."""


def walk(control: Any) -> Iterator[Any]:
    """Every control under `control` (itself included), depth first."""
    if control is None:
        return
    if isinstance(control, (list, tuple)):
        for item in control:
            yield from walk(item)
        return
    if not isinstance(control, ft.BaseControl):
        return
    yield control
    for name in CHILD_FIELDS:
        yield from walk(getattr(control, name, None))


class FakePage:
    """Routes, views, dialogs and the messages a player reads are recorded.

    `messages`: the text of each snackbar shown (`TableApp.notify`), with `details[i]` the
    detail a player can open on it (the rule a refusal cites), or None. `dialogs`: the other
    dialogs on show (a question, the rules), the last one on top.
    """

    def __init__(self, width: int = 1280) -> None:
        self.route = "/"
        self.views: list[ft.View] = []
        self.width = width
        self.messages: list[str] = []
        self.details: list[str | None] = []
        self.dialogs: list[Any] = []
        self.pending: list[Coroutine[Any, Any, Any]] = []
        """Coroutines handed to `run_task` that `run_pending` has not run yet."""
        self.tasks: list[asyncio.Task[Any]] = []
        """Every coroutine run so far; those waiting on time (a ticker) are not done."""
        self._loop = _StillClockLoop()
        self._lock = threading.Lock()

    def update(self, *_controls: Any) -> None:
        pass

    def show_dialog(self, dialog: Any) -> None:
        if isinstance(dialog, ft.SnackBar):
            content = dialog.content
            self.messages.append(" ".join(str(c.value) for c in walk(content)
                                          if isinstance(c, ft.Text)))
            tips = [c.tooltip for c in walk(content) if isinstance(c, ft.Text) and c.tooltip]
            self.details.append(str(tips[0]) if tips else None)
        else:
            self.dialogs.append(dialog)

    def pop_dialog(self) -> None:
        if self.dialogs:
            self.dialogs.pop()

    async def push_route(self, route: str) -> None:
        self.route = route

    def run_task(self, handler: Any, *args: Any) -> None:
        """Flet runs `handler(*args)` later on the page's loop, after the caller has returned
        (a game's change notifies while the session still holds its lock): a coroutine waits
        here until the test calls `run_pending()`."""
        result = handler(*args)
        if not inspect.iscoroutine(result):
            return
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is self._loop:  # a task the page's own loop runs starts another one
            self.tasks.append(self._loop.create_task(result))
        else:
            with self._lock:
                self.pending.append(result)

    def run_pending(self) -> int:
        """Run the coroutines handed to `run_task` so far, each until it is done or waits on
        time (a ticker); returns how many ran. It runs in a thread of its own, joined before
        this returns, as the caller may itself be inside a running loop (a tap's coroutine).
        A coroutine that fails fails the test, where Flet would only log it."""
        with self._lock:
            waiting, self.pending = self.pending, []
        if not waiting:
            return 0
        failed: list[BaseException] = []

        def run() -> None:
            try:
                for coroutine in waiting:
                    task = self._loop.create_task(coroutine)
                    self.tasks.append(task)
                    self._loop.run_until_complete(self._settle(task))
                    if task.done() and not task.cancelled() and task.exception() is not None:
                        failed.append(task.exception())  # type: ignore[arg-type]
            except BaseException as error:  # handed to the test's thread
                failed.append(error)

        worker = threading.Thread(target=run, name="fake-page-loop")
        worker.start()
        worker.join()
        if failed:
            raise failed[0]
        return len(waiting)

    async def _settle(self, task: asyncio.Task[Any]) -> None:
        """Turn the loop until `task` and the tasks it started are done or wait on time."""
        for _ in range(SETTLE_STEPS):
            if task.done() and all(t.done() for t in self.tasks):
                return
            await asyncio.sleep(0)

    def close(self) -> None:
        """Drop what never ran, cancel what still waits (a ticker) and close the loop."""
        with self._lock:
            for coroutine in self.pending:
                coroutine.close()
            self.pending = []
            pending = [t for t in self.tasks if not t.done()]
            for t in pending:
                t.cancel()

            def finish() -> None:
                if pending:
                    self._loop.run_until_complete(
                        asyncio.gather(*pending, return_exceptions=True))
                self._loop.close()

            worker = threading.Thread(target=finish, name="fake-page-close")
            worker.start()
            worker.join()

    def __del__(self) -> None:
        for coroutine in self.pending:  # never run: not a "never awaited" warning
            coroutine.close()
        if not self._loop.is_closed() and not self._loop.is_running():
            self._loop.close()
