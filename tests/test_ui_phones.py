"""The table's phones panel without a browser: one QR at a time, seat lines, release, address.

Each story builds the real `TableApp` on a stand-in page with a real `SeatRegistry` (on a
clock the test turns), opens the panel's route, taps controls by their semantics identifiers
and lets the panel's ticker beat by hand; phones "scan" by claiming the token in the shown QR.
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import flet as ft
import ifaddr
import pytest
import zxingcpp
from PIL import Image
from support.fake_page import FakePage, walk
from support.sessions import game_state
from support.table_screens import TableOnPage, tap_control

from companion.i18n import translator
from companion.phones.ledger import ledger_of
from companion.phones.qr import JOIN_PATH
from companion.phones.seats import InvalidToken, SeatRegistry, SeatStatus, UnknownDevice
from companion.rules import events as ev
from companion.rules import reveal_event
from companion.rules.catalog import PlayerColour
from companion.rules.house_rules import HouseRules
from companion.rules.setup import DeckMode, SelectionMethod, make_setup
from companion.server.config import TableConfig
from companion.server.games import OpenGames
from companion.store.db import GameStore
from companion.ui.phones import panel as phones_panel
from companion.ui.phones.address import address_options, remembered_host
from companion.ui.phones.status import seat_line
from companion.ui.routes import table_app

NAMES = ("Anna", "Ben", "Cleo")
ANNA, BEN, CLEO = range(3)


class Clock:
    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


class Table(TableOnPage):
    """The table's browser on the phones panel, and the phones in the players' hands."""

    def __init__(self, tmp: Path, seats: SeatRegistry | None, clock: Clock,
                 base_url: str = "http://127.0.0.1:8550") -> None:
        self.tmp = tmp
        self.store = GameStore.open(tmp)
        self.games = OpenGames(self.store, seats)
        self.seats = seats
        self.clock = clock
        self.page = FakePage(width=800)
        self.app = table_app(self.page, TableConfig(data_dir=tmp, host_key="k" * 32,  # type: ignore[arg-type]
                                                   lang="en", base_url=base_url), self.games)
        self.app.authorized = True
        self.app.t = translator("en")
        setup = make_setup(list(zip(NAMES, list(PlayerColour), strict=False)),
                           SelectionMethod.FIRST_GAME, 1234, DeckMode.DIGITAL, 0, HouseRules())
        self.session = self.games.start(ev.GameStarted(setup))
        mem = phones_panel.memory(self.app)
        mem.clock = clock
        mem.wall = clock
        mem.options = [phones_panel.AddressOption("127.0.0.1", None)]
        mem.host = "127.0.0.1"
        self.open(phones_panel.phones_route(self.session.game_id))

    def open(self, route: str) -> None:
        self.page.route = route
        self.app.render()

    @property
    def screen(self) -> ft.View:
        return self.page.views[-1]

    def ids(self) -> set[str]:
        return {c.identifier for c in walk(self.screen) if isinstance(c, ft.Semantics)
                and c.identifier}

    def find(self, identifier: str, root: Any = None) -> ft.Semantics:
        for control in walk(root if root is not None else self.screen):
            if isinstance(control, ft.Semantics) and control.identifier == identifier:
                return control
        raise AssertionError(f"{identifier} is not on the screen: {sorted(self.ids())}")

    def shown(self, identifier: str) -> str | None:
        """The words of the control tagged `identifier` once the redraws the tab was asked for
        have run; None when the screen has no such control."""
        self.page.run_pending()
        return self.texts(identifier) if identifier in self.ids() else None

    def texts(self, identifier: str | None = None) -> str:
        root = self.find(identifier) if identifier else self.screen
        return " ".join(str(c.value) for c in walk(root) if isinstance(c, ft.Text))

    def tap(self, identifier: str, root: Any = None) -> None:
        tap_control(self.find(identifier, root), identifier)

    def tick(self, seconds: float = phones_panel.TICK_SECONDS) -> None:
        self.clock.now += seconds
        panel = phones_panel.memory(self.app).panel
        assert panel is not None
        panel.tick()

    def shown_url(self, seat: int) -> str:
        """The address in the picture of `seat`'s code, as a phone's camera reads it."""
        image = next(c for c in walk(self.find(f"seat-qr-{seat}")) if isinstance(c, ft.Image))
        assert isinstance(image.src, bytes)
        found = zxingcpp.read_barcodes(
            Image.open(io.BytesIO(image.src)),
            formats=zxingcpp.BarcodeFormats(zxingcpp.BarcodeFormat.QRCode))
        assert len(found) == 1, found
        return str(found[0].text)

    def shown_token(self, seat: int) -> str:
        url = self.shown_url(seat)
        assert url.startswith("http://127.0.0.1:8550" + JOIN_PATH)
        return url.rsplit("/", 1)[1]

    def qr_codes(self) -> list[str]:
        return sorted(i for i in self.ids() if i.startswith("seat-qr-"))


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def table(tmp_path: Path, clock: Clock) -> Iterator[Table]:
    with Table(tmp_path, SeatRegistry(clock=clock), clock) as found:
        yield found


def test_the_panel_shows_no_code_until_a_seat_asks_for_one(table: Table) -> None:
    assert table.qr_codes() == []
    assert {"show-qr-0", "show-qr-1", "show-qr-2"} <= table.ids()
    for seat in range(3):
        assert table.texts(f"seat-status-{seat}") == "No phone paired."


def test_showing_a_second_code_hides_the_first_and_makes_it_worthless(table: Table) -> None:
    table.tap("show-qr-0")
    annas = table.shown_token(ANNA)
    table.tap("show-qr-1")
    assert table.qr_codes() == ["seat-qr-1"]
    with pytest.raises(InvalidToken):
        table.seats.claim(annas)  # type: ignore[union-attr]
    assert table.seats.claim(table.shown_token(BEN)).seat == BEN  # type: ignore[union-attr]


def test_a_code_carries_at_least_128_random_bits(table: Table) -> None:
    table.tap("show-qr-2")
    first = table.shown_token(CLEO)
    table.tap("hide-qr")
    table.tap("show-qr-2")
    second = table.shown_token(CLEO)
    assert first != second
    assert len(second) * 6 >= 128  # URL-safe base64: 6 bits a character


def test_the_code_closes_itself_once_the_phone_has_paired(table: Table) -> None:
    table.tap("show-qr-0")
    claim = table.seats.claim(table.shown_token(ANNA))  # type: ignore[union-attr]
    with table.seats.connection(table.session.game_id, claim.seat):  # type: ignore[union-attr]
        table.tick()
        assert table.qr_codes() == []
        assert table.page.messages[-1] == "Anna's phone is paired."
        assert table.texts("seat-status-0") == "Phone paired and connected now."
        assert "show-qr-0" not in table.ids() and "release-0" in table.ids()


def test_an_unused_code_closes_itself_after_a_while_and_stops_working(table: Table) -> None:
    table.tap("show-qr-1")
    token = table.shown_token(BEN)
    table.tick(phones_panel.QR_SECONDS - 5)
    assert table.qr_codes() == ["seat-qr-1"]
    assert table.texts("qr-countdown") == "The code hides itself in 0:05."
    table.tick(5)
    assert table.qr_codes() == []
    with pytest.raises(InvalidToken):
        table.seats.claim(token)  # type: ignore[union-attr]


def test_leaving_the_panel_makes_the_shown_code_worthless(table: Table,
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    table.tap("show-qr-1")
    token = table.shown_token(BEN)
    table.open(f"/game/{table.session.game_id}")
    monkeypatch.setattr(phones_panel, "TICK_SECONDS", 0)
    asyncio.run(phones_panel._run_ticker(table.app))  # its next beat finds the panel gone
    with pytest.raises(InvalidToken):
        table.seats.claim(token)  # type: ignore[union-attr]
    assert not phones_panel.memory(table.app).ticking


def test_a_seat_line_follows_the_phone_going_quiet(table: Table) -> None:
    table.tap("show-qr-1")
    claim = table.seats.claim(table.shown_token(BEN))  # type: ignore[union-attr]
    table.tick()
    assert table.texts("seat-status-1") == \
        "Phone paired, not connected: last seen less than a minute ago."
    table.tick(3 * 60)
    assert table.texts("seat-status-1") == \
        "Phone paired, not connected: last seen 3 minutes ago."
    table.seats.authenticate(claim.device_secret)  # type: ignore[union-attr]
    table.tick()
    assert table.texts("seat-status-1") == \
        "Phone paired, not connected: last seen less than a minute ago."


def test_seat_lines_in_german() -> None:
    t = translator("de")
    quiet = SeatStatus(seat=0, paired=True, connected=False, last_seen=100.0, code_open=False)
    assert seat_line(t, quiet, 100.0 + 120).text == \
        "Handy gekoppelt, nicht verbunden: zuletzt gesehen vor 2 Minuten."
    never = SeatStatus(seat=0, paired=False, connected=False, last_seen=None, code_open=True)
    assert seat_line(t, never, 0).text == "Kein Handy gekoppelt."


def test_releasing_asks_first_then_locks_the_phone_out_and_shows_a_fresh_code(
        table: Table) -> None:
    table.tap("show-qr-2")
    old = table.seats.claim(table.shown_token(CLEO))  # type: ignore[union-attr]
    table.tick()
    table.tap("release-2")
    question = table.page.dialogs[-1]
    assert "Release Cleo's phone?" in question.title.value
    table.tap("release-cancel", question)
    assert table.seats.is_paired(table.session.game_id, CLEO)  # type: ignore[union-attr]

    table.tap("release-2")
    table.tap("release-confirm", table.page.dialogs[-1])
    assert table.page.dialogs == []
    with pytest.raises(UnknownDevice):
        table.seats.authenticate(old.device_secret)  # type: ignore[union-attr]
    assert table.qr_codes() == ["seat-qr-2"]
    new = table.seats.claim(table.shown_token(CLEO))  # type: ignore[union-attr]
    assert new.seat == CLEO and new.device_secret != old.device_secret


def test_a_paired_seat_offers_no_private_view_and_an_unpaired_one_does(table: Table) -> None:
    table.tap("show-qr-0")
    table.seats.claim(table.shown_token(ANNA))  # type: ignore[union-attr]
    table.tick()
    assert "private-0" not in table.ids()
    assert {"private-1", "private-2"} <= table.ids()
    table.tap("private-1")
    assert table.page.route == f"/game/{table.session.game_id}/private/1"


def test_without_phones_every_player_gets_the_private_view(tmp_path: Path, clock: Clock
                                                           ) -> None:
    with Table(tmp_path, None, clock) as table:
        assert table.qr_codes() == [] and not any(i.startswith("show-qr") for i in table.ids())
        assert {"private-0", "private-1", "private-2"} <= table.ids()
        assert "Phones are not available on this server" in table.texts()


def _adapter(name: str, *addresses: str) -> ifaddr.Adapter:
    return ifaddr.Adapter(name, name, [ifaddr.IP(a, 24, name) for a in addresses])


def test_only_addresses_the_server_answers_on_are_offered() -> None:
    adapters = [_adapter("lo", "127.0.0.1"), _adapter("wlan0", "192.168.1.20"),
                _adapter("docker0", "172.17.0.1"), _adapter("eth0", "10.0.0.5")]
    offered = address_options("http://192.168.1.20:8550", adapters,
                              reachable=lambda host, port: host != "10.0.0.5" and port == 8550)
    assert [(o.host, o.interface) for o in offered] == [("192.168.1.20", None),
                                                        ("172.17.0.1", "docker0")]


def test_the_chosen_address_goes_into_the_code_and_is_remembered(tmp_path: Path, clock: Clock
                                                                 ) -> None:
    with Table(tmp_path, SeatRegistry(clock=clock), clock,
               base_url="http://172.17.0.1:8550") as table:
        mem = phones_panel.memory(table.app)
        mem.options = [phones_panel.AddressOption("172.17.0.1", None),
                       phones_panel.AddressOption("192.168.1.20", "wlan0")]
        mem.host = "172.17.0.1"
        table.open(phones_panel.phones_route(table.session.game_id))
        table.tap("show-qr-0")
        table.tap("address-1")
        assert table.shown_url(0).startswith("http://192.168.1.20:8550/phone/join/")
        assert remembered_host(tmp_path) == "192.168.1.20"


def test_no_rats_on_the_game_or_phones_screens_while_players_log_theirs(table: Table) -> None:
    # R-SETUP-1: rats are secret; R-SCORE-6: they are revealed only at the plague check.
    game_id = table.session.game_id
    table.session.submit(reveal_event(game_state(table.session)))
    screens = {route: None for route in (f"/game/{game_id}", phones_panel.phones_route(game_id))}
    for route in screens:
        table.open(route)
        screens[route] = table.texts()  # type: ignore[assignment]
    ledger_of(table.session, BEN).change_rats(-2, "supply_discard")
    ledger_of(table.session, CLEO).change_rats(+3, "correction")
    ledger_of(table.session, ANNA).note_nun_card(2, 4)
    assert game_state(table.session).rats[BEN] == 8
    for route, before in screens.items():
        table.open(route)
        assert table.texts() == before, route


def test_a_seat_that_paired_elsewhere_meanwhile_gets_no_code(table: Table) -> None:
    game_id = table.session.game_id
    table.seats.claim(table.seats.issue_token(game_id, CLEO))  # type: ignore[union-attr]
    table.tap("show-qr-2")  # the panel has not noticed yet
    assert table.qr_codes() == []
    assert table.page.messages[-1] == \
        "This seat is paired with a phone; release it before showing a new code."
    assert "release-2" in table.ids()


def test_a_private_view_of_a_seat_that_does_not_exist_says_so(table: Table) -> None:
    table.open(f"/game/{table.session.game_id}/private/7")
    assert "problem" in table.ids()
    assert "There is no player 7 in this game." in table.texts()


def test_a_table_on_127_0_0_1_only_says_phones_cannot_reach_it_and_how_to_fix_it(
        table: Table) -> None:
    # `--host 127.0.0.1`: no phone can reach the table on "the same Wi-Fi"; the panel says how
    # to fix it.
    warning = table.texts("address-unreachable")
    assert "cannot reach http://127.0.0.1:8550" in warning and "--host 0.0.0.0" in warning
    assert "same Wi-Fi" not in table.texts()


def test_a_loopback_choice_beside_a_wifi_address_points_to_the_wifi_one(tmp_path: Path,
                                                                       clock: Clock) -> None:
    with Table(tmp_path, SeatRegistry(clock=clock), clock) as table:
        mem = phones_panel.memory(table.app)
        mem.options = [phones_panel.AddressOption("127.0.0.1", None),
                       phones_panel.AddressOption("192.168.1.20", "wlan0")]
        table.open(phones_panel.phones_route(table.session.game_id))
        assert "Choose the address on the players' Wi-Fi" in table.texts("address-unreachable")
        table.tap("address-1")
        assert "address-unreachable" not in table.ids()


def test_a_code_on_screen_stays_while_the_game_changes_elsewhere(table: Table) -> None:
    """Ben is scanning his code while something else changes the game (another phone logs a
    rat, the table switches a seat): the panel is drawn anew, and the code Ben is scanning
    stays on it and still pairs him. A redraw that took the code away (and made it worthless)
    would leave Ben scanning a code that is gone."""
    table.tap("show-qr-1")
    token = table.shown_token(BEN)
    table.session.update_setting("a-note", lambda _before: 1, announce=True)
    table.page.run_pending()
    table.tick()
    assert table.qr_codes() == ["seat-qr-1"]
    assert table.shown_token(BEN) == token
    assert table.seats.claim(token).seat == BEN  # type: ignore[union-attr]
