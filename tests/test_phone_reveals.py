"""Phase D on the players' own phones, told as a game night: at the Town Hall Red, Yellow and
Green turn their cards over at the same moment, each on their own phone, and Blue, alone in the
Castle, waits for them.

R-ROUND-D a: the players in a building reveal their cards, and the record takes the reveals in
slot order, which decides ties on the tracks. The phones reveal in any order: a reveal made
before the slots ahead of it have revealed is held (durably, through the session and the
store) and recorded as soon as its turn comes. The game is the real one (the engine's events
through a real Session and store); the phones reach it through the real routes.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from support.own_store import OwnStore
from support.phones import TableNight, hub_for, stored_night
from support.sessions import game_state, logged_events
from support.special_rounds import SETUP

from companion.phones.hub import Hub
from companion.phones.routes import phone_app
from companion.phones.seats import SeatRegistry
from companion.phones.texts import texts
from companion.rules import events as ev
from companion.rules.catalog import Building
from companion.store.db import GameStore
from companion.store.session import Session, StepPassed

RED, YELLOW, GREEN, BLUE = 0, 1, 2, 3
TOWN_HALL, CASTLE = 0, 1
"""The row's places: the Town Hall (Red 2 cards, Yellow 1, Green 3, in that slot order) and
the Castle (Blue, 1 card)."""


class Night(OwnStore):
    """Four players at the table, every special in play, the first round at its reveals."""

    def __init__(self, data_dir: Path, row: tuple[Building, ...] = (
            Building.TOWN_HALL, Building.CASTLE, Building.RAT_CATCHERS_HUT),
            entries: tuple[ev.Entered, ...] = (
            ev.Entered(RED, TOWN_HALL, 2), ev.Entered(YELLOW, TOWN_HALL, 1),
            ev.Entered(GREEN, TOWN_HALL, 3), ev.Entered(BLUE, CASTLE, 1))) -> None:
        self.data_dir = data_dir
        self.registry = SeatRegistry()
        self.store = GameStore.open(data_dir)
        self.session = Session.start(self.store, ev.GameStarted(SETUP))
        for event in (ev.BuildingsRevealed(row), ev.SupplyDone(), *entries):
            self.session.submit(event)
        self.hub = Hub(registry=self.registry, open_session=self.open_session,
                       base_url="http://192.168.1.20:8550")
        self.app = phone_app(self.hub)

    def open_session(self, game_id: str) -> Session | None:
        return self.session if game_id == self.session.game_id else None

    def restart(self) -> None:
        """The server stops in the middle of the building and starts again: a new Session on
        the same games file, the phones' seats kept (their cookies still work)."""
        game_id = self.session.game_id
        self.store.close()
        self.store = GameStore.open(self.data_dir)
        self.session = Session.resume(self.store, game_id)

    def phone(self, seat: int, language: str = "en") -> TestClient:
        client = TestClient(self.app, base_url="http://table.local:8550",
                            headers={"Accept-Language": language})
        token = self.registry.issue_token(self.session.game_id, seat)
        assert client.post("/phone/api/join", json={"token": token}).status_code == 200
        return client

    @property
    def reveals(self) -> list[tuple[int, int, int]]:
        """The reveals recorded, in the order of the record: (player, building, other)."""
        return [(e.player, e.building, e.other) for e in logged_events(self.session)
                if isinstance(e, ev.Revealed)]


night = stored_night(Night)


def reveal_of(phone: TestClient) -> Any:
    return phone.get("/phone/api/state").json()["view"]["reveal"]


def reveal(phone: TestClient, step: dict[str, int] | None = None, **cards: int) -> Any:
    return phone.post("/phone/api/reveal", json={"step": step or reveal_of(phone)["step"],
                                                 **cards})


def test_each_phone_sees_the_building_under_way_and_whom_it_waits_for(night) -> None:
    red, blue = night.phone(RED), night.phone(BLUE)
    mine = reveal_of(red)
    assert (mine["building"], mine["estate"], mine["declared"], mine["yours"]) == (
        "town_hall", "bourgeoisie", 2, True)
    assert [(e["player"], e["slot"], e["declared"]) for e in mine["entrants"]] == [
        (RED, 1, 2), (YELLOW, 2, 1), (GREEN, 3, 3)]
    assert mine["waiting"] == [RED, YELLOW, GREEN]
    assert mine["specials"] == ["sword", "flute"]
    theirs = reveal_of(blue)  # Blue is in the Castle: nothing to reveal at the Town Hall
    assert (theirs["declared"], theirs["yours"]) == (0, False)
    assert theirs["waiting"] == [RED, YELLOW, GREEN]


def test_reveals_from_the_phones_out_of_slot_order_are_recorded_in_slot_order(night) -> None:
    # R-ROUND-D a: Green and Yellow are quicker than Red; their reveals wait for hers, and the
    # record takes all three in slot order the moment she reveals.
    red, yellow, green = (night.phone(seat) for seat in (RED, YELLOW, GREEN))
    taken = reveal(green, matching=1, other=2)
    assert taken.status_code == 200, taken.text
    assert taken.json()["view"]["reveal"]["yours"] is False
    assert reveal(yellow, matching=1).status_code == 200
    assert night.reveals == []
    assert night.session.held_reveals().keys() == {YELLOW, GREEN}
    assert reveal_of(red)["waiting"] == [RED]
    assert reveal(red, matching=2).status_code == 200
    assert night.reveals == [(RED, TOWN_HALL, 0), (YELLOW, TOWN_HALL, 0),
                             (GREEN, TOWN_HALL, 2)]
    assert night.session.held_reveals() == {}
    state = game_state(night.session)
    assert state.record.reveals[GREEN] is not None and state.rats[GREEN] == 12
    # the Town Hall is revealed: the next building's reveal is Blue's, on her phone
    blue = night.phone(BLUE)
    assert reveal_of(blue)["building"] == "castle" and reveal_of(blue)["yours"] is True


def test_the_table_steps_in_for_red_and_the_held_reveals_follow(night) -> None:
    yellow, green = night.phone(YELLOW), night.phone(GREEN)
    assert reveal(green, matching=3).status_code == 200
    assert reveal(yellow, jokers=1).status_code == 200
    view = night.session.decision_view().view
    night.session.decide([ev.Revealed(RED, TOWN_HALL, 2, 0)], made_for=view.step_id)
    assert night.reveals == [(RED, TOWN_HALL, 0), (YELLOW, TOWN_HALL, 0),
                             (GREEN, TOWN_HALL, 0)]


def test_a_restart_in_the_middle_of_the_building_keeps_the_reveals_made(night) -> None:
    yellow, green = night.phone(YELLOW), night.phone(GREEN)
    assert reveal(green, matching=1, other=2).status_code == 200
    assert reveal(yellow, matching=1).status_code == 200
    night.restart()
    assert night.session.held_reveals().keys() == {YELLOW, GREEN}
    assert reveal_of(yellow)["yours"] is False  # the same phone, back after the restart
    red = night.phone(RED)
    assert reveal(red, matching=1, other=1).status_code == 200
    assert night.reveals == [(RED, TOWN_HALL, 1), (YELLOW, TOWN_HALL, 0),
                             (GREEN, TOWN_HALL, 2)]
    night.restart()
    assert night.session.held_reveals() == {}
    assert night.reveals == [(RED, TOWN_HALL, 1), (YELLOW, TOWN_HALL, 0),
                             (GREEN, TOWN_HALL, 2)]


def test_the_teachings_settings_written_meanwhile_keep_the_held_reveals(night) -> None:
    green = night.phone(GREEN)
    assert reveal(green, matching=3).status_code == 200
    night.session.save_settings({**night.session.settings(), "teaching": {"shown": ["x"]}})
    night.restart()
    assert night.session.held_reveals().keys() == {GREEN}
    assert night.session.settings() == {"teaching": {"shown": ["x"]}}


def test_an_undo_back_into_the_entries_and_its_redo_keep_the_held_reveals(night) -> None:
    # The table takes Blue's entry back and puts it back: Green's reveal, made meanwhile on
    # her phone, still waits for Red's and Yellow's.
    green = night.phone(GREEN)
    assert reveal(green, other=3).status_code == 200
    night.session.undo()
    assert game_state(night.session).phase.value == "C"
    night.session.redo()
    assert night.session.held_reveals().keys() == {GREEN}
    for event in (ev.Revealed(RED, TOWN_HALL, 2, 0), ev.Revealed(YELLOW, TOWN_HALL, 1, 0)):
        night.session.decide([event], made_for=night.session.decision_view().view.step_id)
    assert night.reveals == [(RED, TOWN_HALL, 0), (YELLOW, TOWN_HALL, 0),
                             (GREEN, TOWN_HALL, 3)]


def test_a_held_reveal_goes_when_its_player_enters_elsewhere(night) -> None:
    green = night.phone(GREEN)
    assert reveal(green, other=3).status_code == 200
    night.session.undo()  # Blue's entry
    night.session.undo()  # Green's entry: she enters the Castle instead
    assert night.session.held_reveals().keys() == {GREEN}
    night.session.submit(ev.Entered(GREEN, CASTLE, 3))
    assert night.session.held_reveals() == {}


def test_the_phone_first_then_the_table_for_the_same_reveal(night) -> None:
    red = night.phone(RED)
    drawn_at_the_table = night.session.decision_view().view.step_id
    assert reveal(red, matching=2).status_code == 200
    with pytest.raises(StepPassed) as refused:
        night.session.decide([ev.Revealed(RED, TOWN_HALL, 0, 2)], made_for=drawn_at_the_table)
    assert refused.value.made_for.actor == RED
    assert night.reveals == [(RED, TOWN_HALL, 0)]


def test_the_table_first_then_the_phone_for_the_same_reveal(night) -> None:
    red = night.phone(RED)
    drawn = reveal_of(red)["step"]
    view = night.session.decision_view().view
    night.session.decide([ev.Revealed(RED, TOWN_HALL, 2, 0)], made_for=view.step_id)
    stored = len(logged_events(night.session))
    answer = reveal(red, step=drawn, other=2)
    assert answer.status_code == 409
    assert answer.json() == {"error": "reveal_passed",
                             "message": "You have already revealed here: nothing more was "
                                        "recorded."}
    assert len(logged_events(night.session)) == stored
    assert answer.status_code == 409 and reveal_of(red)["yours"] is False  # a fresh screen


def test_a_phone_that_revealed_ahead_cannot_reveal_again(night) -> None:
    green = night.phone(GREEN, language="de")
    drawn = reveal_of(green)["step"]
    assert reveal(green, step=drawn, matching=3).status_code == 200
    again = reveal(green, step=drawn, other=3)
    assert (again.status_code, again.json()["error"]) == (409, "reveal_passed")
    assert again.json()["message"] == str(texts("de")["e.reveal_passed"])
    assert night.session.held_reveals().keys() == {GREEN}


def test_a_phone_cannot_reveal_for_another_seat(night) -> None:
    green = night.phone(GREEN)
    step = {**reveal_of(green)["step"], "actor": RED}
    answer = reveal(green, step=step, matching=2)
    assert (answer.status_code, answer.json()["error"]) == (403, "not_your_seat")
    forged = green.post("/phone/api/reveal", json={"step": reveal_of(green)["step"],
                                                   "matching": 3, "player": RED})
    assert forged.status_code == 200 and night.session.held_reveals().keys() == {GREEN}
    assert night.reveals == []


def test_a_phone_cannot_reveal_at_another_building(night) -> None:
    blue = night.phone(BLUE)
    step = {**reveal_of(blue)["step"], "building": CASTLE}  # the Castle's turn has not come
    answer = reveal(blue, step=step, matching=1)
    assert (answer.status_code, answer.json()["error"]) == (409, "other_building")
    assert night.session.held_reveals() == {} and night.reveals == []


def test_a_player_with_no_cards_here_reveals_nothing(night) -> None:
    blue = night.phone(BLUE)
    answer = reveal(blue)
    assert (answer.status_code, answer.json()["error"]) == (409, "nothing_to_reveal")
    assert night.session.held_reveals() == {}


def test_the_rules_refuse_a_reveal_that_is_not_what_was_declared(night) -> None:
    # R-ROUND-D a: Green declared 3 cards; a reveal of 2 is refused now, not at her turn.
    green = night.phone(GREEN)
    answer = reveal(green, matching=2)
    assert (answer.status_code, answer.json()["error"]) == (409, "refused")
    assert answer.json()["rule"] == "R-ROUND-D"
    assert night.session.held_reveals() == {}


def test_no_reveal_once_the_building_is_revealed_or_outside_the_reveals(night) -> None:
    red, blue = night.phone(RED), night.phone(BLUE)
    at_the_town_hall = reveal_of(red)["step"]
    for event in (ev.Revealed(RED, TOWN_HALL, 2, 0), ev.Revealed(YELLOW, TOWN_HALL, 1, 0),
                  ev.Revealed(GREEN, TOWN_HALL, 3, 0)):
        night.session.decide([event], made_for=night.session.decision_view().view.step_id)
    answer = reveal(red, step=at_the_town_hall, matching=2)
    assert (answer.status_code, answer.json()["error"]) == (409, "reveal_passed")
    castle = reveal_of(blue)["step"]
    assert castle["building"] == CASTLE
    assert reveal(blue, step=castle, matching=1).status_code == 200
    late = reveal(blue, step=castle, matching=1)
    assert (late.status_code, late.json()["error"]) == (409, "reveal_passed")
    assert reveal_of(blue) is None  # the Castle revealed: its actions, no reveal now
    nothing = reveal(red, step={**castle, "actor": RED}, matching=1)
    assert (nothing.status_code, nothing.json()["error"]) == (409, "no_reveals")


def test_reveals_wait_for_the_hospitals_discards_entered_at_the_table(tmp_path) -> None:
    # R-ROUND-D b: the Hospital's discards are entered at the table and recorded with the
    # next building's first reveal; a phone's reveal there waits for the table's tap, which
    # records it (the phone was first) with the discards.
    with Night(tmp_path, row=(Building.HOSPITAL, Building.CASTLE, Building.RAT_CATCHERS_HUT),
               entries=(ev.Entered(RED, 0, 1), ev.Entered(YELLOW, CASTLE, 1),
                        ev.Entered(GREEN, CASTLE, 2), ev.Entered(BLUE, CASTLE, 1))) as night:
        session = night.session
        session.decide([ev.Revealed(RED, 0, 1, 0)],
                       made_for=session.decision_view().view.step_id)
        yellow, green = night.phone(YELLOW), night.phone(GREEN)
        assert reveal_of(yellow)["yours"] is True
        assert reveal(yellow, matching=1).status_code == 200
        assert reveal(green, matching=1, other=1).status_code == 200
        assert night.reveals == [(RED, 0, 0)]
        assert session.held_reveals().keys() == {YELLOW, GREEN}
        drawn = session.decision_view({(0, RED): 2}).view.step_id
        with pytest.raises(StepPassed):
            session.decide([ev.Revealed(YELLOW, CASTLE, 0, 1)], {(0, RED): 2}, made_for=drawn)
        events = logged_events(session)
        assert ev.HospitalDiscarded(0, RED, 2) in events
        assert night.reveals == [(RED, 0, 0), (YELLOW, CASTLE, 0), (GREEN, CASTLE, 1)]
        assert reveal_of(night.phone(BLUE))["waiting"] == [BLUE]


@pytest.mark.parametrize("body", [
    {"matching": 1},
    {"step": {"round": 1, "turn": 4, "building": 0, "actor": 2, "at": 9}, "matching": "1"},
    {"step": {"round": 1, "turn": 4, "building": 0, "actor": 2, "at": 9}, "other": -1},
    {"step": {"round": 1, "turn": 4, "building": 99, "actor": 2, "at": 9}, "matching": 1},
    {"step": {"round": 0, "turn": 4, "building": 0, "actor": 2, "at": 9}, "matching": 1},
])
def test_a_malformed_reveal_is_a_clear_422(night, body) -> None:
    green = night.phone(GREEN)
    answer = green.post("/phone/api/reveal", json=body)
    assert (answer.status_code, answer.json()["error"]) == (422, "bad_value")
    assert night.session.held_reveals() == {}


def test_a_reveal_needs_the_phones_own_cookie_and_a_small_body(night) -> None:
    stranger = TestClient(night.app, base_url="http://table.local:8550")
    step = {"round": 1, "turn": 4, "building": 0, "actor": 2, "at": 9}
    assert stranger.post("/phone/api/reveal", json={"step": step}).status_code == 401
    green = night.phone(GREEN)
    huge = green.post("/phone/api/reveal", content=b'{"pad":"' + b"x" * 20_000 + b'"}',
                      headers={"Content-Type": "application/json"})
    assert huge.status_code == 413


def test_no_reveal_once_the_game_is_scored(tmp_path: Path) -> None:
    # R-SCORE-6: after the scoring nothing a phone sends is stored.
    with TableNight(tmp_path, players=3) as night:
        hub = hub_for(night)
        green = TestClient(phone_app(hub), base_url="http://table.local:8550")
        token = hub.registry.issue_token(night.game_id, GREEN)
        assert green.post("/phone/api/join", json={"token": token}).status_code == 200
        night.play_to_the_end()
        for seat in range(3):
            night.session.submit(ev.EndValuesEntered(seat, hand=seat + 1))
        night.session.submit(ev.NunsCounted(20))
        stored = len(night.events)
        step = {"round": 1, "turn": 3, "building": 0, "actor": GREEN, "at": 6}
        answer = reveal(green, step=step, matching=1)
        assert (answer.status_code, answer.json()["error"]) == (409, "game_scored")
        assert len(night.events) == stored
