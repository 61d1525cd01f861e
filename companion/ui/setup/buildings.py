"""Setup wizard, step 2: which 30 building cards are in play, by any method of R-SETUP-2.

The engine draws (from the draft's seed) and this screen shows the result as the cards the
players will lay out; "draw again" is a new seed. A setup code from another device replaces
every choice at once.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.i18n import N_
from companion.i18n.names import building_name, estate_name
from companion.i18n.words import words
from companion.rules.catalog import (
    MAX_PLAYERS,
    Building,
    Estate,
    buildings_of,
)
from companion.rules.errors import RuleViolation
from companion.rules.setup import SelectionMethod, Setup, SetupWarning
from companion.ui.setup.players import ensure_draft
from companion.ui.shared import theme
from companion.ui.shared.frame import page_frame
from companion.ui.shared.widgets import (
    big_button,
    building_card,
    choice_tile,
    heading,
    nav_bar,
    responsive_grid,
    tagged,
    text,
)
from companion.ui.shell import TableApp

METHODS: dict[SelectionMethod, tuple[str, str, ft.IconData]] = {
    SelectionMethod.FIRST_GAME: (
        N_("First game"),
        N_("5 each of Farm, Market, Monastery, Castle, Palace and Fortune Teller's Tent."),
        ft.Icons.SCHOOL),
    SelectionMethod.ONE_PER_ESTATE: (
        N_("One building per class, drawn"),
        N_("The app draws one of the two buildings of each class; all 5 of its cards."),
        ft.Icons.CASINO),
    SelectionMethod.MIXED_PER_ESTATE: (
        N_("Mixed per class, drawn"),
        N_("Per class, its 10 cards are shuffled and 5 drawn: both buildings can be in play."),
        ft.Icons.SHUFFLE),
    SelectionMethod.CHOSEN: (
        N_("You choose"),
        N_("Choose how many cards of each building: 5 per class."),
        ft.Icons.TUNE),
}

WARNINGS = {
    SetupWarning.WATCHTOWER_WITH_FIVE: N_(
        "The Watchtower is in play with 5 players: the rulebook advises against it."),
}


def setup_buildings_view(app: TableApp) -> ft.View:
    t = app.t
    draft = ensure_draft(app)

    def choose(method: SelectionMethod) -> Any:
        def handler(_event: Any = None) -> None:
            draft.method = method
            app.render()
        return handler

    def reshuffle(_event: Any = None) -> None:
        draft.reshuffle()
        app.render()

    def step(building: Building, delta: int) -> Any:
        def handler(_event: Any = None) -> None:
            draft.set_manual(building, draft.manual.get(building, 0) + delta)
            app.render()
        return handler

    def allow_watchtower(event: ft.Event[ft.Switch]) -> None:
        draft.watchtower_with_five = bool(event.control.value)
        app.render()

    code_field = ft.TextField(label=t("Setup code"), text_size=theme.BODY_SIZE,
                              capitalization=ft.TextCapitalization.CHARACTERS, width=260)

    def use_code(_event: Any = None) -> None:
        try:
            draft.apply_code(code_field.value or "")
        except RuleViolation as exc:
            app.notify(words(t, exc), error=True)
            return
        app.notify(t("Setup code taken over."))
        app.render()

    controls: list[ft.Control] = [
        tagged("setup-buildings", heading(t("How are the 30 building cards chosen?"))),
        *[choice_tile(f"method-{method.value}", t(label), choose(method), draft.method is method,
                      t(description), icon)
          for method, (label, description, icon) in METHODS.items()],
    ]
    if draft.method is SelectionMethod.CHOSEN:
        controls.append(_manual_choice(app, step))
    elif draft.method is not SelectionMethod.FIRST_GAME:
        controls.append(big_button("reshuffle", t("Draw again"), reshuffle,
                                   icon=ft.Icons.CASINO, primary=False))
    if len(draft.players) == MAX_PLAYERS and draft.method in (
            SelectionMethod.ONE_PER_ESTATE, SelectionMethod.MIXED_PER_ESTATE):
        controls.append(tagged("watchtower-five", ft.Switch(
            label=t("Allow the Watchtower with 5 players"), value=draft.watchtower_with_five,
            on_change=allow_watchtower, label_text_style=ft.TextStyle(size=theme.BODY_SIZE))))

    ok = True
    try:
        setup = draft.setup()
    except RuleViolation as exc:
        ok = False
        controls.append(tagged("setup-problem", text(words(t, exc), colour="#B3261E")))
    else:
        controls += _result(app, setup)

    controls += [
        heading(t("A setup code from another device?")),
        ft.Row([tagged("code-input", code_field),
                big_button("apply-code", t("Use this code"), use_code, primary=False)],
               wrap=True, spacing=theme.GAP),
    ]
    bottom = nav_bar(big_button("setup-back", t("Back"), app.nav("/setup/players"),
                                icon=ft.Icons.ARROW_BACK, primary=False),
                     big_button("next", t("Next: options"), app.nav("/setup/options"),
                                icon=ft.Icons.ARROW_FORWARD, disabled=not ok))
    return page_frame(app, t("New game: buildings"), controls, back="/setup/players", bottom=bottom)


def _result(app: TableApp, setup: Setup) -> list[ft.Control]:
    t = app.t
    cards = [building_card(t, b, copies=setup.copies(b), identifier=f"card-{b.value}")
             for b in Building if setup.in_play(b)]
    found: list[ft.Control] = [heading(t("The buildings in play")),
                               tagged("buildings-result", responsive_grid(cards))]
    for warning in setup.warnings:
        found.append(tagged(f"warning-{warning.value}", ft.Container(
            content=ft.Row([ft.Icon(ft.Icons.WARNING_AMBER, color="#8A5300"),
                            text(t(WARNINGS[warning]), expand=True)]),
            bgcolor="#FFF3D6", border_radius=10, padding=12)))
    return found


def _manual_choice(app: TableApp, step: Any) -> ft.Control:
    t = app.t
    draft = ensure_draft(app)
    rows: list[ft.Control] = []
    for estate in Estate:
        cells: list[ft.Control] = [ft.Container(
            content=text(estate_name(t, estate), weight=ft.FontWeight.BOLD, colour="#FFFFFF"),
            bgcolor=theme.ESTATE_COLOURS[estate], border_radius=8, padding=8, width=150)]
        for building in buildings_of(estate):
            count = draft.manual.get(building, 0)
            cells.append(ft.Row([
                tagged(f"fewer-{building.value}", ft.IconButton(
                    ft.Icons.REMOVE_CIRCLE_OUTLINE, icon_size=30, on_click=step(building, -1),
                    disabled=count == 0, tooltip=t("One card fewer"))),
                tagged(f"count-{building.value}",
                       text(f"{count}", size=theme.HEADING_SIZE, weight=ft.FontWeight.BOLD)),
                tagged(f"more-{building.value}", ft.IconButton(
                    ft.Icons.ADD_CIRCLE_OUTLINE, icon_size=30, on_click=step(building, +1),
                    disabled=count == 5, tooltip=t("One card more"))),
                text(building_name(t, building)),
            ], spacing=0, tight=True))
        rows.append(ft.Row(cells, wrap=True, spacing=theme.GAP,
                           vertical_alignment=ft.CrossAxisAlignment.CENTER))
    return ft.Column(rows, spacing=8, tight=True)
