"""The first screen: start a game, resume one, look at past games, or score a paper game.

An unfinished game is offered first and most prominently: after a crash or a closed laptop,
the players want to be back where they were with one tap.
"""

from __future__ import annotations

import logging

import flet as ft

from companion.i18n import Translator
from companion.i18n.dates import when
from companion.i18n.words import PROMPTS, words
from companion.practice.example import PLAYERS, opening_events
from companion.rules.errors import RuleViolation
from companion.rules.views import TableView
from companion.store.db import StoreError
from companion.ui.round.drafts import RoundDrafts
from companion.ui.setup.draft import SetupDraft
from companion.ui.shared import paths, theme
from companion.ui.shared.frame import page_frame
from companion.ui.shared.widgets import big_button, heading, tagged, text, title
from companion.ui.shell import TableApp

log = logging.getLogger(__name__)


def progress_text(t: Translator, view: TableView) -> str:
    """Where a game stands, in the table's language: "Round 3 of 8 · Ben: enter a building."

    Worked out from the table's view of the game (the engine's `next_step`), not read from the
    store's English summary (`GameMeta.progress`), so a German table reads it in German.
    """
    step = view.step
    said = words(t, step)
    if view.over or "{round}" in PROMPTS.get(
            step.prompt.value, ""):
        return said
    return t("Round {round} of {rounds}", round=step.round, rounds=step.rounds) + " · " + said


def progress_of(app: TableApp, game_id: str) -> str | None:
    """The progress text of a stored game; None if it cannot be read (the offer to resume
    stays, and the game screen will tell what is wrong)."""
    try:
        view = app.games.view_of(game_id)
    except (StoreError, RuleViolation):
        log.warning("cannot work out where game %s stands", game_id, exc_info=True)
        return None
    return progress_text(app.t, view) if view is not None else None


def home_view(app: TableApp) -> ft.View:
    t = app.t
    app.leave_game()

    async def new_game(_event: object = None) -> None:
        app.tab.setup = SetupDraft()
        await app.go(paths.SETUP_PLAYERS)

    async def try_example(_event: object = None) -> None:
        """One tap: the rulebook's example as a practice game, on the round screen."""
        first, row = opening_events([t(name) for name, _ in PLAYERS])
        try:
            session = app.games.start(first, practice=True)
            session.submit(row)
        except (RuleViolation, StoreError) as exc:
            app.notify(t("The game could not be saved: {reason}", reason=words(t, exc))
                       if isinstance(exc, StoreError) else words(t, exc), error=True)
            return
        app.tab.round = RoundDrafts()
        await app.go(paths.play_route(session.game_id))

    controls: list[ft.Control] = [
        tagged("home", title(t("Rattus Cartus"))),
        text(t("The table companion: setup, the rounds step by step, and the scoring. The cards "
               "stay in your hands; each player's rats stay secret on their phone.")),
        ft.ResponsiveRow([
            ft.Container(big_button("new-game", t("New game"), new_game, icon=ft.Icons.ADD,
                                    expand=True), col={"xs": 12, "md": 6}),
            ft.Container(big_button("score-game", t("Score a game played without the app"),
                                    app.nav("/score"), icon=ft.Icons.CALCULATE, primary=False,
                                    expand=True), col={"xs": 12, "md": 6}),
        ], spacing=theme.GAP, run_spacing=theme.GAP),
    ]
    everything = app.games.unfinished()
    unfinished = [g for g in everything if not g.practice]
    practice = next((g for g in everything if g.practice), None)
    learn: list[ft.Control] = [big_button("try-example", t("Try the rulebook's example"),
                                          try_example, icon=ft.Icons.SCHOOL, primary=False)]
    if practice is not None:
        learn.append(big_button("resume-practice", t("Continue the practice"),
                                app.nav(paths.play_route(practice.game_id)),
                                icon=ft.Icons.PLAY_ARROW, primary=False))
    controls.append(ft.Column([
        ft.Row(learn, wrap=True, spacing=theme.GAP, run_spacing=theme.GAP),
        text(t("Four players, one round, played on the real screens with the rulebook telling "
               "you what to tap. A practice game is never counted."), size=theme.SMALL_SIZE),
    ], spacing=6, tight=True))
    if unfinished:
        controls.append(heading(t("Resume a game")))
        for game in unfinished[:5]:
            lines: list[ft.Control] = [text(", ".join(game.players), weight=ft.FontWeight.BOLD),
                     text(t("Last played {when}", when=when(t, game.updated)),
                          size=theme.SMALL_SIZE)]
            progress = progress_of(app, game.game_id)
            if progress:
                lines.append(tagged(f"progress-{game.game_id}",
                                    text(progress, size=theme.SMALL_SIZE)))
            controls.append(ft.Card(content=ft.Container(padding=12, content=ft.Row([
                ft.Column(lines, spacing=4, expand=True, tight=True),
                big_button(f"resume-{game.game_id}", t("Resume"),
                           app.nav(f"/game/{game.game_id}"), icon=ft.Icons.PLAY_ARROW),
            ], vertical_alignment=ft.CrossAxisAlignment.CENTER))))
    controls.append(ft.Row([
        big_button("past-games", t("Past games"), app.nav("/games"), icon=ft.Icons.HISTORY,
                   primary=False),
        big_button("history", t("History"), app.nav(paths.HISTORY),
                   icon=ft.Icons.LEADERBOARD, primary=False),
    ], wrap=True, spacing=theme.GAP, run_spacing=theme.GAP))
    return page_frame(app, t("Rattus Cartus Companion"), controls)
