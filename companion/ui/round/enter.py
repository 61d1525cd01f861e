"""Phase C of a round: in turn order, each player enters a building with some cards, or passes.

One tap per entry: every building of the row carries a button per card count, so "3 cards in
the Farm" is a single tap on the Farm's 3 (R-ROUND-C). The queue (who is next, who passed and
comes back) is the engine's; the screen only reads it.

A player whose paired phone is connected enters on it (`companion.phones.hand`), unless the
table switched their seat to "entered at the table" (`companion.phones.entering`): the screen
says it waits for that phone, and keeps its buttons, so the table can always step in. Whichever tap
reaches the session first is stored; the other is refused, naming whose entry it was.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import flet as ft

from companion.i18n.names import row_building_name
from companion.phones.entering import waited_for
from companion.rules import events
from companion.rules.guide import Enter, RevealBuildings, Step, turn_queue
from companion.rules.views import TableView
from companion.store.session import Session
from companion.ui.round.parts import Body, decide
from companion.ui.shared import theme
from companion.ui.shared.step_words import step_words
from companion.ui.shared.widgets import (
    big_button,
    building_card,
    player_chip,
    tagged,
    text,
)
from companion.ui.shell import TableApp

CARD_COUNTS = 13
"""Buttons 0-12 per building: more cards in one building is rare, so higher counts sit one tap
further (`13+` shows 13-25, and so on) and the common case keeps its single tap."""
COUNT_BUTTON = 48
"""Square count buttons at the 48 px touch minimum: five fit across a building card when three
cards stand side by side on a laptop."""


def entries_on(view: TableView, building: int) -> list[tuple[int, int, int]]:
    """(slot, player, cards) of everyone in `building` so far, in slot order."""
    record = view.record
    return [(slot, p, entry.cards) for slot, p in enumerate(record.entrants(building), 1)
            if (entry := record.entry(p)) is not None]


def enter_body(app: TableApp, view: TableView, step: Enter,
               above: Sequence[ft.Control] = ()) -> Body:
    """`above`: what the first entry also records (the supply done, R-ROUND-B), what it
    asks, put with the hints above the buildings so their count buttons stay in sight."""
    t = app.t
    setup = view.setup
    actor = step.actor
    queue = turn_queue(view.record, setup.player_count)

    def enter(building: int, cards: int) -> Any:
        def handler(_event: Any = None) -> None:
            decide(app, view, events.Entered(actor, building, cards))
        return handler

    def pass_turn(_event: Any = None) -> None:
        decide(app, view, events.Passed(actor))

    later = [setup.names[p] for p in queue[1:]]
    # A waiting phone takes the hint's place, so the count buttons stay where they were.
    hint = (tagged("waiting-phone", text(
        t("Waiting for {player}'s phone; the table can still enter for them.",
          player=setup.names[actor]), size=theme.SMALL_SIZE, weight=ft.FontWeight.BOLD))
        if waiting_phone(app, view) == actor else
        text(t("Tap the building and the number of cards laid face down there."),
             size=theme.SMALL_SIZE))
    info: list[ft.Control] = [*above, *taken_back_line(app, view), hint]
    if later:
        info.append(tagged("queue", text(t("Then: {players}", players=", ".join(later)),
                                         size=theme.SMALL_SIZE, weight=ft.FontWeight.BOLD)))
    passes = [setup.names[turn.player] for turn in view.record.turns if turn.passed]
    if passes:
        info.append(text(t("Passed so far: {players}", players=", ".join(passes)),
                         size=theme.SMALL_SIZE))
    controls: list[ft.Control] = [ft.Row(info, wrap=True, spacing=12, run_spacing=2)]
    cards: list[ft.Control] = []
    row = [option.kind for option in step.options]
    for option in step.options:
        b = option.building
        inside: list[ft.Control] = [
            ft.Row([player_chip(setup.names[p], setup.colours[p], small=True),
                    text(t.plural("slot {slot}: {n} card", "slot {slot}: {n} cards", n,
                                  slot=slot), size=theme.SMALL_SIZE)], spacing=4, tight=True)
            for slot, p, n in entries_on(view, b)]
        pager, buttons = count_buttons(app, view, b, enter)
        # the counts come before who is inside already, so they stay in the same place (and on
        # screen) however full the building gets
        footer = ft.Column([
            text(t("{player} goes on slot {slot}; cards:", player=setup.names[actor],
                   slot=option.slot), size=theme.SMALL_SIZE, weight=ft.FontWeight.BOLD),
            ft.Row([*pager[:-1], *buttons, pager[-1]], wrap=True, spacing=4, run_spacing=4),
            *([ft.Row(inside, wrap=True, spacing=10, run_spacing=4)] if inside else []),
        ], tight=True, spacing=4)
        cards.append(building_card(t, option.kind, identifier=f"building-{b}", footer=footer,
                                   dense=True, name=row_building_name(t, row, b)))
    span = 12 // max(1, len(cards))
    controls.append(ft.ResponsiveRow([ft.Container(c, col={"xs": 12, "sm": span})
                                      for c in cards], spacing=10, run_spacing=10))
    bottom = None
    if step.can_pass:
        bottom = big_button("pass", t("{player} plays a Pass card", player=setup.names[actor]),
                            pass_turn, icon=ft.Icons.REDO, primary=False)
    return Body(controls, bottom)


def taken_back_line(app: TableApp, view: TableView) -> list[ft.Control]:
    """What a player has just taken back on their own phone (`Session.taken_back`), said at
    the table too until the next step, so the table sees why an entry went."""
    taken = app.session.taken_back() if app.session is not None else None
    if taken is None or taken.by is None:
        return []
    t = app.t
    said = t("Taken back on {player}'s phone: {step}.", player=view.setup.names[taken.by],
             step=step_words(t, view, taken.events, undone=True))
    return [tagged("taken-back", text(said, size=theme.SMALL_SIZE, weight=ft.FontWeight.BOLD))]


def phone_waited_for(app: TableApp, seat: int) -> bool:
    """Whether the table waits for `seat`'s phone now (`entering.waited_for`: paired,
    connected, not switched to the table)."""
    session = app.session
    if session is None:
        return False
    players = session.table_view().players
    return seat in waited_for(session, app.games.seats, session.game_id, players)


def waiting_phone(app: TableApp, view: TableView) -> int | None:
    """The seat whose phone the screen drawn from `view` waits for, if that phone enters for
    them now (`entering.waited_for`: paired, connected, not switched to the table): at an
    entry, the player to enter; at the app's row of a later round (R-ROUND-A, a tap of its own
    on the table's screen only), the round's first entrant (`next_entrant`). None at any other
    step. The round screen is drawn from it, so the waiting line follows that phone as it
    connects or drops and the seat as the table switches it, and another phone's coming and
    going redraws nothing."""
    session = app.session
    if session is None:
        return None
    actor = next_entrant(session, view.step)
    if actor is None:
        return None
    waited = waited_for(session, app.games.seats, session.game_id, view.players)
    return actor if actor in waited else None


def next_entrant(session: Session, step: Step) -> int | None:
    """Who enters next at `step`: at an entry its actor; at the app's row, the first entrant
    of the round, whose entry on their phone records the row with it (`Session.hands_view`:
    a game played from the phones never waits for the row's tap); None at any other step, and
    at a row the phones cannot pass yet (a Hospital's discards still to choose)."""
    if isinstance(step, Enter):
        return step.actor
    if isinstance(step, RevealBuildings) and step.digital:
        ahead = session.hands_view().view.step
        if isinstance(ahead, Enter):
            return ahead.actor
    return None


def count_buttons(app: TableApp, view: TableView, building: int, enter: Any
                  ) -> tuple[list[ft.Control], list[ft.Control]]:
    """The page buttons of one building (`13+` for the next 13 counts, `‹` back) and its count
    buttons (0-12 first): `‹` goes before the counts, `13+` after them."""
    t = app.t
    key = (view.round, len(view.record.turns), building)
    shown = app.tab.round.count_pages
    page = shown.get(key, 0)
    low = page * CARD_COUNTS
    style = ft.ButtonStyle(padding=0, shape=ft.RoundedRectangleBorder(radius=10))

    def turn_to(new_page: int) -> Any:
        def handler(_event: Any = None) -> None:
            shown.clear()
            shown[key] = new_page
            app.render()
        return handler

    pager: list[ft.Control] = []
    if page:
        pager.append(tagged(f"enter-{building}-fewer", ft.OutlinedButton(
            content=ft.Icon(ft.Icons.CHEVRON_LEFT, size=30), on_click=turn_to(page - 1),
            width=COUNT_BUTTON, height=COUNT_BUTTON, style=style,
            tooltip=t("Fewer cards"))))
    buttons: list[ft.Control] = [tagged(f"enter-{building}-{n}", ft.FilledTonalButton(
        content=ft.Text(str(n), size=theme.HEADING_SIZE if n < 100 else theme.BODY_SIZE,
                        weight=ft.FontWeight.BOLD),
        on_click=enter(building, n), width=COUNT_BUTTON, height=COUNT_BUTTON, style=style))
        for n in range(low, low + CARD_COUNTS)]
    pager.append(tagged(f"enter-{building}-more", ft.OutlinedButton(
        content=ft.Text(f"{low + CARD_COUNTS}+", size=theme.SMALL_SIZE,
                        weight=ft.FontWeight.BOLD),
        on_click=turn_to(page + 1), width=COUNT_BUTTON, height=COUNT_BUTTON, style=style,
        tooltip=t("More cards"))))
    return pager, buttons
