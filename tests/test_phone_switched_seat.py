"""A seat switched to "entered at the table" acts on nothing from its phone, told as a game
night: Yellow's phone lies face down under a coaster, so the table enters for Yellow. Her phone
still shows the game, but her reveal at the Town Hall, her choice at a tie for fewest Swords,
her Hospital discard and her end values are all the table's now: each tap her phone sends is
refused with the same reason (`entered_at_table`) and nothing is stored, and switched back she
reveals and chooses on it again.

R-ROUND-D a (the reveals), R-SPECIAL-1 (the winner of a tie for fewest Swords chooses who
gives), R-ROUND-D b (a Hospital's takers discard hand cards), R-SCORE-2 to 5 (the end
values). The game is the real one; the phones reach it through the real routes.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from support.phones import TableNight, hub_for, paired, stored_night
from test_phone_choices import Night as ChoiceNight
from test_phone_choices import choice_of, choose
from test_phone_reveals import Night as RevealNight
from test_phone_reveals import reveal, reveal_of

from companion.phones.entering import enter_at_table
from companion.phones.routes import phone_app
from companion.phones.texts import texts
from companion.rules import events as ev

RED, YELLOW, GREEN, BLUE = range(4)
TOWN_HALL = 0


def refused_at_table(answer: Any, language: str = "en") -> None:
    """The phone's input was refused because the table enters for its player."""
    assert answer.status_code == 409, answer.text
    assert answer.json() == {"error": "entered_at_table",
                             "message": texts(language)["e.entered_at_table"]}


reveals = stored_night(RevealNight)


choices = stored_night(ChoiceNight)


def test_yellows_reveal_from_her_switched_phone_is_refused_and_stores_nothing(
        reveals) -> None:
    # R-ROUND-D a: Red, Yellow and Green reveal at the Town Hall at the same moment.
    yellow = reveals.phone(YELLOW, language="de")
    drawn = reveal_of(yellow)["step"]
    enter_at_table(reveals.session, YELLOW, True)
    state = yellow.get("/phone/api/state").json()
    assert state["entered_at_table"] is True
    assert state["view"]["reveal"]["yours"] is True  # it shows what happens, at the table

    refused_at_table(reveal(yellow, drawn, matching=1), language="de")
    assert reveals.session.held_reveals() == {}  # not held for her slot either
    assert reveals.reveals == []

    enter_at_table(reveals.session, YELLOW, False)  # the phone is back in her hand
    assert reveal(yellow, drawn, matching=1).status_code == 200
    assert reveals.session.held_reveals().keys() == {YELLOW}


def test_a_reveal_at_her_turn_is_refused_too_and_the_table_reveals_for_her(reveals) -> None:
    red, yellow = reveals.phone(RED), reveals.phone(YELLOW)
    assert reveal(red, matching=2).status_code == 200  # Red's slot is first: recorded
    enter_at_table(reveals.session, YELLOW, True)
    refused_at_table(reveal(yellow, matching=1))
    assert reveals.reveals == [(RED, TOWN_HALL, 0)]
    step = reveals.session.decision_view().view.step_id
    reveals.session.decide([ev.Revealed(YELLOW, TOWN_HALL, 1, 0)], made_for=step)  # the table
    assert reveals.reveals == [(RED, TOWN_HALL, 0), (YELLOW, TOWN_HALL, 0)]


def test_yellows_sword_tie_choice_from_her_switched_phone_is_refused(choices) -> None:
    # R-SPECIAL-1: Yellow played the only Sword; Red and Green tie for the fewest.
    choices.at_a_sword_tie()
    yellow = choices.phone(YELLOW)
    drawn = choice_of(yellow)["step"]
    enter_at_table(choices.session, YELLOW, True)
    stored = len(choices.stored)
    refused_at_table(choose(yellow, GREEN, drawn))
    assert len(choices.stored) == stored
    enter_at_table(choices.session, YELLOW, False)
    assert choose(yellow, GREEN, drawn).status_code == 200


def test_reds_hospital_discard_from_her_switched_phone_is_refused(choices) -> None:
    # R-ROUND-D b: Red takes the Hospital's premium, up to 3 hand cards.
    choices.at_the_hospital()
    red, yellow = choices.phone(RED, language="fr"), choices.phone(YELLOW)
    enter_at_table(choices.session, RED, True)
    stored = len(choices.stored)
    refused_at_table(choose(red, 2), language="fr")
    assert len(choices.stored) == stored
    assert choose(yellow, 1).status_code == 200  # Yellow's phone still chooses for Yellow


def test_end_values_from_a_switched_phone_are_refused(tmp_path: Path) -> None:
    # R-SCORE-2 to 5: the table's end form takes Yellow's holdings.
    with TableNight(tmp_path, players=3) as night:
        hub = hub_for(night)
        app = phone_app(hub)
        yellow = paired(app, hub, night.game_id, YELLOW, language="nl")
        night.play_to_the_end()
        end = yellow.get("/phone/api/state").json()["end"]
        enter_at_table(night.session, YELLOW, True)
        stored = len(night.events)
        values = dict.fromkeys(end["fields"], 1)
        refused_at_table(yellow.post("/phone/api/end", json={"seen": None, "values": values}),
                         language="nl")
        assert len(night.events) == stored
        assert night.state.end_values[YELLOW] is None
