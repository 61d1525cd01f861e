"""The app shell of one table browser: who may use it, language, navigation, undo/redo, errors.

A `TableApp` lives as long as one browser tab is connected. It owns no game rules and no game
data: the game is the `Session` (shared with the phones through the server's open games), and
screens are functions from this shell to an `ft.View`, rebuilt whenever the route or the game
changes. The shell knows the screens only through the `Screens` it is given (`routes`), so no
screen module is imported here and every screen may import the shell.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar
from urllib.parse import parse_qs, urlsplit

import flet as ft

from companion.i18n import LANGUAGES, Translator, pick_language, printing, translator
from companion.i18n.words import rule_reference, words
from companion.rules.errors import RuleViolation
from companion.rules.views import StepId, TableView
from companion.store.db import StoreError
from companion.store.session import Session, StepPassed, UndoError
from companion.ui.shared import theme
from companion.ui.shared.connection import connection_just_closed
from companion.ui.shared.ports import KEY_PARAM, Games, TableSettings
from companion.ui.shared.reference_entries import why_of
from companion.ui.shared.step_words import passed_text, redone_text, undone_text
from companion.ui.shared.widgets import tagged
from companion.ui.tab import TabState

log = logging.getLogger(__name__)

PREF_KEY = "rattus_companion.table_key"
PREF_LANG = "rattus_companion.lang"
PREF_CARDS = "rattus_companion.cards_lang"
"""The language the table's cards are printed in: the box's, so the browser's like the table's
own language, not a game's (every game at this table is played with the same cards)."""
PREF_TIMEOUT = 12.0
"""Seconds to wait for the browser's stored preferences; a client that lost its services
never answers, and its tab must still be drawn."""


def split_route(route: str) -> tuple[str, dict[str, str]]:
    parts = urlsplit(route or "/")
    query = {k: v[0] for k, v in parse_qs(parts.query).items() if v}
    return parts.path or "/", query


ScreenBuilder = Callable[..., ft.View]
T = TypeVar("T")


@dataclass(frozen=True)
class OwnUndo:
    """Undo on a screen that belongs to one player: it takes back that player's own last
    entry; the table's undo (and redo) of the game is not offered there."""

    undo: Callable[[], None]
    possible: bool


class Screens(Protocol):
    """Which screen a path shows (`companion.ui.routes`), and the two the shell falls back on."""

    def build(self, app: TableApp, path: str) -> ft.View: ...
    def not_table(self, app: TableApp) -> ft.View: ...
    def problem(self, app: TableApp, exc: Exception) -> ft.View: ...
    def rules(self, app: TableApp, rule_id: str | None) -> None: ...


class TableApp:
    def __init__(self, page: ft.Page, config: TableSettings, games: Games,
                 screens: Screens) -> None:
        self.page = page
        self.config = config
        self.games = games
        self.screens = screens
        self.t: Translator = translator(config.lang or "en")
        self.cards: str | None = None
        """The language the cards are printed in, None: the table's (`set_cards_language`)."""
        self.authorized = False
        self.session: Session | None = None
        self.tab = TabState()
        self.path = "/"
        self._unsubscribe: Callable[[], None] | None = None
        self._unfollow_phones: Callable[[], None] | None = None
        self._prefs: ft.SharedPreferences | None = None
        self._wakelock: ft.Wakelock | None = None
        self._awake = False
        self._drawn: tuple[str, int] | None = None
        """The game and its `Session.changes` as the screen on show was drawn from them."""
        self._source: tuple[Callable[[], object], object] | None = None
        """What the screen on show said it is drawn from (`draw_from`): how to read it, and
        what it read."""
        self.own_undo: OwnUndo | None = None
        """Set while a screen whose undo is one player's own (the private view) is shown."""
        self.screen_key: str | None = None
        """Set by a screen while it is built: what it shows (the round screen: the game's
        step). A screen with a key is drawn into the view on show (Flet sends only what
        differs), which keeps where the players scrolled it: a pick or a stepper's tap leaves
        the pick grid or the steppers where they were; another key (a new step) starts at the
        top."""
        self.draws = 0
        """How many times this tab has drawn a screen."""
        self._shown: tuple[str, str] | None = None
        self._key_stripped: str | None = None
        """The path drawn at start whose address is having its key taken out: that route
        change is not drawn again."""
        self._pending: set[asyncio.Future[Any]] = set()

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
        stored_key, stored_lang, stored_cards, languages = await asyncio.gather(
            self._pref(PREF_KEY), self._pref(PREF_LANG), self._pref(PREF_CARDS),
            self._browser_languages())
        self.cards = stored_cards if stored_cards in LANGUAGES else None
        self.t = printing(translator(self.config.lang or (
            stored_lang if stored_lang in LANGUAGES else pick_language(languages))), self.cards)
        page.on_connect = self._on_connect
        await self._authorize(query, stored_key)
        self.render()
        if self.authorized and KEY_PARAM in query:
            # The screen is drawn first, so the first frame does not wait for this round
            # trip; the address then loses the key, and that route change draws nothing new.
            self._key_stripped = path
            await page.push_route(path)

    async def _authorize(self, query: dict[str, str], stored_key: str | None) -> None:
        """The key in the address, else the one this browser remembers, makes this tab the
        table's; once it is, it stays so for the tab's life."""
        given = query.get(KEY_PARAM)
        if self.config.is_host_key(given):
            self.authorized = True
            if given is not None and given != stored_key and self._prefs is not None:
                # Not awaited: the page has stored the key already (`table_page`), and the
                # first screen need not wait for the browser's answer.
                self._remember(self._prefs.set(PREF_KEY, given), "the table's key")
        else:
            self.authorized = (self.authorized or self.config.open_table
                               or self.config.is_host_key(stored_key))

    def _remember(self, call: Awaitable[Any], what: str) -> None:
        async def remember() -> None:
            try:
                await call
            except Exception:
                log.debug("cannot remember %s", what, exc_info=True)

        task = asyncio.ensure_future(remember())
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)

    async def _on_connect(self, _event: Any = None) -> None:
        """A reloaded tab comes back to its session: ask again for the key it remembers, so a
        tab that could not answer before (a client left over from a server restart) gets in."""
        if self.authorized:
            return
        await self._authorize({}, await self._pref(PREF_KEY))
        if self.authorized:
            self.render()

    async def _pref(self, key: str) -> str | None:
        assert self._prefs is not None
        try:
            value = await asyncio.wait_for(self._prefs.get(key), PREF_TIMEOUT)
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

    async def _on_route_change(self, _event: Any = None) -> None:
        path, query = split_route(self.page.route)
        stripped, self._key_stripped = self._key_stripped, None
        if stripped is not None and stripped == path and not query:
            return
        if KEY_PARAM in query:
            # The key's address opened again in a tab that is already running.
            await self._authorize(query, None)
            if self.authorized:
                await self.page.push_route(path)
                return
        self.render()

    def render(self) -> None:
        """Rebuild the current screen from the route and the game's view."""
        path, _ = split_route(self.page.route)
        self.path = path
        self.draws += 1
        self.own_undo = None
        self.screen_key = None
        self._source = None
        drawn = self._game_changes()  # before: a change while it is built is drawn after it
        if not self.authorized:
            view = self.screens.not_table(self)
        else:
            try:
                view = self.screens.build(self, path)
            except Exception as exc:
                log.exception("cannot show %s", path)
                self._source = None
                view = self.screens.problem(self, exc)
        # Flutter's own words (a fold-out's "Expanded"/"Collapsed" for a screen reader) follow
        # the table's language too.
        self.page.locale_configuration = ft.LocaleConfiguration(
            supported_locales=[ft.Locale(lang) for lang in LANGUAGES],
            current_locale=ft.Locale(self.t.lang))
        shown = (path, self.screen_key) if self.screen_key is not None else None
        if shown is not None:
            # one view for the route: Flet matches the new controls to those on show by
            # their keys and places and sends only what differs, and Flutter keeps the
            # view's scroll position
            view.key = path
        new_step = (shown is not None and self._shown is not None
                    and shown[0] == self._shown[0] and shown != self._shown)
        self.page.views[:] = [view]
        self._shown = shown
        self._drawn = drawn
        self._keep_awake(path.startswith("/game/"))
        self.page.update()
        if new_step:
            self.page.run_task(self._to_top, view)

    async def _to_top(self, view: ft.View) -> None:
        """A new step of the screen starts at the top, where it says what to do."""
        try:
            await view.scroll_to(offset=0)
        except Exception:  # a tab whose browser has gone
            log.debug("cannot scroll the view to the top", exc_info=True)

    def redraw_soon(self, still_wanted: Callable[[], bool] = lambda: True) -> None:
        """Redraw this tab on its own loop, asked from another thread or tab (a change of the
        game, the history's scores ready), if `still_wanted()` then. A tab whose browser has
        just left is not drawn, quietly (`connection_just_closed`)."""
        async def redraw() -> None:
            if not still_wanted():
                return
            try:
                self.render()
            except AttributeError as exc:
                if not connection_just_closed(exc):
                    raise
                log.debug("a tab's browser left before its redraw; drawn afresh if it is back")

        try:
            self.page.run_task(redraw)
        except Exception:
            log.debug("table page is gone", exc_info=True)

    # -- the game -----------------------------------------------------------------------

    def use_game(self, game_id: str) -> TableView:
        """What the table may see of `game_id` (no rats before the plague check), followed so
        this screen redraws on every change."""
        return self.open_game(game_id).table_view()

    def open_game(self, game_id: str) -> Session:
        """The session of `game_id`, followed so this screen redraws on every change."""
        if self.session is not None and self.session.game_id == game_id:
            return self.session
        self.leave_game()
        session = self.session = self.games.open(game_id)
        self._unsubscribe = session.subscribe(self._on_game_change)
        seats = self.games.seats
        if seats is not None:
            self._unfollow_phones = seats.on_connection(self._on_phone_connection)
        return session

    def shows(self, path: str) -> bool:
        """Whether this tab still shows `path` in an open game (a screen that ticks stops once
        it does not)."""
        return self.session is not None and self.path == path

    def leave_game(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
        if self._unfollow_phones is not None:
            self._unfollow_phones()
        self._unsubscribe = self._unfollow_phones = None
        self.session = None

    def draw_from(self, source: Callable[[], T]) -> T:
        """What the screen being built is drawn from, read now (the game's views): a change of
        the game redraws it only if `source()` then reads something else. A redraw replaces
        every control, and a tap the browser sent for a control that is gone is lost; so a
        phone's private entry, which leaves the round screen's views as they were, leaves its
        controls on show too. A screen that does not say is redrawn on every change."""
        value = source()
        self._source = (source, value)
        return value

    def _on_game_change(self) -> None:
        # Called on the thread that changed the game (maybe a phone's request). A screen that
        # drew itself after its own change (the private view's entries) is not drawn a second
        # time: the controls it just drew stay the ones on show, so a tap right after the
        # message that confirms the first reaches a control that still exists (a second
        # redraw a moment later would drop it, under load).
        self.redraw_soon(self._changed_since_drawn)

    def _on_phone_connection(self, game_id: str, _seat: int) -> None:
        # A phone connected or dropped: no change of the game, so only a screen drawn from
        # something that reads it (the round screen's "waiting for this phone") is redrawn,
        # and only if what it reads changed.
        if self.session is not None and self.session.game_id == game_id:
            self.redraw_soon(self._source_changed)

    def _source_changed(self) -> bool:
        """Whether what the screen on show said it is drawn from reads otherwise now."""
        if self._source is None:
            return False
        read, drawn = self._source
        try:
            return read() != drawn
        except Exception:
            log.debug("what the screen was drawn from cannot be read", exc_info=True)
            return True

    def _changed_since_drawn(self) -> bool:
        """Whether the game changed what the screen on show was drawn from (a source that
        cannot be read now: drawn anew, which shows why)."""
        if self._drawn is not None and self._drawn == self._game_changes():
            return False
        return self._source is None or self._source_changed()

    def _game_changes(self) -> tuple[str, int] | None:
        session = self.session
        return None if session is None else (session.game_id, session.changes)

    def submit(self, event: Any) -> bool:
        """Play `event` in the open game; a broken rule is shown, nothing changes."""
        assert self.session is not None, "a screen submits only in the game it shows"
        return self._played(lambda session: session.submit(event))

    def submit_all(self, events: Sequence[Any]) -> bool:
        """Play the events of one tap as one step (one undo takes it back); if the engine
        refuses any of them, that is shown and nothing is stored."""
        assert self.session is not None, "a screen submits only in the game it shows"
        if not events:
            return True
        return self._played(lambda session: session.submit_all(events))

    def decide(self, events: Sequence[Any], discards: Mapping[tuple[int, int], int],
               made_for: StepId) -> bool:
        """Play the tap that decides the next step, made for the step `made_for`, with the
        steps before it that take no tap (`Session.decide`: one step, one undo); a broken
        rule is shown, nothing changes. A tap for a step the table has left is refused: the
        table reads which step it was for, and sees the step it is at."""
        assert self.session is not None, "a screen submits only in the game it shows"
        return self._played(lambda session: session.decide(events, discards, made_for))

    def _played(self, play: Callable[[Session], object]) -> bool:
        """Whether `play` stored its step in the open game: a rule it breaks or a store that
        cannot save it is told the table the same way, whichever way the screen played."""
        assert self.session is not None
        # the tap's change is drawn by the redraw it sets off (`_on_game_change`), and a
        # refusal shows itself: Flet's own update after the handler would only diff the page
        # once more and send a second message for the same tap
        ft.context.disable_auto_update()
        try:
            play(self.session)
        except RuleViolation as exc:
            self.notify(words(self.t, exc), error=True,
                        detail=rule_reference(self.t, exc), why=why_of(exc))
            return False
        except StepPassed as exc:
            self.render()
            self.notify(passed_text(self.t, self.session.table_view(), exc), error=True)
            return False
        except StoreError as exc:
            self.notify(self.t("The game could not be saved: {reason}",
                               reason=words(self.t, exc)), error=True)
            return False
        return True

    def undo(self, _event: Any = None) -> None:
        self._step_back_or_forth(undo=True)

    def redo(self, _event: Any = None) -> None:
        self._step_back_or_forth(undo=False)

    def _step_back_or_forth(self, undo: bool) -> None:
        if self.own_undo is not None:
            if undo:
                self.own_undo.undo()
            return
        if self.session is None:
            return
        possible = self.session.can_undo() if undo else self.session.can_redo()
        if not possible:
            self.notify(self.t("Nothing to undo.") if undo else self.t("Nothing to redo."))
            return
        try:
            step = self.session.undo_step() if undo else self.session.redo_step()
            if undo:
                for event in step:
                    self.tab.round.took_back(event)
        except UndoError as exc:
            self.notify(words(self.t, exc, names=self.session.table_view().setup.names),
                        error=True)
            return
        said = undone_text if undo else redone_text
        self.notify(said(self.t, self.session.table_view(), step))

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
        self.t = printing(translator(lang), self.cards)
        self.render()
        if self._prefs is not None:
            try:
                await self._prefs.set(PREF_LANG, lang)
            except Exception:
                log.debug("cannot remember the language", exc_info=True)

    async def set_cards_language(self, lang: str | None) -> None:
        """The language the table's cards are printed in (None: the table's, whichever it is);
        remembered by this browser like the table's language."""
        self.cards = lang if lang in LANGUAGES else None
        self.t = printing(translator(self.t.lang), self.cards)
        self.render()
        if self._prefs is not None:
            try:
                await self._prefs.set(PREF_CARDS, self.cards or "")
            except Exception:
                log.debug("cannot remember the cards' language", exc_info=True)

    def notify(self, message: str, error: bool = False, detail: str | None = None,
               why: str | None = None) -> None:
        """`detail` (the rule a refusal cites) opens on a long press, off the sentence; `why`
        (a rule ID or a reference entry's key) adds a "Why?" that opens its entry."""
        def explain(_event: Any = None) -> None:
            self.screens.rules(self, why)

        said: ft.Control = tagged("message", ft.Text(message, size=theme.BODY_SIZE,
                                                     color="#FFFFFF", tooltip=detail))
        if why:
            said = ft.Row([ft.Container(said, expand=True), tagged("message-why", ft.TextButton(
                self.t("Why?"), icon=ft.Icons.MENU_BOOK, on_click=explain,
                style=ft.ButtonStyle(color="#FFFFFF")))], wrap=False)
        bar = ft.SnackBar(
            content=said, bgcolor="#B3261E" if error else "#323232",
            duration=6000 if error else 3500, show_close_icon=True)
        self.page.show_dialog(bar)

    def _keep_awake(self, awake: bool) -> None:
        """Keep the screen on while a game is played, where the browser allows it."""
        if awake == self._awake:
            return
        self._awake = awake
        if self._wakelock is None:
            self._wakelock = ft.Wakelock()
        call: Callable[[], Awaitable[None]] = (self._wakelock.enable if awake
                                               else self._wakelock.disable)

        async def switch() -> None:
            try:
                await call()
            except Exception:
                log.debug("wake lock not available", exc_info=True)

        self.page.run_task(switch)
