"""The table's browser without a browser: the real `TableApp` on the stand-in page
(`support.fake_page`), its controls found by their semantics identifiers, as the browser tests
find them, and their handlers called.

`Screens` shows whatever route it is sent to, over the games it is given (the History over a
stored evening); `Table` opens a new game on its round route and plays events into it.
A table with a store of its own is a `TableOnPage`: a story holds it in a `with` block (a
fixture yields inside one), which closes its page and its store however the story ends.
"""

from __future__ import annotations

import asyncio
import inspect
from pathlib import Path
from typing import Any

import flet as ft

from companion.i18n import translator
from companion.rules import events as ev
from companion.server.config import TableConfig
from companion.server.games import OpenGames
from companion.store.db import GameStore
from companion.ui.routes import table_app
from support.fake_page import FakePage, walk
from support.own_store import OwnStore
from support.sessions import game_state, logged_events


def fire(handler: object, event: object) -> object:
    """A control's handler called as Flet calls it, with `event` (None or a stand-in with the
    few fields the screen reads)."""
    assert callable(handler), handler
    return handler(event)


class Screens:
    """The table's browser, without a browser, over `games`."""

    settle = False

    def __init__(self, tmp: Path, games: OpenGames, lang: str = "en", width: int = 1280,
                 settle: bool = False) -> None:
        """`settle`: every drawing is followed by what the screen handed to `run_task` for
        right after its first frame (the History's list), as a browser has it a
        moment later; without it a test sees the first frame alone."""
        self.settle = settle
        self.games = games
        self.page = FakePage(width)
        self.app = table_app(self.page, TableConfig(data_dir=tmp, host_key="k" * 32,  # type: ignore[arg-type]
                                                   lang=lang), self.games)
        self.app.authorized = True
        self.app.t = translator(lang)

    def show(self, route: str) -> ft.View:
        self.page.route = route
        return self.view()

    def view(self) -> ft.View:
        self.app.render()
        if self.settle:
            self.page.run_pending()
        return self.page.views[-1]

    def ids(self) -> set[str]:
        return {c.identifier for c in walk(self.view()) if isinstance(c, ft.Semantics)
                and c.identifier}

    def find(self, identifier: str) -> ft.Semantics:
        for control in walk(self.view()):
            if isinstance(control, ft.Semantics) and control.identifier == identifier:
                return control
        raise AssertionError(f"{identifier} is not on the screen: {sorted(self.ids())}")

    def texts(self, identifier: str | None = None) -> str:
        root = self.find(identifier) if identifier else self.view()
        return " ".join(shown(c) for c in walk(root) if isinstance(c, ft.Text))

    def tap(self, identifier: str) -> None:
        tap_control(self.find(identifier), identifier)

    def type(self, identifier: str, value: str) -> None:
        """As the browser sends a typed text: the field's value is set on the control, then
        its change event comes."""
        field = next(c for c in walk(self.find(identifier)) if isinstance(c, ft.TextField))
        field.value = value
        fire(field.on_change, type("Event", (), {"control": field})())


class TableOnPage(OwnStore):
    """A table's app on the stand-in page over a store of its own, for one story: closing it
    (leaving its `with` block) closes the page too, which drops the redraws that never ran and
    stops what still waits (a ticker)."""

    page: FakePage

    def close(self) -> None:
        self.page.close()
        super().close()


class Table(Screens, TableOnPage):
    """A new game with `setup` at the table, on its round screen."""

    def __init__(self, tmp: Path, setup: Any, lang: str = "en") -> None:
        self.store = GameStore.open(tmp)
        super().__init__(tmp, OpenGames(self.store), lang)
        self.session = self.games.start(ev.GameStarted(setup))
        self.page.route = f"/game/{self.session.game_id}/play"

    @property
    def state(self) -> Any:
        return game_state(self.session)

    def play(self, events: list[Any]) -> None:
        for event in events:
            self.session.submit(event)

    def stored(self) -> list[Any]:
        return logged_events(self.session)[1:]


def tap_control(target: ft.Semantics, identifier: str) -> None:
    """A tap on `target`, the control tagged `identifier`: its first click handler, called as
    Flet calls it (a coroutine run to its end); a disabled control cannot be tapped."""
    handler = next((c.on_click for c in walk(target) if getattr(c, "on_click", None)), None)
    assert handler is not None, f"{identifier} cannot be tapped"
    assert not any(getattr(c, "disabled", False) for c in walk(target)), \
        f"{identifier} is disabled"
    result = handler(None)
    if inspect.iscoroutine(result):
        asyncio.run(result)


def shown(words: ft.Text) -> str:
    """What a text shows: its value, or its spans' words one after another."""
    if words.value or not words.spans:
        return str(words.value)
    return "".join(span.text or "" for span in words.spans or ())
