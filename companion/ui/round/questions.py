"""What a correction left for the table, shown where the table is (the round screen, the
corrections): a tie for fewest Swords/Flutes in a resolved building is chosen by its winner; a
Hospital whose premium moved has its discards said again (until then the engine changes no
discard and no Hospital rat, `companion.rules.questions`); and what the players must now give,
take, discard or move by hand (`companion.rules.correction_effects`), until the table says it
is done or plays on."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.i18n import N_, Translator, plural
from companion.i18n.names import estate_name, row_building_name
from companion.rules import events
from companion.rules.catalog import Special
from companion.rules.correction_effects import Cause, Effect, EffectKind, Item
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


ITEM_TEXTS: dict[Item, tuple[tuple[str, str], tuple[str, str]]] = {
    Item.VP_MARKERS: (plural("{player} takes {n} VP token more.",
                             "{player} takes {n} VP tokens more."),
                      plural("{player} gives back {n} VP token.",
                             "{player} gives back {n} VP tokens.")),
    Item.GOLD: (plural("{player} takes {n} Gold more.", "{player} takes {n} Gold more."),
                plural("{player} gives back {n} Gold.", "{player} gives back {n} Gold.")),
    Item.SWORDS: (plural("{player} takes {n} Sword more.", "{player} takes {n} Swords more."),
                  plural("{player} gives back {n} Sword.", "{player} gives back {n} Swords.")),
    Item.JOKERS: (plural("{player} takes {n} Joker more.", "{player} takes {n} Jokers more."),
                  plural("{player} gives back {n} Joker.", "{player} gives back {n} Jokers.")),
    Item.PASSES: (plural("{player} takes {n} Pass card more.",
                         "{player} takes {n} Pass cards more."),
                  plural("{player} gives back {n} Pass card.",
                         "{player} gives back {n} Pass cards.")),
    Item.FLUTES: (plural("{player} takes {n} Flute more.", "{player} takes {n} Flutes more."),
                  plural("{player} gives back {n} Flute.", "{player} gives back {n} Flutes.")),
    Item.POPULATION: (plural("{player} draws {n} population card more.",
                             "{player} draws {n} population cards more."),
                      plural("{player} gives back {n} population card of their choice.",
                             "{player} gives back {n} population cards of their choice.")),
    Item.NUN_LOOKS: (plural("{player} looks at {n} Nun-row card more.",
                            "{player} looks at {n} Nun-row cards more."),
                     plural("{player} looked at {n} Nun-row card too many.",
                            "{player} looked at {n} Nun-row cards too many.")),
}
"""Per item: (one, many) when the player takes more, and when they give back."""

RAT_TEXTS = (plural("{player} takes {n} rat.", "{player} takes {n} rats."),
             plural("{player} discards {n} rat.", "{player} discards {n} rats."))
INFLUENCE_TEXTS = (plural("{player} moves their disc {n} space forward on the {estate} track.",
                          "{player} moves their disc {n} spaces forward on the {estate} track."),
                   plural("{player} moves their disc {n} space back on the {estate} track.",
                          "{player} moves their disc {n} spaces back on the {estate} track."))
CARDS_TEXTS = {
    (EffectKind.GIVE_CARDS, Cause.SWORD): N_("{player} gives {other} half their hand (Sword)."),
    (EffectKind.GIVE_CARDS, Cause.WATCHTOWER): N_(
        "{player} gives {other} 3 hand cards if they held at least as many as {other} "
        "(Watchtower)."),
    (EffectKind.CARDS_BACK, Cause.SWORD): N_(
        "{player} gives {other} back the hand cards {other} gave them for the Sword."),
    (EffectKind.CARDS_BACK, Cause.WATCHTOWER): N_(
        "{player} gives {other} back the hand cards {other} gave them at the Watchtower."),
}


def effect_text(t: Translator, view: TableView, effect: Effect) -> str:
    """One thing a player must now do at the table, in the table's language."""
    names = view.setup.names
    player = names[effect.player]
    n, back = abs(effect.change), effect.change < 0
    if effect.kind is EffectKind.ITEMS and effect.item is not None:
        one, many = ITEM_TEXTS[effect.item][back]
        return t.plural(one, many, n, player=player)
    if effect.kind is EffectKind.RATS:
        one, many = RAT_TEXTS[back]
        return t.plural(one, many, n, player=player)
    if effect.kind is EffectKind.INFLUENCE and effect.estate is not None:
        one, many = INFLUENCE_TEXTS[back]
        return t.plural(one, many, n, player=player, estate=estate_name(t, effect.estate))
    assert effect.cause is not None and effect.other is not None
    return t(CARDS_TEXTS[(effect.kind, effect.cause)], player=player,
             other=names[effect.other])


def effects_panel(app: TableApp, view: TableView) -> list[ft.Control]:
    """What the latest corrections leave the players to do by hand, per round, with a "Done"
    that clears the list (so does the table's next step of the game)."""
    session = app.session
    found: tuple[Effect, ...] = session.correction_effects() if session is not None else ()
    if not found:
        return []
    t = app.t
    rows: list[ft.Control] = []
    for number in dict.fromkeys(e.round for e in found):
        rows.append(text(t("After the correction of round {round}, at the table:", round=number),
                         weight=ft.FontWeight.BOLD))
        rows += [tagged(f"effect-{i}", text(f"• {effect_text(t, view, e)}"))
                 for i, e in enumerate(found) if e.round == number]

    def done(_event: Any = None) -> None:
        if app.session is not None:
            app.session.effects_done()
        app.render()

    rows.append(big_button("effects-done", t("Done at the table"), done, icon=ft.Icons.CHECK))
    return [tagged("correction-effects", ft.Card(content=ft.Container(
        ft.Column(rows, spacing=6, tight=True), padding=12, bgcolor="#E8F1FB",
        border_radius=12)))]


def questions_panel(app: TableApp, view: TableView, step: Step) -> list[ft.Control]:
    """One card per open question, each with what answers it; first, what the latest
    corrections leave the players to do by hand."""
    return effects_panel(app, view) + [
        tagged(f"question-{q.kind.value}-{q.round}-{q.building}",
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
    building = row_building_name(t, view.round_record(q.round).row, q.building)

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
