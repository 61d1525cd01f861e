"""Correcting an earlier entry or reveal: every round recorded so far, and an editor for one.

Mistakes happen at a real table and are often noticed rounds later, when undo would take back
everything since. A correction (`EntryCorrected`, `RevealCorrected`) keeps the entry's place in
time and the engine works out again everything that follows from it, so the tracks beside this
screen, the actions and the rats change on their own when the screens redraw. The screen checks
the whole correction with the engine before storing any of it: a refused correction is told in
the players' words and stores nothing, not even its first half.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.i18n import N_, Translator
from companion.i18n.names import building_name, estate_name
from companion.i18n.words import rule_reference, words
from companion.rules import events
from companion.rules.catalog import BUILDINGS, Special
from companion.rules.errors import RuleViolation
from companion.rules.questions import HospitalDiscards, QuestionKind, hospital_discards
from companion.rules.views import Phase, Reveal, RoundRecord, TableView
from companion.ui.round.drafts import Fix
from companion.ui.round.parts import game_frame, step_marker, submit_all
from companion.ui.round.questions import questions_panel
from companion.ui.shared import theme
from companion.ui.shared.disputes import disputes_panel, entry_fix
from companion.ui.shared.paths import play_route
from companion.ui.shared.reference_entries import why_of
from companion.ui.shared.widgets import (
    big_button,
    heading,
    player_chip,
    stepper,
    tagged,
    text,
)
from companion.ui.shell import TableApp

KINDS: tuple[tuple[str, str, Special | None], ...] = (
    ("matching", N_("Population cards of the {estate} (no rat)"), None),
    ("other", N_("Population cards of another class (1 rat each)"), None),
    ("jokers", N_("Jokers"), None),
    ("swords", N_("Swords"), Special.SWORD),
    ("flutes", N_("Flutes"), Special.FLUTE),
)
"""The stepper of each part of a reveal, in the order of `Reveal`'s fields."""


def open_fix(app: TableApp, view: TableView, round_: int, player: int, game_id: str) -> Fix:
    fix = entry_fix(view, round_, player, game_id)
    assert fix is not None
    app.tab.fix = fix
    return fix


def current_fix(app: TableApp, view: TableView, game_id: str) -> Fix | None:
    """The open editor, if it still fits the game (an undo elsewhere may have taken its entry
    or reveal away: then it closes rather than edit something that is gone)."""
    fix = app.tab.fix
    if fix is None or fix.game_id != game_id:
        return None
    if fix.round > len(view.rounds):
        app.tab.fix = None
        return None
    record = view.round_record(fix.round)
    reveal = record.reveals[fix.player]
    if record.entry(fix.player) is None or (reveal is None) != (fix.reveal is None):
        app.tab.fix = None
        return None
    return fix


def correction_events(view: TableView, fix: Fix) -> list[events.Event]:
    """The events that turn the record into what the editor shows; none if nothing changed.

    A moved building comes first, with the count the recorded reveal has (the engine refuses an
    entry that disagrees with its reveal); the reveal's new parts follow and set the count.
    """
    record = view.round_record(fix.round)
    entry = record.entry(fix.player)
    reveal = record.reveals[fix.player]
    assert entry is not None
    found: list[events.Event] = []
    if reveal is None:
        if (fix.building, fix.cards) != (entry.building, entry.cards):
            found.append(events.EntryCorrected(fix.round, fix.player, fix.building, fix.cards))
        return found
    if fix.building != entry.building:
        found.append(events.EntryCorrected(fix.round, fix.player, fix.building, reveal.total))
    if Reveal(**fix.counts) != reveal:
        found.append(events.RevealCorrected(fix.round, fix.player, **fix.counts))
    return found


def hospital_of(view: TableView, fix: Fix) -> HospitalDiscards | None:
    """The Hospital the edited entry stays in, once its actions were taken (its discards can
    be said again); None for another building, or while the editor moves the entry."""
    record = view.round_record(fix.round)
    entry = record.entry(fix.player)
    if fix.reveal is None or entry is None or entry.building != fix.building:
        return None
    return hospital_discards(view.setup, record, fix.building)


def asked_again(view: TableView, found: HospitalDiscards) -> bool:
    """A correction moved this Hospital's premium: the open question asks every player's
    discards again (`questions_panel`), not the editor of one of them."""
    return any(q.kind is QuestionKind.HOSPITAL and (q.round, q.building)
               == (found.round, found.building) for q in view.step.questions)


def hospital_event(found: HospitalDiscards | None, fix: Fix, cards: int
                   ) -> events.HospitalCorrected | None:
    """The discards of the edited player's Hospital with `cards` for them, `found` as they
    stand once the rest of the correction is played (`Session.hospital_after`); None if that
    changes nothing. The others keep what was recorded (within what their action now
    allows)."""
    if found is None or fix.player not in found.entrants:
        return None
    i = found.entrants.index(fix.player)
    said = [min(c, up) for c, up in zip(found.cards, found.up_to, strict=True)]
    said[i] = cards
    if tuple(said) == found.cards:
        return None
    return events.HospitalCorrected(fix.round, fix.building, tuple(said))


def corrections_view(app: TableApp, game_id: str) -> ft.View:
    view = app.use_game(game_id)
    fix = current_fix(app, view, game_id)
    if fix is None:
        controls, bottom = overview(app, view, game_id)
    else:
        controls, bottom = editor(app, view, fix)
    return game_frame(app, app.t("Corrections"), controls, view, bottom,
                      back=play_route(game_id))


# --- every round so far ---------------------------------------------------------------------


def reveal_summary(t: Translator, record: RoundRecord, building: int, reveal: Reveal) -> str:
    """"Peasantry: 2, other estates: 1, Jokers: 1" (parts that are 0 left out)."""
    estate = estate_name(t, record.estate(building))
    parts = [t("{estate}: {n}", estate=estate, n=reveal.matching)]
    for value, label in ((reveal.other, N_("other classes: {n}")),
                         (reveal.jokers, N_("Jokers: {n}")), (reveal.swords, N_("Swords: {n}")),
                         (reveal.flutes, N_("Flutes: {n}"))):
        if value:
            parts.append(t(label, n=value))
    return ", ".join(parts)


def recorded(t: Translator, record: RoundRecord, player: int) -> str:
    """A player's entry as the record has it: "2. Market, slot 1: 3 cards — Bourgeoisie: 3"."""
    entry = record.entry(player)
    assert entry is not None and entry.building is not None
    b = entry.building
    slot = record.entrants(b).index(player) + 1
    said = f"{b + 1}. {building_name(t, record.row[b])}, " + t.plural(
        "slot {slot}: {n} card", "slot {slot}: {n} cards", entry.cards, slot=slot)
    reveal = record.reveals[player]
    shown = (reveal_summary(t, record, b, reveal) if reveal is not None
             else t("not revealed yet"))
    return f"{said} — {shown}"


def overview(app: TableApp, view: TableView, game_id: str
             ) -> tuple[list[ft.Control], ft.Control]:
    t = app.t
    controls: list[ft.Control] = [
        step_marker(app, view, heading(t("Correct an entry or reveal"))),
        tagged("corrections", text(t(
            "Tap the entry that was recorded wrong. A correction keeps the entry's place in "
            "time; the tracks, the rats and the actions follow from it."))),
        *disputes_panel(app, view, game_id, correct=False),
        *questions_panel(app, view, view.step),
    ]
    rounds = [r for r in reversed(view.rounds) if r.entries()]
    if not rounds:
        controls.append(text(t("Nothing has been entered yet.")))
    for record in rounds:
        controls.append(round_card(app, view, record, game_id))
    over = view.phase in (Phase.END, Phase.FINISHED)
    back = big_button("corrections-done",
                      t("Back to the end of the game") if over else t("Back to the round"),
                      app.nav(play_route(game_id)), icon=ft.Icons.ARROW_BACK)
    return controls, back


def round_card(app: TableApp, view: TableView, record: RoundRecord, game_id: str
               ) -> ft.Control:
    t = app.t
    setup = view.setup
    title = t("Round {round}", round=record.number)
    if record.number == view.round and view.phase not in (Phase.END, Phase.FINISHED):
        title = t("Round {round} (now)", round=record.number)
    rows: list[ft.Control] = [text(title, size=theme.HEADING_SIZE, weight=ft.FontWeight.BOLD)]
    for b, kind in enumerate(record.row):
        colour = theme.ESTATE_COLOURS[BUILDINGS[kind].estate]
        rows.append(ft.Container(
            content=text(f"{b + 1}. {building_name(t, kind)}", weight=ft.FontWeight.BOLD,
                         colour="#FFFFFF"),
            bgcolor=colour, border_radius=8, padding=ft.Padding.symmetric(horizontal=10,
                                                                          vertical=4)))
        entrants = record.entrants(b)
        if not entrants:
            rows.append(text(t("nobody entered"), size=theme.SMALL_SIZE, italic=True))
        for slot, p in enumerate(entrants, 1):
            rows.append(entry_tile(app, view, record, b, slot, p, game_id))
    passes = [setup.names[turn.player] for turn in record.turns if turn.passed]
    if passes:
        rows.append(text(t("Passed: {players}", players=", ".join(passes)),
                         size=theme.SMALL_SIZE))
    return tagged(f"fix-round-{record.number}", ft.Card(content=ft.Container(
        ft.Column(rows, spacing=8, tight=True), padding=12)))


def entry_tile(app: TableApp, view: TableView, record: RoundRecord, building: int, slot: int,
               player: int, game_id: str) -> ft.Control:
    t = app.t
    setup = view.setup
    entry = record.entry(player)
    assert entry is not None
    reveal = record.reveals[player]
    said = t.plural("slot {slot}: {n} card", "slot {slot}: {n} cards", entry.cards, slot=slot)
    shown = (reveal_summary(t, record, building, reveal) if reveal is not None
             else t("not revealed yet"))

    def edit(_event: Any = None) -> None:
        open_fix(app, view, record.number, player, game_id)
        app.render()

    return tagged(f"fix-{record.number}-{player}", ft.Container(
        content=ft.Row([
            player_chip(setup.names[player], setup.colours[player]),
            ft.Column([text(said, weight=ft.FontWeight.BOLD), text(shown, size=theme.SMALL_SIZE)],
                      spacing=0, tight=True, expand=True),
            ft.Icon(ft.Icons.EDIT, size=26),
        ], spacing=10, vertical_alignment=ft.CrossAxisAlignment.CENTER),
        on_click=edit, ink=True, border_radius=10, padding=8,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT)))


# --- one entry -----------------------------------------------------------------------------


def editor(app: TableApp, view: TableView, fix: Fix) -> tuple[list[ft.Control], ft.Control]:
    t = app.t
    setup = view.setup
    record = view.round_record(fix.round)
    estate = estate_name(t, record.estate(fix.building))

    def choose(building: int) -> Any:
        def handler(_event: Any = None) -> None:
            fix.building = building
            app.render()
        return handler

    def change(name: str) -> Any:
        def by(delta: int) -> Any:
            def handler(_event: Any = None) -> None:
                if name == "cards":
                    fix.cards = max(0, fix.cards + delta)
                else:
                    fix.counts[name] = max(0, fix.counts[name] + delta)
                app.render()
            return handler
        return by

    def cancel(_event: Any = None) -> None:
        app.tab.fix = None
        app.tab.round.hospital_answers.pop((fix.round, fix.building, fix.player), None)
        app.render()

    hospital = hospital_of(view, fix)
    if hospital is not None and asked_again(view, hospital):
        hospital = None
    answers = app.tab.round.hospital_answers
    key = (fix.round, fix.building, fix.player)

    def discarded() -> int:
        assert hospital is not None
        i = hospital.entrants.index(fix.player)
        return min(answers.get(key, hospital.cards[i]), hospital.up_to[i])

    def change_discards(delta: int) -> Any:
        def handler(_event: Any = None) -> None:
            assert hospital is not None
            up_to = hospital.up_to[hospital.entrants.index(fix.player)]
            answers[key] = max(0, min(up_to, discarded() + delta))
            app.render()
        return handler

    def save(_event: Any = None) -> None:
        session = app.open_game(fix.game_id)
        found = correction_events(session.table_view(), fix)
        # Checked whole before any of it is stored: a refused second half stores nothing.
        problem = session.refusal(found)
        if problem is None and hospital is not None and key in answers:
            after = session.hospital_after(found, fix.round, fix.building)
            said = hospital_event(after, fix, answers[key])
            if said is not None:
                found.append(said)
                problem = session.refusal(found)
        if not found:
            answers.pop(key, None)
            cancel()
            return
        if isinstance(problem, RuleViolation):
            app.notify(words(t, problem), error=True,
                       detail=rule_reference(t, problem), why=why_of(problem))
            return
        app.tab.fix = None
        answers.pop(key, None)
        if submit_all(app, found):
            app.notify(t("Round {round} corrected: everything that follows from it is worked "
                         "out again.", round=fix.round))
        else:
            app.tab.fix = fix

    buildings: list[ft.Control] = [tagged(f"fix-building-{b}", ft.Container(
        content=ft.Row([
            ft.Icon(ft.Icons.CHECK_CIRCLE if b == fix.building
                    else ft.Icons.RADIO_BUTTON_UNCHECKED, color="#FFFFFF"),
            text(f"{b + 1}. {building_name(t, kind)}", weight=ft.FontWeight.BOLD,
                 colour="#FFFFFF")],
            spacing=8, tight=True),
        bgcolor=theme.ESTATE_COLOURS[BUILDINGS[kind].estate], border_radius=12,
        padding=ft.Padding.symmetric(horizontal=14, vertical=10), height=theme.TOUCH_HEIGHT,
        on_click=choose(b), ink=True,
        border=ft.Border.all(4, "#000000" if b == fix.building else "#00000000")))
        for b, kind in enumerate(record.row)]
    controls: list[ft.Control] = [
        step_marker(app, view, ft.Row([
            heading(t("Round {round}", round=fix.round)),
            player_chip(setup.names[fix.player], setup.colours[fix.player])], spacing=12)),
        tagged("fix-recorded", text(t("Recorded: {entry}", entry=recorded(t, record,
                                                                          fix.player)),
                                    size=theme.SMALL_SIZE, italic=True)),
        text(t("Entered building"), weight=ft.FontWeight.BOLD),
        tagged("fix-buildings", ft.Row(buildings, wrap=True, spacing=8, run_spacing=8)),
    ]
    if fix.reveal is None:
        controls += [
            text(t("Not revealed yet: correct the number of cards laid face down."),
                 size=theme.SMALL_SIZE),
            stepper("fix-cards", t("Cards laid face down"), fix.cards, change("cards")),
        ]
    else:
        controls.append(text(t("Revealed cards"), weight=ft.FontWeight.BOLD))
        for name, label, special in KINDS:
            if special is None or setup.special_in_play(special) or fix.counts[name]:
                controls.append(stepper(f"fix-{name}", t(label, estate=estate),
                                        fix.counts[name], change(name)))
        controls.append(tagged("fix-total", text(t.plural(
            "{n} card in all: the declared count becomes this.",
            "{n} cards in all: the declared count becomes this.", fix.total),
            size=theme.SMALL_SIZE)))
        if hospital is not None:
            up_to = hospital.up_to[hospital.entrants.index(fix.player)]
            count = discarded()
            controls += [
                text(t("Hospital"), weight=ft.FontWeight.BOLD),
                stepper("fix-hospital", t("Hand cards discarded at the Hospital (up to {n})",
                                          n=up_to), count, change_discards,
                        can_more=count < up_to),
            ]
    bottom = ft.Row([
        big_button("fix-cancel", t("Cancel"), cancel, icon=ft.Icons.CLOSE, primary=False),
        big_button("fix-save", t("Save the correction"), save, icon=ft.Icons.CHECK),
    ], spacing=theme.GAP, alignment=ft.MainAxisAlignment.SPACE_BETWEEN)
    return controls, bottom

