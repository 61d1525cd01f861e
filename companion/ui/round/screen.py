"""The round screen: round x of N, the phase A-E, what to do now, and the influence tracks.

One route (`/game/:game_id/play`) shows whatever the engine's `next_step` asks for, so undo,
redo, a phone's change or a restart simply redraw it at the right place. Each phase's body is
built by its own module (`reveal`, `enter`, `resolve`); after the last round the same route
shows the end of the game (`companion.ui.endgame`). The screen decides no rule: it lays out
the table's view and its `Step` and submits the events the players tap through the session.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import Any

import flet as ft

from companion.i18n import N_, Translator
from companion.i18n.words import words
from companion.rules import events
from companion.rules.guide import (
    ChooseFluteReceiver,
    ChooseSwordGiver,
    EndRound,
    Enter,
    RevealBuildings,
    RevealCards,
    Step,
    Supply,
    TakeActions,
)
from companion.rules.views import DecisionView, Phase, TableView, open_choices
from companion.ui.endgame.screen import endgame_view
from companion.ui.phones.panel import open_private
from companion.ui.practice.narration import practice_panel
from companion.ui.round.enter import enter_body, next_entrant, phone_waited_for
from companion.ui.round.parts import Body, banner, decide, discards, game_frame, step_marker
from companion.ui.round.questions import questions_panel
from companion.ui.round.resolve import actions_part, resolve_body
from companion.ui.round.reveal import reveal_body, row_part, supply_part
from companion.ui.shared import theme
from companion.ui.shared.disputes import disputes_panel
from companion.ui.shared.frame import is_wide
from companion.ui.shared.paths import corrections_route, game_route, play_route
from companion.ui.shared.teaching import teaching_cards
from companion.ui.shared.widgets import big_button, player_chip, tagged, text
from companion.ui.shell import TableApp

PHASES: tuple[tuple[Phase, str], ...] = (
    (Phase.A, N_("Draw new building cards")),
    (Phase.B, N_("Supplies")),
    (Phase.C, N_("Enter buildings and play population cards")),
    (Phase.D, N_("Resolve buildings")),
    (Phase.E, N_("End of the round")),
)
"""The phases as the rulebook names them. The phase being played shows its name; the others
only their letter, so the round's line stays one line on an upright tablet."""


class ChipState(StrEnum):
    """How a phase chip looks: the phase of the step the screen asks for is `NOW` (one chip,
    with its name), the round's phases before it `DONE`, the ones after it `TO_COME`."""

    DONE = "done"
    NOW = "now"
    TO_COME = "to-come"


def chip_states(current: Phase | None) -> dict[Phase, ChipState]:
    """Each round phase's chip for a screen whose step is in `current`: exactly one chip is
    current, the step the table is at; the steps folded into its tap (the row, the supply, the
    last building's actions) are shown above its controls and are done with it."""
    order = [phase for phase, _ in PHASES]
    at = order.index(current) if current in order else len(order)
    return {phase: ChipState.NOW if i == at else ChipState.DONE if i < at
            else ChipState.TO_COME for i, phase in enumerate(order)}


def phones_waited_on(app: TableApp, decision: DecisionView) -> frozenset[int]:
    """The seats whose phones the round screen drawn from `decision` says it waits for: the
    player to enter (at a later round's row, its first entrant: `enter.next_entrant`), the
    players of the building being revealed, the choosers of the choices open now, each while
    their phone enters for them (`phone_waited_for`: paired, connected, not switched to the
    table). The screen is drawn from it, so its waiting lines follow those phones as they
    connect or drop and their seats as the table switches them, and another phone's coming and
    going redraws nothing."""
    step = decision.view.step
    named = {c.chooser for c in open_choices(decision)}
    entrant = None if app.session is None else next_entrant(app.session, step)
    if entrant is not None:
        named.add(entrant)
    elif isinstance(step, RevealCards):
        named.update(r.player for r in decision.view.resolutions[step.building].reveals)
    return frozenset(seat for seat in named if phone_waited_for(app, seat))


def round_view(app: TableApp, game_id: str) -> ft.View:
    view = app.use_game(game_id)
    if view.over:
        return endgame_view(app, game_id)
    session = app.open_game(game_id)
    # drawn from the table's views only: a phone's private entry changes none of them and
    # leaves the controls on show, so a tap made at that moment still lands
    app.draw_from(lambda: (session.table_view(), session.decision_view(discards(app)),
                           session.correction_effects(), session.can_undo(),
                           session.can_redo(),
                           phones_waited_on(app, session.decision_view(discards(app)))))
    ahead, body = phase_body(app)
    step = ahead.step
    head = header(app, ahead, step, game_id, stored=view)
    head += teaching_cards(app, discards(app))
    # the rulebook's example: what happens, what to tap; beside the controls where it fits
    narration = practice_panel(app, ahead)
    beside, head = (narration, head) if is_wide(app) else ((), head + narration)
    return game_frame(app, app.t("Rattus Cartus"), [*head, *body.controls], ahead, body.bottom,
                      back=game_route(game_id), beside=beside)


def phase_body(app: TableApp) -> tuple[TableView, Body]:
    """The screen of the next tap that decides something or paces the table, with the steps
    before it that ask for no tap of their own shown with its controls (above them; beside or
    below the picker of the players' own deck, `reveal.reveal_body`): the app's deck's row
    (where no building's actions show above it) and the supply (the first entry, on the row's
    own cards, is their sign), a building's actions (the next building's first reveal, or the
    next round's row, is theirs) and the round's end (R-ROUND-A, R-ROUND-B, R-ROUND-D,
    R-ROUND-E). The session says
    which those are (`Session.decision_view`, from the engine's `next_step`) and records
    them with the tap (`parts.decide`: one step, one undo). Returns the view the screen is
    drawn from."""
    assert app.session is not None
    decision = app.session.decision_view(discards(app))
    above: list[ft.Control] = []
    for at in decision.folded:
        match at.step:
            case RevealBuildings():
                above.append(row_part(app, at))
            case Supply() as supply:
                above.append(supply_part(app, at, words(app.t, supply),
                                          explain=at.round == 1))
            case TakeActions() as actions:
                above.append(actions_part(app, at, actions))
            case other:
                above.append(folded(app, other, end_round_part(app, at)))
    ahead = decision.view
    folds = bool(decision.folded)
    match ahead.step:
        case EndRound():  # the end form follows: this one tap ends the game
            body = end_round_body(app, ahead, folds, above)
        case RevealBuildings() as reveal:
            body = reveal_body(app, ahead, reveal, above)
        case Enter() as enter:
            body = enter_body(app, ahead, enter, above)
        case RevealCards() | ChooseSwordGiver() | ChooseFluteReceiver() as at_building:
            body = resolve_body(app, ahead, at_building, above)
        case other:
            raise AssertionError(f"the round screen has no tap for {other.prompt}")
    return ahead, body


def folded(app: TableApp, step: Step, detail: ft.Control) -> ft.Control:
    """A step that takes no tap, above the next one's controls: what it asks, in short."""
    return ft.Container(
        content=ft.Column([text(words(app.t, step), size=theme.BODY_SIZE,
                                weight=ft.FontWeight.BOLD), detail], spacing=4, tight=True),
        padding=10, border_radius=12, border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT))


def header(app: TableApp, view: TableView, step: Step, game_id: str,
           stored: TableView) -> list[ft.Control]:
    """Where the game stands, in three short lines: the round, the deck and the phase; who
    plays, who started and whose turn it is; what to do now. `view` and `step` are what the
    screen is drawn from (after the steps it folds into its tap), `stored` the game as
    stored."""
    t = app.t
    setup = view.setup
    chips = [phase_chip(t, phase, label, state) for (phase, label), state in
             zip(PHASES, chip_states(view.phase).values(), strict=True)]
    seats: list[ft.Control] = []
    for seat, name in enumerate(setup.names):
        chip: list[ft.Control] = []
        if seat == step.actor:
            chip.append(ft.Icon(ft.Icons.PLAY_ARROW, color=theme.SEED_COLOUR, size=22))
        chip.append(player_chip(name, setup.colours[seat]))
        if seat == view.start_player:
            # room after the italic's last letter, which leans past its box
            chip += [ft.Icon(ft.Icons.STAR, color="#B7791F", size=20),
                     ft.Container(text(t("Starting player"), size=theme.SMALL_SIZE - 1,
                                       italic=True), padding=ft.Padding.only(right=4))]
        # one tap from the round to a player's private view (a player without a phone); a
        # seat with a paired phone keeps its rats there, so its chip says so and opens nothing
        paired = app.games.seats is not None and app.games.seats.is_paired(game_id, seat)
        if paired:
            chip.append(ft.Icon(ft.Icons.SMARTPHONE, size=18, tooltip=t("Paired phone")))
        seats.append(tagged(f"seat-chip-{seat}" + ("-now" if seat == step.actor else ""),
                            ft.Container(ft.Row(chip, tight=True, spacing=2),
                                         on_click=None if paired else open_private(
                                             app, game_id, seat, play_route(game_id)),
                                         tooltip=t("Rats on {name}'s phone", name=name)
                                         if paired else t("Private view (no phone)"),
                                         border_radius=20)))
    controls: list[ft.Control] = [
        ft.Row([step_marker(app, stored, ft.Text(
            t("Round {round} of {rounds}", round=step.round, rounds=step.rounds),
            size=theme.HEADING_SIZE, weight=ft.FontWeight.BOLD)),
            *chips, *([] if step.is_last_round else [  # the banner below says it then
                tagged("deck-left", text(deck_left(app, view), size=theme.SMALL_SIZE))])],
            wrap=True, spacing=6, run_spacing=4,
            vertical_alignment=ft.CrossAxisAlignment.CENTER),
        ft.Row([*seats, *corrections_button(app, step, game_id)], wrap=True, spacing=8,
               run_spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER),
    ]
    if step.is_last_round:
        controls.append(tagged("last-round", banner(last_round_text(app, view),
                                                    ft.Icons.HOURGLASS_BOTTOM, dense=True)))
    controls += disputes_panel(app, stored, game_id)
    controls += questions_panel(app, stored, stored.step)
    controls.append(tagged("prompt", text(words(t, step), size=theme.HEADING_SIZE - 2,
                                          weight=ft.FontWeight.W_500)))
    return [ft.Column(controls, spacing=6, tight=True)]


def phase_chip(t: Translator, phase: Phase, label: str, state: ChipState) -> ft.Control:
    """A phase's letter (and, for the current one, its name): the current chip filled, a done
    one with a check mark and faded, one to come plain; tagged `phase-<letter>-<state>`."""
    now = state is ChipState.NOW
    done = state is ChipState.DONE
    words = ft.Text(f"{phase.value} · {t(label)}" if now else phase.value,
                    size=theme.SMALL_SIZE - 1, weight=ft.FontWeight.BOLD if now else None,
                    color="#FFFFFF" if now else ft.Colors.ON_SURFACE_VARIANT if done else None)
    content: ft.Control = ft.Row([ft.Icon(ft.Icons.CHECK, size=theme.SMALL_SIZE - 1,
                                          color=ft.Colors.ON_SURFACE_VARIANT), words],
                                 spacing=2, tight=True) if done else words
    return tagged(f"phase-{phase.value}-{state.value}", ft.Container(
        tooltip=None if now else t(label), content=content,
        bgcolor=theme.SEED_COLOUR if now else None if done
        else ft.Colors.SURFACE_CONTAINER_HIGH,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT) if done else None,
        border_radius=14, padding=ft.Padding.symmetric(horizontal=8, vertical=4)))


def deck_left(app: TableApp, view: TableView) -> str:
    """The building deck as the players count it: its cards, and no second count of rounds
    beside "Round x of N", which says where the game stands in one way."""
    return app.t.plural("{n} building card left in the deck",
                        "{n} building cards left in the deck", view.deck_left)


def last_round_text(app: TableApp, view: TableView) -> str:
    t = app.t
    if view.players == 2:
        return t("Last round! No building actions this round: with 2 players only one player "
                 "gains 1 influence, in one building: whoever would take the round's one "
                 "premium.")
    return t("Last round! No building actions this round: in each building, whoever would take "
             "the premium gains 1 influence in its class instead.")


def corrections_button(app: TableApp, step: Step, game_id: str) -> list[ft.Control]:
    """One tap to the corrections screen, once there is anything recorded to correct."""
    if events.EntryCorrected not in step.allowed:
        return []
    return [tagged("open-corrections", ft.TextButton(
        app.t("Correct an entry or reveal"), icon=ft.Icons.EDIT_NOTE,
        on_click=app.nav(corrections_route(game_id)), height=theme.TOUCH_HEIGHT,
        style=ft.ButtonStyle(text_style=ft.TextStyle(size=theme.BODY_SIZE))))]


def end_round_part(app: TableApp, view: TableView) -> ft.Control:
    """Phase E (R-ROUND-E), above the next round's row: the row's tap is its sign."""
    setup = view.setup
    nxt = setup.names[(view.start_player + 1) % setup.player_count]
    return tagged("end-round-info", ft.Column([text(line, size=theme.SMALL_SIZE) for line in (
        app.t("All discs come back from the buildings, and this round's buildings are "
              "discarded."),
        app.t("The starting player card passes to the left: {player} starts round {round}.",
              player=nxt, round=view.round + 1))], tight=True, spacing=2))


def end_round_body(app: TableApp, view: TableView, folds: bool = False,
                   above: Sequence[ft.Control] = ()) -> Body:
    """The last round's end: one tap (with the last building's actions, if it `folds` them)
    and the end form follows."""
    t = app.t
    lines = [t("The last round is over: the game ends. Next, everyone counts their hand, "
               "special cards and victory point tokens, and the Nun-row is revealed.")]

    def end(_event: Any = None) -> None:
        decide(app, view, events.RoundEnded())

    return Body([*above, tagged("end-round-info", ft.Column([text(line) for line in lines],
                                                            tight=True))],
                big_button("actions-done" if folds else "end-round", t("End the game"), end,
                           icon=ft.Icons.FLAG))
