"""The round screen: round x of N, the phase A-E, what to do now, and the influence tracks.

One route (`/game/:game_id/play`) shows whatever the engine's `next_step` asks for, so undo,
redo, a phone's change or a restart simply redraw it at the right place. Each phase's body is
built by its own module (`round_reveal`, `round_enter`, `round_resolve`); after the last round
the same route shows the end of the game (`endgame`). The screen decides no rule: it lays out
the `Step` and submits the events the players tap through the session.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import flet as ft

from companion.i18n import N_
from companion.i18n.codes import prompt_text
from companion.rules.guide import Prompt, Step
from companion.rules.state import GameState, Phase
from companion.ui import theme
from companion.ui.shell import TableApp
from companion.ui.tracks import tracks_panel
from companion.ui.widgets import big_button, player_chip, tagged, text

PHASES: tuple[tuple[Phase, str], ...] = (
    (Phase.A, N_("Reveal")),
    (Phase.B, N_("Supply")),
    (Phase.C, N_("Enter")),
    (Phase.D, N_("Resolve")),
    (Phase.E, N_("Round end")),
)

WIDE_LAYOUT = theme.WIDE_LAYOUT


@dataclass
class Body:
    """What a phase puts on the screen: its controls and the one button that moves on."""

    controls: list[ft.Control] = field(default_factory=list)
    bottom: ft.Control | None = None


def play_route(game_id: str) -> str:
    return f"/game/{game_id}/play"


def round_view(app: TableApp, game_id: str) -> ft.View:
    from companion.rules import next_step

    session = app.use_game(game_id)
    state: GameState = session.state
    if state.phase in (Phase.END, Phase.FINISHED):
        from companion.ui.endgame import endgame_view
        return endgame_view(app, game_id)
    step = next_step(state)
    body = phase_body(app, state, step)
    head = header(app, state, step)
    return frame(app, app.t("Rattus Cartus"), [*head, *body.controls], state, body.bottom,
                 back=f"/game/{game_id}")


def phase_body(app: TableApp, state: GameState, step: Step) -> Body:
    prompt = step.prompt
    if prompt in (Prompt.REVEAL_BUILDINGS, Prompt.SUPPLY):
        from companion.ui.round_reveal import reveal_body, supply_body
        return reveal_body(app, state, step) if prompt is Prompt.REVEAL_BUILDINGS \
            else supply_body(app, state)
    if prompt is Prompt.ENTER:
        from companion.ui.round_enter import enter_body
        return enter_body(app, state, step)
    if prompt is Prompt.END_ROUND:
        return end_round_body(app, state)
    from companion.ui.round_resolve import resolve_body
    return resolve_body(app, state, step)


def header(app: TableApp, state: GameState, step: Step) -> list[ft.Control]:
    t = app.t
    setup = state.setup
    chips: list[ft.Control] = []
    for phase, label in PHASES:
        now = phase is state.phase
        chips.append(tagged(f"phase-{phase.value}" + ("-now" if now else ""), ft.Container(
            content=ft.Text(f"{phase.value} · {t(label)}", size=theme.SMALL_SIZE,
                            weight=ft.FontWeight.BOLD if now else None,
                            color="#FFFFFF" if now else None),
            bgcolor=theme.SEED_COLOUR if now else ft.Colors.SURFACE_CONTAINER_HIGH,
            border_radius=16, padding=ft.Padding.symmetric(horizontal=10, vertical=6))))
    seats: list[ft.Control] = []
    for seat, name in enumerate(setup.names):
        chip: list[ft.Control] = [player_chip(name, setup.colours[seat])]
        if seat == state.start_player:
            chip.append(ft.Icon(ft.Icons.STAR, color="#B7791F", tooltip=t("Start player")))
        seats.append(ft.Row(chip, tight=True, spacing=2))
    controls: list[ft.Control] = [
        ft.Row([step_marker(app, ft.Text(
            t("Round {round} of {rounds}", round=step.round, rounds=step.rounds),
            size=theme.HEADING_SIZE, weight=ft.FontWeight.BOLD)),
            *chips], wrap=True, spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER),
        ft.Row([*seats, *corrections_button(app, step)], wrap=True, spacing=8,
               vertical_alignment=ft.CrossAxisAlignment.CENTER),
    ]
    if step.is_last_round:
        controls.append(tagged("last-round", banner(t(
            "Last round! No building actions this round: in each building, whoever would take "
            "the premium gains 1 influence in its estate instead (R-ROUND-D)."),
            ft.Icons.HOURGLASS_BOTTOM)))
    controls.append(tagged("prompt", text(prompt_text(t, step), size=theme.HEADING_SIZE,
                                          weight=ft.FontWeight.W_500)))
    return controls


def corrections_button(app: TableApp, step: Step) -> list[ft.Control]:
    """One tap to the corrections screen, once there is anything recorded to correct."""
    from companion.rules.events import EntryCorrected
    from companion.ui.corrections import corrections_route

    if EntryCorrected not in step.allowed:
        return []
    return [tagged("open-corrections", ft.TextButton(
        app.t("Correct an entry or reveal"), icon=ft.Icons.EDIT_NOTE,
        on_click=app.nav(corrections_route(app.session.game_id)), height=theme.TOUCH_HEIGHT,
        style=ft.ButtonStyle(text_style=ft.TextStyle(size=theme.BODY_SIZE))))]


def step_marker(app: TableApp, control: ft.Control) -> ft.Control:
    """`control` tagged with how many steps the game has: a browser test (or a screen reader)
    can tell a redrawn screen from the one before a tap."""
    return tagged(f"step-{len(app.session.events)}", control)


def banner(message: str, icon: ft.IconData = ft.Icons.INFO_OUTLINE,
           colour: str = "#FFF3D6") -> ft.Control:
    return ft.Container(content=ft.Row([ft.Icon(icon, color="#6B4200"),
                                        text(message, expand=True)]),
                        bgcolor=colour, border_radius=10, padding=12)


def frame(app: TableApp, heading: str, controls: Sequence[ft.Control], state: GameState,
          bottom: ft.Control | None, back: str) -> ft.View:
    """The round's layout: on a laptop the tracks in a column beside the round, on a tablet
    held upright above it; the button that moves on sits in the bar at the bottom."""
    setup = state.setup
    width = getattr(app.page, "width", None) or 0
    wide = width >= WIDE_LAYOUT
    follow_resizes(app)
    tracks = tracks_panel(app.t, state.tracks, setup.names, setup.colours, wide=wide)
    main = ft.Column(list(controls), spacing=theme.GAP, tight=True)
    if wide:
        body: ft.Control = ft.Row([
            ft.Container(main, expand=True, padding=ft.Padding.symmetric(horizontal=8,
                                                                         vertical=12)),
            ft.Container(tracks, width=340, padding=12, border_radius=12,
                         bgcolor=ft.Colors.SURFACE_CONTAINER_LOWEST),
        ], vertical_alignment=ft.CrossAxisAlignment.START, spacing=theme.GAP)
        body = ft.Container(body, width=1280)
    else:
        narrow = app.content_width()
        body = ft.Container(ft.Column([tracks, ft.Divider(), main], spacing=theme.GAP,
                                      tight=True),
                            width=narrow, padding=ft.Padding.symmetric(horizontal=4,
                                                                       vertical=12))
    bar = None
    if bottom is not None:
        bar_width = app.content_width()
        bar = ft.BottomAppBar(content=ft.Row(
            [ft.Container(content=bottom, width=bar_width)],
            alignment=ft.MainAxisAlignment.CENTER), height=88, padding=12)
    return ft.View(route=app.path, controls=[ft.Row([body], alignment=ft.MainAxisAlignment.CENTER)],
                   appbar=app.app_bar(heading, back), bottom_appbar=bar,
                   scroll=ft.ScrollMode.AUTO, padding=8)


def follow_resizes(app: TableApp) -> None:
    """Redraw when a tablet turns (the layout depends on the width): see the shell's."""
    app.follow_resizes()


def submit_all(app: TableApp, events: Sequence[Any]) -> bool:
    """Submit several events of one tap in order; stop at the first the engine refuses."""
    return all(app.submit(event) for event in events)


def end_round_body(app: TableApp, state: GameState) -> Body:
    from companion.rules import events

    t = app.t
    setup = state.setup
    if state.is_last_round:
        lines = [t("The last round is over: the game ends. Next, everyone counts their hand, "
                   "special cards and victory-point markers, and the nun row is revealed.")]
        label, icon = t("End the game"), ft.Icons.FLAG
    else:
        nxt = setup.names[(state.start_player + 1) % setup.player_count]
        lines = [t("All discs come back from the buildings, and this round's buildings are "
                   "discarded (R-ROUND-E)."),
                 t("The start-player card passes to the left: {player} starts round {round}.",
                   player=nxt, round=state.round + 1)]
        label, icon = t("Start round {round}", round=state.round + 1), ft.Icons.SKIP_NEXT

    def end(_event: Any = None) -> None:
        app.submit(events.RoundEnded())

    return Body([tagged("end-round-info", ft.Column([text(line) for line in lines],
                                                    tight=True))],
                big_button("end-round", label, end, icon=icon))
