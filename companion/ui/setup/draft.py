"""The setup wizard's choices while the table is still deciding: plain, changeable UI state.

Nothing here knows a rule: every check and every draw is `make_setup`'s (R-SETUP). The draft
only remembers what was tapped so far, across the wizard's screens and a language switch, and
asks the engine for the resulting `Setup` whenever a screen needs to show it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from companion.rules.catalog import (
    CARDS_PER_ESTATE_IN_PLAY,
    FIRST_GAME_SET,
    MAX_PLAYERS,
    Building,
    Estate,
    PlayerColour,
    buildings_of,
)
from companion.rules.house_rules import HouseRules
from companion.rules.setup import (
    DeckMode,
    SelectionMethod,
    Setup,
    make_setup,
    new_seed,
    setup_from_code,
)


@dataclass
class PlayerDraft:
    name: str
    colour: PlayerColour
    new: bool = False
    """New to the game: the table is taught while they play (no rule: kept beside the game)."""


def _first_game_counts() -> dict[Building, int]:
    """The manual choice starts from the first-game set, the one everybody knows."""
    counts = {b: 0 for b in Building}
    for estate in Estate:
        pair = buildings_of(estate)
        chosen = pair[0] if pair[0] in FIRST_GAME_SET or pair[1] not in FIRST_GAME_SET else pair[1]
        counts[chosen] = CARDS_PER_ESTATE_IN_PLAY
    return counts


@dataclass
class SetupDraft:
    players: list[PlayerDraft] = field(default_factory=list)
    method: SelectionMethod = SelectionMethod.FIRST_GAME
    seed: int = field(default_factory=new_seed)
    manual: dict[Building, int] = field(default_factory=_first_game_counts)
    deck_mode: DeckMode = DeckMode.DIGITAL
    start_player: int | None = None
    """None: the start player drawn from the seed (R-SETUP-7)."""
    house_rules: HouseRules = field(default_factory=HouseRules)
    watchtower_with_five: bool = False
    first_game: bool | None = None
    """"First game: teach us as we play" as the table switched it by hand; None while it was
    not touched, and the teaching follows the players (no rule: kept beside the game)."""
    lessons_done: set[str] = field(default_factory=set)
    """The setup checklist's lessons the table tapped "Got it" on."""

    def free_colours(self) -> list[PlayerColour]:
        taken = {p.colour for p in self.players}
        return [c for c in PlayerColour if c not in taken]

    def can_add_player(self) -> bool:
        return len(self.players) < MAX_PLAYERS

    def add_player(self, name: str = "") -> None:
        free = self.free_colours()
        if not free or not self.can_add_player():
            return
        self.players.append(PlayerDraft(name, free[0]))
        self.start_player = None

    def remove_player(self, index: int) -> None:
        if 0 <= index < len(self.players):
            del self.players[index]
            self.start_player = None

    def set_colour(self, index: int, colour: PlayerColour) -> None:
        """Taking a colour another player has swaps the two, so colours stay distinct."""
        for other in self.players:
            if other.colour is colour:
                other.colour = self.players[index].colour
        self.players[index].colour = colour

    def set_manual(self, building: Building, count: int) -> None:
        """Set one building's copies; its estate partner takes the rest of the estate's five."""
        estate_pair = next(pair for pair in (buildings_of(e) for e in Estate) if building in pair)
        partner = estate_pair[1] if building is estate_pair[0] else estate_pair[0]
        count = max(0, min(CARDS_PER_ESTATE_IN_PLAY, count))
        self.manual[building] = count
        self.manual[partner] = CARDS_PER_ESTATE_IN_PLAY - count

    def reshuffle(self) -> None:
        self.seed = new_seed()
        self.start_player = None

    @property
    def taught(self) -> bool:
        """Whether the game is taught: on while anyone is new to the game, unless the table
        switched it by hand (a hand choice wins over the ticks, before or after them)."""
        if self.first_game is not None:
            return self.first_game
        return any(p.new for p in self.players)

    def switch_teaching(self) -> None:
        """The table flips "First game: teach us as we play" from what it shows now."""
        self.first_game = not self.taught

    def newcomers(self) -> list[int]:
        return [seat for seat, p in enumerate(self.players) if p.new]

    def entries(self) -> list[tuple[str, PlayerColour]]:
        return [(p.name, p.colour) for p in self.players]

    def setup(self) -> Setup:
        """The setup these choices make; raises the engine's RuleViolation if they are not legal."""
        manual = dict(self.manual) if self.method is SelectionMethod.CHOSEN else None
        return make_setup(self.entries(), self.method, self.seed, self.deck_mode,
                          self.start_player, self.house_rules, self.watchtower_with_five, manual)

    def apply_code(self, code: str) -> Setup:
        """Take over every choice from a setup code made on another device (same players)."""
        setup = setup_from_code(code, self.entries())
        self.method = setup.method
        self.seed = setup.seed
        self.deck_mode = setup.deck_mode
        self.start_player = setup.start_player
        self.house_rules = setup.house_rules
        self.watchtower_with_five = setup.watchtower_with_five
        if setup.method is SelectionMethod.CHOSEN:
            counts = Counter(setup.buildings)
            self.manual = {b: counts.get(b, 0) for b in Building}
        return setup
