"""The narration of the rulebook's example beside the round screen: what happens in the book at
this step and which control to tap, with which value.

The table taps the real controls; the narration only follows what was recorded
(`companion.practice.example.follow`). When the table taps something else than the book, it
says so, names what was recorded, and offers to undo it; the practice goes on either way (it is
never counted), so a table that wants to try a different entry may.
"""

from __future__ import annotations

import flet as ft

from companion.i18n import Translator
from companion.i18n.names import building_name
from companion.practice.example import BLUE, GREEN, RED, SCENES, YELLOW, Progress, Scene, follow
from companion.rules.catalog import Building
from companion.rules.views import TableView
from companion.ui.practice.leave import in_practice
from companion.ui.shared import theme
from companion.ui.shared.step_words import step_words
from companion.ui.shared.widgets import tagged, text
from companion.ui.shell import TableApp

COLOUR = "#E6F0FA"
DEPARTED_COLOUR = "#FDE7D9"


def names_of(t: Translator, view: TableView) -> dict[str, str]:
    """The narration's placeholders: the players as stored, the buildings as printed."""
    names = view.setup.names
    return {"red": names[RED], "yellow": names[YELLOW], "green": names[GREEN],
            "blue": names[BLUE], "tent": building_name(t, Building.FORTUNE_TELLERS_TENT),
            "monastery": building_name(t, Building.MONASTERY)}


def said(t: Translator, view: TableView, message: str) -> str:
    return t(message, **names_of(t, view))


def practice_panel(app: TableApp, view: TableView) -> list[ft.Control]:
    """The narration of the scene the practice game is at; nothing outside a practice."""
    if not in_practice(app):
        return []
    assert app.session is not None
    progress = follow(app.session.public_events())
    return [tagged("practice-narration", ft.Container(
        content=ft.Column(lines(app, view, progress), spacing=4, tight=True),
        bgcolor=DEPARTED_COLOUR if progress.departed is not None else COLOUR,
        border_radius=12, padding=ft.Padding.symmetric(horizontal=12, vertical=8)))]


def lines(app: TableApp, view: TableView, progress: Progress) -> list[ft.Control]:
    t = app.t
    head = ft.Row([ft.Icon(ft.Icons.SCHOOL, size=20, color=theme.SEED_COLOUR), ft.Row([
        text(t("The rulebook's example"), size=theme.SMALL_SIZE, weight=ft.FontWeight.BOLD),
        tagged("practice-scene", text(t("step {n} of {total}", n=step_number(progress),
                                        total=len(SCENES) - 1), size=theme.SMALL_SIZE))],
        spacing=6, wrap=True, run_spacing=0, expand=True)], spacing=6,
        vertical_alignment=ft.CrossAxisAlignment.START)
    if progress.departed is not None and progress.expected is not None:
        return [head, *departed_lines(app, view, progress.departed, progress.expected)]
    if progress.beyond:
        return [head, text(t("The example is over and you are playing on: a practice game is "
                             "never counted."), size=theme.SMALL_SIZE)]
    return [head, *scene_lines(t, view, progress.scene)]


def step_number(progress: Progress) -> int:
    """The scene's number as the table counts it: the tap that starts the practice lays out
    the book's row, so the first entry is step 1 (and the row, after an undo, is too)."""
    return min(max(progress.index, 1), len(SCENES) - 1)


def scene_lines(t: Translator, view: TableView, scene: Scene) -> list[ft.Control]:
    story = " ".join(said(t, view, sentence) for sentence in scene.says)
    return [tagged("practice-says", text(story, size=theme.SMALL_SIZE)),
            tagged("practice-tap", ft.Row([
                ft.Icon(ft.Icons.TOUCH_APP, size=20, color=theme.SEED_COLOUR),
                text(said(t, view, scene.tap), size=theme.SMALL_SIZE, weight=ft.FontWeight.BOLD,
                     expand=True)], spacing=6))]


def departed_lines(app: TableApp, view: TableView, departed: object, expected: Scene
                   ) -> list[ft.Control]:
    """The table recorded something else than the book: what, what the book does instead,
    and the undo that goes back to it (one step at a time, as the table's own undo)."""
    t = app.t
    what = step_words(t, view, [departed])
    return [
        tagged("practice-departed", text(t(
            "This is not the example: {step} was recorded differently from the rulebook. "
            "Undo the last step until you are back at the example, or play on: a practice game "
            "is never counted.", step=what), size=theme.SMALL_SIZE)),
        text(t("In the example: {tap}", tap=said(t, view, expected.tap)), size=theme.SMALL_SIZE,
             weight=ft.FontWeight.BOLD),
        tagged("practice-undo", ft.OutlinedButton(
            t("Undo the last step"), icon=ft.Icons.UNDO, on_click=app.undo,
            height=theme.TOUCH_HEIGHT - 8,
            style=ft.ButtonStyle(text_style=ft.TextStyle(size=theme.SMALL_SIZE)))),
    ]
