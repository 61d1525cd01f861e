"""The table's phones panel: per seat its phone's state, one pairing QR at a time, release.

A pairing QR is as good as the seat itself until a phone claims it, so the table never shows
more than one: showing another, hiding it, leaving the panel or letting it stand for
`QR_SECONDS` makes the shown code worthless (a fresh token that is never shown replaces it),
and a neighbour's photo of the screen opens nothing. A browser that is away for a moment (a
dropped connection) has not left the panel: its code stays until its time is up. The QR
closes by itself as soon as the seat's phone has paired. A paired seat says who makes its
entries, its phone or the table, with the control that switches it
(`companion.phones.entering`).

Pairings and connections change outside the game (a phone scans, a phone sleeps), so no
session event announces them; while the panel is on screen a ticker asks the `SeatRegistry`
once a second and redraws a seat only when what it says about it has changed. The panel shows
nothing of any player's rats: they are not in the registry, and the seat lines say only
whether a phone is there.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import flet as ft

from companion.phones.entering import at_table, enter_at_table
from companion.phones.qr import pairing_url
from companion.phones.seats import SeatPaired, SeatStatus
from companion.ui.phones.address import (
    AddressOption,
    address_options,
    chosen_host,
    remember_host,
    remembered_host,
    with_host,
)
from companion.ui.phones.memory import PanelMemory, ShownCode
from companion.ui.phones.status import seat_line
from companion.ui.shared import theme
from companion.ui.shared.disputes import disputes_panel
from companion.ui.shared.frame import page_frame
from companion.ui.shared.paths import game_route, phones_route, private_route
from companion.ui.shared.ticker import Ticking, tick_while_shown
from companion.ui.shared.widgets import (
    big_button,
    choice_tile,
    heading,
    player_chip,
    qr_image,
    tagged,
    text,
)
from companion.ui.shell import TableApp

log = logging.getLogger(__name__)

QR_SECONDS = 120.0
"""A QR on screen closes by itself after this long: long enough to find the camera app."""
TICK_SECONDS = 1.0
_CLOSING: set[asyncio.Future[None]] = set()
"""The codes left on a browser that is away, each closing when its time is up."""


def is_loopback(host: str | None) -> bool:
    """An address only this computer reaches (what `--host 127.0.0.1` gives)."""
    if host is None:
        return False
    bare = host.strip("[]")
    if bare == "localhost":
        return True
    try:
        return ipaddress.ip_address(bare).is_loopback
    except ValueError:
        return False


def memory(app: TableApp) -> PanelMemory:
    """What this tab's panel keeps between drawings."""
    return app.tab.phones


def _on_tap(action: Callable[[Any], None], value: Any) -> Callable[[Any], None]:
    def handler(_event: Any = None) -> None:
        action(value)
    return handler


def open_private(app: TableApp, game_id: str, seat: int, back: str | None
                 ) -> Callable[[Any], Awaitable[None]]:
    """A handler that opens `seat`'s private view, which goes back to `back` when done (the
    round screen: one tap there and one back, the game where it stood; None: this panel)."""
    async def handler(_event: Any = None) -> None:
        app.tab.private.back = back
        await app.go(private_route(game_id, seat))
    return handler


def push(control: ft.Control) -> None:
    """Send a control changed in place to the browser, if it is on a page yet."""
    try:
        page = control.page
    except RuntimeError:
        return
    page.update(control)


class PhonesPanel:
    """One drawing of the panel; the latest drawing is the one the ticker updates."""

    def __init__(self, app: TableApp, game_id: str) -> None:
        self.app = app
        self.game_id = game_id
        self.table = app.use_game(game_id)
        self.seats = app.games.seats
        self.memory = memory(app)
        self.path = phones_route(game_id)
        self.body = ft.Column(spacing=theme.GAP, tight=True)
        self.countdown = ft.Text("", size=theme.BODY_SIZE)
        shown = self.memory.shown
        if shown is not None and shown.game_id != game_id:
            self._revoke(shown.seat, shown.game_id)
            self.memory.shown = None

    # -- reading ------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.table.players

    def statuses(self) -> list[SeatStatus]:
        if self.seats is None:
            return [SeatStatus(seat, False, False, None, False) for seat in range(self.players)]
        return list(self.seats.status(self.game_id, self.players))

    def options(self) -> list[AddressOption]:
        mem = self.memory
        if mem.options is None:
            mem.options = address_options(self.app.config.base_url)
            mem.host = chosen_host(mem.options, remembered_host(self.app.config.data_dir))
        return mem.options

    def base_url(self) -> str:
        self.options()
        assert self.memory.host is not None
        return with_host(self.app.config.base_url, self.memory.host)

    def _lines(self, statuses: list[SeatStatus]) -> tuple[str, ...]:
        wall = self.memory.wall()
        return tuple(seat_line(self.app.t, s, wall).text for s in statuses)

    # -- drawing ------------------------------------------------------------------------

    def view(self) -> ft.View:
        t = self.app.t
        self.memory.panel = self
        self.refresh(push_it=False)
        controls: list[ft.Control] = [
            tagged("phones-panel", heading(t("Phones for the players"))),
            self.body,
        ]
        self._start_ticker()
        return page_frame(self.app, t("Phones"), controls, back=game_route(self.game_id),
                          full_width=True)

    def refresh(self, statuses: list[SeatStatus] | None = None, push_it: bool = True) -> None:
        statuses = self.statuses() if statuses is None else statuses
        self.memory.lines = self._lines(statuses)
        wall = self.memory.wall()
        shown = self.memory.shown
        top = self._code_card(shown) if shown is not None else text(self.app.t(
            "Each player scans their own code with their phone's camera. Codes are shown one "
            "at a time, so nobody can photograph them all. A player without a phone keeps "
            "their rats in the private view on this screen."))
        # two seats a line on a laptop or a tablet held across, and a warning that phones
        # cannot reach this address above them: five seats and the warning in sight
        cards = ft.ResponsiveRow([ft.Container(self._seat_card(s, wall), col={"xs": 12, "lg": 6})
                                  for s in statuses], spacing=12, run_spacing=12)
        disputes = disputes_panel(self.app, self.app.use_game(self.game_id), self.game_id)
        warning, addresses = self._address_section()
        self.body.controls = [*disputes, *warning, top, cards, *addresses]
        self._update_countdown()
        if push_it:
            push(self.body)

    def _seat_card(self, status: SeatStatus, wall: float) -> ft.Control:
        t = self.app.t
        seat = status.seat
        setup = self.table.setup
        name = setup.names[seat]
        line = seat_line(t, status, wall)
        # the words take the rest of the row and wrap there: a German or French "paired, not
        # connected: last seen ..." is longer than a seat's half of a laptop's width
        head = ft.Row([player_chip(name, setup.colours[seat]),
                       ft.Icon(line.icon, color=line.colour, size=30),
                       ft.Container(tagged(f"seat-status-{seat}", text(line.text)),
                                    expand=True)],
                      spacing=10, vertical_alignment=ft.CrossAxisAlignment.CENTER)
        shown = self.memory.shown
        showing = shown is not None and shown.seat == seat
        buttons: list[ft.Control] = []
        enters: list[ft.Control] = []
        if status.paired:
            said, switch = self._who_enters(seat)
            enters.append(said)
            buttons.append(switch)
            buttons.append(big_button(f"release-{seat}", t("Release this phone"),
                                      _on_tap(self.ask_release, seat),
                                      icon=ft.Icons.LINK_OFF, primary=False))
        else:
            if self.seats is not None and not showing:
                buttons.append(big_button(f"show-qr-{seat}", t("Show QR code"),
                                          _on_tap(self.show_code, seat),
                                          icon=ft.Icons.QR_CODE))
            buttons.append(big_button(f"private-{seat}", t("Private view (no phone)"),
                                      open_private(self.app, self.game_id, seat, None),
                                      icon=ft.Icons.VISIBILITY_OUTLINED, primary=False))
        body: list[ft.Control] = [head, *enters,
                                  ft.Row(buttons, wrap=True, spacing=12, run_spacing=12)]
        card = ft.Container(
            content=ft.Column(body, spacing=12, tight=True),
            border=ft.Border.all(3 if showing else 1,
                                 theme.SEED_COLOUR if showing else ft.Colors.OUTLINE_VARIANT),
            border_radius=14, padding=14, bgcolor=ft.Colors.SURFACE_CONTAINER_LOWEST)
        return tagged(f"seat-{seat}", card)

    def _who_enters(self, seat: int) -> tuple[ft.Control, ft.Control]:
        """Who makes a paired seat's entries, and the button that switches it: its phone
        (from pairing on) or the table (`companion.phones.entering`)."""
        t = self.app.t
        name = self.table.setup.names[seat]
        if seat in at_table(self.app.open_game(self.game_id)):
            said = t("Entered at the table: {name}'s phone shows the turn only.", name=name)
            switch = big_button(f"phone-enters-{seat}", t("Let the phone enter"),
                                _on_tap(self.switch_entries, (seat, False)),
                                icon=ft.Icons.PHONE_ANDROID, primary=False)
        else:
            said = t("{name} enters on the phone.", name=name)
            switch = big_button(f"table-enters-{seat}", t("Enter at the table instead"),
                                _on_tap(self.switch_entries, (seat, True)),
                                icon=ft.Icons.TABLE_RESTAURANT, primary=False)
        return tagged(f"seat-enters-{seat}", text(said)), switch

    def _code_card(self, shown: ShownCode) -> ft.Control:
        """The one code on screen, at the top where it is seen without scrolling."""
        t = self.app.t
        name = self.table.setup.names[shown.seat]
        block = ft.Column([
            text(t("{name}: scan this code with your phone's camera.", name=name),
                 size=theme.HEADING_SIZE, weight=ft.FontWeight.BOLD,
                 text_align=ft.TextAlign.CENTER),
            qr_image(shown.url, size=320, identifier=f"seat-qr-{shown.seat}",
                     label=t("QR code to pair {name}'s phone", name=name)),
            tagged("qr-countdown", self.countdown),
            big_button("hide-qr", t("Hide the code"), self.hide_code,
                       icon=ft.Icons.VISIBILITY_OFF, primary=False),
        ], horizontal_alignment=ft.CrossAxisAlignment.CENTER, spacing=10, tight=True)
        return tagged("code-card", ft.Container(
            content=block,
            border=ft.Border.all(3, theme.SEED_COLOUR), border_radius=14, padding=14,
            bgcolor=ft.Colors.SURFACE_CONTAINER_LOWEST))

    def _update_countdown(self) -> None:
        shown = self.memory.shown
        if shown is None:
            self.countdown.value = ""
            return
        left = max(0, int(shown.closes_at - self.memory.clock() + 0.999))
        clock = f"{left // 60}:{left % 60:02d}"
        self.countdown.value = self.app.t("The code hides itself in {time}.", time=clock)

    def _address_section(self) -> tuple[list[ft.Control], list[ft.Control]]:
        """The warning that phones cannot reach the address (shown first), and the address
        the phones use, with the choice of another (shown last)."""
        t = self.app.t
        if self.seats is None:
            return [], [text(t("Phones are not available on this server: every player uses "
                               "the private view on this screen."))]
        options = self.options()
        unreachable: list[ft.Control] = []
        if is_loopback(self.memory.host):
            if len(options) < 2:
                warning = t("Phones cannot reach {address}: it is this computer's own address, "
                            "and the table listens on no other. Start it again with --host "
                            "0.0.0.0, or with --host and this computer's Wi-Fi address.",
                            address=self.base_url())
            else:
                warning = t("Phones cannot reach {address}: it is this computer's own address. "
                            "Choose the address on the players' Wi-Fi below.",
                            address=self.base_url())
            unreachable.append(tagged("address-unreachable", ft.Container(
                ft.Row([ft.Icon(ft.Icons.WIFI_OFF, color="#B3261E"),
                        text(warning, expand=True)], spacing=10),
                bgcolor="#FDECEA", border_radius=12, padding=12)))
        if len(options) < 2:
            if unreachable:
                return unreachable, []
            return [], [text(t("Phones reach this table at {address}; they must be on the same "
                               "Wi-Fi.", address=self.base_url()), size=theme.SMALL_SIZE)]
        tiles: list[ft.Control] = [
            heading(t("Address in the QR code")),
            text(t("This computer has several network addresses. Choose the one on the "
                   "players' Wi-Fi; the table remembers it.")),
        ]
        for index, option in enumerate(options):
            tiles.append(choice_tile(
                f"address-{index}", option.host,
                _on_tap(self.choose_host, option.host),
                selected=option.host == self.memory.host,
                description=option.interface or t("as the server was started"),
                icon=ft.Icons.WIFI))
        return unreachable, tiles

    # -- acting -------------------------------------------------------------------------

    def show_code(self, seat: int) -> None:
        """A fresh QR for `seat`; whatever code was on screen before stops working."""
        assert self.seats is not None
        mem = self.memory
        if mem.shown is not None and mem.shown.seat != seat:
            self._revoke(mem.shown.seat)
        try:
            token = self.seats.issue_token(self.game_id, seat)
        except SeatPaired:
            mem.shown = None
            self.app.notify(self.app.t("This seat is paired with a phone; release it before "
                                       "showing a new code."), error=True)
            self.refresh()
            return

        mem.shown = ShownCode(self.game_id, seat, pairing_url(self.base_url(), token),
                              mem.clock() + QR_SECONDS)
        self.refresh()
        self.app.page.run_task(self._scroll_to_code)

    async def _scroll_to_code(self) -> None:
        """The code appears at the top; a player who tapped a seat further down must see it."""
        try:
            await self.app.page.views[-1].scroll_to(offset=0, duration=300)
        except Exception:  # a screen that is gone or not scrollable: nothing to move
            log.debug("cannot scroll to the code", exc_info=True)

    def hide_code(self, _event: Any = None) -> None:
        shown = self.memory.shown
        if shown is not None:
            self._revoke(shown.seat)
        self.memory.shown = None
        self.refresh()

    def _revoke(self, seat: int, game_id: str | None = None) -> None:
        """The shown token stops working: a new one replaces it and is never shown. Issuing is
        refused atomically for a seat that paired meanwhile, so this never unpairs a phone."""
        if self.seats is None:
            return
        try:
            self.seats.issue_token(game_id or self.game_id, seat)
        except SeatPaired:
            pass

    def ask_release(self, seat: int) -> None:
        t = self.app.t
        name = self.table.setup.names[seat]

        def cancel(_event: Any = None) -> None:
            self.app.page.pop_dialog()

        def confirm(_event: Any = None) -> None:
            self.app.page.pop_dialog()
            self.release(seat)

        dialog = ft.AlertDialog(
            modal=True, semantics_label=t("Release {name}'s phone?", name=name),
            title=ft.Text(t("Release {name}'s phone?", name=name), size=theme.HEADING_SIZE),
            content=tagged("release-question", text(t(
                "That phone is locked out at once and sees nothing more of this game. A new "
                "code for {name} is shown right after.", name=name))),
            actions=[big_button("release-cancel", t("Cancel"), cancel, primary=False),
                     big_button("release-confirm", t("Release"), confirm, icon=ft.Icons.LINK_OFF)])
        self.app.page.show_dialog(dialog)

    def release(self, seat: int) -> None:
        """Lock the seat's phone out (lost phone, wrong person) and show a fresh code at once;
        the phone paired next enters for the seat, as every newly paired phone does."""
        assert self.seats is not None
        self.seats.release(self.game_id, seat)
        enter_at_table(self.app.open_game(self.game_id), seat, False)
        self.app.notify(self.app.t("{name}'s phone is released.",
                                   name=self.table.setup.names[seat]))
        self.show_code(seat)

    def switch_entries(self, choice: tuple[int, bool]) -> None:
        """Switch a seat to "entered at the table" or back to its phone; its phone and every
        screen of the game are told (the whole panel is drawn anew with them)."""
        seat, switched = choice
        enter_at_table(self.app.open_game(self.game_id), seat, switched)
        self.app.render()

    def choose_host(self, host: str) -> None:
        mem = self.memory
        if host not in [o.host for o in self.options()]:
            return
        mem.host = host
        remember_host(self.app.config.data_dir, host)
        if mem.shown is not None:
            self.show_code(mem.shown.seat)
        else:
            self.refresh()

    # -- the clock ----------------------------------------------------------------------

    def tick(self) -> None:
        """One beat: close a code that paired or ran out, redraw seats whose line changed."""
        mem = self.memory
        statuses = self.statuses()
        shown = mem.shown
        changed = False
        if shown is not None:
            if statuses[shown.seat].paired:
                mem.shown = None
                changed = True
                self.app.notify(self.app.t("{name}'s phone is paired.",
                                           name=self.table.setup.names[shown.seat]))
            elif mem.clock() >= shown.closes_at:
                self._revoke(shown.seat)
                mem.shown = None
                changed = True
        if changed or self._lines(statuses) != mem.lines:
            self.refresh(statuses)
        elif shown is not None:
            self._update_countdown()
            push(self.countdown)

    def leave(self) -> None:
        """The panel is gone from the screen: the code on it stops working."""
        mem = self.memory
        if mem.shown is not None:
            self._revoke(mem.shown.seat, mem.shown.game_id)
            mem.shown = None
        if mem.panel is self:
            mem.panel = None

    def step_away(self) -> None:
        """The tab's browser went away with the panel on show (a dropped connection, a closed
        lid, a machine too busy to answer): the table has not moved on, and its screen still
        shows the code, so the code stays and is drawn again when the browser is back (the
        panel is drawn afresh then). It still closes when its time is up, back or not."""
        mem = self.memory
        if mem.panel is self:
            mem.panel = None
        if mem.shown is not None:
            closing = asyncio.ensure_future(self._close_when_due(mem.shown))
            _CLOSING.add(closing)  # the loop keeps only a weak reference to a task
            closing.add_done_callback(_CLOSING.discard)

    async def _close_when_due(self, shown: ShownCode) -> None:
        await asyncio.sleep(max(0.0, shown.closes_at - self.memory.clock()))
        if self.memory.shown is shown and not self.memory.ticking:
            self._revoke(shown.seat, shown.game_id)
            self.memory.shown = None

    def _start_ticker(self) -> None:
        mem = self.memory
        if mem.ticking:
            return
        mem.ticking = True
        self.app.page.run_task(_run_ticker, self.app)


async def _run_ticker(app: TableApp) -> None:
    mem = memory(app)

    def stop(panel: Ticking | None) -> None:
        mem.ticking = False
        if isinstance(panel, PhonesPanel):
            if app.path == panel.path:  # still the screen: only its browser is away
                panel.step_away()
            else:
                panel.leave()

    await tick_while_shown(lambda panel: app.shows(panel.path), TICK_SECONDS,
                           lambda: mem.panel, stop, "the phones panel")


def phones_view(app: TableApp, game_id: str) -> ft.View:
    return PhonesPanel(app, game_id).view()
