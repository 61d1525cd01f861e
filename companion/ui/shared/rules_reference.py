"""The rules, one tap away from every screen (the book icon in the bar).

First the game in short, in the order it is played: a round's phases A-E with the supply, the
Pass card, Sword, Flute and Gold, the 2-player rule and the last round, then the scoring and the
plague (R-ROUND, R-SPECIAL, R-SCORE). Then per estate its two buildings with premium and normal
action (R-COMP-4). Names show the German card name too, because that is what is printed on the
cards in the players' hands.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.i18n import N_
from companion.i18n.names import estate_name
from companion.rules.catalog import Estate, buildings_of
from companion.ui.shared import theme
from companion.ui.shared.widgets import (
    big_button,
    building_card,
    responsive_grid,
    tagged,
    text,
)
from companion.ui.shell import TableApp

GAME: tuple[tuple[str, str, str], ...] = (
    (N_("A · Reveal"), N_("Lay out 2 buildings (2-3 players) or 3 (4-5 players) from the building"
                          " deck. If all show the same building, the last one is replaced by the "
                          "top card of the replacement stack."),
     "R-ROUND-A"),
    (N_("B · Supply"), N_("Each player picks the supply symbols of one revealed building and does"
                          " them: draw population cards, discard a rat, look at a nun-row card."),
     "R-ROUND-B"),
    (N_("C · Enter"), N_("From the start player clockwise, each player puts a disc on the next "
                         "free slot of one building and lays any number of cards face down there "
                         "(0 allowed). Pass card: play it at the start of your turn to go again "
                         "after the others."),
     "R-ROUND-C, R-SPECIAL-3"),
    (N_("D · Resolve"), N_("Building by building, in slot order: each card played gives 1 "
                           "influence in the building's estate, and each population card of "
                           "another estate 1 rat. Swords and Flutes are resolved right then, "
                           "before the actions. Then the premium and the normal actions."),
     "R-ROUND-D"),
    (N_("Sword"), N_("In the building, whoever played the fewest Swords gives half their hand "
                     "(rounded down) to whoever played the most."),
     "R-SPECIAL-1"),
    (N_("Flute"), N_("Whoever played the fewest Flutes takes 1 rat; whoever played the most "
                     "discards 1 rat."),
     "R-SPECIAL-2"),
    (N_("Gold"), N_("Cannot be played; kept in hand, it scores at the end."),
     "R-SPECIAL-3, R-SCORE-4"),
    (N_("2 players"), N_("Only one premium per round: the player who played more population and "
                         "Joker cards (a tie: who entered first) takes it in their building; the "
                         "other takes the normal action."),
     "R-ROUND-D"),
    (N_("Last round"), N_("No actions: in each building whoever would take the premium gains 1 "
                          "influence in its estate instead (with 2 players, one such bonus in "
                          "all)."),
     "R-ROUND-D"),
    (N_("E · Round end"), N_("Discs come back, the buildings are discarded, the start-player card"
                             " passes to the left."),
     "R-ROUND-E"),
    (N_("Scoring"), N_("Hand: most population and Joker cards 2 VP (a tie: 1 each); the same for "
                       "Swords, Flutes and Pass cards; Gold 6 and 3; victory-point markers as "
                       "printed."),
     "R-SCORE-2, R-SCORE-3, R-SCORE-4, R-SCORE-5"),
    (N_("Plague"), N_("The nun row is turned over: whoever has more rats than its nuns dies and "
                      "cannot win. The winner: the most VP among the living; a tie: fewer rats."),
     "R-SCORE-6, R-SCORE-7"),
)
"""The game in short, in the order it is played: each part's name, its words and the IDs of
the rules it sums up (RULES.md), which the reference shows apart from the words."""


def open_rules(app: TableApp, rule_id: str | None = None) -> None:
    """Every "why" the table shows (a premium's reason, a refusal, a tie, a teaching card's
    "Tell me more") opens the reference here, at the entry of `rule_id` (an ID of RULES.md,
    such as "R-ROUND-D") when one is given."""
    app.page.show_dialog(rules_dialog(app, rule_id))


def rules_dialog(app: TableApp, rule_id: str | None = None) -> ft.AlertDialog:
    t = app.t
    sections: list[ft.Control] = [
        ft.Text(t("How a game goes"), size=theme.HEADING_SIZE, weight=ft.FontWeight.BOLD),
    ]
    for name, rule, rule_ids in GAME:
        # The rule's ID is a detail for the curious: a tap on the heading shows it, off the
        # sentence; a screen reader reads the heading and the words, not the ID.
        detail = ft.Tooltip(message=rule_ids, exclude_from_semantics=True,
                            # Flet 1.0.5 declares the modes as plain strings in a class.
                            trigger_mode=ft.TooltipTriggerMode.TAP)  # type: ignore[arg-type]
        sections.append(tagged(f"rules-{name.split()[-1].lower()}", ft.Column([
            text(t(name), size=theme.SMALL_SIZE, weight=ft.FontWeight.BOLD, tooltip=detail),
            text(t(rule), size=theme.SMALL_SIZE)], spacing=2, tight=True)))
    sections += [
        ft.Text(t("Buildings and estates"), size=theme.HEADING_SIZE, weight=ft.FontWeight.BOLD),
        text(t("Each estate: most influence 10 victory points, second 5, third 2; no points "
               "with 0 influence. With 2 players only 10 and 5."),
             size=theme.SMALL_SIZE),
        text(t("Premium action: whoever played the most population and Joker cards in the "
               "building; on a tie, who entered first. Everyone else there: the normal action."),
             size=theme.SMALL_SIZE),
    ]
    for estate in Estate:
        sections.append(ft.Container(
            content=ft.Text(estate_name(t, estate), size=theme.HEADING_SIZE, color="#FFFFFF",
                            weight=ft.FontWeight.BOLD),
            bgcolor=theme.ESTATE_COLOURS[estate], border_radius=8, padding=8))
        sections.append(responsive_grid([building_card(t, b) for b in buildings_of(estate)],
                                        columns={"xs": 12, "sm": 6}))

    def close(_event: Any = None) -> None:
        app.page.pop_dialog()

    return ft.AlertDialog(
        title=tagged("rules-reference", ft.Text(t("Rules reference"), size=theme.TITLE_SIZE)),
        content=ft.Container(ft.Column(sections, spacing=10, tight=True),
                             width=theme.CONTENT_WIDTH),
        actions=[big_button("close-rules", t("Close"), close)],
        scrollable=True, semantics_label=t("Buildings and estates"))
