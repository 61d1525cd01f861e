"""Phones against the real engine and store: a whole random game played through one Session.

The other phone tests tell single moments of a game night (`support.phones.TableNight`); here a
whole random game is played, the payloads come from the engine's own `player_json`, and the
Session writes the events to a real SQLite store, exactly as at the table.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from support.harness import live_server
from support.phones import Stream
from support.sessions import game_state, logged_events
from support.simulate import random_game

from companion.phones.hub import Hub
from companion.phones.ledger import ledger_of
from companion.phones.routes import phone_app
from companion.phones.seats import SeatRegistry
from companion.rules import events as ev
from companion.rules.views import own_view, player_json
from companion.store.db import GameStore
from companion.store.session import Session

SEED, PLAYERS = 20261130, 3


@pytest.fixture
def game(tmp_path: Path) -> Iterator[tuple[Session, list[Any]]]:
    events = random_game(SEED, PLAYERS)
    with GameStore.open(tmp_path) as store:
        yield Session.start(store, events[0]), events[1:]


@pytest.fixture
def hub(game: tuple[Session, list[Any]]) -> Hub:
    session, _ = game
    return Hub(registry=SeatRegistry(), open_session={session.game_id: session}.get,
               base_url="http://192.168.1.20:8550")


def paired(hub: Hub, session: Session, seat: int) -> TestClient:
    client = TestClient(phone_app(hub), base_url="http://table.local:8550")
    token = hub.registry.issue_token(session.game_id, seat)
    assert client.post("/phone/api/join", json={"token": token}).status_code == 200
    return client


def test_after_a_whole_game_each_phone_shows_exactly_its_own_player_view(game, hub) -> None:
    session, rest = game
    phones = [paired(hub, session, seat) for seat in range(PLAYERS)]
    for event in rest:
        session.submit(event)
    for seat, client in enumerate(phones):
        payload = client.get("/phone/api/state").json()
        assert payload["seat"] == seat
        assert payload["view"] == ledger_of(session, seat).view()
        assert payload["view"] == _json(player_json(own_view(game_state(session), seat)))


def test_annas_phone_shows_the_same_whatever_the_others_keep_privately(tmp_path, game, hub
                                                                      ) -> None:
    """Ben's and Carla's own entries (supply discards, corrections, nun notes, disputes) leave
    no trace on Anna's phone: her payload is identical in a game where they never made them."""
    session, rest = game
    anna = paired(hub, session, 0)
    for event in rest:
        session.submit(event)
    others_private = [e for e in rest if e.PRIVATE and e.player != 0]
    assert others_private, "the random game should contain other players' private entries"

    with GameStore.open(tmp_path / "quiet") as quiet_store:
        quiet = Session.start(quiet_store, random_game(SEED, PLAYERS)[0])
        for event in rest:
            if not (event.PRIVATE and event.player != 0):
                quiet.submit(event)
        quiet_hub = Hub(registry=SeatRegistry(), open_session={quiet.game_id: quiet}.get,
                        base_url="http://192.168.1.20:8550")
        quiet_anna = paired(quiet_hub, quiet, 0)
        seen = anna.get("/phone/api/state").json()
        quiet_seen = quiet_anna.get("/phone/api/state").json()
        assert seen["view"] == quiet_seen["view"] and seen["rows"] == quiet_seen["rows"]
        assert game_state(session).rats != game_state(quiet).rats


def test_a_supply_discard_logged_on_the_phone_is_stored_as_the_players_own_entry(game, hub
                                                                                   ) -> None:
    # R-ROUND-B: a supply action's rat symbol is only known to the player.
    session, _ = game
    ben = paired(hub, session, 1)
    before = game_state(session).rats[1]
    response = ben.post("/phone/api/rats", json={"delta": -1, "reason": "supply_discard"})
    assert response.status_code == 200
    assert game_state(session).rats[1] == before - 1
    last = logged_events(session)[-1]
    assert isinstance(last, ev.RatsChanged) and last.player == 1
    assert last.reason is ev.RatReason.SUPPLY_DISCARD


def test_the_engine_refuses_a_supply_action_that_gains_rats_and_names_the_rule(game, hub
                                                                                 ) -> None:
    # R-ROUND-B: supply actions only discard rats.
    session, _ = game
    ben = paired(hub, session, 1)
    response = ben.post("/phone/api/rats", json={"delta": 2, "reason": "supply_discard"},
                        headers={"accept-language": "de"})
    assert response.status_code == 409
    assert response.json()["rule"] == "R-ROUND-B"
    assert response.json()["message"]
    assert len(logged_events(session)) == 1


def test_a_player_undoes_only_their_own_entry(game, hub) -> None:
    session, _ = game
    anna, ben = paired(hub, session, 0), paired(hub, session, 1)
    anna.post("/phone/api/rats", json={"delta": 1, "reason": "correction"})
    assert ben.post("/phone/api/undo", json={}).status_code == 409
    assert anna.post("/phone/api/undo", json={}).status_code == 200
    assert game_state(session).rats[0] == 10


def test_a_refused_undo_is_said_in_the_phones_language(game, hub) -> None:
    # The session's refusal is a code; Ben's French phone reads it in French.
    session, _ = game
    ben = paired(hub, session, 1)
    response = ben.post("/phone/api/undo", json={}, headers={"accept-language": "fr-FR"})
    assert response.status_code == 409
    assert response.json()["message"] == "Il ne reste aucune saisie de Ben à annuler."
    assert len(logged_events(session)) == 1


def test_a_nun_card_note_reaches_the_players_view(game, hub) -> None:
    session, _ = game
    carla = paired(hub, session, 2)
    assert carla.post("/phone/api/nuns", json={"position": 3, "nuns": 4}).status_code == 200
    assert game_state(session).nun_notes[2][2] == 4


def _json(value: Any) -> Any:
    """The view as it travels: JSON has lists where Python may have tuples."""
    import json

    return json.loads(json.dumps(value))


def test_rats_the_table_records_reach_the_owners_phone_live(game, hub) -> None:
    """R-ROUND-D a: off-estate cards bring rats; the phone hears of it without asking."""
    session, rest = game
    secret = hub.registry.claim(hub.registry.issue_token(session.game_id, 0)).device_secret
    with live_server(phone_app(hub)) as base_url:
        with Stream(base_url, secret) as stream:
            assert stream.next()[1]["view"]["ledger"] == []
            for event in rest:
                rats = game_state(session).rats[0]
                session.submit(event)
                if not event.PRIVATE and game_state(session).rats[0] != rats:
                    break
            else:
                pytest.fail("nobody's rats changed in the whole game")
            while True:
                kind, payload = stream.next()
                if payload["view"]["rats"] == game_state(session).rats[0]:
                    break
            assert kind == "state"
            entry = payload["view"]["ledger"][-1]
            assert entry["public"] and entry["reason"] in {"reveal", "flute", "monastery",
                                                           "hospital"}


def test_a_player_without_a_phone_logs_on_the_tables_private_view(game) -> None:
    session, _ = game
    dora = ledger_of(session, 2)
    dora.change_rats(-2, "supply_discard")
    dora.note_nun_card(1, 3)
    assert dora.view()["rats"] == 8 and dora.view()["nun_notes"][0] == 3
    dora.undo()
    assert dora.view()["nun_notes"][0] is None


def test_phones_writing_at_once_lose_no_entry_in_the_store(game, hub) -> None:
    session, rest = game
    phones = [paired(hub, session, seat) for seat in range(PLAYERS)]

    def five_corrections(client: TestClient) -> None:
        for _ in range(5):
            assert client.post("/phone/api/rats", json={"delta": 1, "reason": "correction"}
                               ).status_code == 200

    def table() -> None:
        for event in rest[:10]:
            if not event.PRIVATE:
                session.submit(event)

    workers = [threading.Thread(target=five_corrections, args=(p,)) for p in phones]
    workers.append(threading.Thread(target=table))
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    for seat in range(PLAYERS):
        mine = [e for e in game_state(session).ledgers[seat] if not e.public]
        assert [e.delta for e in mine] == [1] * 5
    stored = session.store.active_events(session.game_id)
    assert sum(isinstance(e, ev.RatsChanged) for e in stored) == 5 * PLAYERS


def test_a_player_confirms_their_rats_on_the_phone_only_once_the_last_round_is_over(game, hub
                                                                                    ) -> None:
    # R-SCORE-6: the rats are revealed at the plague check, after the last round.
    session, rest = game
    ben = paired(hub, session, 1)
    early = ben.post("/phone/api/confirm", json={})
    assert early.status_code == 409 and early.json()["rule"] == "R-SCORE-6"
    for event in rest:
        if game_state(session).phase.value == "END":
            break
        if not isinstance(event, ev.RatsConfirmed):
            session.submit(event)
    assert game_state(session).phase.value == "END"
    response = ben.post("/phone/api/confirm", json={})
    assert response.status_code == 200 and response.json()["view"]["rats_confirmed"] is True
    assert logged_events(session)[-1] == ev.RatsConfirmed(player=1)
    assert ben.get("/phone/api/state").json()["can_confirm"] is True
