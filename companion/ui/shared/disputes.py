"""A player's dispute, where the table looks: the round screen, the corrections and the phones
panel show each open dispute until the table corrects that round or dismisses it (both are
events of the game, so the dispute's end is recorded like its start)."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.i18n import Translator
from companion.i18n.names import row_building_name
from companion.rules import events
from companion.rules.views import Dispute, TableView
from companion.ui.round.drafts import Fix
from companion.ui.shared import theme
from companion.ui.shared.paths import corrections_route
from companion.ui.shared.widgets import player_chip, tagged, text
from companion.ui.shell import TableApp


def dispute_text(t: Translator, view: TableView, dispute: Dispute) -> str:
    name = view.setup.names[dispute.player]
    record = view.round_record(dispute.round) if dispute.round <= len(view.rounds) else None
    if dispute.building is not None and record is not None \
            and dispute.building < len(record.row):
        return t("{player} disputes their rats from the {building} in round {round}: check it "
                 "together, then correct the round or dismiss the dispute.", player=name,
                 building=row_building_name(t, record.row, dispute.building), round=dispute.round)
    return t("{player} disputes one of their own rat notes of round {round}: check it "
             "together, then dismiss the dispute.", player=name, round=dispute.round)


def entry_fix(view: TableView, round_: int, player: int, game_id: str) -> Fix | None:
    """The correction editor opened on `player`'s entry of `round_`, as recorded; None if
    they entered nothing there."""
    if not 1 <= round_ <= len(view.rounds):
        return None
    record = view.round_record(round_)
    entry = record.entry(player)
    if entry is None or entry.building is None:
        return None
    reveal = record.reveals[player]
    counts = dict(reveal._asdict()) if reveal is not None else {}
    return Fix(game_id, round_, player, entry.building, entry.cards, reveal, counts)


def disputes_panel(app: TableApp, view: TableView, game_id: str,
                   correct: bool = True) -> list[ft.Control]:
    """One line per open dispute, with Dismiss and (`correct`) a way to the corrections.

    Compact, as it stands above the acting player's controls on the round screen: the words
    in small print beside the buttons, in one row, so an open dispute pushes a building's
    highest counts (10-12, 13+) or the reveal's steppers no lower than a row of buttons."""
    t = app.t
    setup = view.setup
    found: list[ft.Control] = []
    for d in view.disputes:
        def dismiss(_event: Any = None, d: Dispute = d) -> None:
            app.submit(events.DisputeDismissed(d.player, d.entry_id))

        key = f"{d.player}-{d.entry_id}"
        actions: list[ft.Control] = [tagged(f"dismiss-dispute-{key}", ft.TextButton(
            t("Dismiss"), icon=ft.Icons.CLOSE, on_click=dismiss, height=theme.TOUCH_HEIGHT))]
        if correct and d.building is not None:
            async def correct_it(_event: Any = None, d: Dispute = d) -> None:
                # the disputed entry's editor, not the whole list: the table corrects the
                # entry the player disputed
                app.tab.fix = entry_fix(app.use_game(game_id), d.round, d.player, game_id)
                await app.nav(corrections_route(game_id))()

            actions.append(tagged(f"correct-dispute-{key}", ft.TextButton(
                t("Correct the round"), icon=ft.Icons.EDIT_NOTE, on_click=correct_it,
                height=theme.TOUCH_HEIGHT)))
        found.append(tagged(f"dispute-{key}", ft.Container(
            content=ft.Row([
                ft.Icon(ft.Icons.REPORT_PROBLEM, color="#B3261E", size=20),
                player_chip(setup.names[d.player], setup.colours[d.player], small=True),
                ft.Container(content=tagged(f"dispute-text-{key}",
                                            text(dispute_text(t, view, d),
                                                 size=theme.SMALL_SIZE)),
                             expand=True),
                *actions], spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER),
            bgcolor="#FDECEA", border_radius=10,
            padding=ft.Padding.symmetric(horizontal=10, vertical=2))))
    return found
