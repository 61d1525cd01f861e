"""The screen shown when a screen cannot be built (a game that is gone, a damaged record).

The table must never end on a blank page or a traceback: it says what went wrong in the
players' language and offers the way home.
"""

from __future__ import annotations

import flet as ft

from companion.i18n.words import words
from companion.ui.shared.frame import page_frame
from companion.ui.shared.reference_entries import why_of
from companion.ui.shared.rules_reference import why_button
from companion.ui.shared.widgets import big_button, tagged, text
from companion.ui.shell import TableApp


def problem_view(app: TableApp, exc: Exception) -> ft.View:
    t = app.t
    app.leave_game()
    return page_frame(app, t("Something went wrong"), [
        tagged("problem", text(t("This screen could not be shown."))),
        text(words(t, exc)),
        *([why_button(app, why, "problem-why")] if (why := why_of(exc)) else []),
        big_button("home", t("Back to the start"), app.nav("/"), icon=ft.Icons.HOME),
    ])
