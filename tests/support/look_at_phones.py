"""Pictures of a 4-player game played from four phones, for a person to look at (not a test).

`python tests/support/look_at_phones.py [OUT]` plays a game with every special and the Hospital
(R-SETUP-3) from four phone pages (390x844) through the real table server, and leaves pictures in
`screenshots/look/` (git-ignored): each phone at each kind of moment (its turn, waiting, its
reveal, a choice, after taking back an entry and a reveal, a seat entered at the table, the end
values, the result) and the table at the moments that show phones, on the laptop (1366x768) and
both tablets (1280x800, 800x1280), each in en, de, fr and nl. A phone's language follows its
browser's (Accept-Language), the table's its app bar.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.phones.seats import SeatRegistry  # noqa: E402
from companion.rules import events as ev  # noqa: E402
from companion.rules.setup import DeckMode, SelectionMethod  # noqa: E402
from companion.store.db import GameStore  # noqa: E402
from companion.store.session import Session  # noqa: E402
from support.engine_games import ALL_SPECIALS, setup_for  # noqa: E402
from support.flutter import (  # noqa: E402
    by_id,
    open_table,
    switch_language,
    tap,
    tap_and_redraw,
    type_into,
)
from support.harness import (  # noqa: E402
    SCREENSHOTS,
    chromium_browser,
    phone_paired,
    phone_shown,
    resize_table,
    table_context,
    table_server,
)
from support.phone_game import PhonePages, next_input  # noqa: E402

LANGS = ("en", "de", "fr", "nl")
LOCALES = {"en": "en-GB", "de": "de-DE", "fr": "fr-FR", "nl": "nl-NL"}
TABLE_SIZES = ({"width": 1366, "height": 768}, {"width": 1280, "height": 800},
               {"width": 800, "height": 1280})


class Look:
    def __init__(self, out: Path, browser: Any, table: Any, phones: PhonePages) -> None:
        self.out = out
        self.browser = browser
        self.table = table
        self.phones = phones
        self.table_lang = "en"
        self.count = 0

    def phone(self, seat: int, moment: str) -> None:
        """The seat's phone, and the same seat's page opened in each other language (its
        credentials copied into a phone of that language: a phone's words follow its browser's
        language, which a page cannot switch)."""
        page = self.phones.pages[seat]
        cookies = page.context.cookies()
        for lang in LANGS:
            shown, context = page, None
            if lang != "en":
                context = self.browser.new_context(
                    locale=LOCALES[lang], viewport={"width": 390, "height": 844},
                    has_touch=True, is_mobile=True)
                context.add_cookies(cookies)
                shown = context.new_page()
                shown.goto(page.url)
                phone_shown(shown)
            time.sleep(0.8)
            shown.screenshot(path=str(self.out / f"phone-{moment}-s{seat}-{lang}.png"),
                             full_page=True)
            self.count += 1
            if context is not None:
                context.close()

    def board(self, moment: str) -> None:
        for size in TABLE_SIZES:
            resize_table(self.table, size)
            time.sleep(0.8)
            order = LANGS if self.table_lang == "en" else tuple(reversed(LANGS))
            for lang in order:
                if lang != self.table_lang:
                    switch_language(self.table, lang)
                    self.table_lang = lang
                time.sleep(0.8)
                name = f"table-{moment}-{size['width']}x{size['height']}-{lang}.png"
                self.table.screenshot(path=str(self.out / name))
                self.count += 1


def scan(page: Any, seat: int, into: Path) -> str:
    """What a phone's camera reads from the QR on the table's screen."""
    import zxingcpp
    from PIL import Image

    shot = into / f"qr-{seat}.png"
    for _ in range(60):
        by_id(page, f"seat-qr-{seat}").screenshot(path=str(shot))
        found = zxingcpp.read_barcodes(
            Image.open(shot), formats=zxingcpp.BarcodeFormats(zxingcpp.BarcodeFormat.QRCode))
        if found:
            return str(found[0].text)
        time.sleep(0.5)
    raise AssertionError("no QR code readable on the table's screen")


def stored(data_dir: Path) -> tuple[str, list[str]]:
    with GameStore.open(data_dir) as store:
        game_id = Session.start(store, ev.GameStarted(setup_for(
            4, deck=DeckMode.DIGITAL, manual=ALL_SPECIALS, method=SelectionMethod.CHOSEN,
            seed=int(sys.argv[2]) if len(sys.argv) > 2 else 3))).game_id
    seats = SeatRegistry.in_data_dir(data_dir)
    try:
        return game_id, [seats.issue_token(game_id, seat) for seat in range(4)]
    finally:
        seats.close()


def main() -> None:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else SCREENSHOTS / "look"
    out.mkdir(parents=True, exist_ok=True)
    data_dir = Path(f"/tmp/look-phones-{int(time.time())}")
    game_id, codes = stored(data_dir)
    with chromium_browser() as browser, table_server(data_dir, lang="en") as server:
        table = table_context(browser, None, "en-GB", dict(TABLE_SIZES[0])).new_page()
        open_table(table, server.table_url)
        tap(table, f"resume-{game_id}")
        pages = [phone_paired(browser, server.base_url, code) for code in codes]
        phones = PhonePages(pages, random.Random(7))
        look = Look(out, browser, table, phones)

        # the phones panel: seat 1 switched to "entered at the table", seat 3's code on show
        tap(table, "phones")
        by_id(table, "phones-panel").wait_for()
        tap(table, "table-enters-1")
        by_id(table, "phone-enters-1").wait_for()
        tap(table, "release-3")
        tap(table, "release-confirm")
        by_id(table, "seat-qr-3").wait_for()
        look.board("panel")
        url = scan(table, 3, out)
        phone = browser.new_context(locale="en-GB", viewport={"width": 390, "height": 844},
                                    has_touch=True, is_mobile=True).new_page()
        phone.goto(url)
        phones.pages[3] = phone_shown(phone)
        tap(table, "back")
        tap(table, "play")

        first = phones.shown(0)["view"]["turn"]["actor"]
        look.board("first-entry")
        look.phone(first, "its-turn" + ("-at-table" if first == 1 else ""))
        look.phone(1, "seat-at-table")
        look.phone((first + 1) % 4 if (first + 1) % 4 != 1 else (first + 2) % 4, "waiting")
        # back to its phone, from the table's panel
        tap(table, "back")
        tap(table, "phones")
        tap(table, "phone-enters-1")
        by_id(table, "table-enters-1").wait_for()
        tap(table, "back")
        tap(table, "play")

        # an entry made and taken back
        made = next_input(phones.rng, phones.shown(first))
        assert made is not None and made.kind == "entry"
        phones.tap(first, made)
        look.phone(first, "entered")
        phones.pages[first].locator("#take-back").tap()
        time.sleep(1)
        look.phone(first, "entry-taken-back")

        seen: set[str] = set()

        def moment(shown: dict[str, Any]) -> bool:
            view = shown["view"]
            if view["reveal"] is not None and view["reveal"]["yours"] and "reveal" not in seen:
                return True
            if view["choice"] is not None and view["choice"]["yours"]:
                return f"choice-{view['choice'].get('kind', view['choice']['step'])}" not in seen
            turn = view["turn"]
            if turn is not None and turn["step"]["round"] == 2 and "round2" not in seen:
                return True
            return shown["end"] is not None and "end" not in seen

        while phones.play(until=moment):
            seat = phones._order[0] if phones._order else 0
            for s in range(4):
                if moment(phones.shown(s)):
                    seat = s
                    break
            shown = phones.shown(seat)
            view = shown["view"]
            if view["reveal"] is not None and view["reveal"]["yours"] and "reveal" not in seen:
                seen.add("reveal")
                look.phone(seat, "its-reveal")
                made = next_input(phones.rng, shown)
                assert made is not None
                phones.tap(seat, made)
                look.phone(seat, "revealed")
                look.board("still-to-reveal")
                others = [s for s in range(4) if s != seat
                          and (phones.shown(s)["view"]["reveal"] or {}).get("yours")]
                if others:
                    look.phone(others[0], "its-reveal-after-another")
                phones.pages[seat].locator("#take-back").tap()
                time.sleep(1)
                look.phone(seat, "reveal-taken-back")
            elif view["choice"] is not None and view["choice"]["yours"]:
                kind = f"choice-{view['choice'].get('kind', view['choice']['step'])}"
                seen.add(kind)
                print("choice", view["choice"], flush=True)
                look.phone(seat, kind.replace("/", "_")[:60])
                look.phone((seat + 1) % 4, "other-" + kind.replace("/", "_")[:50])
                look.board(kind.replace("/", "_")[:50])
            elif view["turn"] is not None and view["turn"]["step"]["round"] == 2:
                seen.add("round2")
                look.board("round-2-row")
                look.phone(seat, "round-2-its-turn")
                look.phone((seat + 1) % 4, "round-2-waiting")
            else:
                seen.add("end")
                look.phone(seat, "end-values")
            print("seen", sorted(seen), look.count, flush=True)

        by_id(table, "end-form").wait_for()
        look.board("end-form")
        look.phone(0, "after-end-values")
        type_into(table, "end-nuns", "11")
        tap_and_redraw(table, "end-score")
        by_id(table, "winner").wait_for()
        look.board("scored")
        for seat in range(4):
            look.phone(seat, "result")
        print("pictures", look.count, flush=True)


if __name__ == "__main__":
    main()
