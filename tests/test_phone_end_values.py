"""The end of the game typed on the players' own phones, told as a game night: four players
play every round with the real engine; after the last one Red and Yellow count their cards and
type them on their phones, the table types Green's and Blue's, the plague check reveals the
rats, and the scoring is the engine's replay of what was recorded.

R-SCORE-2 (hand), R-SCORE-3 (Swords, Flutes, Pass cards), R-SCORE-4 (Gold), R-SCORE-5 (VP
markers): what each player holds at the end; R-SCORE-6: the rats stay hidden until every
holding is in, and nothing a phone sends is recorded once the game is scored.
"""

from __future__ import annotations

import threading
from typing import Any

import pytest
from starlette.testclient import TestClient
from support.phones import TableNight, night_of, paired

from companion.phones.end_values import SETTINGS_KEY, from_phones
from companion.phones.texts import texts
from companion.rules import events as ev
from companion.rules import replay
from companion.rules.endgame import end_state
from companion.rules.scoring import score
from companion.rules.state import Phase

RED, YELLOW, GREEN, BLUE = range(4)
NOTHING = {"hand": 0, "swords": 0, "flutes": 0, "passes": 0, "gold": 0, "markers": 0}


night = night_of(4, hospital=True)
"""Four players with every special card in play (Sword, Flute, Pass, Gold)."""


def end_of(phone: TestClient) -> Any:
    return phone.get("/phone/api/state").json()["end"]


def send(phone: TestClient, values: dict[str, int], seen: Any = "drawn") -> Any:
    """The phone's "Send my cards", over what its screen was drawn with unless told."""
    drawn = end_of(phone)["entered"] if seen == "drawn" else seen
    return phone.post("/phone/api/end", json={"seen": drawn, "values": values})


def holdings(night: TableNight, seat: int) -> Any:
    values = night.state.end_values[seat]
    return None if values is None else {k: getattr(values, k) for k in NOTHING}


def test_two_phones_and_the_table_enter_the_end_and_the_scoring_is_the_engines(
        app, hub, night) -> None:
    red, yellow = (paired(app, hub, night.game_id, seat) for seat in (RED, YELLOW))
    assert end_of(red) is None  # before the last round is over there is nothing to type
    night.play_to_the_end()
    shown = end_of(red)
    assert shown == {"fields": list(NOTHING), "entered": None, "by": None, "plague": False,
                     "most": {"hand": 99, "swords": 12, "flutes": 12, "passes": 12, "gold": 15,
                              "markers": 100}}

    reds = {"hand": 4, "swords": 2, "flutes": 1, "passes": 0, "gold": 3, "markers": 7}
    yellows = {"hand": 6, "swords": 0, "flutes": 2, "passes": 1, "gold": 3, "markers": 4}
    answer = send(red, reds)
    assert answer.status_code == 200, answer.text
    assert answer.json()["end"]["entered"] == reds and answer.json()["end"]["by"] == "phone"
    assert send(yellow, yellows).status_code == 200
    # R-SCORE-6: two of four holdings in, the rats still hidden from the table
    assert night.session.table_view().rats is None
    assert from_phones(night.session, night.session.table_view()) == (True, True, False, False)

    night.session.submit_all([  # the table's end form, for the two seats without a phone
        ev.EndValuesEntered(GREEN, hand=2, swords=1, markers=9),
        ev.EndValuesEntered(BLUE, hand=6, gold=1, markers=2)])
    view = night.session.table_view()
    assert view.at_plague_check and view.rats is not None
    assert end_of(red)["plague"] is True
    assert from_phones(night.session, view) == (True, True, False, False)
    night.session.submit(ev.NunsCounted(12))

    assert night.state.phase is Phase.FINISHED
    assert holdings(night, RED) == reds and holdings(night, YELLOW) == yellows
    replayed = replay(night.events)
    assert replayed is not None
    result = score(end_state(replayed))
    assert night.session.table_view().scoring == end_state(replayed)
    mine = red.get("/phone/api/state").json()["view"]["result"]
    assert mine["vp"] == result.player("Red").total
    assert end_of(red) is None  # scored: the phone shows the result, not the form


def test_a_phone_corrects_its_own_count_until_the_scoring(app, hub, night) -> None:
    # The engine keeps end values correctable until the scoring: a player who recounts fixes
    # their own count, drawn from the values recorded now.
    red = paired(app, hub, night.game_id, RED)
    night.play_to_the_end()
    assert send(red, {**NOTHING, "hand": 5}).status_code == 200
    assert send(red, {**NOTHING, "hand": 4, "markers": 3}).status_code == 200
    assert holdings(night, RED) == {**NOTHING, "hand": 4, "markers": 3}
    stored = len(night.events)
    assert send(red, {**NOTHING, "hand": 4, "markers": 3}).status_code == 200
    assert len(night.events) == stored  # the same values again record nothing


def test_the_table_first_then_the_phone_is_refused_and_shown_the_recorded_values(
        app, hub, night) -> None:
    red = paired(app, hub, night.game_id, RED, language="nl")
    night.play_to_the_end()
    drawn = end_of(red)["entered"]
    night.session.submit(ev.EndValuesEntered(RED, hand=3, markers=5))  # the table was first
    stored = len(night.events)
    answer = send(red, {**NOTHING, "hand": 8}, seen=drawn)
    assert answer.status_code == 409
    assert answer.json()["error"] == "end_entered_table"
    assert answer.json()["message"] == str(texts("nl")["e.end_entered_table"])
    assert len(night.events) == stored
    fresh = end_of(red)
    assert fresh["entered"] == {**NOTHING, "hand": 3, "markers": 5} and fresh["by"] == "table"
    # drawn afresh, the phone corrects the table's values: the player's own count
    assert send(red, {**NOTHING, "hand": 8, "markers": 5}).status_code == 200
    assert end_of(red)["by"] == "phone"


def test_a_correction_at_the_table_takes_the_phone_mark_away(app, hub, night) -> None:
    red = paired(app, hub, night.game_id, RED)
    night.play_to_the_end()
    assert send(red, {**NOTHING, "hand": 2}).status_code == 200
    night.session.submit(ev.EndValuesEntered(RED, hand=3))
    assert from_phones(night.session, night.session.table_view())[RED] is False
    night.session.undo()  # back to the phone's values: theirs again
    assert from_phones(night.session, night.session.table_view())[RED] is True


def test_two_tabs_of_one_phone_race_and_only_the_first_is_stored(app, hub, night) -> None:
    red = paired(app, hub, night.game_id, RED)
    night.play_to_the_end()
    second_tab = TestClient(app, base_url="http://table.local:8550", cookies=red.cookies)
    start = threading.Barrier(2)
    answers: dict[int, Any] = {}

    def tab(client: TestClient, hand: int) -> None:
        start.wait()
        answers[hand] = client.post("/phone/api/end", json={
            "seen": None, "values": {**NOTHING, "hand": hand}})

    threads = [threading.Thread(target=tab, args=(client, hand))
               for client, hand in ((red, 4), (second_tab, 5))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    codes = sorted(answer.status_code for answer in answers.values())
    assert codes == [200, 409]
    won = next(hand for hand, answer in answers.items() if answer.status_code == 200)
    lost = next(answer for answer in answers.values() if answer.status_code == 409)
    assert lost.json()["error"] == "end_entered_phone"
    assert lost.json()["message"] == "Already entered on your phone: the values shown now are " \
                                     "the ones recorded."
    assert holdings(night, RED) == {**NOTHING, "hand": won}
    assert sum(isinstance(e, ev.EndValuesEntered) for e in night.events) == 1


def test_a_phone_before_the_end_and_after_the_scoring_is_refused(app, hub, night) -> None:
    red = paired(app, hub, night.game_id, RED)
    answer = send(red, NOTHING, seen=None)
    assert (answer.status_code, answer.json()["error"]) == (409, "not_at_end")
    night.play_to_the_end()
    for seat in range(4):
        night.session.submit(ev.EndValuesEntered(seat, hand=seat))
    night.session.submit(ev.NunsCounted(20))
    stored = len(night.events)
    answer = send(red, {**NOTHING, "hand": 9}, seen={**NOTHING, "hand": 0})
    # R-SCORE-6: once scored, only the table changes the result
    assert (answer.status_code, answer.json()["error"]) == (409, "game_scored")
    assert len(night.events) == stored


def test_a_phone_sends_only_for_its_own_seat(app, hub, night) -> None:
    green = paired(app, hub, night.game_id, GREEN)
    night.play_to_the_end()
    answer = green.post("/phone/api/end", json={"seen": None, "player": RED,
                                                "values": {**NOTHING, "hand": 3}})
    assert answer.status_code == 200
    assert holdings(night, RED) is None and holdings(night, GREEN) == {**NOTHING, "hand": 3}
    stranger = TestClient(app, base_url="http://table.local:8550")
    answer = stranger.post("/phone/api/end", json={"seen": None, "values": NOTHING})
    assert answer.status_code == 401


@pytest.mark.parametrize("values", [
    {**NOTHING, "hand": -1},
    {**NOTHING, "swords": 13},  # 12 Swords in the game (R-COMP-3)
    {**NOTHING, "gold": 16},
    {**NOTHING, "hand": "4"},
    {**NOTHING, "markers": 2.5},
    {**NOTHING, "passes": True},
    {"hand": 4},
    {**NOTHING, "rats": 3},
    [4, 0, 0, 0, 0, 0],
    None,
])
def test_bad_values_are_a_clear_error_and_change_nothing(app, hub, night, values) -> None:
    red = paired(app, hub, night.game_id, RED, language="fr")
    night.play_to_the_end()
    stored = len(night.events)
    answer = send(red, values)
    assert answer.status_code == 422
    assert answer.json() == {"error": "bad_end_values",
                             "message": texts("fr")["e.bad_end_values"]}
    assert len(night.events) == stored and holdings(night, RED) is None


def test_the_end_values_keep_the_phones_body_limit(app, hub, night) -> None:
    red = paired(app, hub, night.game_id, RED)
    night.play_to_the_end()
    answer = red.post("/phone/api/end", content=b'{"seen": null, "values": {' + b" " * 70_000
                      + b"}}", headers={"Content-Type": "application/json"})
    assert answer.status_code == 413
    assert holdings(night, RED) is None


def test_where_the_values_came_from_survives_a_restart(app, hub, night, tmp_path) -> None:
    from companion.store.db import GameStore
    from companion.store.session import Session

    red = paired(app, hub, night.game_id, RED)
    night.play_to_the_end()
    assert send(red, {**NOTHING, "hand": 2}).status_code == 200
    night.close()
    night.store = GameStore.open(tmp_path)
    night.session = Session.resume(night.store, night.game_id)
    assert night.session.settings()[SETTINGS_KEY] == {str(RED): {**NOTHING, "hand": 2}}
    assert from_phones(night.session, night.session.table_view())[RED] is True
