"""What the phones say is what is so, without a browser.

Told as one evening of Anna, Ben and Carla: the table records with the real engine through a
real Session and store, the phones speak to the real phone routes, and every check reads the
phone's own answer (or its live stream) against what the table shows and what the store holds.
`browser/test_phone_truth_browser.py` plays the same stories on the phone page itself.
"""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient
from support.engine_games import ALL_SPECIALS, Game, plain_event, setup_for
from support.harness import live_server
from support.phone_truth import ANNA, BEN, CARLA, MONASTERY, MonasteryNight
from support.phones import Stream, TableNight, hub_for, stored_night
from support.sessions import game_state
from test_ui_phones import CLEO, Clock, Table

from companion.i18n import translator
from companion.phones.hub import Hub
from companion.phones.ledger import LedgerRefused, ledger_of
from companion.phones.routes import phone_app
from companion.phones.seats import SeatRegistry
from companion.phones.texts import texts
from companion.rules import events as ev
from companion.rules.catalog import Building
from companion.rules.setup import SelectionMethod
from companion.rules.state import Phase
from companion.rules.views import DisputeState, PendingChange, own_view
from companion.store.session import Session
from companion.ui.phones import private_view
from companion.ui.phones.private_view import correction_line, entry_line, pending_line

night = stored_night(MonasteryNight)


def paired(app: Any, hub: Hub, game: str, seat: int) -> TestClient:
    client = TestClient(app, base_url="http://table.local:8550")
    answer = client.post("/phone/api/join", json={"token": hub.registry.issue_token(game, seat)})
    assert answer.status_code == 200, answer.text
    return client


# -- 7. a building's rat changes: pending at once, recorded with the table's next tap --------


def test_the_monasterys_discards_reach_the_phones_as_pending_then_as_recorded(night) -> None:
    # R-ROUND-D b: the Monastery's premium discards 2 rats, its normal action 1. The table's
    # actions panel says so as soon as the reveals are complete; the engine records it with the
    # table's next tap (BuildingResolved folded into it).
    hub = night.hub()
    secret = hub.registry.claim(hub.registry.issue_token(night.game_id, ANNA)).device_secret
    night.up_to_the_monastery()
    with live_server(phone_app(hub)) as base_url:
        with Stream(base_url, secret) as stream:
            kind, first = stream.next()
            assert kind == "state" and first["view"]["pending"] == []
            night.last_monastery_reveal()
            kind, shown = stream.next()
            assert kind == "state"
            # What the table shows for Anna is on her phone at once, as waiting for the table.
            table = night.session.table_view().resolutions[MONASTERY]
            assert [(c.delta, c.reason.value) for c in table.rat_changes if c.player == ANNA] \
                == [(-2, "monastery")]
            assert shown["view"]["pending"] == [{
                "entry_id": "1.2.monastery", "delta": -2, "reason": "monastery", "round": 1,
                "building": MONASTERY, "hand_cards_up_to": 0}]
            assert shown["view"]["rats"] == 10  # not recorded: not counted yet
            assert [e["reason"] for e in shown["view"]["ledger"]] == []

            night.next_tap()
            kind, after = stream.next()
            assert after["view"]["pending"] == []
            assert [(e["entry_id"], e["delta"]) for e in after["view"]["ledger"]] == [
                ("1.2.monastery", -2)]
            assert after["view"]["rats"] == 8


def test_bens_phone_shows_his_own_pending_discard_and_carla_none(night) -> None:
    night.up_to_the_monastery()
    night.last_monastery_reveal()
    # R-ROUND-D a: Ben's card of another estate brought him a rat with his reveal (recorded);
    # his normal action's discard waits for the table.
    ben = own_view(night.state, BEN)
    assert [e.entry_id for e in ben.ledger] == ["1.2.reveal"]
    assert ben.pending == (PendingChange("1.2.monastery", 1, MONASTERY, -1,
                                         ev.RatReason.MONASTERY),)
    assert own_view(night.state, CARLA).pending == ()


def hospital_game() -> Game:
    """Anna (3 cards) and Ben (1 card) at the Hospital, Carla at the Farm with none."""
    game = Game(setup_for(3, method=SelectionMethod.CHOSEN, manual=ALL_SPECIALS))
    game.round((Building.FARM, Building.HOSPITAL), [(ANNA, 1, 3), (BEN, 1, 1), (CARLA, 0, 0)])
    game.play(ev.BuildingResolved(0), ev.Revealed(ANNA, 1, 3, 0), ev.Revealed(BEN, 1, 1, 0))
    return game


def test_the_hospital_shows_its_own_rat_and_leaves_the_hand_cards_to_the_table() -> None:
    # R-ROUND-D b, the Hospital: premium "discard 1 rat, then discard up to 3 hand cards to
    # discard as many rats"; normal "discard up to 2 hand cards". The hand cards are typed in at
    # the table's screen and recorded with its next tap: the phone shows what is known.
    game = hospital_game()
    anna, ben = own_view(game.state, ANNA), own_view(game.state, BEN)
    assert anna.pending == (PendingChange("1.2.hospital", 1, 1, -1, ev.RatReason.HOSPITAL, 3),)
    assert ben.pending == (PendingChange("1.2.hospital", 1, 1, 0, ev.RatReason.HOSPITAL, 2),)
    # The table's tap: Anna discarded 2 hand cards, Ben none; then the pending is the record.
    game.play(ev.HospitalDiscarded(1, ANNA, 2), ev.BuildingResolved(1))
    anna = own_view(game.state, ANNA)
    assert anna.pending == () and own_view(game.state, BEN).pending == ()
    assert [(e.entry_id, e.delta) for e in anna.ledger] == [("1.2.hospital", -3)]


def test_a_flute_settled_by_the_last_reveal_is_recorded_with_it_never_pending_twice() -> None:
    # R-SPECIAL-2: the fewest Flutes receives a rat from the most. Known (and recorded) with the
    # reveal that completes the building; the phone lists it once, as recorded.
    game = Game(setup_for(3, method=SelectionMethod.CHOSEN, manual=ALL_SPECIALS))
    game.round((Building.FARM, Building.RAT_CATCHERS_HUT),
               [(ANNA, 1, 1), (BEN, 1, 1), (CARLA, 0, 0)])
    game.play(ev.BuildingResolved(0), ev.Revealed(ANNA, 1, 0, 0, flutes=1),
              ev.Revealed(BEN, 1, 1, 0))
    anna, ben = own_view(game.state, ANNA), own_view(game.state, BEN)
    assert [(e.entry_id, e.delta) for e in ben.ledger] == [("1.2.flute", 1)]
    assert [(e.entry_id, e.delta) for e in anna.ledger] == [("1.2.flute", -1)]
    assert anna.pending == () and ben.pending == ()


# -- 6. a dismissed dispute: the phone says the table checked it, after a reload too ------------


def test_a_dismissed_dispute_says_the_table_checked_it_after_a_reload_too(tmp_path) -> None:
    with TableNight(tmp_path, players=3) as table:
        hub = hub_for(table)
        app = phone_app(hub)
        anna = paired(app, hub, table.game_id, ANNA)
        table.reveal_rats({ANNA: 2})  # R-ROUND-D a: two cards of another estate, +2 rats
        entry = anna.get("/phone/api/state").json()["view"]["ledger"][0]
        assert entry["dispute"] is None
        disputed = anna.post("/phone/api/dispute", json={"entry_id": entry["entry_id"]})
        assert disputed.json()["view"]["ledger"][0]["dispute"] == "open"
        assert [d.entry_id for d in table.session.table_view().disputes] == [entry["entry_id"]]

        table.session.submit(ev.DisputeDismissed(ANNA, entry["entry_id"]))
        assert table.session.table_view().disputes == ()
        # A reload is a new request for the state: the answer comes from the stored game.
        reloaded = anna.get("/phone/api/state").json()["view"]["ledger"][0]
        assert reloaded["dispute"] == "checked" and reloaded["delta"] == 2
        view = own_view(table.state, ANNA)
        assert view.dispute_state(view.ledger[0]) is DisputeState.CHECKED
        # Another evening on the same file: the game reopened from the store says the same.
        reopened = Session.resume(table.store, table.game_id)
        again = reopened.player_view(ANNA)
        assert again.dispute_state(again.ledger[0]) is DisputeState.CHECKED


# -- a correction by the table says what it did to the player's rats --------------------------


ANNAS_CORRECTION = {"round": 1, "at_round": 2, "change": 2, "entries": [{
    "entry_id": "1.2.monastery", "round": 1, "building": MONASTERY, "reason": "monastery",
    "was": -2, "now": 0}]}
"""Anna's entry of round 1 was at the Farm, not the Monastery: its premium's discard of 2 rats
(R-ROUND-D b) is no longer hers."""


def test_a_correction_of_annas_entry_tells_her_phone_what_it_did_to_her_rats(night) -> None:
    # R-ROUND-D b: the Monastery's premium discard (2 rats) goes with Anna's entry; the table
    # corrects it a round later. Her phone's history line and total change, and it says why.
    hub = night.hub()
    app = phone_app(hub)
    anna = paired(app, hub, night.game_id, ANNA)
    ben = paired(app, hub, night.game_id, BEN)
    carla = paired(app, hub, night.game_id, CARLA)
    night.up_to_the_monastery()
    night.last_monastery_reveal()
    night.next_tap()
    before = anna.get("/phone/api/state").json()["view"]
    assert before["rats"] == 8 and before["corrections"] == []

    night.annas_entry_corrected()
    view = anna.get("/phone/api/state").json()["view"]
    assert view["rats"] == 10 and view["ledger"] == []
    assert view["corrections"] == [ANNAS_CORRECTION]
    # Ben now takes the premium alone: his own change, on his own phone only.
    assert ben.get("/phone/api/state").json()["view"]["corrections"] == [{
        "round": 1, "at_round": 2, "change": -1, "entries": [{
            "entry_id": "1.2.monastery", "round": 1, "building": MONASTERY,
            "reason": "monastery", "was": -1, "now": -2}]}]
    assert carla.get("/phone/api/state").json()["view"]["corrections"] == []

    # Another evening on the same file says the same; the table's undo takes it back.
    again = Session.resume(night.store, night.game_id).player_view(ANNA)
    assert [(c.round, c.change) for c in again.corrections] == [(1, 2)]
    night.session.undo()
    view = anna.get("/phone/api/state").json()["view"]
    assert view["rats"] == 8 and view["corrections"] == []


def test_the_private_view_says_what_a_correction_did_as_the_phone_does(night) -> None:
    # R-ROUND-D b: Anna keeps her rats in the table's private view; the same correction.
    night.up_to_the_monastery()
    night.last_monastery_reveal()
    night.next_tap()
    night.annas_entry_corrected()
    view = own_view(night.state, ANNA)
    en, nl = translator("en"), translator("nl")
    assert correction_line(en, view.corrections[0], view.rows) == (
        "The table corrected round 1: +2 rats for you. Monastery, round 1: −2 → 0")
    said = correction_line(nl, view.corrections[0], view.rows)
    assert said.startswith("De tafel heeft ronde 1 gecorrigeerd: +2 ratten voor jou.")
    assert said.endswith("Klooster, ronde 1: −2 → 0")
    ben = own_view(night.state, BEN)
    assert correction_line(en, ben.corrections[0], ben.rows) == (
        "The table corrected round 1: −1 rat for you. Monastery, round 1: −1 → −2")


# -- 10. after the scoring nothing a phone sends is stored but the correction request ----------


def scored(table: TableNight) -> None:
    table.play_to_the_end()
    for seat in range(3):
        table.session.submit(ev.EndValuesEntered(seat, hand=seat + 1))
    table.session.submit(ev.NunsCounted(20))


def test_after_the_scoring_a_phone_changes_nothing_but_may_ask_for_a_correction(tmp_path
                                                                               ) -> None:
    # R-SCORE-6: once the rats are revealed and scored, the result changes only at the table.
    with TableNight(tmp_path, players=3) as table:
        hub = hub_for(table)
        app = phone_app(hub)
        anna = paired(app, hub, table.game_id, ANNA)
        ben = paired(app, hub, table.game_id, BEN)
        table.reveal_rats({ANNA: 2, BEN: 1})
        assert anna.post("/phone/api/rats", json={"delta": -1, "reason": "supply_discard"}
                         ).status_code == 200  # before the scoring, her own note is stored
        public = anna.get("/phone/api/state").json()["view"]["ledger"][0]["entry_id"]
        scored(table)
        assert anna.get("/phone/api/state").json()["view"]["scored"] is True
        before = table.store.events(table.game_id)
        french = translator("fr")("The game is scored: nothing you send is recorded any more. "
                                  "To change your rats, ask the table for a correction.")
        assert french == texts("fr")["e.game_scored"]
        assert french.startswith("La partie")  # the French words, not the English msgid
        for path, body in (("confirm", {}), ("rats", {"delta": 1, "reason": "correction"}),
                           ("rats", {"delta": -1, "reason": "supply_discard"}),
                           ("nuns", {"position": 2, "nuns": 3}),
                           ("dispute", {"entry_id": public}), ("undo", {})):
            answer = anna.post(f"/phone/api/{path}", json=body,
                               headers={"accept-language": "fr-FR"})
            assert answer.status_code == 409, (path, answer.text)
            assert answer.json()["error"] == "game_scored", path
            assert answer.json()["rule"] == "R-SCORE-6"
            assert answer.json()["message"] == french
        assert table.store.events(table.game_id) == before
        assert not table.state.rats_confirmed[ANNA]

        # Ben's correction request is still heard: the table sees it; nothing is stored.
        asked = ben.post("/phone/api/correction", json={"rats": 4})
        assert asked.status_code == 200
        assert asked.json()["request"] == {"rats": 4, "status": "pending"}
        assert [(r.player, r.rats) for r in table.session.pending_requests()] == [(BEN, 4)]
        assert table.store.events(table.game_id) == before


def test_the_table_s_own_ledger_refuses_the_same_after_the_scoring(tmp_path) -> None:
    # The private view (a player without a phone) goes through the same ledger.
    with TableNight(tmp_path, players=3) as table:
        scored(table)
        before = table.store.events(table.game_id)
        ledger = ledger_of(table.session, CARLA)
        for act in (ledger.confirm, ledger.undo, lambda: ledger.change_rats(-1, "correction"),
                    lambda: ledger.note_nun_card(1, 1)):
            with pytest.raises(LedgerRefused) as refused:
                act()
            assert refused.value.code == "game_scored"
        assert table.store.events(table.game_id) == before


def test_the_private_view_hides_its_buttons_once_the_game_is_scored(tmp_path) -> None:
    # R-SCORE-6: Cleo has no phone; after the scoring her private view logs nothing, like a
    # phone, and says where a correction is asked for.
    clock = Clock()
    with Table(tmp_path, SeatRegistry(clock=clock), clock) as table:
        private_view.memory(table.app).clock = clock
        table.open(f"/game/{table.session.game_id}/private/{CLEO}")
        assert {"log-supply_discard", "log-correction-up", "note", "private-undo"} \
            <= table.ids()
        play_out(table.session)
        for seat in range(game_state(table.session).players):
            table.session.submit(ev.EndValuesEntered(seat, hand=seat))
        table.session.submit(ev.NunsCounted(20))
        table.app.render()
        ids = table.ids()
        assert not {"log-supply_discard", "log-correction-up", "log-correction-down", "note",
                    "private-undo"} & ids
        assert "private-scored" in ids
        assert "nothing more is logged here" in table.texts("private-scored")
        assert "reveal-pad" in ids  # her rats are still hers to look at


def play_out(session: Session) -> None:
    """Every round played with nobody entering a card, up to the end values."""
    while game_state(session).phase not in (Phase.END, Phase.FINISHED):
        session.submit(plain_event(game_state(session), cards=0))


def test_the_private_view_says_pending_and_checked_as_the_phone_does(night) -> None:
    # The table's private view (a player without a phone) reads the same PlayerView.
    night.up_to_the_monastery()
    night.last_monastery_reveal()
    view = own_view(night.state, ANNA)
    rows = view.rows
    en, fr = translator("en"), translator("fr")
    assert pending_line(en, view.pending[0], rows) == \
        "−2: Monastery, round 1 (waiting for the table)"
    assert pending_line(fr, view.pending[0], rows) == \
        "−2\u00a0: Monastère, manche 1 (en attente de la table)"
    hospital = PendingChange("1.2.hospital", 1, 1, 0, ev.RatReason.HOSPITAL, 2)
    assert pending_line(en, hospital, rows) == (
        "Hospital, round 1 (plus the hand cards you discard there, up to 2: the table enters "
        "them) (waiting for the table)")
    night.next_tap()
    ben = own_view(night.state, BEN)
    reveal = ben.ledger[0]
    ledger_of(night.session, BEN).dispute(reveal.entry_id)
    night.session.submit(ev.DisputeDismissed(BEN, reveal.entry_id))
    ben = own_view(night.state, BEN)
    assert entry_line(en, ben.ledger[0], ben.rows, ben.dispute_state(ben.ledger[0])) == \
        "+1: cards of another class (Monastery), round 1 (checked by the table: it stands)"
