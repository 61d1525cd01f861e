"""The setup of one game (R-SETUP): players, buildings in play, deck, start player, house rules.

`make_setup` turns the table's choices plus a seed into a `Setup` value; the value is recorded
in the first event (`GameStarted`), so a replay never draws anything again. `setup_code` packs
the choices into a short code (Crockford base32 with a check character, e.g. "7K3Q-M2XD") that
`setup_from_code` turns back into the very same setup on another device.

This module has no annotations-as-strings on purpose: `Setup` is nested in an event, and the
event codec reads the field types by introspection.
"""

import random
import secrets
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property

from companion.rules.catalog import (
    BUILDINGS,
    BUILDINGS_PER_ROUND,
    CARDS_PER_ESTATE_IN_PLAY,
    COPIES_PER_BUILDING,
    FIRST_GAME_SET,
    MAX_PLAYERS,
    MIN_PLAYERS,
    REPLACEMENT_STACK,
    ROUNDS,
    Building,
    Estate,
    PlayerColour,
    Special,
    buildings_of,
)
from companion.rules.errors import Refusal, RuleViolation
from companion.rules.house_rules import HouseRules, TrackTie


class SelectionMethod(StrEnum):
    """How the 30 building cards are chosen (R-SETUP-2)."""

    CHOSEN = "chosen"
    """(a) the players choose: a manual count per building, 5 cards per estate."""
    ONE_PER_ESTATE = "one_per_estate"
    """(b) one random building per estate, 5 copies of it."""
    MIXED_PER_ESTATE = "mixed_per_estate"
    """(c) per estate, shuffle its 10 cards and draw 5."""
    FIRST_GAME = "first_game"
    """(d) the rulebook's first-game set."""


class DeckMode(StrEnum):
    """Who shuffles the building deck (R-ROUND-A)."""

    DIGITAL = "digital"
    """The app shuffles (from the seed) and reveals; the players lay out what it shows."""
    PHYSICAL = "physical"
    """The players shuffle the real cards and tell the app what was revealed; the app checks."""


class SetupWarning(StrEnum):
    WATCHTOWER_WITH_FIVE = "watchtower_with_five"
    """The Watchtower is in play with 5 players: the rulebook advises against it."""


SEED_BITS = 24
SEED_LIMIT = 1 << SEED_BITS


@dataclass(frozen=True)
class Setup:
    """Everything chosen before round 1. Seats are the indices of `names` (clockwise)."""

    names: tuple[str, ...]
    colours: tuple[PlayerColour, ...]
    method: SelectionMethod
    seed: int
    deck_mode: DeckMode
    start_player: int
    house_rules: HouseRules
    watchtower_with_five: bool
    buildings: tuple[Building, ...]
    """The 30 building cards in play, in catalog order (R-SETUP-2)."""
    deck: tuple[Building, ...] = ()
    """Digital mode: the shuffled building deck, top card first (empty in physical mode)."""
    replacement: tuple[Building, ...] = ()
    """Digital mode: the replacement stack, top card first (R-SETUP-5)."""

    @cached_property
    def player_count(self) -> int:
        return len(self.names)

    @cached_property
    def rounds(self) -> int:
        return ROUNDS[self.player_count]

    @cached_property
    def buildings_per_round(self) -> int:
        return BUILDINGS_PER_ROUND[self.player_count]

    @cached_property
    def replacement_count(self) -> int:
        return REPLACEMENT_STACK[self.player_count]

    @cached_property
    def _copies(self) -> dict[Building, int]:
        return dict(Counter(self.buildings))

    def copies(self, building: Building) -> int:
        """How many cards of this building are in play."""
        return self._copies.get(building, 0)

    def in_play(self, building: Building) -> bool:
        return building in self._copies

    @cached_property
    def specials_in_play(self) -> tuple[Special, ...]:
        """The special stacks laid out: those of buildings in play, and the Jokers (R-SETUP-3)."""
        stacks = {BUILDINGS[b].stack for b in self.buildings}
        return tuple(s for s in Special if s in stacks or s is Special.JOKER)

    @cached_property
    def _specials(self) -> frozenset[Special]:
        return frozenset(self.specials_in_play)

    def special_in_play(self, special: Special) -> bool:
        return special in self._specials

    @property
    def warnings(self) -> tuple[SetupWarning, ...]:
        if self.player_count == MAX_PLAYERS and Building.WATCHTOWER in self.buildings:
            return (SetupWarning.WATCHTOWER_WITH_FIVE,)
        return ()


NO_HOUSE_RULES = HouseRules()
"""The rulebook as printed (HouseRules is frozen, so one value serves every game)."""


def new_seed() -> int:
    """A fresh random seed that fits in a setup code."""
    return secrets.randbelow(SEED_LIMIT)


def _selection(method: SelectionMethod, rng: random.Random, players: int,
               watchtower_with_five: bool,
               manual: Mapping[Building, int] | None) -> tuple[Building, ...]:
    if method is SelectionMethod.CHOSEN:
        if manual is None:
            raise RuleViolation("R-SETUP-2", Refusal.MANUAL_SELECTION_MISSING)
        cards = []
        for building in Building:
            count = manual.get(building, 0)
            if not isinstance(count, int) or isinstance(count, bool) or not (
                    0 <= count <= COPIES_PER_BUILDING):
                raise RuleViolation("R-COMP-4", Refusal.TOO_MANY_COPIES, building=building.value,
                                    copies=COPIES_PER_BUILDING)
            cards.extend([building] * count)
        for estate in Estate:
            in_estate = sum(manual.get(b, 0) for b in buildings_of(estate))
            if in_estate != CARDS_PER_ESTATE_IN_PLAY:
                raise RuleViolation("R-SETUP-2", Refusal.FIVE_PER_ESTATE, estate=estate.value,
                                    count=in_estate, needed=CARDS_PER_ESTATE_IN_PLAY)
        return tuple(cards)
    if method is SelectionMethod.FIRST_GAME:
        chosen = set(FIRST_GAME_SET)
        return tuple(b for b in Building for _ in range(COPIES_PER_BUILDING) if b in chosen)

    def allowed(building: Building) -> bool:
        return not (building is Building.WATCHTOWER and players == MAX_PLAYERS
                    and not watchtower_with_five)

    counts: dict[Building, int] = {}
    for estate in Estate:
        pair = [b for b in buildings_of(estate) if allowed(b)]
        if method is SelectionMethod.ONE_PER_ESTATE:
            counts[rng.choice(pair)] = COPIES_PER_BUILDING
        else:
            pool = [b for b in pair for _ in range(COPIES_PER_BUILDING)]
            rng.shuffle(pool)
            for b in pool[:CARDS_PER_ESTATE_IN_PLAY]:
                counts[b] = counts.get(b, 0) + 1
    return tuple(b for b in Building for _ in range(counts.get(b, 0)))


def make_setup(players: Sequence[tuple[str, PlayerColour]], method: SelectionMethod, seed: int,
               deck_mode: DeckMode = DeckMode.DIGITAL, start_player: int | None = None,
               house_rules: HouseRules = NO_HOUSE_RULES, watchtower_with_five: bool = False,
               manual: Mapping[Building, int] | None = None) -> Setup:
    """Derive a complete setup from the table's choices; all randomness comes from `seed`.

    Raises RuleViolation for 2-5 players (R-SETUP-1), distinct names and colours, a valid
    start player (R-SETUP-7) and, for a manual choice, 5 cards per estate (R-SETUP-2).
    """
    names = tuple(str(name).strip() for name, _ in players)
    colours = tuple(PlayerColour(colour) for _, colour in players)
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise RuleViolation("R-SETUP-1", Refusal.PLAYER_COUNT, count=len(names),
                            low=MIN_PLAYERS, high=MAX_PLAYERS)
    if any(not name for name in names):
        raise RuleViolation("R-SETUP-1", Refusal.NAME_MISSING)
    if len({name.casefold() for name in names}) != len(names):
        raise RuleViolation("R-SETUP-1", Refusal.DUPLICATE_NAME)
    if len(set(colours)) != len(colours):
        raise RuleViolation("R-COMP-5", Refusal.DUPLICATE_COLOUR)
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < SEED_LIMIT:
        raise RuleViolation("EVENT", Refusal.BAD_SEED, high=SEED_LIMIT - 1)
    method = SelectionMethod(method)
    deck_mode = DeckMode(deck_mode)
    rng = random.Random(seed)
    drawn_start = rng.randrange(len(names))
    if start_player is None:
        start_player = drawn_start
    if not isinstance(start_player, int) or not 0 <= start_player < len(names):
        raise RuleViolation("R-SETUP-7", Refusal.BAD_START_PLAYER)
    buildings = _selection(method, rng, len(names), watchtower_with_five, manual)
    deck: tuple[Building, ...] = ()
    replacement: tuple[Building, ...] = ()
    if deck_mode is DeckMode.DIGITAL:
        shuffled = list(buildings)
        rng.shuffle(shuffled)
        count = REPLACEMENT_STACK[len(names)]
        replacement, deck = tuple(shuffled[:count]), tuple(shuffled[count:])
    return Setup(names=names, colours=colours, method=method, seed=seed, deck_mode=deck_mode,
                 start_player=start_player, house_rules=house_rules,
                 watchtower_with_five=bool(watchtower_with_five), buildings=buildings,
                 deck=deck, replacement=replacement)


def check_setup(setup: Setup) -> None:
    """Check a recorded setup for consistency (it may come from a file or another device)."""
    if not isinstance(setup, Setup):
        raise RuleViolation("EVENT", Refusal.MALFORMED_SETUP)
    n = len(setup.names)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS or len(setup.colours) != n:
        raise RuleViolation("R-SETUP-1", Refusal.PLAYER_COUNT, count=n, low=MIN_PLAYERS,
                            high=MAX_PLAYERS)
    if len(set(setup.colours)) != n or len({x.casefold() for x in setup.names}) != n:
        raise RuleViolation("R-SETUP-1", Refusal.DUPLICATE_PLAYER)
    if not isinstance(setup.start_player, int) or not 0 <= setup.start_player < n:
        raise RuleViolation("R-SETUP-7", Refusal.BAD_START_PLAYER)
    if (not isinstance(setup.seed, int) or isinstance(setup.seed, bool)
            or not 0 <= setup.seed < SEED_LIMIT):
        raise RuleViolation("EVENT", Refusal.BAD_SEED, high=SEED_LIMIT - 1)
    per_estate = Counter([BUILDINGS[b].estate for b in setup.buildings])
    for estate in Estate:
        count = per_estate[estate]
        if count != CARDS_PER_ESTATE_IN_PLAY:
            raise RuleViolation("R-SETUP-2", Refusal.FIVE_PER_ESTATE, estate=estate.value,
                                count=count, needed=CARDS_PER_ESTATE_IN_PLAY)
    if max(Counter(setup.buildings).values()) > COPIES_PER_BUILDING:
        raise RuleViolation("R-COMP-4", Refusal.TOO_MANY_COPIES, copies=COPIES_PER_BUILDING)
    if setup.deck_mode is DeckMode.DIGITAL:
        if (sorted(setup.deck + setup.replacement) != sorted(setup.buildings)
                or len(setup.replacement) != setup.replacement_count):
            raise RuleViolation("R-SETUP-5", Refusal.BAD_DECK)
    elif setup.deck or setup.replacement:
        raise RuleViolation("EVENT", Refusal.BAD_DECK)


# --- setup codes -------------------------------------------------------------------------------

_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_READ = {c: i for i, c in enumerate(_ALPHABET)} | {"O": 0, "I": 1, "L": 1, "U": 27}
_METHODS = tuple(SelectionMethod)
_MODES = tuple(DeckMode)
_TIES = tuple(TrackTie)
_SHORT_CHARS = 7   # 35 bits: the fields below
_LONG_CHARS = 11   # 55 bits: plus a manual selection (6 base-6 digits, 16 bits)


def _luhn32(values: Sequence[int]) -> int:
    """Luhn mod 32 check value: catches any single wrong character and most swaps."""
    total, factor = 0, 2
    for v in reversed(values):
        addend = factor * v
        total += addend // 32 + addend % 32
        factor = 3 - factor
    return (32 - total % 32) % 32


def setup_code(setup: Setup) -> str:
    """A short code that reproduces this setup (with the same players) on another device."""
    fields = [
        (len(setup.names) - MIN_PLAYERS, 2),
        (_METHODS.index(setup.method), 2),
        (_MODES.index(setup.deck_mode), 1),
        (setup.start_player, 3),
        (_TIES.index(setup.house_rules.track_tie), 1),
        (int(setup.house_rules.all_dead_variant), 1),
        (int(setup.watchtower_with_five), 1),
        (setup.seed, SEED_BITS),
    ]
    chars = _SHORT_CHARS
    if setup.method is SelectionMethod.CHOSEN:
        manual = 0
        for estate in Estate:
            manual = manual * 6 + setup.buildings.count(buildings_of(estate)[0])
        fields.append((manual, 16))
        chars = _LONG_CHARS
    value = 0
    for field, bits in fields:
        value = (value << bits) | field
    digits = [(value >> (5 * i)) & 31 for i in reversed(range(chars))]
    digits.append(_luhn32(digits))
    text = "".join(_ALPHABET[d] for d in digits)
    return "-".join(text[i:i + 4] for i in range(0, len(text), 4))


def _bad_code(reason: str) -> RuleViolation:
    return RuleViolation("R-SETUP-2", Refusal.BAD_SETUP_CODE, reason=reason)


def setup_from_code(code: str, players: Sequence[tuple[str, PlayerColour]]) -> Setup:
    """The setup a code describes, for these players (names and colours, seating order).

    Case, spaces and dashes do not matter; O reads as 0, I and L as 1, U as V.
    """
    text = "".join(ch for ch in str(code).upper() if ch not in " -_.")
    if len(text) not in (_SHORT_CHARS + 1, _LONG_CHARS + 1):
        raise _bad_code("length")
    try:
        digits = [_READ[ch] for ch in text]
    except KeyError:
        raise _bad_code("character") from None
    if _luhn32(digits[:-1]) != digits[-1]:
        raise _bad_code("check")
    value = 0
    for d in digits[:-1]:
        value = (value << 5) | d
    manual_counts: dict[Building, int] | None = None
    if len(digits) - 1 == _LONG_CHARS:
        manual_value, value = value & 0xFFFF, value >> 16
        manual_counts = {}
        for estate in reversed(Estate):
            first, second = buildings_of(estate)
            manual_value, count = divmod(manual_value, 6)
            manual_counts[first], manual_counts[second] = count, CARDS_PER_ESTATE_IN_PLAY - count
    seed, value = value & (SEED_LIMIT - 1), value >> SEED_BITS
    wt, value = value & 1, value >> 1
    all_dead, value = value & 1, value >> 1
    tie, value = value & 1, value >> 1
    start, value = value & 7, value >> 3
    mode, value = value & 1, value >> 1
    method, value = value & 3, value >> 2
    count = (value & 3) + MIN_PLAYERS
    if value >> 2:
        raise _bad_code("length")
    if count != len(players):
        raise RuleViolation("R-SETUP-1", Refusal.SETUP_CODE_PLAYERS, expected=count,
                            given=len(players))
    if (_METHODS[method] is SelectionMethod.CHOSEN) != (manual_counts is not None):
        raise _bad_code("method")
    return make_setup(players, _METHODS[method], seed, _MODES[mode], start,
                      HouseRules(track_tie=_TIES[tie], all_dead_variant=bool(all_dead)),
                      watchtower_with_five=bool(wt), manual=manual_counts)
