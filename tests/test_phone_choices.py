"""Choices on the players' own phones, told as a game night: Red and Yellow discard hand cards
at the Hospital from their phones, and Yellow names who gives at a tie for fewest Swords,
racing the table; the table can always step in.

R-ROUND-D b: a Hospital's takers discard up to 3 (premium) or 2 (normal action) hand cards
for as many rats. R-SPECIAL-1: at a tie for fewest Swords the winner chooses who gives half
their hand. The game is the real one (a real Session and store, the engine's events); the
phones reach it through the real routes, each with its own seat's cookie.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from starlette.applications import Starlette
from starlette.testclient import TestClient
from support.own_store import OwnStore
from support.phones import stored_night
from support.sessions import game_state, logged_events
from support.special_rounds import AT_A_SWORD_TIE, AT_THE_HOSPITAL, SETUP

from companion.phones.hub import Hub
from companion.phones.routes import phone_app
from companion.phones.seats import SeatRegistry
from companion.rules import events as ev
from companion.rules.catalog import Building, Special
from companion.rules.decision import next_step
from companion.store.db import GameStore
from companion.store.session import Session, StepPassed

RED, YELLOW, GREEN, BLUE = 0, 1, 2, 3
HOSPITAL, CASTLE, FARM = Building.HOSPITAL, Building.CASTLE, Building.FARM


class Night(OwnStore):
    """Four players with every special in play and their own deck; the table's steps are
    the engine's events through the session, the phones' through the routes."""

    def __init__(self, data_dir: Path) -> None:
        self.store = GameStore.open(data_dir)
        self.session = Session.start(self.store, ev.GameStarted(SETUP))
        self.hub = Hub(registry=SeatRegistry(),
                       open_session={self.session.game_id: self.session}.get,
                       base_url="http://192.168.1.20:8550")
        self.app: Starlette = phone_app(self.hub)

    def play(self, *events: ev.Event) -> None:
        for event in events:
            self.session.submit(event)

    def phone(self, seat: int, language: str = "en") -> TestClient:
        client = TestClient(self.app, base_url="http://table.local:8550",
                            headers={"Accept-Language": language})
        token = self.hub.registry.issue_token(self.session.game_id, seat)
        assert client.post("/phone/api/join", json={"token": token}).status_code == 200
        return client

    def at_the_hospital(self) -> None:
        """Red (2 cards) and Yellow (1) in the Hospital, revealed: Red takes the premium
        (up to 3 hand cards), Yellow the normal action (up to 2)."""
        self.play(*AT_THE_HOSPITAL)

    def at_a_sword_tie(self) -> None:
        """Red, Yellow and Green in the Castle with one card each: Yellow's is a Sword, so
        Red and Green tie for the fewest and Yellow chooses who gives."""
        self.play(*AT_A_SWORD_TIE)

    @property
    def stored(self) -> list[Any]:
        return logged_events(self.session)


night = stored_night(Night)


def choice_of(phone: TestClient) -> Any:
    return phone.get("/phone/api/state").json()["view"]["choice"]


def choose(phone: TestClient, option: int, step: dict[str, Any] | None = None) -> Any:
    return phone.post("/phone/api/choice", json={
        "step": step or choice_of(phone)["step"], "option": option})


def test_red_and_yellow_choose_their_hospital_discards_on_their_phones(night) -> None:
    # R-ROUND-D b: each taker discards up to their action's limit; the others' phones show
    # who is still choosing, and the table's next tap records the Hospital's actions.
    night.at_the_hospital()
    red, yellow, green = (night.phone(seat) for seat in (RED, YELLOW, GREEN))
    mine = choice_of(red)
    assert (mine["kind"], mine["building"], mine["yours"]) == ("hospital", "hospital", True)
    assert mine["options"] == [0, 1, 2, 3]  # the premium: up to 3
    assert choice_of(yellow)["options"] == [0, 1, 2]  # the normal action: up to 2
    watching = choice_of(green)
    assert watching["yours"] is False and watching["choosers"] == [RED, YELLOW]
    assert "options" not in watching and "step" not in watching

    answer = choose(red, 2)
    assert answer.status_code == 200, answer.text
    assert night.stored[-1] == ev.HospitalDiscarded(0, RED, 2)
    assert answer.json()["view"]["choice"]["choosers"] == [YELLOW]
    assert choice_of(green)["choosers"] == [YELLOW]
    assert choose(yellow, 0).status_code == 200
    assert choice_of(green) is None  # nobody is choosing any more

    # the table's next tap (the next round's row) records the actions with the discards
    night.session.decide([ev.BuildingsRevealed((FARM, CASTLE, HOSPITAL))])
    stored = night.stored
    resolved = stored.index(ev.BuildingResolved(0))
    assert ev.HospitalDiscarded(0, RED, 2) in stored[:resolved]
    assert game_state(night.session).rats[RED] == 10 - 1 - 2  # the premium's rat, 2 cards


def test_a_second_tap_on_the_same_hospital_choice_is_refused_as_already_chosen(night) -> None:
    night.at_the_hospital()
    red = night.phone(RED, language="de")
    drawn = choice_of(red)["step"]
    assert choose(red, 1, drawn).status_code == 200
    stored = len(night.stored)
    again = choose(red, 3, drawn)
    assert again.status_code == 409
    assert again.json() == {"error": "already_chosen",
                            "message": "Schon gewählt: Deine Wahl ist erfasst."}
    assert len(night.stored) == stored
    assert night.stored[-1] == ev.HospitalDiscarded(0, RED, 1)


def test_the_table_steps_in_and_a_late_phone_is_told_the_choice_is_made(night) -> None:
    # The table taps on before Yellow's phone chose: the Hospital's actions are recorded
    # with what the table entered, and Yellow's late tap stores nothing.
    night.at_the_hospital()
    yellow = night.phone(YELLOW)
    drawn = choice_of(yellow)["step"]
    night.session.decide([ev.BuildingsRevealed((FARM, CASTLE, HOSPITAL))],
                         discards={(0, YELLOW): 1})
    stored = len(night.stored)
    late = choose(yellow, 2, drawn)
    assert (late.status_code, late.json()["error"]) == (409, "already_chosen")
    assert len(night.stored) == stored
    assert ev.HospitalDiscarded(0, YELLOW, 1) in night.stored


def test_the_phones_choice_stands_unless_the_table_enters_another(night) -> None:
    # A discard chosen on a phone is recorded at once; the table's next tap keeps it unless
    # the table's own stepper says otherwise, 0 too (the table can always step in).
    night.at_the_hospital()
    assert choose(night.phone(RED), 3).status_code == 200
    state = game_state(night.session)
    kept = next_step(state, {}).events({})
    assert not any(isinstance(e, ev.HospitalDiscarded) for e in kept)
    assert next_step(state, {(0, RED): 3}).events({(0, RED): 3}) == kept
    taken_back = next_step(state, {(0, RED): 0}).events({(0, RED): 0})
    assert taken_back[0] == ev.HospitalDiscarded(0, RED, 0)


def test_yellow_names_the_giver_at_a_sword_tie_on_her_phone(night) -> None:
    # R-SPECIAL-1: Red and Green tie for the fewest Swords; Yellow, who played the most,
    # chooses who gives her half their hand.
    night.at_a_sword_tie()
    yellow, red = night.phone(YELLOW), night.phone(RED)
    mine = choice_of(yellow)
    assert (mine["kind"], mine["yours"], mine["options"]) == ("sword", True, [RED, GREEN])
    assert choice_of(red) == {"kind": "sword", "building": "castle", "choosers": [YELLOW],
                              "names": ["Red", "Yellow", "Green", "Blue"], "yours": False}
    assert choose(yellow, GREEN).status_code == 200
    assert night.stored[-1] == ev.SpecialTargetChosen(0, Special.SWORD, GREEN)
    assert choice_of(yellow) is None


def test_the_table_chose_first_and_yellows_phone_is_refused(night) -> None:
    # Two inputs for one choice: the table's tap is stored, the phone's second is refused
    # with the chooser's name and a fresh screen (R-SPECIAL-1).
    night.at_a_sword_tie()
    yellow = night.phone(YELLOW)
    drawn = choice_of(yellow)["step"]
    view = night.session.decision_view().view
    night.session.decide([ev.SpecialTargetChosen(0, Special.SWORD, RED)],
                         made_for=view.step_id)
    stored = len(night.stored)
    late = choose(yellow, GREEN, drawn)
    assert late.status_code == 409
    assert late.json() == {"error": "already_chosen",
                           "message": "Already chosen: your choice is recorded."}
    assert len(night.stored) == stored
    assert choice_of(yellow) is None  # a fresh screen: the choice is gone


def test_the_phone_chose_first_and_the_tables_tap_is_refused(night) -> None:
    night.at_a_sword_tie()
    drawn_at_the_table = night.session.decision_view().view.step_id
    assert choose(night.phone(YELLOW), RED).status_code == 200
    with pytest.raises(StepPassed):
        night.session.decide([ev.SpecialTargetChosen(0, Special.SWORD, GREEN)],
                             made_for=drawn_at_the_table)
    assert [e for e in night.stored if isinstance(e, ev.SpecialTargetChosen)] == [
        ev.SpecialTargetChosen(0, Special.SWORD, RED)]


def test_only_the_choosers_phone_chooses(night) -> None:
    night.at_a_sword_tie()
    red = night.phone(RED)
    step = night.phone(YELLOW).get("/phone/api/state").json()["view"]["choice"]["step"]
    answer = choose(red, GREEN, step)  # Yellow's choice, sent from Red's phone
    assert (answer.status_code, answer.json()["error"]) == (403, "not_your_seat")
    forged = red.post("/phone/api/choice", json={"step": {**step, "actor": RED},
                                                 "option": GREEN})
    assert (forged.status_code, forged.json()["error"]) == (409, "no_choice")
    assert not any(isinstance(e, ev.SpecialTargetChosen) for e in night.stored)


def test_the_rules_refuse_naming_a_player_outside_the_tie(night) -> None:
    # R-SPECIAL-1: only a player tied for the fewest can be named.
    night.at_a_sword_tie()
    answer = choose(night.phone(YELLOW), BLUE)
    assert (answer.status_code, answer.json()["error"]) == (409, "refused")
    assert answer.json()["rule"] == "R-SPECIAL-1"
    assert "Red" in answer.json()["message"]
    assert not any(isinstance(e, ev.SpecialTargetChosen) for e in night.stored)


def test_the_rules_refuse_more_hand_cards_than_the_action_allows(night) -> None:
    night.at_the_hospital()
    answer = choose(night.phone(YELLOW), 3)  # the normal action discards up to 2
    assert (answer.status_code, answer.json()["error"]) == (409, "refused")
    assert answer.json()["rule"] == "R-ROUND-D"
    assert not any(isinstance(e, ev.HospitalDiscarded) for e in night.stored)


@pytest.mark.parametrize("change", [
    {"prompt": "enter"}, {"building": 99}, {"actor": 9}, {"round": 0}])
def test_a_malformed_choice_is_a_clear_422(night, change) -> None:
    night.at_a_sword_tie()
    yellow = night.phone(YELLOW)
    answer = choose(yellow, RED, {**choice_of(yellow)["step"], **change})
    assert (answer.status_code, answer.json()["error"]) == (422, "bad_value")
    assert choice_of(yellow) is not None


def test_no_choice_after_the_scoring(night) -> None:
    # R-SCORE-6: once the game is scored nothing a phone sends is stored.
    night.at_a_sword_tie()
    yellow = night.phone(YELLOW)
    drawn = choice_of(yellow)["step"]
    session = night.session
    session.submit(ev.SpecialTargetChosen(0, Special.SWORD, RED))
    rows = ((FARM, Building.TOWN_HALL, Building.TREASURY),
            (CASTLE, Building.RAT_CATCHERS_HUT, HOSPITAL))
    while game_state(session).phase.value not in ("END", "FINISHED"):
        step = session.decision_view().view.step
        if step.prompt.value == "reveal_buildings":
            session.decide([ev.BuildingsRevealed(rows[step.round % 2])])
        elif step.prompt.value == "enter":
            session.decide([ev.Entered(step.actor, 1, 0)])
        else:
            session.decide([ev.RoundEnded()])
    for seat in range(4):
        session.submit(ev.EndValuesEntered(seat, hand=1))
    session.submit(ev.NunsCounted(20))
    stored = len(night.stored)
    answer = choose(yellow, GREEN, drawn)
    assert (answer.status_code, answer.json()["error"]) == (409, "game_scored")
    assert len(night.stored) == stored


def test_the_choice_tells_nobody_anything_of_anyone_elses_rats(night) -> None:
    # R-SETUP-1: the choice is public (as on the table) but for the chooser's own options.
    night.at_the_hospital()
    choices = [choice_of(night.phone(seat)) for seat in (GREEN, BLUE)]
    assert choices[0] == choices[1]
    assert set(choices[0]) == {"kind", "building", "choosers", "names", "yours"}
