"""Random complete legal games, built by asking `step_at` what is allowed at every point.

`random_game(seed, players)` returns the events of one whole game, from `GameStarted` through
the end values and the nun count: for the store's crash test, benchmarks, UI tests and the
engine's own property tests. Every event is applied while the game is built, so a script that
comes out of here is legal by construction (or the engine has a bug).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from companion.rules import events as ev
from companion.rules.catalog import (
    COPIES_PER_BUILDING,
    Building,
    Estate,
    PlayerColour,
    Special,
    buildings_of,
)
from companion.rules.engine import apply, reveal_event
from companion.rules.guide import (
    ChooseFluteReceiver,
    ChooseSwordGiver,
    EndRound,
    EndValues,
    Enter,
    Finished,
    RevealBuildings,
    RevealCards,
    Supply,
    TakeActions,
    step_at,
)
from companion.rules.house_rules import HouseRules, TrackTie
from companion.rules.setup import (
    SEED_LIMIT,
    DeckMode,
    SelectionMethod,
    Setup,
    make_setup,
)
from companion.rules.state import GameState

NAMES = ("Anna", "Ben", "Cleo", "Dario", "Eva")


def random_setup(rng: random.Random, players: int, deck_mode: DeckMode | None = None,
                 method: SelectionMethod | None = None) -> Setup:
    colours = list(PlayerColour)
    rng.shuffle(colours)
    method = method or rng.choice(list(SelectionMethod))
    manual = None
    if method is SelectionMethod.CHOSEN:
        manual = {}
        for estate in Estate:
            first, second = buildings_of(estate)
            manual[first] = rng.randint(0, COPIES_PER_BUILDING)
            manual[second] = COPIES_PER_BUILDING - manual[first]
    rules = HouseRules(track_tie=rng.choice(list(TrackTie)), all_dead_variant=rng.random() < 0.3)
    seats = list(zip(NAMES[:players], colours[:players], strict=True))
    return make_setup(seats, method, rng.randrange(SEED_LIMIT),
                      deck_mode or rng.choice(list(DeckMode)), rng.choice([None, 0, players - 1]),
                      rules, watchtower_with_five=rng.random() < 0.2, manual=manual)


class _PhysicalDeck:
    """The players' real deck, for physical mode: shuffled here, reported to the app."""

    def __init__(self, rng: random.Random, setup: Setup) -> None:
        cards = list(setup.buildings)
        rng.shuffle(cards)
        self.stack = cards[:setup.replacement_count]
        self.deck = cards[setup.replacement_count:]
        self.k = setup.buildings_per_round

    def reveal(self) -> ev.BuildingsRevealed:
        row, self.deck = self.deck[:self.k], self.deck[self.k:]
        replaced: list[Building] = []
        while len(set(row)) == 1:
            replaced.append(row[-1])
            row[-1] = self.stack.pop(0)
            self.stack.append(replaced[-1])
        return ev.BuildingsRevealed(tuple(row), tuple(replaced))


def _split(rng: random.Random, total: int, swords: bool, flutes: bool) -> dict[str, int]:
    kinds = ["matching", "other", "jokers"] + ["swords"] * swords + ["flutes"] * flutes
    parts = dict.fromkeys(("matching", "other", "jokers", "swords", "flutes"), 0)
    for _ in range(total):
        parts[rng.choice(kinds)] += 1
    return parts


def random_game(rng_or_seed: random.Random | int, players: int, *,
                deck_mode: DeckMode | None = None, method: SelectionMethod | None = None,
                private: bool = True, corrections: bool = False, max_cards: int = 5,
                setup: Setup | None = None) -> list[ev.Event]:
    """A complete random legal game for `players` players, as its list of events; of
    `setup`'s game when given (its players, buildings and deck), else of a random setup.

    `private`: include the players' own ledger notes (supply discards, nun-row notes,
    disputes, and at the end some confirmations of the rats). `corrections`: now and then
    correct an earlier entry or reveal.
    """
    rng = rng_or_seed if isinstance(rng_or_seed, random.Random) else random.Random(rng_or_seed)
    setup = setup or random_setup(rng, players, deck_mode, method)
    events: list[ev.Event] = []
    state: GameState | None = None

    def play(event: ev.Event) -> None:
        nonlocal state
        state = apply(state, event)
        events.append(event)

    play(ev.GameStarted(setup))
    deck = _PhysicalDeck(rng, setup) if setup.deck_mode is DeckMode.PHYSICAL else None
    swords = setup.special_in_play(Special.SWORD)
    flutes = setup.special_in_play(Special.FLUTE)
    while True:
        assert state is not None
        step = step_at(state)
        if private and rng.random() < 0.08 and not isinstance(step, Finished):
            play(_private_event(rng, state))
            continue
        if corrections and ev.RevealCorrected in step.allowed and rng.random() < 0.03:
            fix = _correction(rng, state, swords, flutes)
            if fix is not None:
                play(fix)
                continue
        match step:
            case RevealBuildings():
                play(deck.reveal() if deck else reveal_event(state))
            case Supply():
                play(ev.SupplyDone())
            case Enter():
                if step.can_pass and rng.random() < 0.15:
                    play(ev.Passed(step.actor))
                else:
                    option = rng.choice(step.options)
                    play(ev.Entered(step.actor, option.building,
                                    rng.choice([0] + list(range(max_cards + 1)))))
            case RevealCards(reveal=reveal):
                play(ev.Revealed(reveal.player, reveal.building,
                                 **_split(rng, reveal.declared, swords, flutes)))
            case ChooseSwordGiver(choice=choice) | ChooseFluteReceiver(choice=choice):
                play(ev.SpecialTargetChosen(choice.building, choice.special,
                                            rng.choice(choice.candidates)))
            case TakeActions(building=building):
                for hospital in step.hospital:
                    if rng.random() < 0.6:
                        play(ev.HospitalDiscarded(building, hospital.player,
                                                  rng.randint(0, hospital.up_to)))
                play(ev.BuildingResolved(building))
            case EndRound():
                play(ev.RoundEnded())
            case EndValues():
                unconfirmed = [p for p, c in enumerate(state.rats_confirmed) if not c]
                if private and unconfirmed and rng.random() < 0.3:
                    play(ev.RatsConfirmed(rng.choice(unconfirmed)))
                elif step.missing_end_values:
                    play(_end_values(rng, setup, step.missing_end_values[0]))
                else:
                    play(ev.NunsCounted(rng.randint(0, 20)))
            case _:
                assert isinstance(step, Finished), step
                return events


def _end_values(rng: random.Random, setup: Setup, player: int) -> ev.EndValuesEntered:
    def some(special: Special) -> int:
        return rng.randint(0, 4) if setup.special_in_play(special) else 0

    return ev.EndValuesEntered(player, hand=rng.randint(0, 12), swords=some(Special.SWORD),
                               flutes=some(Special.FLUTE), passes=some(Special.PASS),
                               gold=some(Special.GOLD), markers=rng.choice([0, 0, 1, 3, 5, 8]))


def _private_event(rng: random.Random, state: GameState) -> ev.Event:
    player = rng.randrange(state.players)
    roll = rng.random()
    if roll < 0.5 and state.rats[player] > 0:
        return ev.RatsChanged(player, -rng.randint(1, min(2, state.rats[player])),
                              ev.RatReason.SUPPLY_DISCARD)
    if roll < 0.6:
        return ev.RatsChanged(player, rng.randint(1, 2), ev.RatReason.CORRECTION)
    if roll < 0.7 and state.ledgers[player]:
        return ev.RatChangeDisputed(player, rng.choice(state.ledgers[player]).entry_id)
    return ev.NunCardNoted(player, rng.randint(1, 5), rng.randint(0, 4))


def _correction(rng: random.Random, state: GameState, swords: bool, flutes: bool
                ) -> ev.Event | None:
    """A legal correction of some earlier entry or reveal (None if there is none to make)."""
    candidates = [(r.number, p) for r in state.rounds for p in range(state.players)
                  if r.reveals and r.reveals[p] is not None]
    if not candidates:
        record = state.record
        entered = [t.player for t in record.turns if not t.passed]
        if not entered:
            return None
        player = rng.choice(entered)
        entry = record.entry(player)
        assert entry is not None and entry.building is not None
        return ev.EntryCorrected(record.number, player, entry.building,
                                 rng.randint(0, 5))
    number, player = rng.choice(candidates)
    record = state.round_record(number)
    reveal = record.reveals[player]
    assert reveal is not None
    if rng.random() < 0.5 and (number < state.round or all(record.resolved)):
        return ev.EntryCorrected(number, player, rng.randrange(len(record.row)), reveal.total)
    return ev.RevealCorrected(number, player, **_split(rng, rng.randint(0, 5), swords, flutes))


def random_games(seed: int, count: int, players: Sequence[int] = (2, 3, 4, 5)
                 ) -> list[list[ev.Event]]:
    """`count` random games, player counts taken in turn from `players`."""
    rng = random.Random(seed)
    return [random_game(rng, players[i % len(players)]) for i in range(count)]
