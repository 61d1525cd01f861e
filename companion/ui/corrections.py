"""Correcting an earlier entry or reveal: every round recorded so far, and an editor for one.

Mistakes happen at a real table and are often noticed rounds later, when undo would take back
everything since. A correction (`EntryCorrected`, `RevealCorrected`) keeps the entry's place in
time and the engine works out again everything that follows from it, so the tracks beside this
screen, the actions and the rats change on their own when the screens redraw. The screen checks
the whole correction with the engine before storing any of it: a refused correction is told in
the players' words and stores nothing, not even its first half.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from weakref import WeakKeyDictionary

import flet as ft

from companion.i18n import N_, Translator
from companion.i18n.names import building_name, estate_name
from companion.rules import apply, events
from companion.rules.catalog import BUILDINGS, Special
from companion.rules.errors import RuleViolation
from companion.rules.state import GameState, Phase, Reveal, RoundRecord
from companion.ui import theme
from companion.ui.round_screen import frame, play_route, step_marker, submit_all
from companion.ui.shell import TableApp
from companion.ui.widgets import big_button, heading, player_chip, stepper, tagged, text

KINDS: tuple[tuple[str, str, Special | None], ...] = (
    ("matching", N_("Population cards of the {estate} (no rat)"), None),
    ("other", N_("Population cards of another estate (1 rat each)"), None),
    ("jokers", N_("Jokers"), None),
    ("swords", N_("Swords"), Special.SWORD),
    ("flutes", N_("Flutes"), Special.FLUTE),
)
"""The stepper of each part of a reveal, in the order of `Reveal`'s fields."""


def corrections_route(game_id: str) -> str:
    """Where the corrections of a game are (the round screen and the end link here)."""
    return f"/game/{game_id}/correct"


@dataclass
class Fix:
    """One entry as the editor shows it: the record, changed by the taps so far."""

    game_id: str
    round: int
    player: int
    building: int
    cards: int
    reveal: Reveal | None
    """None while the player has not revealed: then the declared count is edited instead."""
    counts: dict[str, int] = field(default_factory=dict)
    """The reveal's parts as tapped (matching, other, jokers, swords, flutes)."""

    @property
    def total(self) -> int:
        return sum(self.counts.values()) if self.reveal is not None else self.cards


_OPEN: WeakKeyDictionary[Any, Fix] = WeakKeyDictionary()
"""The editor each table tab has open (at most one)."""


def open_fix(app: TableApp, state: GameState, round_: int, player: int, game_id: str) -> Fix:
    record = state.round_record(round_)
    entry = record.entry(player)
    assert entry is not None and entry.building is not None
    reveal = record.reveals[player]
    counts = dict(zip((k for k, _, _ in KINDS), reveal, strict=True)) if reveal else {}
    fix = Fix(game_id, round_, player, entry.building, entry.cards, reveal, counts)
    _OPEN[app] = fix
    return fix


def current_fix(app: TableApp, state: GameState, game_id: str) -> Fix | None:
    """The open editor, if it still fits the game (an undo elsewhere may have taken its entry
    or reveal away: then it closes rather than edit something that is gone)."""
    fix = _OPEN.get(app)
    if fix is None or fix.game_id != game_id:
        return None
    if fix.round > len(state.rounds):
        _OPEN.pop(app, None)
        return None
    record = state.round_record(fix.round)
    reveal = record.reveals[fix.player]
    if record.entry(fix.player) is None or (reveal is None) != (fix.reveal is None):
        _OPEN.pop(app, None)
        return None
    return fix


def correction_events(state: GameState, fix: Fix) -> list[events.Event]:
    """The events that turn the record into what the editor shows; none if nothing changed.

    A moved building comes first, with the count the recorded reveal has (the engine refuses an
    entry that disagrees with its reveal); the reveal's new parts follow and set the count.
    """
    record = state.round_record(fix.round)
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


def refusal(state: GameState, found: list[events.Event]) -> RuleViolation | None:
    """The engine's objection to the whole correction, or None: tried on the state as it is,
    so nothing is stored when any part would be refused."""
    trial = state
    try:
        for event in found:
            trial = apply(trial, event)
    except RuleViolation as exc:
        return exc
    return None


def corrections_view(app: TableApp, game_id: str) -> ft.View:
    session = app.use_game(game_id)
    state: GameState = session.state
    fix = current_fix(app, state, game_id)
    if fix is None:
        controls, bottom = overview(app, state, game_id)
    else:
        controls, bottom = editor(app, state, fix)
    return frame(app, app.t("Corrections"), controls, state, bottom, back=play_route(game_id))


# --- every round so far ---------------------------------------------------------------------


def reveal_summary(t: Translator, record: RoundRecord, building: int, reveal: Reveal) -> str:
    """"Peasantry: 2, other estates: 1, Jokers: 1" (parts that are 0 left out)."""
    estate = estate_name(t, record.estate(building))
    parts = [t("{estate}: {n}", estate=estate, n=reveal.matching)]
    for value, label in ((reveal.other, N_("other estates: {n}")),
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


def overview(app: TableApp, state: GameState, game_id: str
             ) -> tuple[list[ft.Control], ft.Control]:
    t = app.t
    controls: list[ft.Control] = [
        step_marker(app, heading(t("Correct an entry or reveal"))),
        tagged("corrections", text(t(
            "Tap the entry that was recorded wrong. A correction keeps the entry's place in "
            "time; the tracks, the rats and the actions follow from it."))),
    ]
    rounds = [r for r in reversed(state.rounds) if r.entries()]
    if not rounds:
        controls.append(text(t("Nothing has been entered yet.")))
    for record in rounds:
        controls.append(round_card(app, state, record, game_id))
    over = state.phase in (Phase.END, Phase.FINISHED)
    back = big_button("corrections-done",
                      t("Back to the end of the game") if over else t("Back to the round"),
                      app.nav(play_route(game_id)), icon=ft.Icons.ARROW_BACK)
    return controls, back


def round_card(app: TableApp, state: GameState, record: RoundRecord, game_id: str
               ) -> ft.Control:
    t = app.t
    setup = state.setup
    title = t("Round {round}", round=record.number)
    if record.number == state.round and state.phase not in (Phase.END, Phase.FINISHED):
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
            rows.append(entry_tile(app, state, record, b, slot, p, game_id))
    passes = [setup.names[turn.player] for turn in record.turns if turn.passed]
    if passes:
        rows.append(text(t("Passed: {players}", players=", ".join(passes)),
                         size=theme.SMALL_SIZE))
    return tagged(f"fix-round-{record.number}", ft.Card(content=ft.Container(
        ft.Column(rows, spacing=8, tight=True), padding=12)))


def entry_tile(app: TableApp, state: GameState, record: RoundRecord, building: int, slot: int,
               player: int, game_id: str) -> ft.Control:
    t = app.t
    setup = state.setup
    entry = record.entry(player)
    assert entry is not None
    reveal = record.reveals[player]
    said = t.plural("slot {slot}: {n} card", "slot {slot}: {n} cards", entry.cards, slot=slot)
    shown = (reveal_summary(t, record, building, reveal) if reveal is not None
             else t("not revealed yet"))

    def edit(_event: Any = None) -> None:
        open_fix(app, app.session.state, record.number, player, game_id)
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


def editor(app: TableApp, state: GameState, fix: Fix) -> tuple[list[ft.Control], ft.Control]:
    t = app.t
    setup = state.setup
    record = state.round_record(fix.round)
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
        _OPEN.pop(app, None)
        app.render()

    def save(_event: Any = None) -> None:
        now: GameState = app.session.state
        found = correction_events(now, fix)
        if not found:
            cancel()
            return
        problem = refusal(now, found)
        if problem is not None:
            from companion.i18n.codes import violation_text
            app.notify(violation_text(t, problem), error=True)
            return
        _OPEN.pop(app, None)
        if submit_all(app, found):
            app.notify(t("Round {round} corrected: everything that follows from it is worked "
                         "out again.", round=fix.round))
        else:
            _OPEN[app] = fix

    buildings = [tagged(f"fix-building-{b}", ft.Container(
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
        step_marker(app, ft.Row([
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
    bottom = ft.Row([
        big_button("fix-cancel", t("Cancel"), cancel, icon=ft.Icons.CLOSE, primary=False),
        big_button("fix-save", t("Save the correction"), save, icon=ft.Icons.CHECK),
    ], spacing=theme.GAP, alignment=ft.MainAxisAlignment.SPACE_BETWEEN)
    return controls, bottom

