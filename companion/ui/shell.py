"""The app shell of one table browser: who may use it, language, navigation, undo/redo, errors.

A `TableApp` lives as long as one browser tab is connected. It owns no game rules and no game
data: the game is the `Session` (shared with the phones through `OpenGames`), and screens are
functions from this shell to an `ft.View`, rebuilt whenever the route or the game changes.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import parse_qs, urlsplit

import flet as ft

from companion.i18n import LANGUAGES, Translator, pick_language, translator
from companion.ui import routes, theme
from companion.ui.config import KEY_PARAM, TableConfig
from companion.ui.games import OpenGames
from companion.ui.widgets import tagged

log = logging.getLogger(__name__)

PREF_KEY = "rattus_companion.table_key"
PREF_LANG = "rattus_companion.lang"


def split_route(route: str) -> tuple[str, dict[str, str]]:
    parts = urlsplit(route or "/")
    query = {k: v[0] for k, v in parse_qs(parts.query).items() if v}
    return parts.path or "/", query


class TableApp:
    def __init__(self, page: ft.Page, config: TableConfig, games: OpenGames) -> None:
        self.page = page
        self.config = config
        self.games = games
        self.t: Translator = translator(config.lang or "en")
        self.authorized = False
        self.session: Any = None
        self.draft: Any = None
        """The setup wizard's choices so far (`setup_draft.SetupDraft`), kept across screens."""
        self.score_form: dict[str, Any] | None = None
        """What was typed into the paper-game scoring sheet (`score_form`)."""
        self.path = "/"
        self._unsubscribe: Callable[[], None] | None = None
        self._prefs: ft.SharedPreferences | None = None
        self._wakelock: ft.Wakelock | None = None
        self._awake = False

    # -- start --------------------------------------------------------------------------

    async def start(self) -> None:
        page = self.page
        page.title = "Rattus Cartus"
        page.theme = theme.table_theme()
        page.theme_mode = ft.ThemeMode.LIGHT
        page.on_route_change = self._on_route_change
        page.on_keyboard_event = self._on_key
        page.on_close = self._on_close
        self._prefs = ft.SharedPreferences()
        path, query = split_route(page.route)
        stored_key, stored_lang, languages = await asyncio.gather(
            self._pref(PREF_KEY), self._pref(PREF_LANG), self._browser_languages())
        self.t = translator(self.config.lang or (stored_lang if stored_lang in LANGUAGES
                                                 else pick_language(languages)))
        given = query.get(KEY_PARAM)
        if self.config.is_host_key(given):
            self.authorized = True
            if given != stored_key:
                await self._prefs.set(PREF_KEY, given)
        else:
            self.authorized = self.config.open_table or self.config.is_host_key(stored_key)
        if self.authorized and KEY_PARAM in query:
            await page.push_route(path)
            return
        self.render()

    async def _pref(self, key: str) -> str | None:
        assert self._prefs is not None
        try:
            value = await self._prefs.get(key)
        except Exception:  # a browser with storage disabled still gets a working table
            log.debug("shared preferences unavailable", exc_info=True)
            return None
        return value if isinstance(value, str) else None

    async def _browser_languages(self) -> list[str | None]:
        try:
            info = await self.page.get_device_info()
        except Exception:
            log.debug("device info unavailable", exc_info=True)
            return []
        found = list(getattr(info, "languages", None) or [])
        found.insert(0, getattr(info, "language", None))
        found.extend(str(loc) for loc in getattr(info, "locales", None) or [])
        return found

    # -- navigation ---------------------------------------------------------------------

    async def go(self, route: str) -> None:
        if route == self.page.route:
            self.render()
        else:
            await self.page.push_route(route)

    def nav(self, route: str) -> Callable[..., Awaitable[None]]:
        """An event handler that opens `route`."""
        async def handler(_event: Any = None) -> None:
            await self.go(route)
        return handler

    def _on_route_change(self, _event: Any = None) -> None:
        self.render()

    def render(self) -> None:
        """Rebuild the current screen from the route and the game's state."""
        path, _ = split_route(self.page.route)
        self.path = path
        if not self.authorized:
            from companion.ui.not_table import not_table_view
            view = not_table_view(self)
        else:
            match = routes.resolve(path) or routes.resolve("/")
            assert match is not None
            try:
                view = match.build(self)
            except Exception as exc:
                log.exception("cannot show %s", path)
                from companion.ui.problem import problem_view
                view = problem_view(self, exc)
        self.page.views.clear()
        self.page.views.append(view)
        self._keep_awake(path.startswith("/game/"))
        self.page.update()

    async def _rerender(self) -> None:
        self.render()

    # -- the game -----------------------------------------------------------------------

    def use_game(self, game_id: str) -> Any:
        """The session of `game_id`, followed so this screen redraws on every change."""
        if self.session is not None and self.session.game_id == game_id:
            return self.session
        self.leave_game()
        self.session = self.games.open(game_id)
        self._unsubscribe = self.session.subscribe(self._on_game_change)
        return self.session

    def leave_game(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
        self._unsubscribe = None
        self.session = None

    def _on_game_change(self, _state: Any, _event: Any) -> None:
        # Called on the thread that changed the game (maybe a phone's request).
        try:
            self.page.run_task(self._rerender)
        except Exception:
            log.debug("table page is gone", exc_info=True)

    def submit(self, event: Any) -> bool:
        """Play `event` in the open game; a broken rule is shown, nothing changes."""
        from companion.rules.errors import RuleViolation
        from companion.store.db import StoreError

        try:
            self.session.submit(event)
        except RuleViolation as exc:
            from companion.i18n.codes import violation_text
            self.notify(violation_text(self.t, exc), error=True)
            return False
        except StoreError as exc:
            self.notify(self.t("The game could not be saved: {reason}", reason=str(exc)),
                        error=True)
            return False
        return True

    def undo(self, _event: Any = None) -> None:
        self._step_back_or_forth(undo=True)

    def redo(self, _event: Any = None) -> None:
        self._step_back_or_forth(undo=False)

    def _step_back_or_forth(self, undo: bool) -> None:
        from companion.store.session import UndoError

        if self.session is None:
            return
        possible = self.session.can_undo() if undo else self.session.can_redo()
        if not possible:
            self.notify(self.t("Nothing to undo.") if undo else self.t("Nothing to redo."))
            return
        try:
            self.session.undo() if undo else self.session.redo()
        except UndoError:
            self.notify(self.t("This step cannot be taken back: the later steps would no longer "
                               "be legal."), error=True)

    def _on_key(self, event: ft.KeyboardEvent) -> None:
        if self.session is None or not (event.ctrl or event.meta):
            return
        key = event.key.lower()
        if key == "z" and not event.shift:
            self.undo()
        elif key == "y" or (key == "z" and event.shift):
            self.redo()

    def _on_close(self, _event: Any = None) -> None:
        self.leave_game()

    # -- language, messages, screen --------------------------------------------------------

    async def set_language(self, lang: str) -> None:
        self.t = translator(lang)
        self.render()
        if self._prefs is not None:
            try:
                await self._prefs.set(PREF_LANG, lang)
            except Exception:
                log.debug("cannot remember the language", exc_info=True)

    def notify(self, message: str, error: bool = False) -> None:
        bar = ft.SnackBar(
            content=tagged("message", ft.Text(message, size=theme.BODY_SIZE,
                                              color="#FFFFFF")),
            bgcolor="#B3261E" if error else "#323232", duration=6000 if error else 3500,
            show_close_icon=True)
        self.page.show_dialog(bar)

    def _keep_awake(self, awake: bool) -> None:
        """Keep the screen on while a game is played, where the browser allows it."""
        if awake == self._awake:
            return
        self._awake = awake
        if self._wakelock is None:
            self._wakelock = ft.Wakelock()
        call = self._wakelock.enable if awake else self._wakelock.disable

        async def switch() -> None:
            try:
                await call()
            except Exception:
                log.debug("wake lock not available", exc_info=True)

        self.page.run_task(switch)

    # -- the frame every screen shares ---------------------------------------------------

    def app_bar(self, heading: str, back: str | None = None) -> ft.AppBar:
        """Title, a way back, the rules one tap away, the language, and undo/redo in a game."""
        t = self.t
        actions: list[ft.Control] = []
        if self.session is not None and self.path.startswith("/game/"):
            actions += [
                tagged("undo", ft.IconButton(ft.Icons.UNDO, tooltip=t("Undo"), on_click=self.undo,
                                             icon_size=30, disabled=not self.session.can_undo())),
                tagged("redo", ft.IconButton(ft.Icons.REDO, tooltip=t("Redo"), on_click=self.redo,
                                             icon_size=30, disabled=not self.session.can_redo())),
            ]
        actions.append(tagged("rules", ft.IconButton(ft.Icons.MENU_BOOK, icon_size=30,
                                                     tooltip=t("Rules reference"),
                                                     on_click=self.open_rules)))
        other = "en" if self.t.lang == "de" else "de"

        async def switch_language(_event: Any = None) -> None:
            await self.set_language(other)

        actions.append(tagged("language", ft.TextButton(
            other.upper(), on_click=switch_language, tooltip=t("Deutsch / English"),
            style=ft.ButtonStyle(text_style=ft.TextStyle(size=theme.BODY_SIZE,
                                                         weight=ft.FontWeight.BOLD)))))
        leading = None
        if back is not None:
            leading = tagged("back", ft.IconButton(ft.Icons.ARROW_BACK, tooltip=t("Back"),
                                                   on_click=self.nav(back), icon_size=30))
        return ft.AppBar(title=ft.Text(heading, size=theme.HEADING_SIZE), leading=leading,
                         automatically_imply_leading=False, actions=actions,
                         toolbar_height=64, bgcolor=ft.Colors.SURFACE_CONTAINER)

    def content_width(self) -> float:
        """How wide a screen's column is: `CONTENT_WIDTH`, or the page less its margins on a
        tablet held upright."""
        width = getattr(self.page, "width", None) or 0
        return min(theme.CONTENT_WIDTH, width - 24) if width else theme.CONTENT_WIDTH

    def follow_resizes(self) -> None:
        """Redraw when a tablet turns, since layouts depend on the width; a resize handler
        already set is left alone."""
        page = self.page
        if getattr(page, "on_resize", None) is None and hasattr(page, "on_resize"):
            last = {"wide": (getattr(page, "width", 0) or 0) >= theme.WIDE_LAYOUT}

            def resized(_event: Any = None) -> None:
                wide = (getattr(page, "width", 0) or 0) >= theme.WIDE_LAYOUT
                if wide != last["wide"] or not wide:
                    last["wide"] = wide
                    self.render()

            page.on_resize = resized

    def view(self, heading: str, controls: list[ft.Control], back: str | None = None,
             bottom: ft.Control | None = None) -> ft.View:
        """A screen: the shared app bar, the body centred and scrolling, an optional action bar."""
        from companion.ui.widgets import page_column

        self.follow_resizes()
        width = self.content_width()
        body = ft.Row([page_column(controls, width=width)],
                      alignment=ft.MainAxisAlignment.CENTER)
        bar = None
        if bottom is not None:
            bar = ft.BottomAppBar(content=ft.Row(
                [ft.Container(content=bottom, width=width)],
                alignment=ft.MainAxisAlignment.CENTER), height=88, padding=12)
        return ft.View(route=self.path, controls=[body], appbar=self.app_bar(heading, back),
                       bottom_appbar=bar, scroll=ft.ScrollMode.AUTO, padding=8)

    def open_rules(self, _event: Any = None) -> None:
        from companion.ui.rules_reference import rules_dialog
        self.page.show_dialog(rules_dialog(self))
