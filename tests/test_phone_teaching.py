"""Teaching a first game on the players' own phones, told as a game night: Red, Yellow and
Green play their first game with teaching switched on, each with a phone. A rule's card reaches
the phone of the player who first meets it, once, and the table keeps showing it too.

R-ROUND-A..C: the row, the supplies and the entry are met first by the start player (Red),
whose turn it is at the first entry; R-ROUND-D a: the reveal by the first player to reveal.
The game is the real one (`support.phones.TableNight`: a real Session and store); the phones
reach it through the real routes.
"""

from __future__ import annotations

from typing import Any

from starlette.applications import Starlette
from starlette.testclient import TestClient
from support.phones import TableNight, night_of

from companion.i18n import translator
from companion.phones.hub import Hub
from companion.rules.guide import Prompt
from companion.teaching import progress
from companion.teaching.due import due
from companion.teaching.lessons import DRAW_BUILDINGS, ENTER, REVEAL, SUPPLIES

RED, YELLOW, GREEN = 0, 1, 2

night = night_of(3)


def paired(app: Starlette, hub: Hub, night: TableNight, seat: int) -> TestClient:
    client = TestClient(app, base_url="http://table.local:8550")
    token = hub.registry.issue_token(night.game_id, seat)
    assert client.post("/phone/api/join", json={"token": token}).status_code == 200
    return client


def lesson_of(phone: TestClient) -> Any:
    return phone.get("/phone/api/state").json().get("lesson")


def got_it(phone: TestClient, key: str) -> Any:
    answer = phone.post("/phone/api/lesson", json={"key": key})
    assert answer.status_code == 200, answer.text
    return answer.json().get("lesson")


def enter(phone: TestClient, building: int, cards: int) -> None:
    step = phone.get("/phone/api/state").json()["view"]["turn"]["step"]
    answer = phone.post("/phone/api/entry", json={"step": step, "building": building,
                                                  "cards": cards})
    assert answer.status_code == 200, answer.text


def taught(night: TableNight, newcomers: tuple[int, ...] = ()) -> None:
    progress.start(night.session, first_game=not newcomers, newcomers=newcomers)


def the_tables_card(night: TableNight) -> tuple[str, ...]:
    """What the table shows (`ui/shared/teaching.py`): the first card due at its step."""
    decision = night.session.decision_view()
    shown = progress.show(night.session, due(decision.view, decision.folded),
                          night.session.table_view().game_events)
    return tuple(lesson.id for lesson in shown.card)


def test_the_first_rules_reach_reds_phone_whose_turn_it_is_and_the_table_shows_them_too(
        app, hub, night) -> None:
    taught(night)
    red, yellow = paired(app, hub, night, RED), paired(app, hub, night, YELLOW)
    card = lesson_of(red)
    assert card["key"] == DRAW_BUILDINGS.id  # the row the app's deck lays out, above the entry
    assert card["rule"] == DRAW_BUILDINGS.rule
    for language in ("en", "de", "fr", "nl"):
        t = translator(language)
        assert card["words"][language] == {"title": t(DRAW_BUILDINGS.title),
                                           "lines": [t(DRAW_BUILDINGS.body)]}
    assert lesson_of(yellow) is None  # not Yellow's turn: Red meets the rule first
    assert the_tables_card(night) == (DRAW_BUILDINGS.id,)

    # "Got it" on Red's phone brings her next card; the table's stays until its own tap
    assert got_it(red, DRAW_BUILDINGS.id)["key"] == SUPPLIES.id
    assert the_tables_card(night) == (DRAW_BUILDINGS.id,)
    assert progress.teaching_of(night.session).dismissed == frozenset()
    assert lesson_of(red)["key"] == SUPPLIES.id  # put away for good, on a reload too


def test_a_card_is_shown_once_on_the_phone_it_reached(app, hub, night) -> None:
    taught(night)
    red, yellow = paired(app, hub, night, RED), paired(app, hub, night, YELLOW)
    assert lesson_of(red)["key"] == DRAW_BUILDINGS.id
    enter(red, building=0, cards=1)
    # Yellow's turn: the entry's rules reached Red already, so Yellow's phone shows none of
    # them, and Red's is gone with the step it came up at
    assert lesson_of(yellow) is None
    assert lesson_of(red) is None


def test_the_reveal_is_taught_on_the_phone_of_the_first_to_reveal(app, hub, night) -> None:
    # R-ROUND-D a: the building's entrants reveal in slot order; Green entered first here.
    taught(night)
    phones = [paired(app, hub, night, seat) for seat in (RED, YELLOW, GREEN)]
    assert lesson_of(phones[RED]) is not None
    enter(phones[RED], building=1, cards=0)
    enter(phones[YELLOW], building=1, cards=2)
    enter(phones[GREEN], building=0, cards=1)
    step = night.session.decision_view().view.step
    assert step.prompt is Prompt.REVEAL_CARDS and step.actor == GREEN
    assert lesson_of(phones[GREEN])["key"] == REVEAL.id
    assert lesson_of(phones[RED]) is None and lesson_of(phones[YELLOW]) is None


def test_a_table_of_old_hands_teaches_the_newcomer_when_she_first_meets_a_rule(
        app, hub, night) -> None:
    taught(night, newcomers=(YELLOW,))
    red, yellow = paired(app, hub, night, RED), paired(app, hub, night, YELLOW)
    assert lesson_of(red) is None  # Red is no newcomer: her turn teaches her phone nothing
    assert lesson_of(yellow) is None  # not Yellow's turn yet
    enter(red, building=0, cards=1)
    assert lesson_of(yellow)["key"] == ENTER.id  # R-ROUND-C: her first entry
    assert lesson_of(red) is None


def test_a_table_that_is_not_taught_sends_no_card(app, hub, night) -> None:
    assert lesson_of(paired(app, hub, night, RED)) is None


def test_got_it_for_a_card_no_longer_shown_changes_nothing(app, hub, night) -> None:
    taught(night)
    red = paired(app, hub, night, RED)
    assert got_it(red, REVEAL.id)["key"] == DRAW_BUILDINGS.id
    bad = red.post("/phone/api/lesson", json={"key": "<script>"})
    assert (bad.status_code, bad.json()["error"]) == (422, "bad_value")
