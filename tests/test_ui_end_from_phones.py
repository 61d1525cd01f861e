"""The table's end form on a mixed table: Anna and Ben type their cards on their phones, the
host types Cleo's and Dora's. The form marks whose values came from a phone, keeps what the
host was typing when a phone's values arrive, and never overwrites a phone's values with a
form drawn before they came (R-SCORE-2 to R-SCORE-5: what each player holds at the end).
"""

from __future__ import annotations

import flet as ft
from support.fake_page import walk
from support.table_screens import Table
from test_ui_endgame import at_the_end_form, fill

from companion.phones.end_values import EndHand
from companion.rules import events as ev
from companion.rules.views import Phase

ANNA, BEN, CLEO, DORA = range(4)
NOTHING = {"hand": 0, "swords": 0, "markers": 0}
"""The first game's holdings: the Castle's Swords are its one special (R-SETUP-3)."""


mixed = at_the_end_form(ANNA, BEN, drawn=True)


def phone_sends(table: Table, seat: int, seen: object = None, **values: int) -> None:
    """`seat`'s phone sends its cards (`companion.phones.end_values`), and the table's tab
    redraws as it does when told of a change."""
    EndHand(table.session, seat).send(seen, {**NOTHING, **values})
    table.page.run_pending()


def shown(table: Table, identifier: str) -> str:
    for control in walk(table.page.views[-1]):
        if isinstance(control, ft.Semantics) and control.identifier == identifier:
            field = control.content
            assert isinstance(field, ft.TextField), field
            return str(field.value)
    raise AssertionError(identifier)


def test_a_phones_values_arrive_while_the_host_types_and_nothing_typed_is_lost(mixed) -> None:
    table = mixed
    fill(table, {"2-hand": "3", "3-markers": "8"})
    on_show = table.page.views[-1]
    phone_sends(table, BEN, hand=6, swords=1)
    # redrawn into the view on show: Flet matches the two by their key
    assert table.page.views[-1].key == on_show.key
    assert shown(table, "end-2-hand") == "3" and shown(table, "end-3-markers") == "8"
    assert shown(table, "end-1-hand") == "6" and shown(table, "end-1-swords") == "1"
    assert "from-phone-1" in table.ids() and "from-phone-0" not in table.ids()
    assert "phone-may-0" in table.ids()  # Anna's phone has sent nothing yet
    assert all(part.key for part in (*on_show.controls, on_show.bottom_appbar))

    table.tap("end-holdings")
    entered = table.session.table_view().end_values
    assert entered[BEN] is not None and (entered[BEN].hand, entered[BEN].swords) == (6, 1)
    assert entered[CLEO] is not None and entered[CLEO].hand == 3
    assert entered[DORA] is not None and entered[DORA].markers == 8
    assert table.session.table_view().at_plague_check
    assert "from-phone-1" in table.ids()  # still marked at the plague check


def test_the_host_typed_bens_cards_but_his_phone_was_first(mixed) -> None:
    # Two inputs for one player's values: the phone's, stored first, stands; the form's tap
    # is refused, says so, and shows the phone's values; Cleo's draft stays.
    table = mixed
    fill(table, {"1-hand": "4", "2-hand": "3"})
    phone_sends(table, BEN, hand=6)
    stored = len(table.stored())
    table.tap("end-holdings")
    assert len(table.stored()) == stored
    assert table.page.messages[-1] == ("Already entered on Ben's phone: the form shows those "
                                       "values now.")
    assert shown(table, "end-1-hand") == "6" and shown(table, "end-2-hand") == "3"

    table.tap("end-holdings")  # looked at: now the form records the others
    entered = table.session.table_view().end_values
    assert entered[BEN] is not None and entered[BEN].hand == 6
    assert entered[CLEO] is not None and entered[CLEO].hand == 3


def test_the_host_corrects_a_phones_values_and_the_mark_goes(mixed) -> None:
    table = mixed
    phone_sends(table, ANNA, hand=2)
    assert "from-phone-0" in table.ids()
    fill(table, {"0-hand": "5"})  # drawn from Anna's values: a correction, not a clash
    table.tap("end-holdings")
    entered = table.session.table_view().end_values[ANNA]
    assert entered is not None and entered.hand == 5
    assert "from-phone-0" not in table.ids()


def test_the_last_phone_opens_the_plague_check_under_the_hosts_finger(mixed) -> None:
    # R-SCORE-6: the rats are revealed once every holding is in; a tap on the holdings' button
    # drawn before that is not taken for the scoring.
    table = mixed
    table.session.submit_all([ev.EndValuesEntered(p, hand=1) for p in (ANNA, CLEO, DORA)])
    stale = table.page.views[-1]
    button = next(c for c in walk(stale.bottom_appbar) if getattr(c, "on_click", None))
    EndHand(table.session, BEN).send(None, {**NOTHING, "hand": 4})
    stored = len(table.stored())
    button.on_click(None)
    assert len(table.stored()) == stored
    assert table.session.table_view().phase is Phase.END
    assert "end-score" in table.ids()

