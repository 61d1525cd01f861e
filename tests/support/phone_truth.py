"""A round at a real table whose Monastery discards rats, for the stories that hold what a
phone says to what is so.

The table is the real engine through a real `Session` and store, with the players' own cards
(physical deck), so the row is the one the story needs: a Farm and a Monastery. The table's
taps are sent as the round screen sends them (`submit_all`: the steps that decide nothing go
with the next tap that does, see docs/architecture.md, "The round screen folds...").
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.phones.hub import Hub
from companion.phones.seats import SeatRegistry
from companion.rules import events as ev
from companion.rules.catalog import Building
from companion.rules.setup import DeckMode, SelectionMethod
from companion.store.db import GameStore
from companion.store.session import Session
from support.engine_games import ALL_SPECIALS, setup_for
from support.own_store import OwnStore
from support.sessions import game_state

ANNA, BEN, CARLA = 0, 1, 2
FARM, MONASTERY = 0, 1
"""The buildings' places in the first round's row."""
ROW = (Building.FARM, Building.MONASTERY)


class MonasteryNight(OwnStore):
    """Anna, Ben and Carla, the first-game set (R-SETUP-3), the players' own deck."""

    def __init__(self, data_dir: Path) -> None:
        self.store = GameStore.open(data_dir)
        self.session = Session.start(self.store, ev.GameStarted(
            setup_for(3, deck=DeckMode.PHYSICAL)))
        self.registry = SeatRegistry()

    @property
    def game_id(self) -> str:
        return str(self.session.game_id)

    @property
    def state(self) -> Any:
        return game_state(self.session)

    def hub(self, base_url: str = "http://192.168.1.20:8550",
            registry: SeatRegistry | None = None) -> Hub:
        return Hub(registry=registry or self.registry,
                   open_session={self.game_id: self.session}.get, base_url=base_url)

    def stored(self) -> list[Any]:
        """The game's stored event log, every row as the file holds it (status included)."""
        return list(self.store.events(self.game_id))

    def tap(self, *events: Any) -> None:
        """One tap at the table: its events in one step."""
        self.session.submit_all(list(events))

    def up_to_the_monastery(self) -> None:
        """R-ROUND-A to D a: the row, the supply, the entries (Anna 2 cards and Ben 1 at the
        Monastery, Carla none at the Farm), the Farm's actions, Anna's reveal: 2 Church cards."""
        self.tap(ev.BuildingsRevealed(ROW))
        self.tap(ev.SupplyDone(), ev.Entered(ANNA, MONASTERY, 2))
        self.tap(ev.Entered(BEN, MONASTERY, 1))
        self.tap(ev.Entered(CARLA, FARM, 0))  # no card: nothing to reveal
        self.tap(ev.BuildingResolved(FARM), ev.Revealed(ANNA, MONASTERY, 2, 0))

    def last_monastery_reveal(self) -> None:
        """Ben reveals 1 card of another estate (+1 rat, R-ROUND-D a): the Monastery's reveals
        are complete. Its actions (Anna's premium: discard 2; Ben's normal: discard 1) are on
        the table's screen now, and recorded with its next tap."""
        self.tap(ev.Revealed(BEN, MONASTERY, 0, 1))

    def next_tap(self) -> None:
        """The table's next deciding tap: the next round's row, which carries the Monastery's
        actions and the round's end with it."""
        self.tap(ev.BuildingResolved(MONASTERY), ev.RoundEnded(),
                 ev.BuildingsRevealed((Building.MARKET, Building.PALACE)))

    def annas_entry_corrected(self) -> None:
        """A round later, the table corrects Anna's entry of round 1: her 2 cards went to the
        Farm (R-ROUND-C), not the Monastery, so the premium's discard of 2 rats is not hers."""
        self.tap(ev.EntryCorrected(round=1, player=ANNA, building=FARM, cards=2))


HOSPITAL = 1
"""The Hospital's place in the row of `HospitalNight`."""


class HospitalNight(MonasteryNight):
    """The same three with the Hospital in play (every special too): Anna enters it with 3
    cards (the premium), Ben with 1 (the normal action), Carla the Farm with none."""

    def __init__(self, data_dir: Path) -> None:
        self.store = GameStore.open(data_dir)
        self.session = Session.start(self.store, ev.GameStarted(setup_for(
            3, deck=DeckMode.PHYSICAL, method=SelectionMethod.CHOSEN, manual=ALL_SPECIALS)))
        self.registry = SeatRegistry()

    def up_to_the_hospital(self) -> None:
        self.tap(ev.BuildingsRevealed((Building.FARM, Building.HOSPITAL)))
        self.tap(ev.SupplyDone(), ev.Entered(ANNA, HOSPITAL, 3))
        self.tap(ev.Entered(BEN, HOSPITAL, 1))
        self.tap(ev.Entered(CARLA, FARM, 0))
        self.tap(ev.BuildingResolved(FARM), ev.Revealed(ANNA, HOSPITAL, 3, 0))
        self.tap(ev.Revealed(BEN, HOSPITAL, 1, 0))

    def hospital_tap(self, anna_discards: int) -> None:
        """The table's next tap: the hand cards typed in at the Hospital go with it."""
        self.tap(ev.HospitalDiscarded(HOSPITAL, ANNA, anna_discards),
                 ev.BuildingResolved(HOSPITAL), ev.RoundEnded(),
                 ev.BuildingsRevealed((Building.CASTLE, Building.TREASURY)))
