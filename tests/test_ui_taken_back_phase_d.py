"""The table says what a player took back on their own phone in phase D too: Anna's reveal
at the first building, tapped at the table, taken back on her phone before anyone's next
input; the table's reveal screen says so above its controls until the next step.

R-ROUND-D a: the players in a building reveal their cards. The real `TableApp` on a stand-in
page with a real `SeatRegistry`, as in test_ui_reveal_phones.
"""

from __future__ import annotations

from pathlib import Path

from support.sessions import game_state
from test_ui_phones import ANNA, BEN, CLEO, Clock, Table

from companion.i18n.names import building_name
from companion.phones.seats import SeatRegistry
from companion.phones.take_back import own_step_json, take_back
from companion.rules import events as ev
from companion.ui.shared.paths import play_route


def test_the_table_says_anna_took_back_her_reveal_on_her_phone(tmp_path: Path) -> None:
    clock = Clock()
    with Table(tmp_path, SeatRegistry(clock=clock), clock) as table:
        session = table.session
        for entry in (ev.Entered(ANNA, 0, 2), ev.Entered(BEN, 0, 1), ev.Entered(CLEO, 0, 1)):
            session.decide([entry])
        table.open(play_route(session.game_id))
        table.tap("reveal-confirm")  # Anna's reveal, whoever tapped it
        assert game_state(session).record.reveals[ANNA] is not None
        own = own_step_json(session, ANNA)
        assert own is not None and own["kind"] == "reveal"
        take_back(session, ANNA, own["round"], own["turn"], own["at"])
        table.page.run_pending()
        assert game_state(session).record.reveals[ANNA] is None
        building = building_name(table.app.t, session.table_view().record.row[0])
        assert table.texts("taken-back") == (
            f"Taken back on Anna's phone: Anna's reveal in the {building}.")
        table.tap("reveal-confirm")
        table.page.run_pending()
        assert "taken-back" not in table.ids()
