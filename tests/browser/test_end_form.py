"""The end form and the result with a phone at the table: who confirmed, the nun count, a late
correction.

Anna, Ben, Cleo and Dario reach the plague check (R-SCORE-6) of a stored game; only Ben has a
phone. Ben confirms his rats on it: the table's form shows his mark at once, locks his count,
and gives nobody else a mark. The table counts the nuns and scores; an undo of the scoring
brings the form back with the nun count as typed; an empty nun count is asked for, not scored
as 0; the others' rats, which no phone kept, are typed from their tokens (the form offers no
count it cannot know). After the scoring Ben's correction arrives as a request the table sees
beside the result, and nothing changes until the table decides.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from support.flutter import (
    by_id,
    focus_field,
    open_table,
    tap,
    tap_and_redraw,
    type_into,
    wait_for_said,
)
from support.harness import Offline, picture, table_context, table_server
from support.sessions import game_state

from browser.test_table_phones import TABLET_PORTRAIT, Phones

BEN, DARIO = 1, 3
SEED = 11


def at_the_plague_check(data_dir: Path) -> tuple[str, Any]:
    """A stored 4-player game whose holdings are entered: the nuns and rats are next."""
    from support.simulate import random_game

    from companion.rules import events as ev
    from companion.rules.setup import DeckMode, SelectionMethod
    from companion.store.db import GameStore
    from companion.store.session import Session

    events = random_game(SEED, 4, deck_mode=DeckMode.DIGITAL, method=SelectionMethod.FIRST_GAME,
                         private=False)
    events = events[:next(i for i, e in enumerate(events) if isinstance(e, ev.NunsCounted))]
    with GameStore.open(data_dir) as store:
        session = Session.start(store, events[0])
        for event in events[1:]:
            session.submit(event)
        return session.game_id, game_state(session)


def field_value(page: Any, identifier: str) -> str:
    """What a text field holds, as a player finds it on tapping it: Flutter puts the text
    into the DOM field only while the field is being edited."""
    return str(focus_field(page, identifier).input_value())


def test_the_end_form_follows_the_phone_and_undo_brings_it_back(tmp_path: Path,
                                                                browser: Any) -> None:
    data_dir = tmp_path / "data"
    game_id, state = at_the_plague_check(data_dir)
    offline = Offline()
    with table_server(data_dir, lang="en") as server:
        context = table_context(browser, offline, "en-GB", TABLET_PORTRAIT)
        page = context.new_page()
        open_table(page, server.table_url)
        tap(page, f"resume-{game_id}")
        tap(page, "phones")
        phones = Phones(browser, offline, page, tmp_path)
        try:
            ben = phones.pair(BEN, state.setup.names[BEN])
            tap(page, "back")
            tap(page, "play")
            by_id(page, "end-form").wait_for()
            assert by_id(page, "end-nuns").count() == 1
            assert page.locator("[flt-semantics-identifier^='confirmed-']").count() == 0

            # Ben confirms on his phone; the table's form shows it without leaving the screen.
            ben.locator("#confirm").click()
            by_id(page, f"confirmed-{BEN}").wait_for()
            assert page.locator("[flt-semantics-identifier^='confirmed-']").count() == 1
            assert by_id(page, f"confirmed-{DARIO}").count() == 0  # no phone, no confirmation
            picture(page, "end-form-confirmed")

            # Only Ben kept his rats in the app: the others' counts are the tokens', typed.
            for seat in (0, 2, DARIO):
                assert field_value(page, f"end-{seat}-rats") == ""
                type_into(page, f"end-{seat}-rats", str(3 + seat))

            # An empty nun count is asked for, not scored as 0.
            tap(page, "end-score")
            wait_for_said(page, "count the nuns")
            assert by_id(page, "end-form").count() == 1 and by_id(page, "winner").count() == 0
            picture(page, "end-form-nuns-asked")
            by_id(page, "message").wait_for(state="detached")  # the message covered the field
            # What a tap made the table say is still found once the snackbar has gone (a
            # loaded machine may look late): until the next tap.
            assert "count the nuns" in wait_for_said(page, "count the nuns")

            type_into(page, "end-nuns", "14")
            tap_and_redraw(page, "end-score")
            by_id(page, "winner").wait_for()
            picture(page, "end-result")

            # Undo of the scoring: the form is back exactly as it was sent.
            tap_and_redraw(page, "undo")
            by_id(page, "end-nuns").wait_for()
            assert field_value(page, "end-nuns") == "14"
            picture(page, "end-form-after-undo")
            tap_and_redraw(page, "end-score")
            by_id(page, "winner").wait_for()

            # Ben's correction after the scoring: a request beside the result, then refused.
            ben.locator("#result").wait_for()
            ben.fill("#fix-rats", "25")
            ben.locator("#ask-fix").click()
            by_id(page, f"request-{BEN}").wait_for()
            assert "dies of the plague" in by_id(page, f"request-then-{BEN}").inner_text()
            picture(page, "end-correction-request")
            tap_and_redraw(page, f"request-reject-{BEN}")
            ben.locator("#fix-status", has_text="The table kept the result").wait_for()
            assert by_id(page, f"request-{BEN}").count() == 0
        finally:
            phones.close()
    assert offline.outside == []
