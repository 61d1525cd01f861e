"""A seat's line on the phones panel ("Ben  [phone]  Phone paired, not connected: last seen ...")
wraps within its card instead of running off its edge.

The words were a text told to expand inside their semantics tag, which the row does not
stretch: the row handed them all the width they asked for, and the German and French lines
(longer than a seat's half of a laptop's width) were cut at the card's edge, on a tablet held
upright too. The browser's picture is the proof (a person looks at it); this holds the shape
that makes them wrap: the part of the row that holds the words takes the rest of it.
"""

from __future__ import annotations

from pathlib import Path

import flet as ft
from support.fake_page import walk
from test_ui_phones import BEN, Clock, Table

from companion.phones.seats import SeatRegistry


def test_a_quiet_phones_seat_line_wraps_within_its_card(tmp_path: Path) -> None:
    clock = Clock()
    with Table(tmp_path, SeatRegistry(clock=clock), clock) as table:
        table.tap("show-qr-1")
        table.seats.claim(table.shown_token(BEN))  # type: ignore[union-attr]
        table.tick(3 * 60)  # Ben's phone paired, then went quiet
        status = table.find(f"seat-status-{BEN}")
        rows = [c for c in walk(table.find(f"seat-{BEN}")) if isinstance(c, ft.Row)
                and any(part is status for part in walk(c))]
        row = rows[-1]  # the innermost: the seat's name, its phone's icon, the words
        (part,) = [p for p in row.controls if any(c is status for c in walk(p))]
        assert part.expand, "the words get the rest of the row's width, and wrap in it"
        words = [c for c in walk(part) if isinstance(c, ft.Text)]
        assert [c.value for c in words] == [
            "Phone paired, not connected: last seen 3 minutes ago."]
        assert all(c.no_wrap is not True and c.max_lines is None for c in words)
