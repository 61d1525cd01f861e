"""The session as the single writer: checked, stored, then shown; undo and redo at the table."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from companion.store.db import EventStatus, GameChangedElsewhere, GameStore, StoreError
from companion.store.session import Session, UndoError
from helpers.toy_game import (
    TOY_ENGINE, TOY_TYPES, Correction, End, Rats, Score, Tally, ToyViolation, begin,
)


@pytest.fixture
def store(tmp_path: Path) -> GameStore:
    with GameStore.open(tmp_path, TOY_TYPES) as s:
        yield s


def new_game(store: GameStore) -> Session:
    return Session.start(store, begin("Anna", "Ben", "Cleo"), TOY_ENGINE)


def test_a_submitted_event_is_stored_before_subscribers_hear_of_it(store: GameStore) -> None:
    session = new_game(store)
    seen: list[Any] = []

    def on_change(state: Any, event: Any) -> None:
        seen.append((event, store.active_events(session.game_id)[-1]))

    session.subscribe(on_change)
    session.submit(Score(player=0, points=5))
    assert seen == [(Score(0, 5), Score(0, 5))]


def test_an_illegal_event_changes_nothing_and_tells_nobody(store: GameStore) -> None:
    session = new_game(store)
    calls: list[Any] = []
    session.subscribe(lambda state, event: calls.append(event))
    before = session.state
    with pytest.raises(ToyViolation, match="T-SCORE"):
        session.submit(Score(player=0, points=-2))
    assert session.state == before
    assert store.active_events(session.game_id) == [begin("Anna", "Ben", "Cleo")]
    assert calls == []


def test_undo_takes_back_the_last_public_step_and_redo_puts_it_back(store: GameStore) -> None:
    session = new_game(store)
    session.submit(Score(0, 5))
    session.submit(Score(1, 3))
    assert session.undo() == Score(1, 3)
    assert session.state.points == (5, 0, 0)
    assert session.redo() == Score(1, 3)
    assert session.state.points == (5, 3, 0)


def test_undo_goes_back_to_the_start_of_the_game_and_no_further(store: GameStore) -> None:
    session = new_game(store)
    for player in range(3):
        session.submit(Score(player, 2))
    for _ in range(3):
        session.undo()
    assert session.state.points == (0, 0, 0)
    assert not session.can_undo()
    with pytest.raises(UndoError, match="nothing to undo"):
        session.undo()


def test_several_undos_are_redone_in_the_order_they_were_played(store: GameStore) -> None:
    session = new_game(store)
    session.submit(Score(0, 1))
    session.submit(Score(1, 2))
    session.undo()
    session.undo()
    assert session.redo() == Score(0, 1)
    assert session.redo() == Score(1, 2)
    assert not session.can_redo()


def test_the_table_undo_skips_private_ledger_entries(store: GameStore) -> None:
    session = new_game(store)
    session.submit(Score(0, 5))
    session.submit(Rats(player=1, rats=2))
    assert session.undo() == Score(0, 5)
    assert session.state.rats == (0, 2, 0)
    assert session.state.points == (0, 0, 0)


def test_a_player_undoes_only_their_own_private_entries(store: GameStore) -> None:
    session = new_game(store)
    session.submit(Rats(player=1, rats=2))
    session.submit(Rats(player=2, rats=4))
    session.submit(Score(0, 5))
    assert session.undo_private(1) == Rats(1, 2)
    assert session.state.rats == (0, 0, 4)
    assert session.state.points == (5, 0, 0)
    with pytest.raises(UndoError, match="player 1 has no private entry"):
        session.undo_private(1)
    assert session.redo_private(1) == Rats(1, 2)
    assert session.state.rats == (0, 2, 4)


def test_a_new_public_step_clears_the_redo_stack_but_keeps_the_undone_step_on_file(
        store: GameStore) -> None:
    session = new_game(store)
    session.submit(Score(0, 5))
    session.undo()
    session.submit(Score(1, 1))
    assert not session.can_redo()
    statuses = [s.status for s in store.events(session.game_id)]
    assert statuses == [EventStatus.ACTIVE, EventStatus.DROPPED, EventStatus.ACTIVE]


def test_a_private_entry_does_not_clear_the_tables_redo_stack(store: GameStore) -> None:
    session = new_game(store)
    session.submit(Score(0, 5))
    session.undo()
    session.submit(Rats(2, 1))
    assert session.redo() == Score(0, 5)


def test_a_private_note_that_depends_on_an_undone_step_is_set_aside_with_it(
        store: GameStore) -> None:
    """Anna's tally says 5 points; undoing her score sets it aside, redoing brings it back."""
    session = new_game(store)
    session.submit(Score(0, 5))
    tally = Tally(player=0, points=5)
    session.submit(tally)
    assert session.undo() == Score(0, 5)
    assert session.events == [begin("Anna", "Ben", "Cleo")]
    assert not session.can_undo_private(0) and not session.can_redo_private(0)
    assert session.redo() == Score(0, 5)
    assert session.events[-2:] == [Score(0, 5), tally]


def test_what_was_set_aside_survives_a_restart_and_comes_back_with_its_step(
        store: GameStore) -> None:
    session = new_game(store)
    session.submit(Score(0, 5))
    session.submit(Tally(player=0, points=5))
    session.undo()
    resumed = Session.resume(store, session.game_id, TOY_ENGINE)
    resumed.redo()
    assert resumed.events[-1] == Tally(player=0, points=5)


def test_a_new_step_drops_the_undone_step_and_what_was_set_aside_with_it(
        store: GameStore) -> None:
    session = new_game(store)
    session.submit(Score(0, 5))
    session.submit(Tally(player=0, points=5))
    session.undo()
    session.submit(Score(1, 1))
    assert not session.can_redo()
    assert [s.status for s in store.events(session.game_id)] == [
        EventStatus.ACTIVE, EventStatus.DROPPED, EventStatus.DROPPED, EventStatus.ACTIVE]


def test_a_redo_that_would_leave_a_later_private_entry_illegal_is_refused(
        store: GameStore) -> None:
    session = new_game(store)
    session.submit(Score(0, 5))
    session.undo()
    session.submit(Tally(player=0, points=0))
    with pytest.raises(UndoError, match=r"cannot redo Score.*T-TALLY"):
        session.redo()
    assert session.state.points == (0, 0, 0)
    assert session.can_redo()


def test_a_correction_can_be_undone_and_then_the_score_it_corrected(store: GameStore) -> None:
    session = new_game(store)
    session.submit(Score(0, 5))
    session.submit(Correction(0, -1))
    assert session.undo() == Correction(0, -1)
    assert session.undo() == Score(0, 5)
    assert session.redo() == Score(0, 5)
    assert session.redo() == Correction(0, -1)
    assert session.state.points == (4, 0, 0)


def test_the_redo_stack_survives_a_restart(store: GameStore) -> None:
    session = new_game(store)
    session.submit(Score(0, 5))
    session.submit(Score(1, 3))
    session.undo()
    resumed = Session.resume(store, session.game_id, TOY_ENGINE)
    assert resumed.state == session.state
    assert resumed.redo() == Score(1, 3)


def test_a_resumed_game_stands_exactly_where_it_stood(store: GameStore) -> None:
    session = new_game(store)
    session.submit(Score(0, 5))
    session.submit(Rats(2, 3))
    session.submit(End())
    resumed = Session.resume(store, session.game_id, TOY_ENGINE)
    assert resumed.state == session.state
    assert resumed.events == session.events


def test_the_game_list_follows_the_session(store: GameStore) -> None:
    session = new_game(store)
    session.submit(Score(1, 7))
    assert store.unfinished_games()[0].progress == "7 points scored"
    session.submit(End())
    summary = store.game(session.game_id)
    assert summary.finished and summary.winner == "Ben"
    assert store.unfinished_games() == []


def test_concurrent_taps_from_many_threads_are_all_kept_in_one_order(store: GameStore) -> None:
    session = new_game(store)
    heard: list[int] = []
    session.subscribe(lambda state, event: heard.append(sum(state.points)))

    def tap(player: int) -> None:
        for _ in range(20):
            session.submit(Score(player, 1))

    threads = [threading.Thread(target=tap, args=(p,)) for p in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert session.state.points == (20, 20, 20)
    assert heard == list(range(1, 61))
    assert len(store.active_events(session.game_id)) == 61


def test_a_failing_subscriber_does_not_undo_the_stored_step(store: GameStore) -> None:
    session = new_game(store)

    def broken(state: Any, event: Any) -> None:
        raise RuntimeError("screen gone")

    session.subscribe(broken)
    session.submit(Score(0, 1))
    assert store.active_events(session.game_id)[-1] == Score(0, 1)


def test_an_unsubscribed_view_hears_nothing_more(store: GameStore) -> None:
    session = new_game(store)
    heard: list[Any] = []
    stop = session.subscribe(lambda state, event: heard.append(event))
    session.submit(Score(0, 1))
    stop()
    session.submit(Score(0, 1))
    assert heard == [Score(0, 1)]


def test_a_step_the_disk_refuses_is_not_shown_either(tmp_path: Path) -> None:
    """If the commit fails (disk full, file gone), the table keeps the state it had."""

    class FullDisk(GameStore):
        def append(self, *args: Any, **kwargs: Any) -> Any:
            raise StoreError("could not save: database or disk is full")

    with FullDisk.open(tmp_path, TOY_TYPES) as store:
        session = new_game(store)
        heard: list[Any] = []
        session.subscribe(lambda state, event: heard.append(event))
        with pytest.raises(StoreError, match="disk is full"):
            session.submit(Score(0, 3))
        assert session.state.points == (0, 0, 0)
        assert session.events == [begin("Anna", "Ben", "Cleo")]
        assert heard == []


def test_a_second_window_on_the_same_game_cannot_interleave_its_steps(tmp_path: Path) -> None:
    """Two sessions of one game (the app started twice): the stale one must reopen."""
    with GameStore.open(tmp_path, TOY_TYPES) as first, \
            GameStore.open(tmp_path, TOY_TYPES) as second:
        table = new_game(first)
        table.submit(Score(0, 5))
        other = Session.resume(second, table.game_id, TOY_ENGINE)
        table.submit(Score(2, 2))
        with pytest.raises(GameChangedElsewhere, match="reopen it"):
            other.submit(Score(1, 1))
        with pytest.raises(GameChangedElsewhere):
            other.undo()
        assert other.state.points == (5, 0, 0)
        assert Session.resume(second, table.game_id, TOY_ENGINE).state.points == (5, 0, 2)


def test_an_illegal_first_event_starts_no_game(store: GameStore) -> None:
    with pytest.raises(ToyViolation, match="T-START"):
        Session.start(store, Score(0, 1), TOY_ENGINE)
    assert store.list_games() == []
