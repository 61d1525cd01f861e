"""The private view on the table's own screen, for a player without a phone, without a browser.

Anna has no phone: she presses the pad to see her rats, logs what only she knows, and lets go;
the stories check what is drawn (not only what is visible) at each moment, and what the
session stored.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from pathlib import Path

import flet as ft
import pytest
from support.sessions import game_state, logged_events
from test_ui_phones import ANNA, BEN, CLEO, Clock, Table, walk

from companion.phones.ledger import ledger_of
from companion.phones.seats import SeatRegistry
from companion.rules import events as ev
from companion.rules.engine import reveal_event
from companion.ui.phones import private_view
from companion.ui.phones.private_view import AFTER_LIFT, AFTER_TAP, LONGEST_HOLD, Reveal


@pytest.fixture
def anna(tmp_path: Path) -> Iterator[Table]:
    clock = Clock()
    with Table(tmp_path, SeatRegistry(clock=clock), clock) as table:
        private_view.memory(table.app).clock = clock
        table.open(f"/game/{table.session.game_id}/private/{ANNA}")
        yield table


def pad(table: Table) -> ft.GestureDetector:
    found = next(c for c in walk(table.find("reveal-pad")) if isinstance(c, ft.GestureDetector))
    return found


def gesture(table: Table, name: str) -> None:
    """The rats pad's handler `name` (on_tap, on_tap_down, on_long_press_end...) fired as Flet
    fires it, with no event details: the screen reads none."""
    handler: Callable[[None], object] | None = getattr(pad(table), name)
    assert handler is not None, name
    handler(None)


def beat(table: Table, seconds: float) -> None:
    table.clock.now += seconds
    screen = private_view.memory(table.app).screen
    assert screen is not None
    screen.tick()


def test_a_quick_tap_shows_the_rats_for_a_few_seconds_then_hides_them(anna: Table) -> None:
    # R-SETUP-1: rats start at 10 and are kept secret.
    assert "private-rats" not in anna.ids()
    gesture(anna, "on_tap")
    assert anna.texts("private-rats") == "10 rats"
    assert anna.texts("private-hides") == "Hides itself in 5 seconds."
    beat(anna, AFTER_TAP - 1)
    assert anna.texts("private-hides") == "Hides itself in 1 second."
    beat(anna, 1)
    assert "private-rats" not in anna.ids()


def test_pressing_and_holding_shows_the_rats_until_let_go(anna: Table) -> None:
    gesture(anna, "on_tap_down")
    beat(anna, 12)
    assert anna.texts("private-rats") == "10 rats"
    assert anna.texts("private-hides") == "Hidden when you let go."
    gesture(anna, "on_long_press_end")
    beat(anna, AFTER_LIFT)
    assert "private-rats" not in anna.ids()


def test_a_hold_that_is_never_let_go_hides_itself_anyway() -> None:
    reveal = Reveal()
    reveal.press(0.0)
    assert reveal.visible(LONGEST_HOLD - 1)
    assert not reveal.visible(LONGEST_HOLD)


def test_while_hidden_nothing_secret_is_even_drawn(anna: Table) -> None:
    # R-SETUP-1: the screen holds no count and no history until pressed.
    before = anna.texts()
    ledger_of(anna.session, ANNA).change_rats(-3, "supply_discard")
    ledger_of(anna.session, ANNA).note_nun_card(4, 2)
    anna.app.render()
    assert anna.texts() == before
    assert not {"private-rats", "private-history", "private-notes"} & anna.ids()


def test_a_discard_of_three_is_logged_as_annas_own_entry(anna: Table) -> None:
    # A Hospital discard is not logged here (the table enters it, with the
    # Hospital's actions); what she logs is her own entry.
    assert "log-hospital" not in anna.ids()
    anna.tap("amount-more")
    anna.tap("amount-more")
    assert anna.texts("amount") == "3"
    anna.tap("log-supply_discard")
    last = logged_events(anna.session)[-1]
    assert last == ev.RatsChanged(ANNA, -3, ev.RatReason.SUPPLY_DISCARD)
    assert anna.page.messages[-1] == "Logged −3: rats discarded in the supplies."
    gesture(anna, "on_tap")
    assert anna.texts("private-rats") == "7 rats"
    assert anna.texts("private-entry-0") == "−3: rats discarded in the supplies, round 1"


def test_a_supply_discard_and_a_correction_up(anna: Table) -> None:
    # R-ROUND-B: a supply action's rat symbol discards a rat.
    anna.tap("log-supply_discard")
    anna.tap("log-correction-up")
    assert logged_events(anna.session)[-2:] == [
        ev.RatsChanged(ANNA, -1, ev.RatReason.SUPPLY_DISCARD),
        ev.RatsChanged(ANNA, 1, ev.RatReason.CORRECTION)]
    gesture(anna, "on_tap")
    assert anna.texts("private-history") == \
        "+1: correction, round 1 −1: rats discarded in the supplies, round 1"


def test_discarding_more_rats_than_anna_has_is_refused_and_changes_nothing(anna: Table
                                                                          ) -> None:
    # R-SETUP-1: nobody has fewer than 0 rats; the refusal does not say how many she has.
    for _ in range(10):
        anna.tap("amount-more")
    anna.tap("log-supply_discard")
    assert anna.page.messages[-1] == "You do not have that many rats."
    assert logged_events(anna.session)[1:] == []


def test_a_nun_row_note_is_kept_and_the_last_entry_can_be_undone(anna: Table) -> None:
    # R-SETUP-4: the nun row is 5 face-down cards a player may have looked at.
    anna.tap("note-position-3")
    anna.tap("note-nuns-4")
    assert anna.texts("note") == "Note card 3: 4 nuns"
    anna.tap("note")
    assert logged_events(anna.session)[-1] == ev.NunCardNoted(ANNA, 3, 4)
    gesture(anna, "on_tap")
    assert anna.texts("private-notes") == "Card 3: 4 nuns"
    anna.tap("private-undo")
    assert logged_events(anna.session)[1:] == []
    assert anna.texts("private-notes") == "No notes yet."


def test_annas_view_shows_nothing_of_the_other_players(anna: Table) -> None:
    # R-SETUP-1: every player's rats are their own secret.
    ledger_of(anna.session, BEN).change_rats(-4, "supply_discard")
    ledger_of(anna.session, CLEO).note_nun_card(1, 3)
    anna.app.render()
    gesture(anna, "on_tap")
    shown = anna.texts()
    assert "Ben" not in shown and "Cleo" not in shown
    assert anna.texts("private-rats") == "10 rats"
    assert anna.texts("private-history") == "No changes yet."
    assert anna.texts("private-notes") == "No notes yet."


def test_leaving_the_screen_any_other_way_hides_the_rats(anna: Table,
                                                         monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    gesture(anna, "on_tap_down")
    anna.open(f"/game/{anna.session.game_id}")
    monkeypatch.setattr(private_view, "TICK_SECONDS", 0)
    asyncio.run(private_view._run_ticker(anna.app))
    anna.open(f"/game/{anna.session.game_id}/private/{ANNA}")
    assert "private-rats" not in anna.ids()


def test_done_hides_the_rats_and_goes_back_to_the_phones(anna: Table) -> None:
    gesture(anna, "on_tap")
    anna.tap("private-done")
    assert anna.page.route == f"/game/{anna.session.game_id}/phones"
    assert not private_view.memory(anna.app).reveal.visible(anna.clock.now)


def test_the_round_screen_opens_annas_private_view_in_one_tap_and_done_goes_back_there(
        anna: Table) -> None:
    # One tap from the round to the private view and one back, the game where it
    # stood; opened from the phones panel, it goes back to the panel.
    game_id = anna.session.game_id
    anna.session.submit(reveal_event(game_state(anna.session)))
    anna.session.submit(ev.SupplyDone())
    anna.open(f"/game/{game_id}/play")
    anna.tap(f"seat-chip-{ANNA}-now")
    anna.open(anna.page.route)
    assert anna.page.route == f"/game/{game_id}/private/{ANNA}" and "reveal-pad" in anna.ids()
    gesture(anna, "on_tap")
    anna.tap("back")
    assert anna.page.route == f"/game/{game_id}/play"
    anna.open(f"/game/{game_id}/private/{ANNA}")
    gesture(anna, "on_tap")
    anna.tap("private-done")
    assert anna.page.route == f"/game/{game_id}/play"
    assert not private_view.memory(anna.app).reveal.visible(anna.clock.now)
    anna.open(anna.page.route)
    assert "Anna: enter a building." in anna.texts("prompt")
    anna.open(f"/game/{game_id}/phones")
    anna.tap(f"private-{ANNA}")
    anna.open(anna.page.route)
    anna.tap("private-done")
    assert anna.page.route == f"/game/{game_id}/phones"


def test_a_player_with_a_paired_phone_has_no_private_view_on_the_table(anna: Table) -> None:
    game_id = anna.session.game_id
    anna.seats.claim(anna.seats.issue_token(game_id, BEN))  # type: ignore[union-attr]
    anna.open(f"/game/{game_id}/private/{BEN}")
    assert "private-paired" in anna.ids()
    assert "reveal-pad" not in anna.ids()


def test_the_top_bar_undo_in_the_private_view_takes_back_annas_entry_not_the_game(
        anna: Table) -> None:
    # It takes back Anna's entry, which its message names, not the table's last step.
    anna.session.submit(reveal_event(game_state(anna.session)))  # R-ROUND-A: the round's row
    public = logged_events(anna.session)[-1]
    anna.open(f"/game/{anna.session.game_id}/private/{ANNA}")
    assert "redo" not in anna.ids()
    anna.tap("log-supply_discard")
    anna.open(f"/game/{anna.session.game_id}/private/{ANNA}")  # redrawn, as on every change
    anna.tap("undo")
    assert logged_events(anna.session)[1:] == [public]
    assert anna.page.messages[-1] == "Your last entry is taken back."
    anna.open(f"/game/{anna.session.game_id}/private/{ANNA}")
    assert any(getattr(c, "disabled", False) for c in walk(anna.find("undo")))
    anna.open(f"/game/{anna.session.game_id}/phones")
    assert {"undo", "redo"} <= anna.ids()  # the table's own, outside the private view


def test_a_paired_seats_chip_says_where_its_rats_are_and_opens_nothing(anna: Table) -> None:
    # Ben's rats are on his phone, so his chip on the round screen does not
    # lead to a private view that would only refuse; Anna's (no phone) opens hers.
    game_id = anna.session.game_id
    seats = anna.app.games.seats
    assert seats is not None
    seats.claim(seats.issue_token(game_id, BEN))
    anna.session.submit(reveal_event(game_state(anna.session)))
    anna.session.submit(ev.SupplyDone())
    anna.open(f"/game/{game_id}/play")
    ben = anna.find(f"seat-chip-{BEN}").content
    assert isinstance(ben, ft.Container)
    assert ben.on_click is None and ben.tooltip == "Rats on Ben's phone"
    chip = anna.find(f"seat-chip-{ANNA}-now").content
    assert isinstance(chip, ft.Container)
    assert chip.on_click is not None and chip.tooltip == "Private view (no phone)"


def test_an_entry_is_drawn_once_and_before_its_message_so_the_next_tap_reaches(
        anna: Table) -> None:
    # Her undo in the top bar is her own; it can take back the entry as soon
    # as "Logged" is read. The game's change then draws nothing more: a second drawing a moment
    # later replaced every control, and a tap between the two was lost (CI runs r200, r211 of
    # ac4fdfe: Dario's second entry, or his look at the pad, never arrived).
    undo = anna.find("undo")
    assert any(getattr(c, "disabled", False) for c in walk(undo))
    anna.tap("log-supply_discard")
    assert anna.page.messages[-1] == "Logged −1: rats discarded in the supplies."
    shown, button = anna.screen, anna.find("log-supply_discard")
    assert not any(getattr(c, "disabled", False) for c in walk(anna.find("undo")))
    anna.page.run_pending()
    assert anna.screen is shown and anna.find("log-supply_discard") is button
    anna.tap("undo")
    assert anna.page.messages[-1] == "Your last entry is taken back."
    shown = anna.screen
    anna.page.run_pending()
    assert anna.screen is shown
    assert ev.RatsChanged(ANNA, -1, ev.RatReason.SUPPLY_DISCARD) not in logged_events(
        anna.session)


def test_a_change_from_elsewhere_still_redraws_her_screen(anna: Table) -> None:
    # A second writer (the table's round screen in another tab) changes the game: her screen,
    # drawn before that change, is drawn again from it.
    shown = anna.screen
    anna.session.submit_all([reveal_event(game_state(anna.session)), ev.SupplyDone()])
    anna.page.run_pending()
    assert anna.screen is not shown
