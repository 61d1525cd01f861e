"""A pairing QR says what it is to a screen reader, and never its secret; so does the setup
code's QR, whose code is written beside it.

A pairing code is as good as the seat until a phone claims it (the phones panel shows one at a
time, for a short while). Its image's label is what a screen reader reads aloud and what a
test harness of the semantics tree logs: it names the code ("QR code to pair Anna's phone")
in the table's language, and holds neither the pairing address nor its token, which only the
picture carries. The stories run the real `TableApp` on the stand-in page
(`support.fake_page`) with a real `SeatRegistry`, as `test_ui_phones` does.
"""

from __future__ import annotations

from pathlib import Path

import flet as ft
import pytest
from support.fake_page import walk
from test_ui_phones import ANNA, BEN, Clock, Table
from test_ui_round import Table as RoundTable
from test_ui_round import four_players

from companion.i18n import translator
from companion.phones.seats import SeatRegistry
from companion.rules.catalog import PlayerColour
from companion.ui.phones import panel as phones_panel
from companion.ui.setup.draft import PlayerDraft, SetupDraft

LABELS = {"en": "QR code to pair Ben's phone",
          "de": "QR-Code zum Koppeln des Handys von Ben",
          "fr": "Code QR pour associer le téléphone de Ben",
          "nl": "QR-code om de telefoon van Ben te koppelen"}


def qr_label(table: Table, seat: int) -> str:
    image = next(c for c in walk(table.find(f"seat-qr-{seat}")) if isinstance(c, ft.Image))
    return str(image.semantics_label)


@pytest.mark.parametrize("language", sorted(LABELS))
def test_bens_code_is_labelled_by_what_it_is_without_its_token(tmp_path: Path,
                                                               language: str) -> None:
    clock = Clock()
    with Table(tmp_path, SeatRegistry(clock=clock), clock) as table:
        table.app.t = translator(language)
        table.open(phones_panel.phones_route(table.session.game_id))
        table.tap(f"show-qr-{BEN}")
        token = table.shown_token(BEN)
        label = qr_label(table, BEN)
        assert label == LABELS[language]
        assert token not in label and "http" not in label and "/phone/" not in label
        # the phone that scans the picture still pairs with it
        assert table.seats.claim(token).seat == BEN  # type: ignore[union-attr]


def test_the_label_names_the_seat_whose_code_is_on_show(tmp_path: Path) -> None:
    clock = Clock()
    with Table(tmp_path, SeatRegistry(clock=clock), clock) as table:
        table.tap(f"show-qr-{ANNA}")
        assert qr_label(table, ANNA) == "QR code to pair Anna's phone"
        table.tap(f"show-qr-{BEN}")  # Anna's code goes, Ben's comes
        assert qr_label(table, BEN) == "QR code to pair Ben's phone"


@pytest.mark.parametrize("language", sorted(LABELS))
def test_the_setup_codes_qr_says_what_it_is(tmp_path: Path, language: str) -> None:
    with RoundTable(tmp_path, four_players(), lang=language) as table:
        table.app.session = None
        table.app.tab.setup = SetupDraft(players=[PlayerDraft("Anna", PlayerColour.RED),
                                                  PlayerDraft("Ben", PlayerColour.BLUE)])
        table.show("/setup/options")
        image = next(c for c in walk(table.find("setup-qr")) if isinstance(c, ft.Image))
        code = str(table.find("setup-code").value)
        assert image.semantics_label == translator(language)("QR code of the setup code")
        assert code not in str(image.semantics_label)
