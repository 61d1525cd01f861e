"""A player takes back their own reveal or choice on their phone, told as a game night: at the
Town Hall Red taps the wrong count and takes her reveal back; Green, quicker than the slots
before hers, takes back a reveal still held for its slot, and a restart does not bring it
back; at the Castle Yellow names the wrong player at a tie for fewest Swords and takes it
back; at the Hospital Red takes back her discard. Once anyone's next input is in, the
take-back is refused with its reason and nothing changes; every phone says what was taken
back.

R-ROUND-D a: the players in a building reveal their cards, recorded in slot order.
R-SPECIAL-1: at a tie for fewest Swords the winner chooses who gives half their hand.
R-ROUND-D b: a Hospital's takers discard up to 3 (premium) or 2 hand cards. The game is the
real one (the engine's events through a real Session and store); the phones reach it through
the real routes, and take back through the one take-back route.
"""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient
from support.phones import stored_night
from test_phone_choices import Night as ChoiceNight
from test_phone_choices import choose
from test_phone_reveals import Night as RevealNight
from test_phone_reveals import reveal, reveal_of

from companion.phones.entering import enter_at_table
from companion.phones.texts import texts
from companion.rules import events as ev
from companion.rules.catalog import Special

RED, YELLOW, GREEN, BLUE = range(4)
TOWN_HALL, CASTLE = 0, 1


reveals = stored_night(RevealNight)


choices = stored_night(ChoiceNight)


def own_of(phone: TestClient) -> Any:
    return phone.get("/phone/api/state").json()["own_step"]


def undone_on(phone: TestClient) -> Any:
    return phone.get("/phone/api/state").json()["undone"]


def take_back(phone: TestClient, own: dict[str, Any]) -> Any:
    """The phone's take-back button: it sends back the input it was drawn for."""
    return phone.post("/phone/api/entry/undo",
                      json={"round": own["round"], "turn": own["turn"], "at": own["at"]})


def refused_closed(answer: Any, language: str = "en") -> None:
    """The take-back refused, said to the player on their own phone ("…after your input")."""
    assert answer.status_code == 409, answer.text
    assert answer.json() == {"error": "own_step_closed",
                             "message": texts(language)["e.own_step_closed"]}


def test_red_takes_back_her_recorded_reveal_and_reveals_again(reveals) -> None:
    red, yellow = reveals.phone(RED), reveals.phone(YELLOW)
    assert own_of(red) is None
    assert reveal(red, matching=0, other=2).status_code == 200  # she meant 2 of the class
    assert reveals.reveals == [(RED, TOWN_HALL, 2)]
    own = own_of(red)
    assert own == {"round": 1, "turn": 3, "at": reveals.session.table_view().game_events,
                   "kind": "reveal", "player": "Red", "building": "town_hall"}
    assert own_of(yellow) is None  # not Yellow's input

    answer = take_back(red, own)
    assert answer.status_code == 200, answer.text
    assert reveals.reveals == []
    assert answer.json()["view"]["reveal"]["yours"] is True  # her reveal, drawn afresh
    said = {"by": "Red", "redone": False, "kind": "reveal", "player": "Red",
            "building": "town_hall"}
    assert undone_on(yellow) == {**said, "line": "u.phone", "step": "s.reveal"}
    assert undone_on(red) == {**said, "line": "u.own.reveal", "step": "s.step"}  # to her

    assert reveal(red, matching=2).status_code == 200
    assert reveals.reveals == [(RED, TOWN_HALL, 0)]
    assert undone_on(yellow) is None  # said until the next step


def test_green_takes_back_a_reveal_held_for_her_slot_and_a_restart_keeps_it_gone(
        reveals) -> None:
    # R-ROUND-D a: Green's slot comes after Red's and Yellow's: her reveal is held.
    green, blue = reveals.phone(GREEN), reveals.phone(BLUE)
    assert reveal(green, matching=3).status_code == 200
    assert reveals.session.held_reveals().keys() == {GREEN}
    own = own_of(green)
    assert (own["kind"], own["player"], own["building"]) == ("reveal", "Green", "town_hall")

    answer = take_back(green, own)
    assert answer.status_code == 200, answer.text
    assert reveals.session.held_reveals() == {}
    assert answer.json()["view"]["reveal"]["yours"] is True
    assert undone_on(blue) == {"by": "Green", "redone": False, "kind": "reveal",
                               "player": "Green", "building": "town_hall",
                               "line": "u.phone", "step": "s.reveal"}
    assert reveals.reveals == []

    reveals.restart()  # the server stops and starts again: the held reveal stays gone
    assert reveals.session.held_reveals() == {}
    assert reveal_of(green)["yours"] is True
    assert reveal(green, matching=1, other=2).status_code == 200
    assert reveals.session.held_reveals()[GREEN] == ev.Revealed(GREEN, TOWN_HALL, 1, 2)
    reveals.restart()
    assert reveals.session.held_reveals()[GREEN] == ev.Revealed(GREEN, TOWN_HALL, 1, 2)


def test_a_held_reveal_is_not_taken_back_once_another_came_after_it(reveals) -> None:
    green, yellow = reveals.phone(GREEN, language="de"), reveals.phone(YELLOW)
    assert reveal(green, matching=3).status_code == 200
    own = own_of(green)
    assert reveal(yellow, matching=1).status_code == 200  # the next input, held too
    assert own_of(green) is None
    assert own_of(yellow)["kind"] == "reveal"
    refused_closed(take_back(green, own), language="de")
    assert reveals.session.held_reveals().keys() == {YELLOW, GREEN}


def test_a_recorded_reveal_is_not_taken_back_once_a_reveal_was_held_after_it(
        reveals) -> None:
    red, green = reveals.phone(RED), reveals.phone(GREEN)
    assert reveal(red, matching=2).status_code == 200
    own = own_of(red)
    assert reveal(green, matching=3).status_code == 200  # held after Red's: an input after
    assert own_of(red) is None
    refused_closed(take_back(red, own))
    assert reveals.reveals == [(RED, TOWN_HALL, 0)]
    assert reveals.session.held_reveals().keys() == {GREEN}


def test_yellow_takes_back_her_choice_at_the_sword_tie(choices) -> None:
    # R-SPECIAL-1: Yellow played the only Sword; Red and Green tie for the fewest.
    choices.at_a_sword_tie()
    yellow, green = choices.phone(YELLOW), choices.phone(GREEN)
    assert choose(yellow, GREEN).status_code == 200  # she meant Red
    assert choices.stored[-1] == ev.SpecialTargetChosen(0, Special.SWORD, GREEN)
    assert own_of(green) is None  # named in it, but the choice is Yellow's
    own = own_of(yellow)
    assert (own["kind"], own["building"], own["named"]) == ("choice", "castle", "Green")

    answer = take_back(yellow, own)
    assert answer.status_code == 200, answer.text
    assert ev.SpecialTargetChosen(0, Special.SWORD, GREEN) not in choices.stored
    assert answer.json()["view"]["choice"]["yours"] is True
    assert undone_on(green) == {"by": "Yellow", "redone": False, "kind": "choice",
                                "building": "castle", "named": "Green",
                                "line": "u.phone", "step": "s.choice"}
    assert choose(yellow, RED).status_code == 200
    assert choices.stored[-1] == ev.SpecialTargetChosen(0, Special.SWORD, RED)


def test_red_takes_back_her_hospital_discard_until_yellow_chooses(choices) -> None:
    # R-ROUND-D b: Red takes the premium (up to 3 hand cards), Yellow the normal action.
    choices.at_the_hospital()
    red, yellow = choices.phone(RED), choices.phone(YELLOW)
    assert choose(red, 3).status_code == 200  # she meant 1
    own = own_of(red)
    assert own == {"round": 1, "turn": 3, "at": choices.session.table_view().game_events,
                   "kind": "discard", "player": "Red", "building": "hospital", "cards": 3}
    answer = take_back(red, own)
    assert answer.status_code == 200, answer.text
    assert ev.HospitalDiscarded(0, RED, 3) not in choices.stored
    assert answer.json()["view"]["choice"]["options"] == [0, 1, 2, 3]
    assert undone_on(yellow)["kind"] == "discard"

    assert choose(red, 1).status_code == 200
    own = own_of(red)
    assert choose(yellow, 2).status_code == 200  # the next input
    assert own_of(red) is None
    stored = list(choices.stored)
    refused_closed(take_back(red, own))
    assert choices.stored == stored
    assert own_of(yellow)["kind"] == "discard"  # Yellow's is the last: hers to take back


def test_a_switched_seat_takes_back_no_reveal_from_its_phone(reveals) -> None:
    red = reveals.phone(RED)
    assert reveal(red, matching=2).status_code == 200
    own = own_of(red)
    enter_at_table(reveals.session, RED, True)
    answer = take_back(red, own)
    assert (answer.status_code, answer.json()["error"]) == (409, "entered_at_table")
    assert reveals.reveals == [(RED, TOWN_HALL, 0)]


@pytest.mark.parametrize("language", ["en", "de", "fr", "nl"])
def test_the_ledgers_undo_and_a_steps_take_back_each_say_what_they_touch(language) -> None:
    # The phone shows both at once: the rats ledger's undo names the rats ("My rats" is the
    # page's title), each take-back names its step, and none reads like the other.
    words = texts(language)
    rats = str(words["title"]).split()[-1]
    assert rats in str(words["undo"])
    steps = {key: str(words[key]) for key in words if key.startswith("own.")}
    assert set(steps) == {"own.entry", "own.pass", "own.reveal", "own.discard", "own.choice"}
    assert len(set(steps.values())) == len(steps)
    for key, said in steps.items():
        assert rats not in said and said != words["undo"]
        assert key == "own.pass" or "{building}" in said
