"""Phases A and B of a round: the buildings come out, then everyone does a supply action.

Phase B takes no tap: once the row is laid out, the screen shows what the supply asks above
phase C's first entry, which records that the supply is done.

With the app's deck (R-ROUND-A) the engine says which cards to lay out, the replacement rule
already applied: one tap confirms. With the players' own deck they tap the cards that came up;
the engine checks copies and the replacement rule and says what is wrong. Where a row needed
the Replacement deck, the screen says, with either deck, which card to take from it and which
to slip under it (`replacement_words`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import flet as ft

from companion.i18n import Translator
from companion.i18n.names import building_name
from companion.i18n.words import words
from companion.rules import events
from companion.rules.catalog import BUILDINGS, Building
from companion.rules.copies import copies_left
from companion.rules.errors import RuleViolation
from companion.rules.guide import RevealBuildings
from companion.rules.views import TableView
from companion.ui.round.drafts import row_draft
from companion.ui.round.enter import waiting_phone
from companion.ui.round.parts import Body, banner, decide, discards, two_columns
from companion.ui.shared import theme
from companion.ui.shared.frame import is_wide
from companion.ui.shared.widgets import (
    big_button,
    building_card,
    responsive_grid,
    tagged,
    text,
)
from companion.ui.shell import TableApp


def reveal_body(app: TableApp, view: TableView, step: RevealBuildings,
                above: Sequence[ft.Control] = ()) -> Body:
    """`above`: the steps this tap also records (the last building's actions, the round's
    end): with the app's deck shown above the row's cards, under its names; with the players'
    own deck beside the picker on a wide screen, below it on a narrow one: the picker is what
    the table taps now (`_physical`), and the actions are what the players do meanwhile, so
    both stay in sight on a laptop with five players."""
    if step.digital:
        return _digital(app, view, above)
    beside = bool(above) and is_wide(app)
    body = _physical(app, view, step.count, beside)
    if beside:
        body.controls = [two_columns(body.controls, list(above), narrow_first=True)]
    else:
        body.controls += above
    return body


def _row_cards(app: TableApp, row: list[Building] | tuple[Building, ...],
               prefix: str = "row") -> ft.Control:
    return responsive_grid([building_card(app.t, b, identifier=f"{prefix}-{i}")
                            for i, b in enumerate(row)])


def _digital(app: TableApp, view: TableView, above: Sequence[ft.Control]) -> Body:
    """The app's row with a tap of its own: after a building's actions, which `above` shows
    and the tap records (otherwise the row is folded into the first entry, `row_part`), or a
    deck that cannot deal."""
    t = app.t
    reveal = view.next_row
    if reveal is None:  # a deck that cannot deal is a broken game record
        problem = view.deal_problem
        return Body([*above, text(words(t, problem) if problem else "",
                                  colour="#B3261E")])
    lay_out: ft.Control = text(t("Lay out these buildings from left to right:"))
    if above:  # the row in one line first: what to lay out stays in sight above the actions
        names = " · ".join(building_name(t, b) for b in reveal.row)
        lay_out = ft.Row([lay_out, tagged("reveal-row-names",
                                          text(names, weight=ft.FontWeight.BOLD))],
                         wrap=True, spacing=8, run_spacing=0)
    controls: list[ft.Control] = [*waiting_line(app, view), lay_out, *above,
                                  tagged("reveal-row", _row_cards(app, reveal.row))]
    if reveal.replaced:
        controls.append(replacement_banner(t, reveal.row, reveal.replaced, digital=True))

    def laid_out(_event: Any = None) -> None:
        decide(app, view, reveal)

    return Body(controls, big_button("reveal-confirm", t("They are laid out"), laid_out,
                                     icon=ft.Icons.CHECK))


def waiting_line(app: TableApp, view: TableView) -> list[ft.Control]:
    """At a later round's row: the phone the table waits for, in phase C's words
    (`enter.waiting_phone`: the round's first entrant, whose entry on the phone records the
    row), while the table's own tap on the row stays for it to step in."""
    waits = waiting_phone(app, view)
    if waits is None:
        return []
    said = app.t("Waiting for {player}'s phone, the first to enter this round; the table can "
                 "still confirm the row itself.", player=view.setup.names[waits])
    return [tagged("waiting-phone", text(said, size=theme.SMALL_SIZE,
                                         weight=ft.FontWeight.BOLD))]


def row_part(app: TableApp, view: TableView) -> ft.Control:
    """Phase A with the app's deck (R-ROUND-A), above phase C's first entry where no building's
    actions show above it (`rules.decision`): the engine deals
    the row, the replacement rule applied, and the entry buttons stand on the row's own cards
    below, in its order, so the first entry is the sign that the row is laid out. The names in
    one line, so the entry buttons stay in sight."""
    t = app.t
    reveal = view.next_row
    assert reveal is not None, "a row that cannot be dealt takes its own screen"
    names = " · ".join(building_name(t, b) for b in reveal.row)
    controls: list[ft.Control] = [ft.Row(
        [text(t("Lay out these buildings from left to right:"), size=theme.SMALL_SIZE),
         tagged("reveal-row-names", text(names, size=theme.SMALL_SIZE,
                                         weight=ft.FontWeight.BOLD))],
        wrap=True, spacing=8, run_spacing=0)]
    if reveal.replaced:
        controls.append(replacement_banner(t, reveal.row, reveal.replaced, digital=True,
                                           dense=True))
    return tagged("row-info", ft.Column(controls, spacing=4, tight=True))


PICK_PADDING = 10
"""Each side of a picker card's name: its longest word (18 px bold "Schatzkammer", 154 px)
keeps its line whole in a card of three a line on a tablet held upright."""


def _physical(app: TableApp, view: TableView, count: int, beside: bool = False) -> Body:
    """The picker first, then the row so far in one line, with the way to take a card back
    beside it: what the table taps stays in sight on a laptop with five players, with what
    the tap records (the last building's actions and the round's end, put beside or below
    it by `reveal_body`), however late in the game. `beside`: in the narrower column beside
    those actions, each card as wide as its name and flatter, as many a line as fit: the
    column stays short (a dispute's banner above it, the row so far below it) and each
    name's longest word ("Schatzkammer", "Rattenfängers") keeps its line whole."""
    t = app.t
    draft = row_draft(app.tab.round, view.round)
    setup = view.setup
    all_same = len(draft.row) == count and len(set(draft.row)) == 1

    def pick(building: Building) -> Any:
        def handler(_event: Any = None) -> None:
            if len(draft.row) < count:
                draft.row.append(building)
            elif len(set(draft.row)) == 1:
                draft.replaced.append(draft.row[-1])
                draft.row[-1] = building
            else:
                _say_the_row_is_full(app, draft.row + [building], draft.replaced)
                return
            app.render()
        return handler

    def take_back(_event: Any = None) -> None:
        if draft.replaced:
            draft.row[-1] = draft.replaced.pop()
        elif draft.row:
            draft.row.pop()
        app.render()

    def confirm(_event: Any = None) -> None:
        if decide(app, view, events.BuildingsRevealed(tuple(draft.row), tuple(draft.replaced))):
            draft.row.clear()
            draft.replaced.clear()

    in_play = [b for b in Building if setup.in_play(b)]
    # every copy of a building in the rows, discarded or under the replacement stack cannot
    # come up again (R-COMP-4): its card says so and takes no tap
    left = copies_left(setup, view.rounds, row=draft.row, replaced=draft.replaced)

    def choice(b: Building) -> ft.Control:
        gone = left.get(b, 1) == 0
        words: list[ft.Control] = [ft.Text(building_name(t, b), size=theme.BODY_SIZE,
                                           weight=ft.FontWeight.BOLD, color="#FFFFFF")]
        if gone:
            words.append(ft.Text(t("no card left"), size=theme.SMALL_SIZE, color="#FFFFFF"))
        # no fixed height: a long name ("Hutte du chasseur de rats") wraps, never cut
        return tagged(f"pick-{b.value}" + ("-gone" if gone else ""), ft.Container(
            content=ft.Column(words, spacing=0, tight=True),
            bgcolor=theme.ESTATE_COLOURS[_estate(b)], border_radius=12,
            padding=ft.Padding.symmetric(horizontal=PICK_PADDING, vertical=8 if beside else 17),
            alignment=None if beside else ft.Alignment.CENTER_LEFT,
            on_click=None if gone else pick(b), ink=not gone, opacity=0.45 if gone else 1.0))

    choices = [choice(b) for b in in_play]
    controls: list[ft.Control] = [
        text(t("Reveal {count} building cards from your deck and tap them from left to right.",
               count=count)),
        ft.Row(choices, wrap=True, spacing=6, run_spacing=6) if beside
        else responsive_grid(choices, {"xs": 6, "md": 4}),
    ]
    if draft.row:
        controls.append(_row_line(app, draft.row, take_back))
    if draft.replaced:
        if not all_same:
            controls.append(replacement_banner(t, draft.row, draft.replaced, digital=False))
    if all_same:
        controls.append(tagged("reveal-all-same", banner(t(
            "All cards show the same building: replace the last one with the top card of the "
            "Replacement deck and tap that card."), ft.Icons.SWAP_HORIZ)))
    ready = len(draft.row) == count and not all_same
    return Body(controls, big_button("reveal-confirm", t("They are laid out"), confirm,
                                     icon=ft.Icons.CHECK, disabled=not ready))


def _row_line(app: TableApp, row: list[Building], take_back: Any) -> ft.Control:
    """The cards tapped so far, left to right, as small cards in their estate's colour, and
    the button that takes the last one back."""
    t = app.t
    cards: list[ft.Control] = [tagged(f"row-{i}", ft.Container(
        content=ft.Text(building_name(t, b), size=theme.SMALL_SIZE, weight=ft.FontWeight.BOLD,
                        color="#FFFFFF"),
        bgcolor=theme.ESTATE_COLOURS[_estate(b)], border_radius=8,
        padding=ft.Padding.symmetric(horizontal=10, vertical=6))) for i, b in enumerate(row)]
    return ft.Row([tagged("reveal-row", ft.Row(cards, wrap=True, spacing=6, run_spacing=4)),
                   big_button("reveal-undo-pick", t("Take the last card back"), take_back,
                              icon=ft.Icons.BACKSPACE, primary=False)],
                  wrap=True, spacing=12, run_spacing=6,
                  vertical_alignment=ft.CrossAxisAlignment.CENTER)


def _say_the_row_is_full(app: TableApp, row: list[Building], replaced: list[Building]
                         ) -> None:
    """A card tapped after the row is complete is not added: the engine says why (R-SETUP-6:
    buildings per round by player count), and how to change a card instead."""
    assert app.session is not None
    refusal = app.session.refusal([events.BuildingsRevealed(tuple(row), tuple(replaced))],
                                  folded=discards(app))
    why = words(app.t, refusal) if isinstance(refusal, RuleViolation) else ""
    app.notify(" ".join(filter(None, (why, app.t(
        "The row is complete: to change a card, take the last card back first.")))),
        error=True)


def _estate(building: Building) -> Any:
    return BUILDINGS[building].estate


def supply_part(app: TableApp, view: TableView, asks: str, explain: bool) -> ft.Control:
    """Phase B, shown above phase C's first entry: the first entry is the sign that everyone
    has done their supply (R-ROUND-B), so it takes no tap of its own. `asks`: what the phase
    asks; all of it in one short paragraph, so phase C's count buttons stay in sight. The
    symbols are explained in the first round only (`explain`): by then the table knows them,
    and the last round's banner needs the room on a laptop."""
    t = app.t
    words = [asks]
    if explain:
        words.append(t(
            "The symbols: draw population cards, discard a rat, look at a card of the Nun-row. "
            "In turn order from the starting player, or all at once if everyone agrees."))
        words.append(where_rats_are_kept(app, view))
    return tagged("supply-info", text(" ".join(words), size=theme.SMALL_SIZE))


def replacement_words(t: Translator, row: Sequence[Building], replaced: Sequence[Building],
                      digital: bool) -> str:
    """The replacement rule (R-ROUND-A) said as what the table does with its real cards (the
    engine only records `BuildingsRevealed.replaced`): the `replaced` buildings go face down
    under the Replacement deck, the card from its top (the row's last) into the row. With the
    app's deck the duplicates come from the building cards the table holds; with the players'
    own deck they are the cards just revealed."""
    same, card = building_name(t, replaced[0]), building_name(t, row[-1])
    once = len(replaced) == 1  # more than once: counts of 2 to 4, plural in every language
    if digital and once:
        return t("The row needed the Replacement deck: slip a {building} from your building "
                 "cards face down under the Replacement deck and take the {card} from its top: "
                 "it goes last in the row.", building=same, card=card)
    if digital:
        return t("The row needed the Replacement deck {n} times: slip a {building} from your "
                 "building cards face down under the Replacement deck, then take cards from its "
                 "top, slipping each {building} under it too, until the {card} comes: it goes "
                 "last in the row.", n=len(replaced), building=same, card=card)
    if once:
        return t("Slip the {building} you replaced face down under the Replacement deck: the "
                 "{card} from its top goes last in the row.", building=same, card=card)
    return t("Slip the {n} {building} cards you replaced face down under the Replacement deck, "
             "in the order they came up: the {card} from its top goes last in the row.",
             n=len(replaced), building=same, card=card)


def replacement_banner(t: Translator, row: Sequence[Building], replaced: Sequence[Building],
                       digital: bool, dense: bool = False) -> ft.Control:
    """`replacement_words` on a banner (`dense`: in smaller print, above phase C's entry)."""
    return tagged("reveal-replaced", banner(replacement_words(t, row, replaced, digital),
                                            ft.Icons.SWAP_HORIZ, dense=dense))


def where_rats_are_kept(app: TableApp, view: TableView) -> str:
    """Where the players note what the supplies did to their rats. No event of the table
    records a supply's discard (R-ROUND-B): a player with a phone notes it there; for one
    without, the rat tokens in front of them are what counts, so they are not told of a phone
    they do not have."""
    t = app.t
    seats = app.games.seats
    game_id = app.session.game_id if app.session is not None else None
    without = [name for p, name in enumerate(view.setup.names)
               if seats is None or game_id is None or not seats.is_paired(game_id, p)]
    if not without:
        return t("Note discarded rats and Nun-row cards on your own phone.")
    if len(without) == len(view.setup.names):
        return t("Discard rats by putting back rat tokens: the tokens in front of each player "
                 "are what counts.")
    return t("With a phone, note discarded rats and Nun-row cards on it. Without one "
             "({names}): the rat tokens in front of you are what counts.",
             names=", ".join(without))
