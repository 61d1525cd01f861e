"""Where each screen lives: a route template -> the function building its `ft.View`.

Matching is Flet's own (`ft.TemplateRoute`, templates as in `repath`): `:name` segments are
passed to the screen as keyword arguments, e.g. `/game/:game_id` calls
`game_view(app, game_id="...")`. A new screen is one function plus one line here. This is the
only module that knows every screen; the shell is handed `SCREENS` (see `table_app`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

import flet as ft

from companion.ui.history.screen import history_game_view, history_player_view, history_view
from companion.ui.home.home import home_view
from companion.ui.home.not_table import not_table_view
from companion.ui.home.past_games import past_games_view
from companion.ui.home.score_form import score_form_view
from companion.ui.phones.panel import phones_view
from companion.ui.phones.private_view import private_view
from companion.ui.round.corrections import corrections_view
from companion.ui.round.game import game_view
from companion.ui.round.screen import round_view
from companion.ui.setup.buildings import setup_buildings_view
from companion.ui.setup.checklist import setup_checklist_view
from companion.ui.setup.options import setup_options_view
from companion.ui.setup.players import setup_players_view
from companion.ui.shared import paths
from companion.ui.shared.ports import Games, TableSettings
from companion.ui.shared.problem import problem_view
from companion.ui.shared.rules_reference import open_rules
from companion.ui.shell import ScreenBuilder, TableApp

ROUTES: tuple[tuple[str, ScreenBuilder], ...] = (
    (paths.HOME, home_view),
    (paths.PAST_GAMES, past_games_view),
    (paths.PAST_GAMES + "/newest/:count", past_games_view),
    (paths.SCORE_SHEET, score_form_view),
    (paths.HISTORY, history_view),
    (paths.HISTORY + "/with/:player", history_view),
    (paths.HISTORY + "/newest/:count", history_view),
    (paths.HISTORY + "/with/:player/newest/:count", history_view),
    (paths.HISTORY + "/game/:game_id", history_game_view),
    (paths.HISTORY + "/player/:player", history_player_view),
    (paths.SETUP_PLAYERS, setup_players_view),
    (paths.SETUP_BUILDINGS, setup_buildings_view),
    (paths.SETUP_OPTIONS, setup_options_view),
    (paths.SETUP_CHECKLIST, setup_checklist_view),
    ("/game/:game_id", game_view),
    ("/game/:game_id/play", round_view),
    ("/game/:game_id/correct", corrections_view),
    ("/game/:game_id/phones", phones_view),
    ("/game/:game_id/private/:seat", private_view),
)

_PARAM = re.compile(r":(\w+)")


@dataclass(frozen=True)
class Match:
    template: str
    screen: ScreenBuilder
    params: dict[str, str]

    def build(self, app: TableApp) -> ft.View:
        return self.screen(app, **self.params)


def resolve(path: str, routes: Sequence[tuple[str, ScreenBuilder]] = ROUTES) -> Match | None:
    """The screen `path` shows, with its parameters; None for a path no screen has."""
    route = ft.TemplateRoute(path)
    for template, screen in routes:
        if route.match(template):
            return Match(template, screen,
                         {name: getattr(route, name) for name in _PARAM.findall(template)})
    return None


class TableScreens:
    """The screens of the table, as the shell asks for them."""

    def build(self, app: TableApp, path: str) -> ft.View:
        match = resolve(path) or resolve(paths.HOME)
        assert match is not None
        return match.build(app)

    def not_table(self, app: TableApp) -> ft.View:
        return not_table_view(app)

    def problem(self, app: TableApp, exc: Exception) -> ft.View:
        return problem_view(app, exc)

    def rules(self, app: TableApp, rule_id: str | None) -> None:
        open_rules(app, rule_id)


SCREENS = TableScreens()


def table_app(page: ft.Page, config: TableSettings, games: Games) -> TableApp:
    """The table's app for one browser tab, with every screen."""
    return TableApp(page, config, games, SCREENS)


FIRST_SCREEN_CONTROLS = (
    "AlertDialog", "AppBar", "BottomAppBar", "ButtonStyle", "Card", "Column", "Container",
    "Divider", "FilledButton", "Icon", "IconButton", "Image", "KeyboardEvent", "Locale",
    "LocaleConfiguration", "OutlinedButton", "ResponsiveRow", "RoundedRectangleBorder", "Row",
    "Semantics", "SharedPreferences", "SnackBar", "TemplateRoute", "Text", "TextButton",
    "TextStyle", "View", "Wakelock")
"""Flet's controls the shell and the home screen build. Flet imports each on first use: imported
beforehand, they keep the first tab's home screen from waiting on the server for imports the
tabs after it never wait for."""


def load_first_screen() -> None:
    """Import what the first tab's first screen builds, before a tab asks for it (the server's
    warm-up, `companion.server.app.warm_up`). Only the first screen's: they are imported by
    the first tab anyway, so the server holds nothing more than it would."""
    for name in FIRST_SCREEN_CONTROLS:
        getattr(ft, name)
