"""A phone's 0 is shown as 0 in the table's end form: an empty field is one nothing was
recorded for, so the table tells "sent 0" from "not sent" (R-SCORE-2 to R-SCORE-5: what each
player holds at the end).

Anna has a phone and sends her cards from it: three in hand, no Swords, no VP tokens. Cleo
has no phone and nothing is recorded for her yet.
"""

from __future__ import annotations

import flet as ft
from support.table_screens import Table
from test_ui_endgame import at_the_end_form, field, to_the_plague

from companion.phones.end_values import EndHand

ANNA, CLEO = 0, 2


table = at_the_end_form(ANNA)


def test_the_zeros_annas_phone_sent_read_0_and_cleos_unsent_fields_stay_empty(table: Table
                                                                              ) -> None:
    EndHand(table.session, ANNA).send(None, {"hand": 3, "swords": 0, "markers": 0})
    table.page.run_pending()
    assert f"from-phone-{ANNA}" in table.ids()
    shown = {key: field(table, f"end-{ANNA}-{key}").value for key in ("hand", "swords", "markers")}
    assert shown == {"hand": "3", "swords": "0", "markers": "0"}
    cleo: ft.TextField = field(table, f"end-{CLEO}-swords")
    assert cleo.value == "" and cleo.hint_text == "0"  # not sent: empty, counts as 0


def test_at_the_plague_check_every_recorded_holding_reads_as_recorded(table: Table) -> None:
    # R-SCORE-6: the holdings are entered before the rats are revealed; an empty field the
    # table left counted as 0, and now reads 0
    EndHand(table.session, ANNA).send(None, {"hand": 3, "swords": 0, "markers": 0})
    to_the_plague(table, {f"{CLEO}-hand": "4"})
    assert table.session.table_view().at_plague_check
    assert field(table, f"end-{ANNA}-swords").value == "0"
    assert field(table, f"end-{CLEO}-hand").value == "4"
    assert field(table, f"end-{CLEO}-markers").value == "0"
