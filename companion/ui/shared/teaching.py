"""A first game's teaching cards, the opening, and "What do I do now?".

A card sits in the screen's flow, above the controls of the step it is about: never a dialog,
never in the way of a tap. "Got it" puts it away; "Tell me more" opens the rules reference at
the rule it teaches. What is due is `companion.teaching.due`'s (from the table's public view
only), what was shown `companion.teaching.progress`'s (beside the game in the store).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import flet as ft

from companion.i18n import Translator
from companion.i18n.names import building_name
from companion.i18n.words import words
from companion.teaching import progress
from companion.teaching.due import due
from companion.teaching.lessons import LESSONS, SETUP_ITEMS, Lesson
from companion.ui.setup.draft import SetupDraft
from companion.ui.shared import theme
from companion.ui.shared.rules_reference import open_rules
from companion.ui.shared.widgets import tagged, text
from companion.ui.shell import TableApp

CARD_COLOUR = "#E8F1FB"

Discards = Mapping[tuple[int, int], int]
"""The Hospital discards a round screen folds into its tap: (building, player) -> cards."""


def lesson_words(t: Translator, lesson: Lesson) -> tuple[str, str]:
    """The lesson's title and sentences in the table's language; a building's lesson is
    titled with the building's name."""
    if lesson.building is None:
        return t(lesson.title), t(lesson.body)
    return building_name(t, lesson.building), t(lesson.body)


def more_button(app: TableApp, identifier: str, rule: str) -> ft.Control:
    def more(_event: Any = None) -> None:
        open_rules(app, rule)

    return tagged(identifier, ft.TextButton(
        app.t("Tell me more"), icon=ft.Icons.MENU_BOOK, on_click=more, height=theme.TOUCH_HEIGHT,
        style=ft.ButtonStyle(text_style=ft.TextStyle(size=theme.BODY_SIZE))))


def lesson_card(app: TableApp, lesson: Lesson, got_it: Callable[[], None],
                heading: str | None = None) -> ft.Control:
    """One lesson beside its controls; `heading`: whom it is for (a table of old hands)."""
    title, body = lesson_words(app.t, lesson)
    return card(app, lesson.id, title, [text(body, size=theme.SMALL_SIZE)], lesson.rule,
                got_it, heading)


def row_card(app: TableApp, lessons: Sequence[Lesson], got_it: Callable[[], None],
             heading: str | None = None) -> ft.Control:
    """The buildings new in this round's row, in one card: a line each, why it is worth
    entering (its actions are printed on its card beside); one "Got it" for all of them."""
    t = app.t
    lines: list[ft.Control] = []
    for lesson in lessons:
        name, why = lesson_words(t, lesson)
        lines.append(tagged(f"lesson-{lesson.id}", ft.Text(spans=[
            ft.TextSpan(name + " · ", style=ft.TextStyle(weight=ft.FontWeight.BOLD)),
            ft.TextSpan(why)], size=theme.SMALL_SIZE)))
    return card(app, "buildings", t(lessons[0].title), lines, lessons[0].rule, got_it, heading)


def card(app: TableApp, key: str, title: str, lines: list[ft.Control], rule: str,
         got_it: Callable[[], None], heading: str | None) -> ft.Control:
    t = app.t

    def done(_event: Any = None) -> None:
        got_it()

    head: list[ft.Control] = []
    if heading:
        head.append(text(heading, size=theme.SMALL_SIZE - 1, italic=True))
    # the buttons beside the title where the screen is wide: a first entry's cards (the
    # supply, entering, the row's buildings) then leave the entry's controls higher up; on a
    # tablet held upright they wrapped there, and go under the words instead
    wide = (getattr(app.page, "width", None) or 0) >= theme.WIDE_LAYOUT
    buttons = ft.Row([tagged(f"lesson-{key}-got-it", ft.FilledTonalButton(
        t("Got it"), icon=ft.Icons.CHECK, on_click=done, height=theme.TOUCH_HEIGHT,
        style=ft.ButtonStyle(text_style=ft.TextStyle(size=theme.BODY_SIZE)))),
        more_button(app, f"lesson-{key}-more", rule)],
        wrap=not wide, spacing=8, run_spacing=4)
    name = ft.Row([ft.Icon(ft.Icons.SCHOOL, color=theme.SEED_COLOUR, size=22),
                   text(title, size=theme.BODY_SIZE, weight=ft.FontWeight.BOLD, expand=True)],
                  spacing=6)
    if wide:
        body = [*head, ft.Row([ft.Container(name, expand=True), buttons],
                              vertical_alignment=ft.CrossAxisAlignment.CENTER), *lines]
    else:
        body = [*head, name, *lines, buttons]
    return tagged(f"lesson-{key}", ft.Container(
        ft.Column(body, spacing=4, tight=True), bgcolor=CARD_COLOUR,
        border_radius=12, padding=ft.Padding.symmetric(horizontal=12, vertical=8),
        border=ft.Border.all(1, theme.SEED_COLOUR)))


def for_whom(app: TableApp, teaching: progress.Teaching, names: Sequence[str]) -> str | None:
    """Old hands who did not ask for a first game read whom a card is for (a table of
    newcomers only reads the card)."""
    if teaching.first_game or not teaching.newcomers or \
            set(range(len(names))) <= set(teaching.newcomers):
        return None
    who = ", ".join(names[s] for s in teaching.newcomers if 0 <= s < len(names))
    return app.t("For {names}, new to the game", names=who)


def teaching_cards(app: TableApp, discards: Discards | None = None) -> list[ft.Control]:
    """The card of the first lesson the game's next step uses, not shown before, above its
    controls (at most one: the step's controls stay on the screen), recorded as shown at this
    step; "Got it" brings the next one due here. `discards`: the Hospital discards the screen
    folds into its tap (`Session.decision_view`)."""
    session = app.session
    if session is None:
        return []
    teaching = progress.teaching_of(session)
    if not teaching.on:
        return []
    decision = session.decision_view(discards or {})
    at = session.table_view().game_events
    card, waiting = progress.show(session, due(decision.view, decision.folded), at)
    if not card:
        return []
    heading = " · ".join(filter(None, (for_whom(app, teaching, decision.view.setup.names),
                                       more_tips(app, waiting))))

    def got_it() -> None:
        now = progress.teaching_of(session)
        for lesson in card:
            now = now.got_it(lesson)
        progress.save(session, now)
        app.render()

    if card[0].building is not None:
        return [row_card(app, card, got_it, heading)]
    return [lesson_card(app, card[0], got_it, heading)]


def more_tips(app: TableApp, waiting: int) -> str | None:
    """Cards due at this step wait behind the one shown: "Got it" brings the next."""
    if not waiting:
        return None
    return app.t.plural("{n} more tip after this one", "{n} more tips after this one", waiting)


def setup_opening(app: TableApp, draft: SetupDraft) -> list[ft.Control]:
    """A taught table reads the goal of the game first, then lays it out."""
    return [opening_card(app)] if draft.taught else []


def setup_lesson(app: TableApp, draft: SetupDraft, item: str) -> list[ft.Control]:
    """The lesson of the pieces checklist `item` lays out, beside it, for a taught table (the
    game does not exist yet: the draft remembers "Got it")."""
    key = SETUP_ITEMS.get(item)
    if not draft.taught or key is None or key in draft.lessons_done:
        return []

    def done() -> None:
        draft.lessons_done.add(key)
        app.render()

    return [lesson_card(app, LESSONS[key], done)]


def opening_card(app: TableApp) -> ft.Control:
    """The goal of the game, in thirty seconds of reading, above the setup's checklist."""
    t = app.t
    return tagged("opening", ft.Container(ft.Column([
        ft.Row([ft.Icon(ft.Icons.SCHOOL, color=theme.SEED_COLOUR, size=26),
                text(t("How to win Rattus Cartus"), size=theme.HEADING_SIZE,
                     weight=ft.FontWeight.BOLD, expand=True)], spacing=6),
        text(t("The plague is coming to town. Over 8 to 10 rounds you play population cards "
               "into the buildings laid out each round: every card gives you influence with a "
               "class, and every building gives its action. At the end, the most influence in "
               "each class brings victory points. But each card of another class brings you "
               "rats, and when the plague comes, whoever has more rats than the Nun-row has "
               "nuns dies. The most victory points among the living wins. The app shows you "
               "every step: lay out the game now.")),
    ], spacing=6, tight=True), bgcolor=CARD_COLOUR, border_radius=12, padding=14))


def help_dialog(app: TableApp) -> ft.AlertDialog:
    """"What do I do now?": the game's current step in one paragraph, with the rules that
    apply to it, and the lessons the table has had so far."""
    t = app.t
    assert app.session is not None
    decision = app.session.decision_view()
    view = decision.view
    lessons = due(view, decision.folded)
    general = [lesson for lesson in lessons if lesson.building is None]
    paragraph = " ".join([words(t, view.step),
                          *(lesson_words(t, lesson)[1] for lesson in general)])
    content: list[ft.Control] = [tagged("help-now", text(paragraph))]
    content += [text(" · ".join(lesson_words(t, lesson)), size=theme.SMALL_SIZE)
                for lesson in lessons if lesson.building is not None]
    if lessons:
        content.append(more_button(app, "help-more", lessons[0].rule))
    taught = progress.teaching_of(app.session).taught()
    if taught:
        content.append(text(t("Lessons so far"), size=theme.BODY_SIZE,
                            weight=ft.FontWeight.BOLD))
        for lesson in taught:
            title, body = lesson_words(t, lesson)
            content.append(tagged(f"again-{lesson.id}", ft.ExpansionTile(
                title=ft.Text(title, size=theme.SMALL_SIZE),
                controls=[text(body, size=theme.SMALL_SIZE)])))

    def close(_event: Any = None) -> None:
        app.page.pop_dialog()

    return ft.AlertDialog(
        title=tagged("help", ft.Text(t("What do I do now?"), size=theme.TITLE_SIZE)),
        content=ft.Container(ft.Column(content, spacing=10, tight=True),
                             width=theme.CONTENT_WIDTH),
        actions=[tagged("close-help", ft.TextButton(t("Close"), on_click=close))],
        scrollable=True, semantics_label=t("What do I do now?"))


def help_button(app: TableApp) -> ft.Control:
    def open_help(_event: Any = None) -> None:
        app.page.show_dialog(help_dialog(app))

    return tagged("what-now", ft.IconButton(ft.Icons.HELP_OUTLINE, icon_size=30,
                                            tooltip=app.t("What do I do now?"),
                                            on_click=open_help))
