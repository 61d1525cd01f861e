"""Who enters, told as a game night: Red, Yellow and Green enter on their phones until
Yellow's phone goes into a coat pocket, the table switches Yellow's seat to "entered at the
table" for the rest of the round, and back again for the next.

R-ROUND-C: in turn order each player enters a building with some cards face down. The game is
the real one (`support.phones.TableNight`); the phones reach it through the real routes, and
the table switches the seat as its phones panel does (`entering.enter_at_table`).
"""

from __future__ import annotations

from pathlib import Path

from support.phones import TableNight, enter, entries, night_of, paired, state_of
from support.sessions import game_state

from companion.phones.entering import at_table, enter_at_table, waited_for
from companion.phones.texts import texts
from companion.rules import events as ev
from companion.rules.guide import Enter, RevealCards, step_at
from companion.store.db import GameStore
from companion.store.session import Session

RED, YELLOW, GREEN = 0, 1, 2

night = night_of(3)


def resolve_round(night: TableNight, cards: dict[int, int]) -> None:
    """Phase D and E of round 1 at the table: each player reveals the cards they entered
    (population of another class), every building's actions, the round's end."""
    while not isinstance(night.session.decision_view().view.step, Enter):
        step = step_at(night.state)
        if isinstance(step, RevealCards):
            reveal = step.reveal
            night.session.submit(ev.Revealed(reveal.player, reveal.building, 0,
                                             cards[reveal.player]))
        else:
            night.finish_round()


def test_a_seat_switched_to_the_table_mid_round_and_back(app, hub, night) -> None:
    red, yellow, green = (paired(app, hub, night.game_id, seat)
                          for seat in (RED, YELLOW, GREEN))
    told: list[None] = []
    night.session.subscribe(lambda: told.append(None))
    assert state_of(yellow)["entered_at_table"] is False  # on once paired
    assert enter(red, building=0, cards=2).status_code == 200

    # Yellow's phone is in a coat pocket: the table enters for Yellow from now on.
    enter_at_table(night.session, YELLOW, True)
    assert told  # every phone's live stream and every table screen hear of it
    mine = state_of(yellow)
    assert mine["entered_at_table"] is True
    assert mine["view"]["turn"]["yours"] is True  # the turn is shown, the table enters it
    stored = len(night.events)
    refused = enter(yellow, building=1, cards=3)
    assert (refused.status_code, refused.json()["error"]) == (409, "entered_at_table")
    assert refused.json()["message"] == texts("en")["e.entered_at_table"]
    assert len(night.events) == stored  # nothing stored
    assert state_of(red)["entered_at_table"] is False  # the other seats are not touched

    view = night.session.decision_view().view
    night.session.decide([ev.Entered(YELLOW, 1, 3)], made_for=view.step_id)
    assert enter(green, building=1, cards=1).status_code == 200
    assert entries(night) == [(RED, 0, 2), (YELLOW, 1, 3), (GREEN, 1, 1)]

    # Next round, Yellow has the phone back: the table lets it enter again.
    enter_at_table(night.session, YELLOW, False)
    resolve_round(night, {RED: 2, YELLOW: 3, GREEN: 1})  # round 2's entries are next
    phones = {RED: red, YELLOW: yellow, GREEN: green}
    for _ in phones:
        actor = night.session.decision_view().view.step.actor
        assert enter(phones[actor], building=0, cards=1).status_code == 200
    assert game_state(night.session).round == 2
    assert sorted(t.player for t in night.state.record.turns) == [RED, YELLOW, GREEN]


def test_the_switched_seat_enters_from_its_phone_again_once_switched_back(app, hub,
                                                                          night) -> None:
    red, yellow = (paired(app, hub, night.game_id, seat) for seat in (RED, YELLOW))
    enter_at_table(night.session, YELLOW, True)
    assert enter(red, building=0, cards=1).status_code == 200
    assert enter(yellow, building=0, cards=4).json()["error"] == "entered_at_table"
    enter_at_table(night.session, YELLOW, False)
    assert state_of(yellow)["entered_at_table"] is False
    assert enter(yellow, building=0, cards=4).status_code == 200
    assert entries(night) == [(RED, 0, 1), (YELLOW, 0, 4)]


def test_the_switch_is_worded_in_the_phones_language(app, hub, night) -> None:
    red = paired(app, hub, night.game_id, RED, language="de")
    enter_at_table(night.session, RED, True)
    refused = enter(red, building=0, cards=1)
    assert refused.json()["message"] == texts("de")["e.entered_at_table"]
    assert refused.json()["message"] != texts("en")["e.entered_at_table"]


def test_the_switch_survives_a_restart_and_no_undo_takes_it_back(tmp_path: Path,
                                                                  night) -> None:
    enter_at_table(night.session, GREEN, True)
    view = night.session.decision_view().view
    night.session.decide([ev.Entered(RED, 0, 1)], made_for=view.step_id)
    night.session.undo_step()  # the table's undo takes back the entry, not the switch
    assert at_table(night.session) == {GREEN}
    game = night.game_id
    night.close()
    with GameStore.open(tmp_path) as store:
        assert at_table(Session.resume(store, game)) == {GREEN}
    assert not any(isinstance(e, ev.Event) and "at_table" in type(e).__name__.lower()
                   for e in night.events)


def test_the_table_waits_only_for_a_connected_phone_that_enters(app, hub, night) -> None:
    # R-ROUND-C: a phone asleep or dropped is waited for at the table, as a seat without one.
    registry, game = hub.registry, night.game_id
    paired(app, hub, game, RED)
    paired(app, hub, game, YELLOW)
    assert waited_for(night.session, registry, game, 3) == frozenset()  # none connected
    with registry.connection(game, RED), registry.connection(game, YELLOW):
        assert waited_for(night.session, registry, game, 3) == {RED, YELLOW}
        enter_at_table(night.session, RED, True)
        assert waited_for(night.session, registry, game, 3) == {YELLOW}
    assert waited_for(night.session, registry, game, 3) == frozenset()
    assert waited_for(night.session, None, game, 3) == frozenset()
