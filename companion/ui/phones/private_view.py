"""A player without a phone keeps their rats on the table's own screen: hold to reveal.

Everything on this screen comes from the session's `player_view(player)`, the same view a
phone gets, and every change goes through `ledger_of(session, player)`, the same ledger the
phones use; so the same checks apply and nothing of another player can appear. The rats, the history
(which adds up to the rats) and the nun-row notes are on screen only while the pad is pressed,
for `AFTER_LIFT` seconds after letting go, or for `AFTER_TAP` seconds after a quick tap; while
hidden they are not drawn at all, so they are not in the page for anyone to find either.

The pad is updated in place rather than by redrawing the screen: a redraw would replace the
gesture detector under the finger and lose the moment it is lifted. A hold that is lost anyway
(the shell redraws every screen when the game changes) ends after `LONGEST_HOLD`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import flet as ft

from companion.i18n import N_, Translator
from companion.i18n.names import building_name
from companion.i18n.words import words
from companion.phones.ledger import (
    GAME_SCORED,
    MAX_RAT_CHANGE,
    NUN_POSITIONS,
    NUNS_PER_CARD,
    Ledger,
    LedgerRefused,
    ledger_of,
)
from companion.rules.views import (
    DisputeState,
    LedgerEntry,
    PendingChange,
    PlayerView,
    RatsCorrected,
)
from companion.ui.phones.memory import (
    AFTER_LIFT,
    AFTER_TAP,
    LONGEST_HOLD,
    PrivateMemory,
    Reveal,
)
from companion.ui.phones.panel import open_private, push
from companion.ui.shared import theme
from companion.ui.shared.frame import page_frame
from companion.ui.shared.paths import phones_route, private_route
from companion.ui.shared.ticker import Ticking, tick_while_shown
from companion.ui.shared.widgets import big_button, heading, player_chip, tagged, text
from companion.ui.shell import OwnUndo, TableApp

TICK_SECONDS = 0.25

REASONS = {
    "reveal": N_("cards of another class"),
    "flute": N_("Flute"),
    "monastery": N_("Monastery"),
    "hospital": N_("Hospital"),
    "supply_discard": N_("rats discarded in the supplies"),
    "correction": N_("correction"),
}

WHERE_MATTERS = ("reveal", "flute")
"""Reasons that happen at any building, so the entry names it ("Monastery" names itself)."""


__all__ = ["AFTER_LIFT", "AFTER_TAP", "LONGEST_HOLD", "PrivateScreen", "Reveal", "back_route",
           "memory", "open_private", "private_view"]


def memory(app: TableApp) -> PrivateMemory:
    """What this tab's private view keeps between drawings."""
    return app.tab.private


def back_route(app: TableApp, game_id: str) -> str:
    """Where the private view goes back to: where it was opened from, else the phones."""
    back = memory(app).back
    return back if back is not None and back.startswith(f"/game/{game_id}") \
        else phones_route(game_id)


def change_text(value: int) -> str:
    return f"{value:+d}".replace("-", "−")


def _reason(t: Translator, code: str, number: int, building: int | None,
            rows: Sequence[Sequence[Any]]) -> str:
    reason = t(REASONS.get(code, code))
    known = building is not None and 0 < number <= len(rows) and building < len(rows[number - 1])
    if code in WHERE_MATTERS and known and building is not None:
        reason = f"{reason} ({building_name(t, rows[number - 1][building])})"
    return reason


def entry_line(t: Translator, entry: LedgerEntry, rows: Sequence[Sequence[Any]],
               dispute: DisputeState | None = None) -> str:
    """One ledger entry as the player reads it: "+2: cards off-estate (Farm), round 6";
    `dispute`: where the player's dispute of it stands (`PlayerView.dispute_state`)."""
    reason = _reason(t, entry.reason.value, entry.round, entry.building, rows)
    line = t("{change}: {reason}, round {round}", change=change_text(entry.delta),
             reason=reason, round=entry.round)
    if entry.applied != entry.delta:
        line += " " + t("(counted {change})", change=change_text(entry.applied))
    if dispute is DisputeState.CHECKED:
        line += " " + t("(checked by the table: it stands)")
    elif entry.disputed:
        line += " " + t("(disputed)")
    return line


def correction_line(t: Translator, correction: RatsCorrected,
                    rows: Sequence[Sequence[Any]]) -> str:
    """A correction by the table as the player reads it: what it did to their rats, then each
    of their entries it changed: "The table corrected round 5: +2 rats for you. Monastery,
    round 5: −2 → 0"."""
    if correction.change:
        head = t.plural("The table corrected round {round}: {change} rat for you.",
                        "The table corrected round {round}: {change} rats for you.",
                        abs(correction.change), round=correction.round,
                        change=change_text(correction.change))
    else:
        head = t("The table corrected round {round}: your rats stay as they were.",
                 round=correction.round)
    return " ".join([head, *(
        t("{reason}, round {round}: {was} → {now}",
          reason=_reason(t, e.reason.value, e.round, e.building, rows), round=e.round,
          was=change_text(e.was) if e.was else "0", now=change_text(e.now) if e.now else "0")
        for e in correction.entries)])


def pending_line(t: Translator, change: PendingChange, rows: Sequence[Sequence[Any]]) -> str:
    """A change the table has worked out but records with its next tap, said as such."""
    reason = _reason(t, change.reason.value, change.round, change.building, rows)
    line = t("{change}: {reason}, round {round}", change=change_text(change.delta),
             reason=reason, round=change.round) if change.delta else \
        t("{reason}, round {round}", reason=reason, round=change.round)
    if change.hand_cards_up_to:
        line += " " + t.plural(
            "(plus the hand card you discard there, up to {n}: the table enters it)",
            "(plus the hand cards you discard there, up to {n}: the table enters them)",
            change.hand_cards_up_to)
    return line + " " + t("(waiting for the table)")


class PrivateScreen:
    """One drawing of one player's private view; the ticker updates the latest drawing."""

    def __init__(self, app: TableApp, game_id: str, player: int) -> None:
        self.app = app
        self.game_id = game_id
        self.player = player
        self.session = app.open_game(game_id)
        self.ledger: Ledger = ledger_of(self.session, player)
        self.memory = memory(app)
        self.memory.belong_to((game_id, player))
        self.path = private_route(game_id, player)
        self.pad = ft.Container(height=170, border_radius=18, padding=14,
                                alignment=ft.Alignment.CENTER)
        self.secret = ft.Column(spacing=8, tight=True)
        self.entry = ft.Column(spacing=12, tight=True)
        self.shown: tuple[bool, int | None] | None = None

    # -- drawing ------------------------------------------------------------------------

    def view(self) -> ft.View:
        t = self.app.t
        view = self.session.player_view(self.player)
        self.memory.screen = self
        detector = ft.GestureDetector(
            content=self.pad, on_tap_down=self._press, on_tap_up=self._lift,
            on_tap_cancel=self._lift, on_tap=self._tap, on_long_press_start=self._press,
            on_long_press_end=self._lift, mouse_cursor=ft.MouseCursor.CLICK)
        self.fill(push_it=False)
        controls: list[ft.Control] = [
            ft.Row([player_chip(view.name, view.colour),
                    tagged("private-view", text(t("Only {name} looks at the screen now.",
                                                  name=view.name), expand=True))],
                   spacing=10, vertical_alignment=ft.CrossAxisAlignment.CENTER),
            tagged("reveal-pad", detector),
            self.secret,
            self.entry,
        ]
        self._start_ticker()
        self.app.own_undo = OwnUndo(self._undo, self.session.can_undo_private(self.player))
        # Done in the bottom bar: in sight on every visit, whatever the screen
        return page_frame(self.app, t("{name}'s private view", name=view.name), controls,
                          back=back_route(self.app, self.game_id),
                          bottom=big_button("private-done", t("Done: hide and go back"),
                                            self._done, icon=ft.Icons.CHECK))

    def fill(self, push_it: bool = True, entry: bool = True) -> None:
        """Redraw the pad and the secret (and the entry controls unless only the reveal
        changed: a press should reach the screen as fast as it can)."""
        now = self.memory.clock()
        reveal = self.memory.reveal
        self.shown = (reveal.visible(now), reveal.seconds_left(now))
        view = self.session.player_view(self.player) if self.shown[0] else None
        self.pad.content = self._pad_content(view, self.shown[1])
        self.pad.bgcolor = "#FFF3D6" if view is not None else "#3E2A1E"
        self.secret.controls = self._secret(view) if view is not None else []
        changed: list[ft.Control] = [self.pad, self.secret]
        if entry:
            self.entry.controls = self._entry()
            changed.append(self.entry)
        if push_it:
            for control in changed:
                push(control)

    def _pad_content(self, view: PlayerView | None, left: int | None) -> ft.Control:
        t = self.app.t
        if view is None:
            return ft.Column([
                ft.Icon(ft.Icons.VISIBILITY, color="#FFFFFF", size=48),
                text(t("Press and hold to see your rats"), size=theme.TITLE_SIZE,
                     weight=ft.FontWeight.BOLD, colour="#FFFFFF", text_align=ft.TextAlign.CENTER),
                text(t("They hide themselves again when you let go."), colour="#FFFFFF",
                     text_align=ft.TextAlign.CENTER),
            ], horizontal_alignment=ft.CrossAxisAlignment.CENTER, tight=True, spacing=8)
        hint = t("Hidden when you let go.") if left is None else \
            t.plural("Hides itself in {n} second.", "Hides itself in {n} seconds.", left)
        return ft.Column([
            tagged("private-rats", ft.Text(t.plural("{n} rat", "{n} rats", view.rats),
                                           size=56, weight=ft.FontWeight.BOLD,
                                           color="#3E2A1E")),
            tagged("private-hides", text(hint)),
        ], horizontal_alignment=ft.CrossAxisAlignment.CENTER, tight=True, spacing=8)

    def _secret(self, view: PlayerView) -> list[ft.Control]:
        t = self.app.t
        rows = view.rows
        entries = list(reversed(view.ledger))
        pending: list[ft.Control] = [
            tagged(f"private-pending-{index}", text(pending_line(t, change, rows), italic=True))
            for index, change in enumerate(view.pending)]
        corrected: list[ft.Control] = [
            tagged(f"private-corrected-{index}", text(correction_line(t, correction, rows),
                                                      weight=ft.FontWeight.W_500))
            for index, correction in enumerate(reversed(view.corrections))]
        history: list[ft.Control] = corrected + pending + [
            tagged(f"private-entry-{index}", text(entry_line(t, entry, rows,
                                                             view.dispute_state(entry))))
            for index, entry in enumerate(entries)] or [text(t("No changes yet."))]
        notes = [t.plural("Card {position}: {n} nun", "Card {position}: {n} nuns", nuns,
                          position=position)
                 for position, nuns in enumerate(view.nun_notes, start=1) if nuns is not None]
        return [
            heading(t("Your rats, newest first")),
            tagged("private-history", ft.Column(history, spacing=4, tight=True)),
            heading(t("What you saw in the Nun-row")),
            tagged("private-notes", text("; ".join(notes) if notes else t("No notes yet."))),
        ]

    def _entry(self) -> list[ft.Control]:
        t = self.app.t
        mem = self.memory
        view = self.session.player_view(self.player)
        if view.scored:
            # R-SCORE-6: the result is the table's; nothing is logged here any more.
            return [tagged("private-scored", text(t(
                "The game is scored: nothing more is logged here. If your rats are wrong, "
                "say so at the table; it can correct the result.")))]
        amount = ft.Row([
            tagged("amount-fewer", ft.IconButton(ft.Icons.REMOVE_CIRCLE_OUTLINE, icon_size=40,
                                                 on_click=self._amount(-1),
                                                 disabled=mem.amount <= 1)),
            tagged("amount", ft.Text(str(mem.amount), size=theme.TITLE_SIZE,
                                     weight=ft.FontWeight.BOLD, width=48,
                                     text_align=ft.TextAlign.CENTER)),
            tagged("amount-more", ft.IconButton(ft.Icons.ADD_CIRCLE_OUTLINE, icon_size=40,
                                                on_click=self._amount(+1),
                                                disabled=mem.amount >= MAX_RAT_CHANGE)),
            text(t.plural("rat", "rats", mem.amount), expand=True),
        ], spacing=0, vertical_alignment=ft.CrossAxisAlignment.CENTER)
        less, more = change_text(-mem.amount), change_text(mem.amount)
        logs = ft.Row([
            big_button("log-supply_discard", t("{change} in the supplies", change=less),
                       self._log("supply_discard", -1)),
            big_button("log-correction-down", t("{change} Correction", change=less),
                       self._log("correction", -1), primary=False),
            big_button("log-correction-up", t("{change} Correction", change=more),
                       self._log("correction", +1), primary=False),
        ], wrap=True, spacing=12, run_spacing=12)
        positions = ft.Row([self._toggle(f"note-position-{p}", str(p), mem.position == p,
                                         self._pick("position", p)) for p in NUN_POSITIONS],
                           wrap=True, spacing=8)
        counts = ft.Row([self._toggle(f"note-nuns-{n}", str(n), mem.nuns == n,
                                      self._pick("nuns", n)) for n in NUNS_PER_CARD],
                        wrap=True, spacing=8)
        can_undo = self.session.can_undo_private(self.player)
        hospital = [tagged("private-hospital-note", text(t(
            "Hospital discards are entered at the table with the Hospital's actions and show "
            "up in your history; to change one, ask the table."), size=theme.SMALL_SIZE))
        ] if view.hospital_at_table else []
        rats = ft.Column([heading(t("Log a change of your rats")), amount, logs, *hospital],
                         spacing=12, tight=True, col={"xs": 12, "md": 6})
        nun_row = ft.Column([
            heading(t("Note a card of the Nun-row you looked at")),
            text(t("Card (from the left)"), size=theme.SMALL_SIZE), positions,
            text(t("Nuns on it"), size=theme.SMALL_SIZE), counts,
            big_button("note", t.plural("Note card {position}: {n} nun",
                                        "Note card {position}: {n} nuns", mem.nuns,
                                        position=mem.position),
                       self._note, icon=ft.Icons.EDIT_NOTE),
        ], spacing=12, tight=True, col={"xs": 12, "md": 6})
        # side by side from a tablet's width on: the nun row's buttons above the fold
        return [
            ft.ResponsiveRow([rats, nun_row], spacing=24, run_spacing=12,
                             vertical_alignment=ft.CrossAxisAlignment.START),
            big_button("private-undo", t("Undo my last entry"), self._undo, icon=ft.Icons.UNDO,
                       primary=False, disabled=not can_undo),
        ]

    @staticmethod
    def _toggle(identifier: str, label: str, selected: bool, on_click: Any) -> ft.Control:
        box = ft.Container(
            content=ft.Text(label, size=theme.HEADING_SIZE, weight=ft.FontWeight.BOLD),
            width=theme.TOUCH_HEIGHT, height=theme.TOUCH_HEIGHT, border_radius=12,
            alignment=ft.Alignment.CENTER, on_click=on_click, ink=True,
            bgcolor=ft.Colors.SECONDARY_CONTAINER if selected else None,
            border=ft.Border.all(3 if selected else 1,
                                 theme.SEED_COLOUR if selected else ft.Colors.OUTLINE))
        return ft.Semantics(identifier=identifier, content=box, button=True, selected=selected)

    # -- acting -------------------------------------------------------------------------

    def _press(self, _event: Any = None) -> None:
        self.memory.reveal.press(self.memory.clock())
        self.fill(entry=False)

    def _lift(self, _event: Any = None) -> None:
        self.memory.reveal.lift(self.memory.clock())
        self.fill(entry=False)

    def _tap(self, _event: Any = None) -> None:
        self.memory.reveal.tap(self.memory.clock())
        self.fill(entry=False)

    def _amount(self, step: int) -> Callable[[Any], None]:
        def handler(_event: Any = None) -> None:
            mem = self.memory
            mem.amount = min(MAX_RAT_CHANGE, max(1, mem.amount + step))
            self.fill()
        return handler

    def _pick(self, what: str, value: int) -> Callable[[Any], None]:
        def handler(_event: Any = None) -> None:
            setattr(self.memory, what, value)
            self.fill()
        return handler

    def _log(self, reason: str, sign: int) -> Callable[[Any], None]:
        def handler(_event: Any = None) -> None:
            change = sign * self.memory.amount
            if self._do(lambda: self.ledger.change_rats(change, reason)):
                self.memory.amount = 1
                self.app.notify(self.app.t("Logged {change}: {reason}.",
                                           change=change_text(change),
                                           reason=self.app.t(REASONS[reason])))
        return handler

    def _note(self, _event: Any = None) -> None:
        mem = self.memory
        if self._do(lambda: self.ledger.note_nun_card(mem.position, mem.nuns)):
            self.app.notify(self.app.t("Noted."))

    def _undo(self, _event: Any = None) -> None:
        if self._do(self.ledger.undo):
            self.app.notify(self.app.t("Your last entry is taken back."))

    def _do(self, action: Callable[[], None]) -> bool:
        """Run a ledger action; a refusal is shown and changes nothing. The whole screen is
        drawn before the caller's message (the top bar's undo too), once: the game's change
        does not draw it again."""
        try:
            action()
        except LedgerRefused as refused:
            self.app.notify(_refusal_text(self.app.t, refused), error=True)
            return False
        self.app.render()
        return True

    async def _done(self, _event: Any = None) -> None:
        self.memory.reveal.hide()
        await self.app.go(back_route(self.app, self.game_id))

    # -- the clock ----------------------------------------------------------------------

    def tick(self) -> None:
        now = self.memory.clock()
        reveal = self.memory.reveal
        if (reveal.visible(now), reveal.seconds_left(now)) != self.shown:
            self.fill(entry=False)

    def _start_ticker(self) -> None:
        mem = self.memory
        if mem.ticking:
            return
        mem.ticking = True
        self.app.page.run_task(_run_ticker, self.app)


def _refusal_text(t: Translator, refused: LedgerRefused) -> str:
    cause = refused.__cause__
    if refused.code == GAME_SCORED:
        return t("The game is scored: nothing more is logged here. If your rats are wrong, "
                 "say so at the table; it can correct the result.")
    if getattr(cause, "code", None) == "rats_negative":
        # The engine's message names the count; a message lingers after the rats hide.
        return t("You do not have that many rats.")
    if isinstance(cause, Exception) and getattr(cause, "rule", None):
        return words(t, cause)
    return t("Not logged: {reason}", reason=str(refused))


async def _run_ticker(app: TableApp) -> None:
    mem = memory(app)

    def stop(_screen: Ticking | None) -> None:
        mem.ticking = False
        mem.reveal.hide()
        mem.screen = None

    await tick_while_shown(lambda screen: app.shows(screen.path), TICK_SECONDS,
                           lambda: mem.screen, stop, "the private view")


def private_view(app: TableApp, game_id: str, seat: str) -> ft.View:
    t = app.t
    table = app.use_game(game_id)
    players = table.players
    if not seat.isdigit() or not 0 <= int(seat) < players:
        raise ValueError(t("There is no player {seat} in this game.", seat=seat))
    player = int(seat)
    seats = app.games.seats
    if seats is not None and seats.is_paired(game_id, player):
        name = table.setup.names[player]
        return page_frame(app, t("{name}'s private view", name=name), [
            tagged("private-paired", text(t(
                "{name} keeps their rats on their phone, so they are not shown here. If that "
                "phone is lost, release it in the phones panel first.", name=name))),
            big_button("private-back", t("Back to the phones"),
                       app.nav(phones_route(game_id)), icon=ft.Icons.ARROW_BACK),
        ], back=back_route(app, game_id))
    return PrivateScreen(app, game_id, player).view()
