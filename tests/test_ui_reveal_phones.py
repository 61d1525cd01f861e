"""The table's reveal when the players reveal on their own phones (R-ROUND-D a): it says who
is still to reveal at the building, leaving out a phone's reveal held for its slot, and the
table can always step in; the held reveal follows the table's taps in slot order.

The real `TableApp` on a stand-in page with a real `SeatRegistry`, as in test_ui_phones.
"""

from __future__ import annotations

from pathlib import Path

from support.engine_games import ALL_SPECIALS, setup_for
from support.sessions import game_state
from test_ui_phones import ANNA, BEN, CLEO, Clock, Table

from companion.phones.seats import SeatRegistry
from companion.rules import events as ev
from companion.rules.catalog import Building
from companion.rules.setup import SelectionMethod
from companion.ui.shared.paths import play_route


def test_the_reveal_says_who_is_still_to_reveal_and_cleos_phone_reveal_follows(
        tmp_path: Path) -> None:
    clock = Clock()
    seats = SeatRegistry(clock=clock)
    with Table(tmp_path, seats, clock) as table:
        session = table.session
        for entry in (ev.Entered(ANNA, 0, 2), ev.Entered(BEN, 0, 1), ev.Entered(CLEO, 0, 1)):
            session.decide([entry])
        table.open(play_route(session.game_id))
        assert "waiting-reveals" not in table.ids()  # nobody reveals on a phone
        claim = seats.claim(seats.issue_token(session.game_id, CLEO))
        with seats.connection(session.game_id, claim.seat):
            table.app.render()
            assert table.texts("waiting-reveals") == "Still to reveal: Anna, Ben, Cleo"
            cleo = session.player_view(CLEO).reveal
            assert cleo is not None and cleo.yours
            assert session.reveal_ahead(ev.Revealed(CLEO, 0, 0, 1), cleo.step) is False
            table.app.render()
            assert table.texts("waiting-reveals") == "Still to reveal: Anna, Ben"
            table.tap("reveal-confirm")  # Anna's two cards, of the building's class
            assert game_state(session).record.reveals[ANNA] is not None
            table.app.render()
            assert table.texts("waiting-reveals") == "Still to reveal: Ben"
            table.tap("reveal-confirm")
        table.app.render()
        reveals = [(p, r and r.other) for p, r in enumerate(game_state(session).record.reveals)]
        assert reveals == [(ANNA, 0), (BEN, 0), (CLEO, 1)]
        assert "waiting-reveals" not in table.ids()


def test_yellows_phone_reveal_after_a_hospital_is_recorded_by_the_tables_tap(
        tmp_path: Path) -> None:
    # R-ROUND-D b: the Hospital's discards are entered at the table with the next building's
    # first reveal. Yellow (seat BEN of this table) revealed on her phone meanwhile: the
    # table's one tap records her reveal (the phone was first) with the Hospital's actions.
    clock = Clock()
    with Table(tmp_path, SeatRegistry(clock=clock), clock) as table:
        session = table.games.start(ev.GameStarted(setup_for(
            3, method=SelectionMethod.CHOSEN, manual=ALL_SPECIALS, start=ANNA)))
        table.session = session
        for event in (ev.BuildingsRevealed((Building.HOSPITAL, Building.CASTLE)),
                      ev.SupplyDone(),
                      ev.Entered(ANNA, 0, 1), ev.Entered(BEN, 1, 1), ev.Entered(CLEO, 1, 2),
                      ev.Revealed(ANNA, 0, 1, 0)):
            session.submit(event)
        yellow = session.player_view(BEN).reveal
        assert yellow is not None and yellow.yours
        assert session.reveal_ahead(ev.Revealed(BEN, 1, 0, 1), yellow.step) is False
        table.open(play_route(session.game_id))
        assert "Yellow revealed on their phone" in table.texts("reveal-held-text")
        assert table.texts("waiting-reveals") == "Still to reveal: Green"
        table.tap("reveal-held")
        state = game_state(session)
        assert state.record.resolved[0] and state.record.reveals[BEN] is not None
        assert session.held_reveals() == {}
