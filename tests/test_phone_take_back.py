"""A player takes back their own entry on their phone, told as a game night: Red taps the
wrong count on her phone and takes it back before anyone else enters; later Yellow enters
after her, and Red's second take-back is refused with the reason, while the table's undo and
redo still work and every phone says what was undone.

R-ROUND-C: in turn order each player enters a building with some cards face down. The game is
the real one (`support.phones.TableNight`); the phones reach it through the real routes.
"""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient
from support.phones import enter, entries, night_of, paired, state_of

from companion.phones.entering import enter_at_table

RED, YELLOW, GREEN = 0, 1, 2

night = night_of(3)


def take_back(phone: TestClient, own: dict[str, Any]) -> Any:
    return phone.post("/phone/api/entry/undo",
                      json={"round": own["round"], "turn": own["turn"], "at": own["at"]})


def test_red_takes_back_her_entry_before_anyone_else_enters(app, hub, night) -> None:
    red, yellow = (paired(app, hub, night.game_id, seat) for seat in (RED, YELLOW))
    assert state_of(red)["own_step"] is None  # nothing entered yet
    assert enter(red, building=1, cards=7).status_code == 200  # she meant 2
    own = state_of(red)["own_step"]
    building = night.state.record.row[1].value
    assert own == {"round": 1, "turn": 0, "at": night.session.table_view().game_events,
                   "kind": "entry", "player": "Red",
                   "building": building, "cards": 7}
    assert state_of(yellow)["own_step"] is None  # not Yellow's input

    answer = take_back(red, own)
    assert answer.status_code == 200, answer.text
    assert entries(night) == []
    assert answer.json()["view"]["turn"]["yours"] is True  # her turn again, drawn afresh
    said = {"by": "Red", "redone": False, "kind": "entry", "player": "Red",
            "building": building, "cards": 7}
    # every phone shows what was undone; Red's own says it to her
    assert state_of(yellow)["undone"] == {**said, "line": "u.phone", "step": "s.entry"}
    assert state_of(red)["undone"] == {**said, "line": "u.own.entry", "step": "s.step"}

    assert enter(red, building=1, cards=2).status_code == 200
    assert entries(night) == [(RED, 1, 2)]
    assert state_of(yellow)["undone"] is None  # said until the next step


def test_a_take_back_after_the_next_entry_is_refused_with_its_reason(app, hub, night) -> None:
    red = paired(app, hub, night.game_id, RED, language="de")
    yellow = paired(app, hub, night.game_id, YELLOW)
    assert enter(red, building=0, cards=3).status_code == 200
    own = state_of(red)["own_step"]
    assert enter(yellow, building=1, cards=1).status_code == 200  # the next input
    assert state_of(red)["own_step"] is None
    stored = len(night.events)

    refused = take_back(red, own)
    assert refused.status_code == 409
    assert refused.json()["error"] == "own_step_closed"
    assert refused.json()["message"] == (  # said to Red, on her own phone
        "Zu spät zum Zurücknehmen: Nach deiner Eingabe wurde schon etwas eingetragen. Der "
        "Tisch kann sie noch zurücknehmen.")
    assert len(night.events) == stored
    assert entries(night) == [(RED, 0, 3), (YELLOW, 1, 1)]


def test_a_second_take_back_of_the_same_entry_takes_nothing_more(app, hub, night) -> None:
    red, yellow = (paired(app, hub, night.game_id, seat) for seat in (RED, YELLOW))
    assert enter(red, building=0, cards=1).status_code == 200
    assert enter(yellow, building=0, cards=2).status_code == 200
    own = state_of(yellow)["own_step"]
    assert take_back(yellow, own).status_code == 200
    again = take_back(yellow, own)  # the same tap arriving twice
    assert (again.status_code, again.json()["error"]) == (409, "own_step_closed")
    assert entries(night) == [(RED, 0, 1)]  # Red's entry was not Yellow's to take back


def test_the_tables_undo_and_redo_work_as_before_and_every_phone_says_so(app, hub,
                                                                         night) -> None:
    red, yellow, green = (paired(app, hub, night.game_id, seat)
                          for seat in (RED, YELLOW, GREEN))
    assert enter(red, building=0, cards=1).status_code == 200
    assert take_back(red, state_of(red)["own_step"]).status_code == 200
    night.session.redo_step()  # the table puts Red's entry back
    assert entries(night) == [(RED, 0, 1)]
    assert state_of(green)["undone"]["redone"] is True
    assert enter(yellow, building=1, cards=4).status_code == 200
    night.session.undo_step()  # the table takes back Yellow's entry
    for phone in (red, yellow, green):
        said = state_of(phone)["undone"]
        assert (said["by"], said["redone"], said["player"]) == (None, False, "Yellow")
    assert entries(night) == [(RED, 0, 1)]


def test_a_seat_entered_at_the_table_takes_nothing_back_from_its_phone(app, hub,
                                                                        night) -> None:
    red = paired(app, hub, night.game_id, RED)
    assert enter(red, building=0, cards=1).status_code == 200
    own = state_of(red)["own_step"]
    enter_at_table(night.session, RED, True)
    refused = take_back(red, own)
    assert (refused.status_code, refused.json()["error"]) == (409, "entered_at_table")
    assert entries(night) == [(RED, 0, 1)]


@pytest.mark.parametrize("body, status", [
    (b"{}", 422), (b'{"round": "1", "turn": 0}', 422), (b'{"round": 0, "turn": 0}', 422),
    (b'{"round": 1, "turn": -1, "at": 4}', 422), (b'{"round": 1, "turn": 0}', 422),
    (b'{"round": 1, "turn": 0, "at": -1}', 422), (b'{"round": 1, "turn": 0, "turn": 0}', 400),
    (b"[" * 1000 + b"]" * 1000, 400),
])
def test_a_malformed_take_back_is_a_clear_4xx_and_takes_nothing(app, hub, night, body,
                                                                 status) -> None:
    red = paired(app, hub, night.game_id, RED)
    assert enter(red, building=0, cards=1).status_code == 200
    answer = red.post("/phone/api/entry/undo", content=body,
                      headers={"Content-Type": "application/json"})
    assert answer.status_code == status
    assert entries(night) == [(RED, 0, 1)]


def test_only_a_paired_phone_takes_anything_back(app, hub, night) -> None:
    red = paired(app, hub, night.game_id, RED)
    assert enter(red, building=0, cards=1).status_code == 200
    stranger = TestClient(app, base_url="http://table.local:8550")
    answer = stranger.post("/phone/api/entry/undo", json={"round": 1, "turn": 0, "at": 4})
    assert (answer.status_code, answer.json()["error"]) == (401, "unknown_device")
    assert entries(night) == [(RED, 0, 1)]
