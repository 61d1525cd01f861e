"""Phase C on the players' own phones, told as a game night: Red, Yellow and Green enter their
buildings from their phones while the table only watches, and the table can still step in.

R-ROUND-C: in turn order each player enters a building with some cards face down, or plays a
Pass. The game is the real one (`support.phones.TableNight`: the engine's events through a real
Session and store); the phones reach it through the real routes.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from support.engine_games import ALL_SPECIALS, setup_for
from support.phones import enter, night_of, paired
from support.sessions import game_state

from companion.phones.hub import Hub
from companion.phones.routes import phone_app
from companion.phones.seats import SeatRegistry
from companion.phones.texts import texts
from companion.rules import events as ev
from companion.rules.catalog import Building
from companion.rules.setup import SelectionMethod
from companion.store.db import GameStore
from companion.store.session import Session, StepPassed

RED, YELLOW, GREEN = 0, 1, 2

night = night_of(3)


def turn_of(phone: TestClient) -> Any:
    return phone.get("/phone/api/state").json()["view"]["turn"]


def keys_of(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in keys_of(v)}
    if isinstance(value, list):
        return {k for v in value for k in keys_of(v)}
    return set()


def test_each_phone_sees_whose_turn_it_is_and_the_row_with_its_next_free_slots(app, hub,
                                                                               night) -> None:
    # R-ROUND-C: the start player enters first; each building shows its class and next slot.
    red, yellow = (paired(app, hub, night.game_id, seat) for seat in (RED, YELLOW))
    mine = turn_of(red)
    assert mine["yours"] is True and mine["actor"] == RED
    assert mine["can_pass"] is False  # no Town Hall in the first game: no Pass cards
    row = night.session.decision_view().view.step.options  # what the table draws
    assert [(p["building"], p["slot"]) for p in mine["row"]] == [
        (o.kind.value, o.slot) for o in row]
    assert all(p["estate"] for p in mine["row"])
    theirs = turn_of(yellow)
    assert theirs["yours"] is False and theirs["actor"] == RED
    assert "can_pass" not in theirs and "pass_cards" not in theirs


def test_a_round_of_entries_made_on_the_phones_alone(app, hub, night) -> None:
    phones = [paired(app, hub, night.game_id, seat) for seat in (RED, YELLOW, GREEN)]
    for seat, phone in enumerate(phones):
        answer = enter(phone, building=seat % 2, cards=seat + 1)
        assert answer.status_code == 200, answer.text
    record = night.state.record
    assert [(t.player, t.building, t.cards) for t in record.turns] == [
        (RED, 0, 1), (YELLOW, 1, 2), (GREEN, 0, 3)]
    assert turn_of(phones[RED]) is None  # phase D: no entries any more
    assert night.state.record.row  # the row the digital deck dealt, recorded with the first


def test_the_next_phone_sees_the_entry_so_far_and_its_slot_move_on(app, hub, night) -> None:
    red, yellow = (paired(app, hub, night.game_id, seat) for seat in (RED, YELLOW))
    assert enter(red, building=1, cards=3).status_code == 200
    turn = turn_of(yellow)
    assert turn["yours"] is True
    assert turn["entries"] == [{"player": RED, "building": 1, "cards": 3}]
    assert turn["row"][1]["slot"] == 2


def test_a_phone_after_the_table_entered_for_its_player_is_told_it_is_recorded(app, hub,
                                                                               night) -> None:
    # Two inputs for one step: the table's tap comes first and is stored; the phone's second
    # is refused, said to its player ("your entry"), and stores nothing.
    red = paired(app, hub, night.game_id, RED)
    drawn = turn_of(red)["step"]
    view = night.session.decision_view().view
    night.session.decide([ev.Entered(RED, 0, 2)], made_for=view.step_id)
    stored = len(night.events)
    answer = enter(red, building=1, cards=5, step=drawn)
    assert answer.status_code == 409
    assert answer.json() == {"error": "step_passed",
                             "message": "Already entered: your entry is recorded."}
    assert len(night.events) == stored
    assert turn_of(red)["yours"] is False  # a fresh screen: Yellow's turn now


def test_the_table_after_the_phone_entered_is_refused_naming_the_step(app, hub,
                                                                      night) -> None:
    red = paired(app, hub, night.game_id, RED)
    drawn_at_the_table = night.session.decision_view().view.step_id
    assert enter(red, building=0, cards=1).status_code == 200
    with pytest.raises(StepPassed) as refused:
        night.session.decide([ev.Entered(RED, 1, 4)], made_for=drawn_at_the_table)
    assert refused.value.made_for.actor == RED
    assert [(t.player, t.cards) for t in night.state.record.turns] == [(RED, 1)]


def test_a_phone_cannot_enter_out_of_turn(app, hub, night) -> None:
    yellow = paired(app, hub, night.game_id, YELLOW, language="de")
    step = {**turn_of(yellow)["step"], "actor": YELLOW}  # Red's step, claimed as Yellow's
    answer = enter(yellow, building=0, cards=1, step=step)
    assert answer.status_code == 409
    assert answer.json()["error"] == "out_of_turn"
    assert answer.json()["message"] == str(texts("de")["e.out_of_turn"]).replace("{player}", "Red")
    assert "Red" in answer.json()["message"] and "{" not in answer.json()["message"]
    assert night.state.record.turns == ()


def test_a_phone_cannot_enter_for_another_seat(app, hub, night) -> None:
    green = paired(app, hub, night.game_id, GREEN)
    answer = enter(green, building=0, cards=1)  # Red's step, as drawn on Green's phone
    assert (answer.status_code, answer.json()["error"]) == (403, "not_your_seat")
    forged = green.post("/phone/api/entry", json={"step": turn_of(green)["step"],
                                                  "building": 0, "cards": 1, "player": RED})
    assert forged.status_code == 403
    assert night.state.record.turns == ()


def test_no_entry_once_the_game_is_scored(app, hub, night) -> None:
    # R-SCORE-6: after the scoring nothing a phone sends is stored.
    red = paired(app, hub, night.game_id, RED)
    drawn = turn_of(red)["step"]
    night.play_to_the_end()
    for seat in range(3):
        night.session.submit(ev.EndValuesEntered(seat, hand=seat + 1))
    night.session.submit(ev.NunsCounted(20))
    stored = len(night.events)
    answer = enter(red, building=0, cards=1, step=drawn)
    assert (answer.status_code, answer.json()["error"]) == (409, "game_scored")
    assert len(night.events) == stored


def test_when_no_entries_are_made_a_phone_is_told_so(app, hub, night) -> None:
    # The round's cards are revealed now (R-ROUND-D a): no entries until the next round.
    phones = [paired(app, hub, night.game_id, seat) for seat in (RED, YELLOW, GREEN)]
    drawn = turn_of(phones[RED])["step"]
    for phone in phones:
        assert enter(phone, building=0, cards=1).status_code == 200
    answer = enter(phones[RED], building=0, cards=0, step={**drawn, "turn": 5})
    assert (answer.status_code, answer.json()["error"]) == (409, "no_entries")


def test_the_rules_refuse_a_pass_without_pass_cards_with_their_reason(app, hub, night) -> None:
    # R-SPECIAL-3: a Pass costs a Pass card; the first game has none.
    red = paired(app, hub, night.game_id, RED)
    answer = enter(red, building=None)
    assert (answer.status_code, answer.json()["error"]) == (409, "refused")
    assert answer.json()["rule"] == "R-SPECIAL-3"


@pytest.mark.parametrize("body", [
    {"building": 0, "cards": 1},
    {"step": {"round": 1, "turn": 0, "actor": 0, "at": 3}, "building": 0, "cards": "1"},
    {"step": {"round": 1, "turn": 0, "actor": 0, "at": 3}, "building": 0, "cards": -1},
    {"step": {"round": 1, "turn": 0, "actor": 0, "at": 3}, "building": 99, "cards": 1},
    {"step": {"round": 1, "turn": 0, "actor": 9, "at": 3}, "building": 0, "cards": 1},
])
def test_a_malformed_entry_is_a_clear_422(app, hub, night, body) -> None:
    red = paired(app, hub, night.game_id, RED)
    answer = red.post("/phone/api/entry", json=body)
    assert (answer.status_code, answer.json()["error"]) == (422, "bad_value")
    assert night.state.record.turns == ()


def test_an_entry_needs_the_phones_own_cookie_and_a_small_body(app, hub, night) -> None:
    stranger = TestClient(app, base_url="http://table.local:8550")
    step = {"round": 1, "turn": 0, "actor": 0, "at": 3}
    refused = stranger.post("/phone/api/entry", json={"step": step, "building": 0})
    assert refused.status_code == 401
    red = paired(app, hub, night.game_id, RED)
    huge = red.post("/phone/api/entry", content=b'{"pad":"' + b"x" * 20_000 + b'"}',
                    headers={"Content-Type": "application/json"})
    assert huge.status_code == 413


def test_the_turn_tells_no_player_anything_of_anyone_elses_rats(app, hub, night) -> None:
    # R-SETUP-1: each player's rats are their own; the turn is public but for the actor's
    # own Pass bound.
    phones = [paired(app, hub, night.game_id, seat) for seat in (RED, YELLOW, GREEN)]
    assert phones[RED].post("/phone/api/rats", json={"delta": -1, "reason": "supply_discard"}
                            ).status_code == 200
    turns = [turn_of(phone) for phone in phones]
    assert not keys_of(turns) & {"rats", "ledger", "nun_notes", "pending", "result"}
    assert turns[YELLOW] == turns[GREEN]
    public = {k: v for k, v in turns[RED].items() if k not in ("can_pass", "pass_cards")}
    assert public == {**turns[YELLOW], "yours": True}


def test_a_phone_back_from_sleep_finds_its_turn_where_it_left_it(app, hub, night) -> None:
    red = paired(app, hub, night.game_id, RED)
    before = turn_of(red)
    again = TestClient(app, base_url="http://table.local:8550", cookies=dict(red.cookies))
    assert turn_of(again) == before
    assert enter(again, building=0, cards=2).status_code == 200


def test_the_page_with_its_turn_stays_light_in_every_language(app) -> None:
    # The phone page's budget: under 100 KB transferred, however the phone asks for it.
    for language in ("en", "de", "fr", "nl"):
        page = TestClient(app, base_url="http://table.local:8550").get(
            "/phone/", headers={"Accept-Language": language, "Accept-Encoding": "identity"})
        assert page.status_code == 200 and 'id="turn"' in page.text
        assert len(page.content) < 100_000


def test_red_who_holds_pass_cards_passes_from_her_phone(tmp_path: Path) -> None:
    # R-SPECIAL-3, R-ROUND-D b: the Town Hall's premium brought Red 2 Pass cards; on her turn
    # her phone offers the Pass with that bound, and nobody else's phone learns it.
    town_hall, castle, hut, farm = (Building.TOWN_HALL, Building.CASTLE,
                                    Building.RAT_CATCHERS_HUT, Building.FARM)
    with GameStore.open(tmp_path) as store:
        session = Session.start(store, ev.GameStarted(setup_for(
            4, method=SelectionMethod.CHOSEN, manual=ALL_SPECIALS, start=3)))
        for event in (ev.BuildingsRevealed((town_hall, castle, hut)), ev.SupplyDone(),
                      ev.Entered(3, 1, 0), ev.Entered(0, 0, 2), ev.Entered(1, 1, 0),
                      ev.Entered(2, 0, 1), ev.Revealed(0, 0, 2, 0), ev.Revealed(2, 0, 1, 0),
                      ev.BuildingResolved(0), ev.BuildingResolved(1), ev.RoundEnded(),
                      ev.BuildingsRevealed((farm, castle, hut))):
            session.submit(event)
        hub = Hub(registry=SeatRegistry(), open_session={session.game_id: session}.get,
                  base_url="http://192.168.1.20:8550")
        app = phone_app(hub)
        red, yellow = (paired(app, hub, session.game_id, seat) for seat in (RED, YELLOW))
        mine = turn_of(red)
        assert (mine["yours"], mine["can_pass"], mine["pass_cards"]) == (True, True, 2)
        assert "pass_cards" not in turn_of(yellow)
        assert enter(red, building=None).status_code == 200
        record = game_state(session).record
        assert [(t.player, t.passed) for t in record.turns] == [(RED, True)]
        assert turn_of(yellow)["yours"] is True
