"""The session as the single writer: checked, stored, then shown; undo and redo at the table.

Played with the real rules: three players (Anna, Ben, Cleo) and the steps the table enters.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from support.sessions import game_state, logged_events
from support.stored_games import (
    first_reveal_with_rats,
    first_step_taking_rats,
    public_steps,
    rat_note,
    state_of,
)

from companion.rules import RuleViolation
from companion.rules.endgame import end_state
from companion.rules.events import (
    EndValuesEntered,
    Entered,
    EntryCorrected,
    NunsCounted,
    RatChangeDisputed,
)
from companion.rules.scoring import score
from companion.rules.state import Phase
from companion.store.db import EventStatus, GameChangedElsewhere, GameStore, StoreError
from companion.store.problems import StoreProblem
from companion.store.session import Session, UndoError

STEPS = public_steps(seed=1, players=3)
START = STEPS[0]


@pytest.fixture
def store(tmp_path: Path) -> Iterator[GameStore]:
    with GameStore.open(tmp_path) as s:
        yield s


def new_game(store: GameStore) -> Session:
    return Session.start(store, START)


def played(store: GameStore, steps: int) -> Session:
    """A game with the table's first `steps` steps after the start entered."""
    session = new_game(store)
    for step in STEPS[1:steps + 1]:
        session.submit(step)
    return session


def test_a_submitted_event_is_stored_before_subscribers_hear_of_it(store: GameStore) -> None:
    session = new_game(store)
    seen: list[Any] = []

    def on_change() -> None:  # told only that the game changed: it asks what it may see
        seen.append((logged_events(session)[-1], store.active_events(session.game_id)[-1]))

    session.subscribe(on_change)
    session.submit(STEPS[1])
    assert seen == [(STEPS[1], STEPS[1])]


def test_an_illegal_event_changes_nothing_and_tells_nobody(store: GameStore) -> None:
    """A change of 0 rats changes nothing, so the rules refuse to note it (EVENT)."""
    session = new_game(store)
    calls: list[Any] = []
    session.subscribe(lambda: calls.append(logged_events(session)[-1]))
    before = game_state(session)
    with pytest.raises(RuleViolation, match=r"\[EVENT\]"):
        session.submit(rat_note(0, 0))
    assert game_state(session) == before
    assert store.active_events(session.game_id) == [START]
    assert calls == []


def test_undo_takes_back_the_last_public_step_and_redo_puts_it_back(store: GameStore) -> None:
    session = played(store, 2)
    assert session.undo() == STEPS[2]
    assert game_state(session) == state_of(STEPS[:2])
    assert session.redo() == STEPS[2]
    assert game_state(session) == state_of(STEPS[:3])


def test_undo_goes_back_to_the_start_of_the_game_and_no_further(store: GameStore) -> None:
    session = played(store, 3)
    for _ in range(3):
        session.undo()
    assert game_state(session) == state_of([START])
    assert not session.can_undo()
    with pytest.raises(UndoError, match="nothing to undo"):
        session.undo()


def test_several_undos_are_redone_in_the_order_they_were_played(store: GameStore) -> None:
    session = played(store, 2)
    session.undo()
    session.undo()
    assert session.redo() == STEPS[1]
    assert session.redo() == STEPS[2]
    assert not session.can_redo()


def test_the_table_undo_skips_private_ledger_entries(store: GameStore) -> None:
    """Ben's own rat note stays when the table takes back its step."""
    session = played(store, 1)
    session.submit(rat_note(1, 2))
    assert session.undo() == STEPS[1]
    assert game_state(session) == state_of([START, rat_note(1, 2)])
    assert game_state(session).rats[1] == state_of([START]).rats[1] + 2


def test_a_player_undoes_only_their_own_private_entries(store: GameStore) -> None:
    session = new_game(store)
    session.submit(rat_note(1, 2))
    session.submit(rat_note(2, 4))
    session.submit(STEPS[1])
    assert session.undo_private(1) == rat_note(1, 2)
    assert game_state(session) == state_of([START, rat_note(2, 4), STEPS[1]])
    with pytest.raises(UndoError, match="player 1 has no private entry"):
        session.undo_private(1)
    assert session.redo_private(1) == rat_note(1, 2)
    assert game_state(session) == state_of([START, rat_note(1, 2), rat_note(2, 4), STEPS[1]])


def test_a_new_public_step_clears_the_redo_stack_but_keeps_the_undone_step_on_file(
        store: GameStore) -> None:
    session = played(store, 1)
    session.undo()
    session.submit(STEPS[1])
    assert not session.can_redo()
    statuses = [s.status for s in store.events(session.game_id)]
    assert statuses == [EventStatus.ACTIVE, EventStatus.DROPPED, EventStatus.ACTIVE]


def test_a_private_entry_does_not_clear_the_tables_redo_stack(store: GameStore) -> None:
    session = played(store, 1)
    session.undo()
    session.submit(rat_note(2, 1))
    assert session.redo() == STEPS[1]


REVEAL, REVEALER, ENTRY = first_reveal_with_rats(STEPS)
"""The first reveal that gave a player rats, and that player's ledger entry for it."""


def disputed_reveal(store: GameStore) -> tuple[Session, RatChangeDisputed]:
    """The game up to that reveal, and the player disputing the rats it gave them."""
    session = played(store, REVEAL)
    dispute = RatChangeDisputed(player=REVEALER, entry_id=ENTRY)
    session.submit(dispute)
    return session, dispute


def test_a_private_note_that_depends_on_an_undone_step_is_set_aside_with_it(
        store: GameStore) -> None:
    """The dispute is of the rats the reveal gave; undoing the reveal sets it aside, redoing
    brings it back."""
    session, dispute = disputed_reveal(store)
    assert session.undo() == STEPS[REVEAL]
    assert logged_events(session) == STEPS[:REVEAL]
    assert not session.can_undo_private(REVEALER) and not session.can_redo_private(REVEALER)
    assert session.redo() == STEPS[REVEAL]
    assert logged_events(session)[-2:] == [STEPS[REVEAL], dispute]


def test_what_was_set_aside_survives_a_restart_and_comes_back_with_its_step(
        store: GameStore) -> None:
    session, dispute = disputed_reveal(store)
    session.undo()
    resumed = Session.resume(store, session.game_id)
    resumed.redo()
    assert logged_events(resumed)[-1] == dispute


def test_a_new_step_drops_the_undone_step_and_what_was_set_aside_with_it(
        store: GameStore) -> None:
    session, _ = disputed_reveal(store)
    session.undo()
    session.submit(STEPS[REVEAL])
    assert not session.can_redo()
    assert [s.status for s in store.events(session.game_id)] == [EventStatus.ACTIVE] * REVEAL + [
        EventStatus.DROPPED, EventStatus.DROPPED, EventStatus.ACTIVE]


def test_a_redo_that_would_leave_a_later_private_entry_illegal_is_refused(
        store: GameStore) -> None:
    """The step took rats from a player; with it undone, they note discarding all they then
    had; redoing the step would leave them fewer than none (R-SETUP-1)."""
    taking, player = first_step_taking_rats(STEPS)
    session = played(store, taking)
    session.undo()
    rats = game_state(session).rats[player]
    session.submit(rat_note(player, -rats))
    before = game_state(session)
    with pytest.raises(UndoError, match=rf"cannot redo {type(STEPS[taking]).__name__}.*R-SETUP-1"):
        session.redo()
    assert game_state(session) == before
    assert session.can_redo()


def test_a_correction_can_be_undone_and_then_the_entry_it_corrected(store: GameStore) -> None:
    """R-ROUND-C: a declared count may be corrected before the reveal."""
    entry_at = next(i for i, step in enumerate(STEPS) if isinstance(step, Entered))
    entry = STEPS[entry_at]
    assert isinstance(entry, Entered)
    session = played(store, entry_at)
    correction = EntryCorrected(round=1, player=entry.player, building=entry.building,
                                cards=entry.cards + 1)
    session.submit(correction)
    assert session.undo() == correction
    assert session.undo() == entry
    assert session.redo() == entry
    assert session.redo() == correction
    assert game_state(session) == state_of([*STEPS[:entry_at + 1], correction])
    assert game_state(session).rounds[0].turns[-1].cards == entry.cards + 1


def test_the_redo_stack_survives_a_restart(store: GameStore) -> None:
    session = played(store, 2)
    session.undo()
    resumed = Session.resume(store, session.game_id)
    assert game_state(resumed) == game_state(session)
    assert resumed.redo() == STEPS[2]


def test_a_resumed_game_stands_exactly_where_it_stood(store: GameStore) -> None:
    session = played(store, len(STEPS) - 2)
    session.submit(rat_note(2, 3))
    session.submit(STEPS[-1])
    resumed = Session.resume(store, session.game_id)
    assert game_state(resumed) == game_state(session)
    assert logged_events(resumed) == logged_events(session)


def test_the_game_list_follows_the_session(store: GameStore) -> None:
    session = played(store, 3)
    assert store.unfinished_games()[0].progress == "round 1 of 9, entering buildings"
    for step in STEPS[4:]:
        session.submit(step)
    summary = store.game(session.game_id)
    result = score(end_state(game_state(session)))
    assert summary.finished and summary.winner is not None
    assert re.fullmatch(r"(Anna|Ben|Cleo) \(\d+ VP\)", summary.winner)
    assert summary.winner.split(" (")[0] in result.winners
    assert store.unfinished_games() == []


def test_concurrent_taps_from_many_threads_are_all_kept_in_one_order(store: GameStore) -> None:
    """Three phones note rats at once: every note is kept, each heard once, in order."""
    session = new_game(store)
    start_rats = sum(game_state(session).rats)
    heard: list[int] = []
    session.subscribe(lambda: heard.append(
        sum(session.player_view(p).rats for p in range(3)) - start_rats))

    def tap(player: int) -> None:
        for _ in range(20):
            session.submit(rat_note(player, 1))

    threads = [threading.Thread(target=tap, args=(p,)) for p in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert game_state(session).rats == tuple(r + 20 for r in state_of([START]).rats)
    assert heard == list(range(1, 61))
    assert len(store.active_events(session.game_id)) == 61


def test_a_failing_subscriber_does_not_undo_the_stored_step(store: GameStore) -> None:
    session = new_game(store)

    def broken() -> None:
        raise RuntimeError("screen gone")

    session.subscribe(broken)
    session.submit(STEPS[1])
    assert store.active_events(session.game_id)[-1] == STEPS[1]


def test_an_unsubscribed_view_hears_nothing_more(store: GameStore) -> None:
    session = new_game(store)
    heard: list[Any] = []
    stop = session.subscribe(lambda: heard.append(logged_events(session)[-1]))
    session.submit(rat_note(0, 1))
    stop()
    session.submit(rat_note(0, 1))
    assert heard == [rat_note(0, 1)]


def test_a_step_the_disk_refuses_is_not_shown_either(tmp_path: Path) -> None:
    """If the commit fails (disk full, file gone), the table keeps the state it had."""

    class FullDisk(GameStore):
        def append(self, *args: Any, **kwargs: Any) -> Any:
            raise StoreError(StoreProblem.CANNOT_SAVE, path=self.path,
                             reason="database or disk is full")

    with FullDisk.open(tmp_path) as store:
        session = new_game(store)
        heard: list[Any] = []
        session.subscribe(lambda: heard.append(logged_events(session)[-1]))
        with pytest.raises(StoreError, match="disk is full"):
            session.submit(STEPS[1])
        assert game_state(session) == state_of([START])
        assert logged_events(session) == [START]
        assert heard == []


def test_a_second_window_on_the_same_game_cannot_interleave_its_steps(tmp_path: Path) -> None:
    """Two sessions of one game (the app started twice): the stale one must reopen."""
    with GameStore.open(tmp_path) as first, GameStore.open(tmp_path) as second:
        table = played(first, 1)
        other = Session.resume(second, table.game_id)
        table.submit(STEPS[2])
        with pytest.raises(GameChangedElsewhere, match="reopen it"):
            other.submit(STEPS[2])
        with pytest.raises(GameChangedElsewhere):
            other.undo()
        assert game_state(other) == state_of(STEPS[:2])
        assert game_state(Session.resume(second, table.game_id)) == state_of(STEPS[:3])


def test_an_illegal_first_event_starts_no_game(store: GameStore) -> None:
    """A game begins with its setup."""
    with pytest.raises(RuleViolation, match=r"\[EVENT\]"):
        Session.start(store, STEPS[1])
    assert store.list_games() == []


def test_one_undo_takes_back_one_tap_of_several_events_even_after_a_restart(
        store: GameStore) -> None:
    """R-SCORE: at the end the table types everyone's holdings in one form and taps once; one
    undo takes that tap back whole, so the form is where it was, not 4 look-alike states."""
    played_out = STEPS[:next(i for i, e in enumerate(STEPS) if isinstance(e, EndValuesEntered))]
    session = Session.start(store, START)
    for step in played_out[1:]:
        session.submit(step)
    at_the_end_form = game_state(session)
    holdings = [EndValuesEntered(p, hand=3 + p, markers=p) for p in range(3)]
    scoring = [EndValuesEntered(2, hand=5, markers=2, rats=4), NunsCounted(6)]
    session.submit_all(holdings)
    at_the_plague = game_state(session)
    session.submit_all(scoring)
    assert game_state(session).phase is Phase.FINISHED

    assert session.undo_step() == tuple(scoring)
    assert game_state(session) == at_the_plague
    resumed = Session.resume(store, session.game_id)
    assert resumed.undo_step() == tuple(holdings)
    assert game_state(resumed) == at_the_end_form
    assert resumed.redo_step() == tuple(holdings)
    assert resumed.redo() == scoring[-1]
    assert game_state(resumed) == state_of([*played_out, *holdings, *scoring])


def test_a_tap_whose_second_event_is_refused_stores_nothing(store: GameStore) -> None:
    """One tap is all or nothing: the engine checks every event before any is stored."""
    session = played(store, 2)
    before = store.events(session.game_id)
    with pytest.raises(RuleViolation):
        session.submit_all([STEPS[3], STEPS[3]])
    assert store.events(session.game_id) == before
    assert game_state(session) == state_of(STEPS[:3])


def test_the_next_decision_folds_the_supply_and_is_recorded_with_its_tap(
        store: GameStore) -> None:
    """The supply takes no tap (R-ROUND-B): the session's decision shows it folded, as the
    table sees it, and draws the first entry from the game as the supply leaves it, storing
    nothing and telling nobody; the first entry records both as one step (one undo)."""
    session = played(store, 1)
    calls: list[Any] = []
    session.subscribe(lambda: calls.append(logged_events(session)[-1]))
    decision = session.decision_view()
    assert [v.step.prompt.value for v in decision.folded] == ["supply"]
    assert decision.folded[0] == session.table_view()
    ahead = decision.view
    assert ahead.game_events == 3 and ahead.step.prompt.value == "enter"
    assert ahead.round == session.table_view().round
    assert store.active_events(session.game_id) == STEPS[:2]
    assert game_state(session) == state_of(STEPS[:2]) and calls == []
    assert session.refusal([STEPS[3]], folded={}) is None
    assert isinstance(session.refusal([STEPS[3]]), RuleViolation)  # not without the supply
    session.decide([STEPS[3]])
    assert store.active_events(session.game_id) == STEPS[:4] and len(calls) == 1
    assert session.decision_view().folded == ()
    assert session.undo_step() == tuple(STEPS[2:4])
    assert game_state(session) == state_of(STEPS[:2])
