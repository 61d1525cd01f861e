"""What a correction left for the table to answer, asked where the table is (the round screen,
the corrections): a tie for fewest Swords/Flutes in a resolved building is chosen by its
winner; a Hospital whose premium moved has its discards said again. Until then the engine
changes no discard and no Hospital rat (`companion.rules.questions`)."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.i18n import N_
from companion.i18n.names import building_name
from companion.rules import events
from companion.rules.catalog import Special
from companion.rules.guide import Step
from companion.rules.questions import Question, QuestionKind
from companion.rules.views import TableView
from companion.ui.shared.widgets import big_button, player_chip, stepper, tagged, text
from companion.ui.shell import TableApp

TIE_TEXTS = {
    Special.SWORD: N_("Round {round}, {building}: after a correction several players tie for "
                      "the fewest Swords. {player} played the most and chooses who gives half "
                      "their hand."),
    Special.FLUTE: N_("Round {round}, {building}: after a correction several players tie for "
                      "the fewest Flutes. {player} played the most and chooses who receives "
                      "the rat."),
}


def questions_panel(app: TableApp, view: TableView, step: Step) -> list[ft.Control]:
    """One card per open question, each with what answers it."""
    return [tagged(f"question-{q.kind.value}-{q.round}-{q.building}",
                   ft.Card(content=ft.Container(ft.Column(_answer(app, view, q), spacing=8,
                                                          tight=True), padding=12)))
            for q in step.questions]


def _asked(q: Question, said: str) -> ft.Control:
    """The question in words, findable by tests and screen readers."""
    return ft.Container(content=ft.Row([
        ft.Icon(ft.Icons.HELP_OUTLINE, color="#6B4200"),
        ft.Container(content=tagged(f"question-text-{q.kind.value}-{q.round}-{q.building}",
                                    text(said)), expand=True)]),
        bgcolor="#FFF3D6", border_radius=10, padding=12)


def _answer(app: TableApp, view: TableView, q: Question) -> list[ft.Control]:
    if q.kind is QuestionKind.TIE:
        return _tie(app, view, q)
    return _hospital(app, view, q)


def _tie(app: TableApp, view: TableView, q: Question) -> list[ft.Control]:
    t = app.t
    setup = view.setup
    special, chooser = q.special, q.chooser
    assert special is not None and chooser is not None
    building = building_name(t, view.round_record(q.round).row[q.building])

    def choose(player: int) -> Any:
        def handler(_event: Any = None) -> None:
            app.submit(events.TieChosenAfterCorrection(q.round, q.building, special, player))
        return handler

    buttons: list[ft.Control] = [tagged(f"answer-tie-{q.round}-{q.building}-{special.value}-{p}",
                      ft.Container(content=player_chip(setup.names[p], setup.colours[p]),
                                   on_click=choose(p), ink=True, border_radius=16, padding=6))
               for p in q.candidates]
    return [_asked(q, t(TIE_TEXTS[special], round=q.round, building=building,
                        player=setup.names[chooser])),
            ft.Row(buttons, wrap=True, spacing=8)]


def _hospital(app: TableApp, view: TableView, q: Question) -> list[ft.Control]:
    t = app.t
    setup = view.setup
    record = view.round_record(q.round)
    answers = app.tab.round.hospital_answers

    def value(player: int, up_to: int) -> int:
        recorded = record.hospital_cards(q.building, player)
        return min(answers.get((q.round, q.building, player), recorded), up_to)

    def change(player: int, up_to: int) -> Any:
        def by(delta: int) -> Any:
            def handler(_event: Any = None) -> None:
                answers[(q.round, q.building, player)] = max(0, min(up_to,
                                                                    value(player, up_to) + delta))
                app.render()
            return handler
        return by

    def save(_event: Any = None) -> None:
        cards = tuple(value(p, up) for p, up in zip(q.entrants, q.up_to, strict=True))
        if app.submit(events.HospitalCorrected(q.round, q.building, cards)):
            for p in q.entrants:
                answers.pop((q.round, q.building, p), None)

    if q.now is not None:
        said = t("Round {round}, Hospital: a correction gave the premium to {player}. Say again "
                 "how many hand cards each player there discarded.", round=q.round,
                 player=setup.names[q.now])
    else:
        said = t("Round {round}, Hospital: a correction took the premium from {player}. Say "
                 "again how many hand cards each player there discarded.", round=q.round,
                 player=setup.names[q.was] if q.was is not None else "")
    rows: list[ft.Control] = [_asked(q, said)]
    for p, up_to in zip(q.entrants, q.up_to, strict=True):
        count = value(p, up_to)
        rows.append(stepper(f"answer-hospital-{q.round}-{q.building}-{p}",
                            t("{player}: hand cards discarded (up to {n})",
                              player=setup.names[p], n=up_to),
                            count, change(p, up_to), can_more=count < up_to))
    rows.append(big_button(f"answer-hospital-{q.round}-{q.building}", t("Save the discards"),
                           save, icon=ft.Icons.CHECK))
    return [ft.Column(rows, spacing=6, tight=True)]
