"""Pieces every screen of a game shares: what a phase puts on screen, the frame with the
tracks beside it, the step marker, a banner, and submitting one tap's events."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import flet as ft

from companion.rules.views import TableView
from companion.ui.shared import theme
from companion.ui.shared.frame import is_wide, page_frame
from companion.ui.shared.tracks import tracks_panel
from companion.ui.shared.widgets import tagged, text
from companion.ui.shell import TableApp


@dataclass
class Body:
    """What a phase puts on the screen: its controls and the one button that moves on."""

    controls: list[ft.Control] = field(default_factory=list)
    bottom: ft.Control | None = None


def game_frame(app: TableApp, heading: str, controls: Sequence[ft.Control], view: TableView,
               bottom: ft.Control | None, back: str,
               beside: Sequence[ft.Control] = (), kept: bool = False) -> ft.View:
    """A game's screen: the shared frame with the influence tracks always in sight; `beside`
    goes above the tracks (the practice's narration, beside the controls on a wide screen).

    What the players tap (`controls`, `bottom`, `beside` and the app bar's undo and redo) is
    drawn anew on every redraw (`page_frame`'s `drawn_as`), so a tap made on the screen before
    is dropped, never taken for a tap on what stands there now; the frame and the tracks keep
    their controls and get only what changed. `kept`: a form whose fields keep their controls
    while it is typed in (`endgame.screen.keep_while_typed`)."""
    drawn_as = None if kept else f"drawn-{app.draws}"
    setup = view.setup
    tracks = tracks_panel(app.t, view.tracks, setup.names, setup.colours, wide=is_wide(app))
    if beside:
        tracks = ft.Column([*beside, tracks], spacing=10, tight=True, key=drawn_as)
    return page_frame(app, heading, controls, back=back, bottom=bottom, aside=tracks,
                      drawn_as=drawn_as)


def two_columns(first: list[ft.Control], second: list[ft.Control], even: bool = False,
                narrow_first: bool = False) -> ft.Control:
    """Side by side from a tablet's width on, one above the other on a narrow screen: what
    the acting player taps (`first`) never falls below a building's long list (`second`).
    The acting player's the wider and the closer set: on a laptop each reveal stepper's words
    stand beside its buttons, the longest word ("Bevölkerungskarten") keeps its own line
    there instead of being broken, and the last stepper stays above the bottom bar. `even`:
    halves, where `second` holds the previous building's result, whose lines need the width
    to stay above the bottom bar too (the steppers' words wrap, in whole words).
    `narrow_first`: `second` the wider, where `first` is short (the own deck's picker, two
    cards a line) and `second` a building's whole result, five players' actions and the
    Hospital's steppers among them, which must all stay above the bottom bar of a laptop."""
    acting = 5 if narrow_first else 6 if even else 7
    return ft.ResponsiveRow([
        ft.Column(first, col={"xs": 12, "md": acting}, spacing=4, tight=True),
        ft.Column(second, col={"xs": 12, "md": 12 - acting}, spacing=8, tight=True),
    ], spacing=12, run_spacing=8, vertical_alignment=ft.CrossAxisAlignment.START)


def step_marker(app: TableApp, view: TableView, control: ft.Control) -> ft.Control:
    """`control` tagged with how many steps the game has: a browser test (or a screen reader)
    can tell a redrawn screen from the one before a tap. A redraw at the same step keeps the
    view where the players scrolled it (`TableApp.screen_key`)."""
    app.screen_key = f"step-{view.game_events}"
    return tagged(f"step-{view.game_events}", control)


def banner(message: str, icon: ft.IconData = ft.Icons.INFO_OUTLINE,
           colour: str = "#FFF3D6", dense: bool = False) -> ft.Control:
    """A highlighted message; `dense` in smaller print, where the acting player's controls
    share the screen with it."""
    return ft.Container(content=ft.Row([ft.Icon(icon, color="#6B4200", size=20 if dense else 24),
                                        text(message, expand=True,
                                             size=theme.SMALL_SIZE if dense
                                             else theme.BODY_SIZE)]),
                        bgcolor=colour, border_radius=10, padding=8 if dense else 12)


def submit_all(app: TableApp, events: Sequence[Any]) -> bool:
    """Submit the events of one tap as one step: all stored, or none if the engine refuses
    any; one undo takes them all back."""
    return app.submit_all(events)


def decide(app: TableApp, view: TableView, *events: Any) -> bool:
    """Submit a tap that decides the table's next step, made on controls drawn from `view`
    (the decision's view): the session records the steps folded into it first (a building's
    actions done, with the Hospital discards entered on this screen; the round's end; the
    supply done), as one step: one undo takes back all of it. The tap names the step it was
    drawn for (`view.step_id`): if the table is at another step by the time it arrives, the
    session refuses it and the table says so."""
    assert app.session is not None, "a screen submits only in the game it shows"
    return app.decide(events, discards(app), view.step_id)


def discards(app: TableApp) -> dict[tuple[int, int], int]:
    """The Hospital discards this tab has entered for the game's current round."""
    assert app.session is not None
    return app.tab.round.discards(app.session.table_view().round)
