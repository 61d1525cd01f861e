"""What the host types into the table's end form stays, whatever redraws the form meanwhile.

Anna and Ben have phones; Cleo and Dora do not, so the host types their cards at the table
(R-SCORE-2 to R-SCORE-5: what each player holds at the end). A digit typed in the browser
reaches the table's server in two messages, as Flet sends them: first the field's new text is
set on the control on show, then its change event runs the form's handler. A redraw between
the two (a phone's values arriving, a phone's rats confirmed, an upright tablet's window
resized) draws the form again, and Flet sends each field whatever the redraw gives it in
place of the text on show: the digit must be in it.
"""

from __future__ import annotations

from typing import Any

import flet as ft
from flet.controls.object_patch import ObjectPatch
from support.fake_page import walk
from support.table_screens import Table, fire
from test_ui_endgame import at_the_end_form, to_the_plague

from companion.phones.end_values import EndHand
from companion.rules import events as ev

ANNA, BEN, CLEO, DORA = range(4)
NOTHING = {"hand": 0, "swords": 0, "markers": 0}
"""The first game's holdings: the Castle's Swords are its one special (R-SETUP-3)."""


mixed = at_the_end_form(ANNA, BEN, drawn=True)


def field_in(view: ft.View, identifier: str) -> ft.TextField:
    for control in walk(view):
        if isinstance(control, ft.Semantics) and control.identifier == identifier:
            assert isinstance(control.content, ft.TextField), control.content
            return control.content
    raise AssertionError(identifier)


def on_show(table: Table, identifier: str) -> ft.TextField:
    """The text field tagged `identifier` in the view on show (not drawn anew to find it)."""
    return field_in(table.page.views[-1], identifier)


class Typing:
    """A text typed into a field of the view on show, its two messages apart: `set` is the
    browser's first (the field's text on the control), `arrive` its change event, sent to the
    field on show then (the one a redraw put in its place takes its messages)."""

    def __init__(self, table: Table, identifier: str, text: str) -> None:
        self.table, self.identifier, self.text = table, identifier, text

    def set(self) -> None:
        on_show(self.table, self.identifier).value = self.text

    def arrive(self) -> None:
        field = on_show(self.table, self.identifier)
        field.value = self.text
        fire(field.on_change, type("Event", (), {"control": field})())


def sent_to(before: ft.View, after: ft.View, identifier: str) -> list[Any]:
    """The texts Flet sends the browser for the field tagged `identifier` when `after` is drawn
    over `before` (matched by their key, as `TableApp.render` draws a kept form). The field
    must stay the browser's field (its id): one drawn anew would lose what it held."""
    old, new = field_in(before, identifier), field_in(after, identifier)
    patch, _, _ = ObjectPatch.from_diff(before, after, control_cls=ft.BaseControl, frozen=True)
    assert new._i == old._i, f"{identifier} was drawn anew"
    return [op["value"] for op in patch.patch
            if op["op"] == "replace" and op["path"][-1] == "value"
            and _at(after, op["path"][:-1]) is new]


def _at(root: Any, path: list[Any]) -> Any:
    node = root
    for step in path:
        node = node[step] if isinstance(step, int) else getattr(node, step)
    return node


def test_doras_swords_typed_while_annas_phone_sends_hers_stay(mixed: Table) -> None:
    table = mixed
    before = table.page.views[-1]
    swords = Typing(table, f"end-{DORA}-swords", "2")
    swords.set()
    EndHand(table.session, ANNA).send(None, {**NOTHING, "hand": 5, "swords": 1})
    table.page.run_pending()  # the table's tab redraws for Anna's values
    after = table.page.views[-1]
    assert after is not before and after.key == before.key
    assert on_show(table, f"end-{ANNA}-hand").value == "5"
    assert sent_to(before, after, f"end-{DORA}-swords") == []  # the browser keeps its "2"
    assert on_show(table, f"end-{DORA}-swords").value == "2"
    swords.arrive()
    table.tap("end-holdings")
    dora, anna = (table.session.table_view().end_values[p] for p in (DORA, ANNA))
    assert dora is not None and dora.swords == 2
    assert anna is not None and anna.hand == 5


def test_a_digit_typed_as_an_upright_tablets_window_resizes_stays(mixed: Table) -> None:
    # a narrow table is drawn anew on every resize (`frame.follow_resizes`, called here as
    # the page calls it), by the tab that types: the redraw may run between the digit's two
    # messages, and a new size draws every field anew
    table = mixed
    table.page.width = 800
    table.view()
    hand = Typing(table, f"end-{CLEO}-hand", "7")
    hand.set()
    table.page.width = 700  # the screen split with another app
    table.app.render()
    assert on_show(table, f"end-{CLEO}-hand").value == "7"
    hand.arrive()
    table.app.render()
    assert on_show(table, f"end-{CLEO}-hand").value == "7"
    table.tap("end-holdings")
    entered = table.session.table_view().end_values[CLEO]
    assert entered is not None and entered.hand == 7


def test_a_rat_count_typed_while_bens_phone_confirms_his_stays(mixed: Table) -> None:
    # R-SCORE-6: at the plague check the rats the app does not know are counted and typed
    table = mixed
    to_the_plague(table)
    table.view()
    assert on_show(table, f"end-{DORA}-rats").value == ""  # no phone kept Dora's rats
    rats = Typing(table, f"end-{DORA}-rats", "4")
    rats.set()
    table.session.submit(ev.RatsConfirmed(BEN))
    table.page.run_pending()
    assert f"confirmed-{BEN}" in table.ids()
    assert on_show(table, f"end-{DORA}-rats").value == "4"
    rats.arrive()
    assert on_show(table, f"end-{DORA}-rats").value == "4"


def test_a_typed_value_dropped_for_a_phones_stays_dropped(mixed: Table) -> None:
    # The first input stored stands: Ben's phone recorded his cards before the host's tap;
    # the form shows his and no later redraw brings the host's typing back.
    table = mixed
    Typing(table, f"end-{BEN}-hand", "4").arrive()
    EndHand(table.session, BEN).send(None, {**NOTHING, "hand": 6})
    table.page.run_pending()
    table.tap("end-holdings")
    assert table.page.messages[-1] == ("Already entered on Ben's phone: the form shows those "
                                       "values now.")
    assert on_show(table, f"end-{BEN}-hand").value == "6"
    table.app.render()
    assert on_show(table, f"end-{BEN}-hand").value == "6"


def test_bens_cards_typed_before_his_phones_reached_the_screen_do_not_overwrite_them(
        mixed: Table) -> None:
    # The first input stored stands (R-SCORE-2): the host typed Ben's cards into the form as
    # it stood before Ben's phone sent his, and the browser's messages reach the table after
    # the redraw that shows the phone's. The table does not store them over the phone's; the
    # host, told so, types again over what is on show now, and that is stored.
    table = mixed
    EndHand(table.session, BEN).send(None, {**NOTHING, "hand": 6})
    table.page.run_pending()
    assert on_show(table, f"end-{BEN}-hand").value == "6"
    Typing(table, f"end-{BEN}-hand", "4").arrive()
    table.tap("end-holdings")
    assert table.page.messages[-1] == ("Already entered on Ben's phone: the form shows those "
                                       "values now.")
    ben = table.session.table_view().end_values[BEN]
    assert ben is not None and ben.hand == 6
    assert on_show(table, f"end-{BEN}-hand").value == "6"
    Typing(table, f"end-{BEN}-hand", "5").arrive()
    table.tap("end-holdings")
    ben = table.session.table_view().end_values[BEN]
    assert ben is not None and ben.hand == 5
