"""The first screen: start a game, resume one, look at past games, or score a paper game.

An unfinished game is offered first and most prominently: after a crash or a closed laptop,
the players want to be back where they were with one tap.
"""

from __future__ import annotations

import logging
from typing import Any

import flet as ft

from companion.i18n import Translator
from companion.i18n.dates import when
from companion.ui import theme
from companion.ui.shell import TableApp
from companion.ui.widgets import big_button, heading, tagged, text, title

log = logging.getLogger(__name__)


def progress_text(t: Translator, state: Any) -> str:
    """Where a game stands, in the table's language: "Round 3 of 8 · Ben: enter a building."

    Worked out from the game's state with the engine's `next_step`, not read from the store's
    English summary (`GameMeta.progress`), so a German table reads it in German.
    """
    from companion.i18n.codes import PROMPTS, prompt_text
    from companion.rules import next_step
    from companion.rules.state import Phase

    step = next_step(state)
    said = prompt_text(t, step)
    if state.phase in (Phase.END, Phase.FINISHED) or "{round}" in PROMPTS.get(
            step.prompt.value, ""):
        return said
    return t("Round {round} of {rounds}", round=step.round, rounds=step.rounds) + " · " + said


def progress_of(app: TableApp, game_id: str) -> str | None:
    """The progress text of a stored game; None if it cannot be read (the offer to resume
    stays, and the game screen will tell what is wrong)."""
    from companion.rules import RuleViolation, replay
    from companion.store.db import StoreError

    try:
        state = replay(app.games.store.active_events(game_id))
    except (StoreError, RuleViolation):
        log.warning("cannot work out where game %s stands", game_id, exc_info=True)
        return None
    return progress_text(app.t, state) if state is not None else None


def home_view(app: TableApp) -> ft.View:
    t = app.t
    app.leave_game()

    async def new_game(_event: object = None) -> None:
        from companion.ui.setup_draft import SetupDraft
        app.draft = SetupDraft()
        await app.go("/setup/players")

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
    unfinished = app.games.unfinished()
    if unfinished:
        controls.append(heading(t("Resume a game")))
        for game in unfinished[:5]:
            lines = [text(", ".join(game.players), weight=ft.FontWeight.BOLD),
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
    controls.append(big_button("past-games", t("Past games"), app.nav("/games"),
                               icon=ft.Icons.HISTORY, primary=False))
    return app.view(t("Rattus Cartus Companion"), controls)
