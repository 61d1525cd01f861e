"""A tab closed a moment before another tab changes the game leaves the terminal quiet.

Flet (1.0) drops a connection's send queue as its socket closes and tells the session a moment
later. A game changed in between (one of the table's tabs closed, then an undo tapped in
another) had the closed tab's redraw put its message into no queue: "'NoneType' object has no
attribute 'put_nowait'", a traceback in the server's terminal (a CI run of the restart story).
Here the closed tab's page fails exactly so, on the real table app over its real game.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from support.table_screens import Table
from test_engine_copies import the_evening


class ClosedConnection:
    """Where Flet's closed connection puts a message: its queue is gone."""

    queue: Any = None

    def update(self, *_controls: Any) -> None:
        self.queue.put_nowait(b"\x00")


@pytest.fixture
def following(tmp_path: Path) -> Iterator[Table]:
    """A tab on a round of the evening, following its game, every redraw asked so far done."""
    evening = the_evening()
    with Table(tmp_path, evening.setup) as table:
        table.play(evening.events[1:4])
        assert table.ids()  # the tab shows the round and follows the game
        table.page.run_pending()
        yield table


def test_the_closed_tabs_redraw_is_dropped_quietly(following: Table) -> None:
    following.page.update = ClosedConnection().update  # type: ignore[method-assign]
    following.session.undo()  # another tab's undo
    assert following.page.run_pending() == 1  # the redraw ran, and did not fail


def test_a_redraw_that_fails_otherwise_still_fails(following: Table) -> None:
    def broken(*_controls: Any) -> None:
        raise AttributeError("a fault in drawing", name="put_nowait", obj=object())

    following.page.update = broken  # type: ignore[method-assign]
    following.session.undo()
    with pytest.raises(AttributeError):
        following.page.run_pending()
