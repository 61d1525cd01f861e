"""The table and three phones, each its own chromium context, through the last round to the end.

Anna, Ben and Cleo pair their phones by scanning the table's QR (the test decodes the QR image
on the screen, as a phone's camera would); Dario has no phone and uses the private view on the
table. The first seven rounds were played before the server started (written to the data
directory with the store, as a resumed game); the pairing, the players' own entries, a
table-recorded change arriving on a phone, a reload, a lost phone replaced (its fresh code
staying on show through another seat's switch and a dropped connection of the table) and the
whole last round with the plague check are played through the screens. At the end every rat
count the table scores with must be the one the player's ledger holds.

The last round's first entry is tapped at the very moment Cleo's phone logs a rat: the
server's messages to the table are held back meanwhile (`Held`), so the tap is made on the
screen as it was drawn before the phone's entry, whatever the server did on hearing of it.
"""

from __future__ import annotations

import random
import re
import time
from pathlib import Path
from typing import Any

from support.flutter import (
    TIMEOUT_MS,
    by_id,
    identifiers,
    next_frame,
    open_table,
    tap,
    wait_for_said,
)
from support.harness import Offline, phone_shown, picture, shooter, table_context, table_server
from support.screen_result import check_result_against_engine, stored_game
from support.sessions import game_state
from support.story import Table

TABLET_PORTRAIT = {"width": 800, "height": 1280}
PHONE = {"width": 390, "height": 800}
ANNA, BEN, CLEO, DARIO = range(4)
SEED = 11


def last_round_ahead(data_dir: Path, method: str = "first_game"
                     ) -> tuple[str, tuple[str, ...], tuple[int, ...]]:
    """A stored 4-player game (R-SETUP-6: 8 rounds) whose last round is about to begin."""
    from support.simulate import random_game

    from companion.rules import apply
    from companion.rules.guide import Prompt, step_at
    from companion.rules.setup import DeckMode, SelectionMethod
    from companion.store.db import GameStore
    from companion.store.session import Session

    events = random_game(SEED, 4, deck_mode=DeckMode.DIGITAL, method=SelectionMethod(method),
                         private=False)
    state: Any = None
    played = 0
    for played, event in enumerate(events):  # noqa: B007
        if state is not None and state.round == state.setup.rounds \
                and step_at(state).prompt is Prompt.REVEAL_BUILDINGS:
            break
        state = apply(state, event)
    with GameStore.open(data_dir) as store:
        session = Session.start(store, events[0])
        for event in events[1:played]:
            session.submit(event)
        state = game_state(session)
        return session.game_id, tuple(state.setup.names), tuple(state.rats)


def scan(page: Any, seat: int, into: Path) -> str:
    """What a phone's camera reads from the QR on the table's screen."""
    import zxingcpp
    from PIL import Image

    shot = into / f"qr-{seat}.png"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:  # the image is painted frames after the semantics tree
        by_id(page, f"seat-qr-{seat}").screenshot(path=str(shot))
        found = zxingcpp.read_barcodes(
            Image.open(shot), formats=zxingcpp.BarcodeFormats(zxingcpp.BarcodeFormat.QRCode))
        if found:
            (code,) = found
            return str(code.text)
        next_frame(page)
    raise AssertionError("no QR code readable on the table's screen")


class Held:
    """The table's websocket with the server's messages to the page held back while `holding`:
    a tap the page sends meanwhile is made on the screen as it was drawn before, and reaches a
    server that may have drawn it anew since (then the tap's control is gone there, and Flet
    drops the tap)."""

    def __init__(self, page: Any) -> None:
        self.holding = False
        self.held: list[tuple[Any, Any]] = []
        self.refusing = False
        self.sockets: list[Any] = []
        page.route_web_socket("**/ws", self._route)

    def _route(self, ws: Any) -> None:
        if self.refusing:
            ws.close()
            return
        self.sockets.append(ws)
        server = ws.connect_to_server()

        def from_server(message: Any) -> None:
            if self.holding:
                self.held.append((ws, message))
            else:
                ws.send(message)

        ws.on_message(server.send)
        server.on_message(from_server)

    def release(self) -> None:
        """Send what was held, in order; what comes meanwhile is queued behind it."""
        while self.held:
            ws, message = self.held.pop(0)
            ws.send(message)
        self.holding = False

    def drop(self, page: Any, seconds: float) -> None:
        """The table's connection drops for `seconds` (the Wi-Fi hiccups), then the page's
        client is let in again, to the same session, as it retries."""
        self.refusing = True
        self.sockets[-1].close()
        page.wait_for_timeout(seconds * 1000)
        self.refusing = False


def first_entry_as_a_phone_logs(page: Any, held: Held, phone: Any) -> tuple[int, str]:
    """The table taps the first entry (R-ROUND-C) just as a phone logs a supply discard
    (R-ROUND-B): the phone's entry is stored and the table told of it before the tap reaches
    the server, the tap made on the screen drawn before. Returns who was to enter, and the
    button tapped."""
    (chip,) = [i for i in identifiers(page) if re.fullmatch(r"seat-chip-\d-now", i)]
    actor = int(chip.split("-")[2])
    button = "enter-0-2"
    by_id(page, button).wait_for()
    held.holding = True
    log_on(phone, 1, "supply_discard")
    deadline = time.monotonic() + 3  # time for the table's redraw, if the server makes one
    while not held.held and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    tap(page, button)
    held.release()
    by_id(page, chip).wait_for(state="detached", timeout=TIMEOUT_MS)
    return actor, button


def seat_says(page: Any, seat: int, words: str) -> None:
    page.locator(f"[flt-semantics-identifier='seat-status-{seat}']", has_text=words).wait_for()


def codes_on_screen(page: Any) -> int:
    return int(page.locator("[flt-semantics-identifier^='seat-qr-']").count())


class Phones:
    def __init__(self, browser: Any, offline: Offline, table: Any, shots: Path) -> None:
        self.browser = browser
        self.offline = offline
        self.table = table
        self.shots = shots
        self.contexts: list[Any] = []

    def pair(self, seat: int, name: str) -> Any:
        """The table shows the seat's QR, a new phone scans it, the QR closes by itself."""
        if by_id(self.table, f"seat-qr-{seat}").count() == 0:
            tap(self.table, f"show-qr-{seat}")
        by_id(self.table, f"seat-qr-{seat}").wait_for()
        assert codes_on_screen(self.table) == 1
        url = scan(self.table, seat, self.shots)
        context = self.browser.new_context(locale="en-GB", viewport=PHONE, is_mobile=True)
        self.offline.install(context)
        self.contexts.append(context)
        phone = context.new_page()
        self.offline.watch(phone)
        phone.goto(url)
        phone_shown(phone)
        assert phone.locator("#who").inner_text() == name
        by_id(self.table, f"seat-qr-{seat}").wait_for(state="detached")
        seat_says(self.table, seat, "connected now")
        return phone

    def close(self) -> None:
        for context in self.contexts:
            context.close()


def rats_on(phone: Any) -> int:
    phone.locator("#reveal").click()
    return int(phone.locator("#rats").inner_text().split()[0])


def log_on(phone: Any, amount: int, reason: str) -> None:
    entries = phone.locator("#history li").count()
    phone.fill("#amount", str(amount))
    phone.locator(f"[data-reason={reason}]").first.click()
    phone.wait_for_function("n => document.querySelectorAll('#history li').length > n",
                            arg=entries)


def private_view_of_dario(page: Any) -> None:
    """Dario takes the table for a moment: a supply discard (R-ROUND-B), then a look, which
    the server's own clock hides again. (The private view's undo, its gestures and what it
    never draws are the fake page's to check: `tests/test_ui_phones_private.py`.)"""
    tap(page, f"private-{DARIO}")
    by_id(page, "reveal-pad").wait_for()
    assert by_id(page, "private-rats").count() == 0
    picture(page, "phones-private-hidden")
    tap(page, "log-supply_discard")
    wait_for_said(page, "Logged −1")
    tap(page, "reveal-pad")
    by_id(page, "private-rats").wait_for()
    picture(page, "phones-private-shown")
    entry = by_id(page, "private-entry-0").text_content()
    assert entry is not None and entry.startswith("−1: rats discarded in the supplies")
    by_id(page, "private-rats").wait_for(state="detached", timeout=TIMEOUT_MS)
    tap(page, "private-done")
    by_id(page, "phones-panel").wait_for()


def code_still_on_show(page: Any, held: Held, shots: Path) -> None:
    """While Ben scans his fresh code, the table switches Anna to "entered at the table" and
    back (every screen of the game is told), and then its connection drops for a moment: the
    panel is drawn afresh each time, with the same code on it."""
    code = scan(page, BEN, shots)
    tap(page, f"table-enters-{ANNA}")
    by_id(page, f"phone-enters-{ANNA}").wait_for()
    tap(page, f"phone-enters-{ANNA}")
    by_id(page, f"table-enters-{ANNA}").wait_for()
    assert scan(page, BEN, shots) == code
    before = by_id(page, f"seat-qr-{BEN}").first.element_handle()
    held.drop(page, 2.5)
    page.wait_for_function("el => !el.isConnected", arg=before, timeout=TIMEOUT_MS)
    by_id(page, f"seat-qr-{BEN}").wait_for()
    assert codes_on_screen(page) == 1
    assert scan(page, BEN, shots) == code


def test_a_table_and_three_phones_from_pairing_to_the_plague_check(tmp_path: Path,
                                                                   browser: Any) -> None:
    # R-SETUP-1 rats are secret until R-SCORE-6, the plague check, which scores the ledgers.
    data_dir = tmp_path / "data"
    # A set with the Hospital (R-SETUP-3): the phones say its discards are entered at the
    # table (one place to enter them, so none is entered twice), and offer no Hospital
    # discard of their own.
    game_id, names, rats = last_round_ahead(data_dir, "mixed_per_estate")
    offline = Offline()
    with table_server(data_dir, lang="en") as server:
        # with the transitions most tables show (`TABLE_MOTION`): the taps raced against a
        # phone's step here meet the screen as it moves
        context = table_context(browser, offline, "en-GB", TABLET_PORTRAIT,
                                reduced_motion="no-preference")
        page = context.new_page()
        held = Held(page)
        offline.watch(page)
        open_table(page, server.table_url)
        tap(page, f"resume-{game_id}")
        tap(page, "phones")
        by_id(page, "phones-panel").wait_for()
        assert codes_on_screen(page) == 0
        phones = Phones(browser, offline, page, tmp_path)
        try:
            paired = {seat: phones.pair(seat, names[seat]) for seat in (ANNA, BEN, CLEO)}
            picture(page, "phones-panel-paired")
            before = {seat: rats_on(phone) for seat, phone in paired.items()}
            assert before == {seat: rats[seat] for seat in paired}
            log_on(paired[ANNA], 1, "supply_discard")
            assert paired[BEN].locator("#hospital-note").is_visible()
            assert paired[BEN].locator("[data-reason=hospital]").count() == 0
            log_on(paired[BEN], 2, "supply_discard")
            assert rats_on(paired[ANNA]) == before[ANNA] - 1
            assert rats_on(paired[BEN]) == before[BEN] - 2
            private_view_of_dario(page)

            # Ben's phone is lost: released (after a question), locked out, a new one pairs.
            tap(page, f"release-{BEN}")
            by_id(page, "release-question").wait_for()
            picture(page, "phones-release-question")
            tap(page, "release-confirm")
            paired[BEN].locator("#pairing-text", has_text="not paired").wait_for()
            by_id(page, f"seat-qr-{BEN}").wait_for()
            picture(page, "phones-fresh-code")
            code_still_on_show(page, held, tmp_path)
            paired[BEN] = phones.pair(BEN, names[BEN])
            paired[BEN].locator("#history li",
                                has_text="rats discarded in the supplies").first.wait_for()
            assert rats_on(paired[BEN]) == before[BEN] - 2

            # Cleo's browser reloads the page: still her seat, live again.
            paired[CLEO].reload()
            paired[CLEO].locator("#link", has_text="live").wait_for()
            seat_says(page, CLEO, "connected now")

            tap(page, "back")
            tap(page, "play")
            page.locator("[flt-semantics-identifier^='step-']").first.wait_for()
            first, _ = first_entry_as_a_phone_logs(page, held, paired[CLEO])
            # The last round: everyone enters with 2 cards, all off-estate (R-ROUND-D a: +1
            # rat each), so every reveal is a change the table records in someone's ledger.
            table = Table(page, random.Random(SEED), shooter("phones"), off_estate=2)
            table.play_until(lambda: "end-form" in table.ids(), limit=200)
            # The table recorded Anna's reveal; her phone got it without a reload.
            paired[ANNA].locator("#history li", has_text="of another class").first.wait_for()
            picture(paired[ANNA], "phones-anna-live")
            table.play_step()  # the end form, then the plague check
            by_id(page, "winner").wait_for()
            table.screenshot_once("result")

            result = check_result_against_engine(table, data_dir, "en")
            for seat, phone in paired.items():
                phone.locator("#result").wait_for()  # the scored game reached this phone
                assert result.players[seat].rats == rats_on(phone)
            picture(paired[ANNA], "phones-anna-end")
        finally:
            phones.close()
    assert_ledgers_hold_the_players_entries(data_dir, first)
    assert offline.outside == []
    assert offline.missing == []


def assert_ledgers_hold_the_players_entries(data_dir: Path, first: int) -> None:
    """The players' own entries, and the last round's first entry as the table tapped it
    while Cleo's phone logged her discard: for the player whose turn it was."""
    from companion.rules import events as ev

    state, events = stored_game(data_dir)
    own = [e for e in events if isinstance(e, ev.RatsChanged)]
    assert own == [ev.RatsChanged(ANNA, -1, ev.RatReason.SUPPLY_DISCARD),
                   ev.RatsChanged(BEN, -2, ev.RatReason.SUPPLY_DISCARD),
                   ev.RatsChanged(DARIO, -1, ev.RatReason.SUPPLY_DISCARD),
                   ev.RatsChanged(CLEO, -1, ev.RatReason.SUPPLY_DISCARD)]
    turn = state.rounds[-1].turns[0]
    assert (turn.player, turn.building, turn.cards) == (first, 0, 2)
    last = state.rounds[-1].number
    for seat in range(4):
        assert any(e.reason is ev.RatReason.REVEAL and e.round == last
                   for e in state.ledgers[seat]), seat
