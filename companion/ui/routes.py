"""Where each screen lives: route pattern -> "module:function" building its `ft.View`.

Screens are imported on first use, so the table's first page loads only what it shows. A new
screen is one new module plus one line here; `:name` segments are passed to the function as
keyword arguments, e.g. `/game/:game_id` calls `view(app, game_id="...")`.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import flet as ft

    from companion.ui.shell import TableApp

ViewFactory = Callable[..., "ft.View"]

ROUTES: tuple[tuple[str, str], ...] = (
    ("/", "companion.ui.home:home_view"),
    ("/games", "companion.ui.past_games:past_games_view"),
    ("/score", "companion.ui.score_form:score_form_view"),
    ("/setup/players", "companion.ui.setup_players:setup_players_view"),
    ("/setup/buildings", "companion.ui.setup_buildings:setup_buildings_view"),
    ("/setup/options", "companion.ui.setup_options:setup_options_view"),
    ("/setup/checklist", "companion.ui.setup_checklist:setup_checklist_view"),
    ("/game/:game_id", "companion.ui.game:game_view"),
    ("/game/:game_id/play", "companion.ui.round_screen:round_view"),
    ("/game/:game_id/correct", "companion.ui.corrections:corrections_view"),
    ("/game/:game_id/phones", "companion.ui.phones_panel:phones_view"),
    ("/game/:game_id/private/:seat", "companion.ui.private_view:private_view"),
)


@dataclass(frozen=True)
class Match:
    target: str
    params: dict[str, str]

    def factory(self) -> ViewFactory:
        module, _, name = self.target.partition(":")
        return getattr(importlib.import_module(module), name)  # type: ignore[no-any-return]

    def build(self, app: TableApp) -> ft.View:
        return self.factory()(app, **self.params)


@cache
def _pattern(template: str) -> re.Pattern[str]:
    parts = [f"(?P<{p[1:]}>[^/]+)" if p.startswith(":") else re.escape(p)
             for p in template.strip("/").split("/")]
    return re.compile("^/" + "/".join(parts) + "/?$" if parts != [""] else "^/?$")


def resolve(path: str, routes: tuple[tuple[str, str], ...] = ROUTES) -> Match | None:
    for template, target in routes:
        found = _pattern(template).match(path)
        if found:
            return Match(target, dict(found.groupdict()))
    return None

