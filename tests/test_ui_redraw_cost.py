"""What a tap at the table sends to its browser: one update, with the screen's own controls
drawn anew and the frame, the app bar and the influence tracks only updated.

The table's real app on a real Flet page (`support.redraw_cost`): a tap goes through Flet's
event dispatch, its diff and its serialisation, as in the browser. A tap that sent the whole
page twice (Flet's update after the handler, then the redraw the change set off) cost the
browser two frames and a rebuild of every control, the tracks' discs among them, for a change
of a line or two.
"""

from __future__ import annotations

import asyncio

import pytest
from support.redraw_cost import measure

FRAME = ("tracks", "track-peasantry", "track-royalty", "bottom-bar")
"""Tagged controls of the frame and the tracks: on show before the tap and after it."""


@pytest.mark.parametrize("players", [4, 5])
def test_an_entry_is_one_update_that_leaves_the_frame_and_the_tracks_in_place(
        players: int) -> None:
    # R-ROUND-C: a player enters a building; the next one's turn is drawn
    identifier, cost = asyncio.run(measure(players, "C"))
    assert identifier.startswith("enter-")
    assert cost.patches == 1
    assert not set(FRAME) & set(cost.tags), cost.tags
    assert any(tag.startswith("step-") for tag in cost.tags)  # the next step, drawn anew
    assert any(tag.startswith("enter-") for tag in cost.tags)


def test_a_reveal_updates_the_tracks_it_changes_without_sending_them_again() -> None:
    # R-ROUND-D a: a reveal moves discs on a track; the next reveal's screen is drawn
    identifier, cost = asyncio.run(measure(4, "D"))
    assert identifier.startswith("reveal-other-")
    assert cost.patches == 1
    assert not set(FRAME) & set(cost.tags), cost.tags
    assert any(tag.startswith("step-") for tag in cost.tags)
