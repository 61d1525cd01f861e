"""Two Hospitals in one row, told on the players' phones: which one is meant is never left to
guess.

A building has 5 copies (R-SETUP-2), and a new card is drawn only when all the row's cards are
alike (R-ROUND-A), so round 1's row can be Hospital, Town Hall, Hospital. The table lays them
out left to right; every phone names a Hospital by its card of the row ("Hospital (card 3 of
the row)") wherever it names it: the row of the turn, the reveal under way, the choice, the
take-back of a player's own reveal. A building alone in its row keeps its plain name. The game
is the real one (the engine's events through a real Session and store); the phones reach it
through the real routes.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from starlette.testclient import TestClient
from support.own_store import OwnStore
from support.phones import paired, stored_night
from support.special_rounds import SETUP

from companion.phones.hub import Hub
from companion.phones.routes import phone_app
from companion.phones.seats import SeatRegistry
from companion.phones.texts import texts
from companion.rules import events as ev
from companion.rules.catalog import Building
from companion.store.db import GameStore
from companion.store.session import Session

RED, YELLOW, GREEN, BLUE = 0, 1, 2, 3
FIRST_HOSPITAL, TOWN_HALL, SECOND_HOSPITAL = 0, 1, 2
ROW = (Building.HOSPITAL, Building.TOWN_HALL, Building.HOSPITAL)


class Night(OwnStore):
    """Four players, every special in play, round 1's row with two Hospitals laid out."""

    def __init__(self, data_dir: Path) -> None:
        self.registry = SeatRegistry()
        self.store = GameStore.open(data_dir)
        self.session = Session.start(self.store, ev.GameStarted(SETUP))
        for event in (ev.BuildingsRevealed(ROW), ev.SupplyDone()):
            self.session.submit(event)
        self.hub = Hub(registry=self.registry, open_session=self.open_session,
                       base_url="http://192.168.1.20:8550")
        self.app = phone_app(self.hub)

    def open_session(self, game_id: str) -> Session | None:
        return self.session if game_id == self.session.game_id else None

    def phone(self, seat: int) -> TestClient:
        return paired(self.app, self.hub, self.session.game_id, seat)


night = stored_night(Night)


def shown(phone: TestClient) -> Any:
    return phone.get("/phone/api/state").json()


def test_the_turn_names_each_hospital_by_its_card_of_the_row(night) -> None:
    turn = shown(night.phone(RED))["view"]["turn"]
    assert [(p["building"], p.get("copy")) for p in turn["row"]] == [
        ("hospital", 1), ("town_hall", None), ("hospital", 3)]
    assert texts("en")["b.copy"] == "{building} (card {n} of the row)"
    for language in ("de", "fr", "nl"):
        assert "{building}" in str(texts(language)["b.copy"])
        assert "{n}" in str(texts(language)["b.copy"])


def test_the_reveal_the_choice_and_the_take_back_say_which_hospital(night) -> None:
    # R-ROUND-C: Red and Blue into the second Hospital, Yellow alone into the first
    for event in (ev.Entered(RED, SECOND_HOSPITAL, 1), ev.Entered(YELLOW, FIRST_HOSPITAL, 2),
                  ev.Entered(GREEN, TOWN_HALL, 1), ev.Entered(BLUE, SECOND_HOSPITAL, 1)):
        night.session.submit(event)
    yellow, red = night.phone(YELLOW), night.phone(RED)
    # R-ROUND-D a: the first Hospital is revealed first; Red is not in it, and reads which
    reveal = shown(red)["view"]["reveal"]
    assert (reveal["building"], reveal["copy"], reveal["yours"]) == ("hospital", 1, False)
    mine = shown(yellow)["view"]["reveal"]
    answer = yellow.post("/phone/api/reveal", json={"step": mine["step"], "matching": 2})
    assert answer.status_code == 200, answer.text
    own = answer.json()["own_step"]
    assert (own["kind"], own["building"], own["copy"]) == ("reveal", "hospital", 1)
    # R-ROUND-D b: Yellow, alone in the first Hospital, discards there on her phone
    choice = shown(yellow)["view"]["choice"]
    assert (choice["kind"], choice["building"], choice["copy"]) == ("hospital", "hospital", 1)
    answer = yellow.post("/phone/api/choice", json={"step": choice["step"], "option": 0})
    assert answer.status_code == 200, answer.text
    # the Town Hall and then the second Hospital reveal: Red's phone names it
    green = night.phone(GREEN)
    step = shown(green)["view"]["reveal"]["step"]
    answer = green.post("/phone/api/reveal", json={"step": step, "matching": 1})
    assert answer.status_code == 200, answer.text
    reveal = shown(red)["view"]["reveal"]
    assert (reveal["building"], reveal["copy"], reveal["yours"]) == ("hospital", 3, True)


def test_a_building_alone_in_its_row_keeps_its_plain_name(night) -> None:
    night.session.submit(ev.Entered(RED, TOWN_HALL, 1))
    taken = shown(night.phone(RED))["own_step"]
    assert (taken["kind"], taken["building"], taken.get("copy")) == ("entry", "town_hall", None)
