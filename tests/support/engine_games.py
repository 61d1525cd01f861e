"""Small builders for the rules-engine tests: a setup, a game that is played event by event,
and a check that a refused event names its rule and leaves the state as it was."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TypeVar

import pytest

from companion.i18n import translator
from companion.i18n.words import words
from companion.rules import RuleViolation, apply
from companion.rules import events as ev
from companion.rules.catalog import Building, PlayerColour
from companion.rules.guide import StepHead, step_at
from companion.rules.house_rules import HouseRules
from companion.rules.setup import DeckMode, SelectionMethod, Setup, make_setup
from companion.rules.state import GameState, Phase

NAMES = ("Red", "Yellow", "Green", "Blue", "Purple")
COLOURS = (PlayerColour.RED, PlayerColour.YELLOW, PlayerColour.GREEN, PlayerColour.BLUE,
           PlayerColour.PURPLE)


def players(n: int) -> list[tuple[str, PlayerColour]]:
    return list(zip(NAMES[:n], COLOURS[:n], strict=True))


def setup_for(n: int = 4, *, method: SelectionMethod = SelectionMethod.FIRST_GAME,
              deck: DeckMode = DeckMode.PHYSICAL, start: int | None = 0, seed: int = 3,
              manual: Mapping[Building, int] | None = None,
              house_rules: HouseRules = HouseRules(), watchtower_with_five: bool = False
              ) -> Setup:
    return make_setup(players(n), method, seed, deck, start, house_rules,
                      watchtower_with_five=watchtower_with_five, manual=manual)


def with_buildings(*buildings: Building) -> dict[Building, int]:
    """A manual selection (R-SETUP-2 a): 5 copies of each named building, one per estate."""
    return {b: 5 for b in buildings}


ALL_SPECIALS = with_buildings(Building.FARM, Building.TOWN_HALL, Building.HOSPITAL,
                              Building.CASTLE, Building.RAT_CATCHERS_HUT, Building.TREASURY)
"""Sword, Flute, Pass and Gold all in play, plus the Hospital."""


class Game:
    """A game played event by event; `state` is always the fold so far."""

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.events: list[ev.Event] = [ev.GameStarted(setup)]
        self.state: GameState = apply(None, self.events[0])

    def play(self, *events: ev.Event) -> GameState:
        for event in events:
            self.state = apply(self.state, event)
            self.events.append(event)
        return self.state

    def refuse(self, event: ev.Event, rule: str, code: str | None = None) -> RuleViolation:
        """The event is refused naming `rule`, and the state is exactly what it was."""
        before = self.state
        with pytest.raises(RuleViolation) as info:
            apply(before, event)
        assert info.value.rule == rule, info.value
        if code is not None:
            assert info.value.code == code, info.value
        assert words(translator("en"), info.value) and rule in str(info.value)
        assert self.state is before
        return info.value

    def round(self, row: Iterable[Building], entries: Iterable[tuple[int, int, int]]
              ) -> GameState:
        """Phases A-C of a round: reveal `row`, supply, then (player, building, cards) entries."""
        self.play(ev.BuildingsRevealed(tuple(row)), ev.SupplyDone())
        return self.play(*(ev.Entered(p, b, c) for p, b, c in entries))


S = TypeVar("S", bound=StepHead)


def step_is(kind: type[S], state: GameState) -> S:
    """The guide's next step, which a story expects to be of `kind` (`guide.Step`'s variants):
    its fields, or a failure that names the step it is instead."""
    step = step_at(state)
    assert isinstance(step, kind), step.prompt
    return step


def next_actor(state: GameState) -> int:
    """The player the guide asks to act next (phase C: who enters now)."""
    step = step_at(state)
    assert step.actor is not None, step
    return step.actor


def plain_event(state: GameState, cards: int = 1, own_estate: bool = True) -> ev.Event:
    """The plainest legal event at the game's step, up to the end values: the row the app's
    deck deals (R-ROUND-A), the supply done, each player in turn in the first building with
    `cards` cards, revealed as population cards of the building's own estate or, without
    `own_estate`, of another (one rat a card, R-ROUND-D a), each building's actions taken,
    the round ended."""
    from companion.rules import reveal_event
    from companion.rules.guide import (
        EndRound,
        Enter,
        RevealBuildings,
        RevealCards,
        Supply,
        TakeActions,
    )

    match step_at(state):
        case RevealBuildings():
            return reveal_event(state)
        case Supply():
            return ev.SupplyDone()
        case Enter(actor=actor):
            return ev.Entered(actor, 0, cards)
        case RevealCards(reveal=asked):
            matching = asked.declared if own_estate else 0
            return ev.Revealed(asked.player, asked.building, matching, asked.declared - matching)
        case TakeActions(building=building):
            return ev.BuildingResolved(building)
        case step:
            assert isinstance(step, EndRound), step
            return ev.RoundEnded()


def play_to_the_end(game: Game) -> GameState:
    """Every round played out (digital deck): each player in turn enters the first building
    with one card, which turns out to be another estate's population card (one rat each)."""
    while game.state.phase not in (Phase.END, Phase.FINISHED):
        game.play(plain_event(game.state, own_estate=False))
    return game.state
