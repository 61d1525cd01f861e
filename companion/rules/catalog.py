"""The fixed facts of Rattus Cartus: estates, buildings, special cards and player-count tables.

Everything here is printed on the cards or in the rulebook (R-COMP, R-SETUP-5, R-SETUP-6), so
it is data, not logic: the engine, the scoring and the UI all read it from this one place.
Display names live in the translation catalogs; the German and English names here are the
rulebook's own, kept for the rules reference and for tests that quote the book.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Estate(StrEnum):
    """The six estates (Stände), in the rulebook's order (R-COMP-1)."""

    PEASANTRY = "peasantry"
    BOURGEOISIE = "bourgeoisie"
    CHURCH = "church"
    CHIVALRY = "chivalry"
    MAGIC = "magic"
    ROYALTY = "royalty"


class Special(StrEnum):
    """Special-card stacks (R-COMP-3). Jokers count like population cards when played."""

    SWORD = "sword"
    FLUTE = "flute"
    PASS = "pass"
    GOLD = "gold"
    JOKER = "joker"


class ActionKind(StrEnum):
    """What a building's action does; amounts live on `Action`."""

    TAKE_VP_MARKERS = "take_vp_markers"
    TAKE_GOLD = "take_gold"
    TAKE_SWORDS = "take_swords"
    WATCHTOWER_COLLECT = "watchtower_collect"
    WATCHTOWER_PROTECT = "watchtower_protect"
    DISCARD_RATS = "discard_rats"
    HOSPITAL = "hospital"
    DRAW_POPULATION = "draw_population"
    BREWERY_DRAW = "brewery_draw"
    TAKE_JOKERS = "take_jokers"
    TAKE_PASSES = "take_passes"
    TAKE_FLUTES = "take_flutes"
    LOOK_AT_NUN_ROW = "look_at_nun_row"


@dataclass(frozen=True)
class Action:
    """One building action.

    `amount` is the number taken, drawn, discarded or looked at; for the Brewery it is the
    number of influence points per card drawn (1 premium, 2 normal), for the Watchtower's
    collect the cards each other player gives. `hand_cards_up_to` is the Hospital's "discard up
    to N hand cards to discard as many rats".
    """

    kind: ActionKind
    amount: int = 0
    hand_cards_up_to: int = 0


class Building(StrEnum):
    """The twelve buildings, two per estate (R-COMP-4)."""

    PALACE = "palace"
    TREASURY = "treasury"
    CASTLE = "castle"
    WATCHTOWER = "watchtower"
    MONASTERY = "monastery"
    HOSPITAL = "hospital"
    FARM = "farm"
    BREWERY = "brewery"
    MARKET = "market"
    TOWN_HALL = "town_hall"
    RAT_CATCHERS_HUT = "rat_catchers_hut"
    FORTUNE_TELLERS_TENT = "fortune_tellers_tent"


@dataclass(frozen=True)
class BuildingInfo:
    building: Building
    estate: Estate
    name_de: str
    name_en: str
    premium: Action
    normal: Action
    stack: Special | None = None
    """The special stack laid out only when this building is in play (R-SETUP-3)."""


BUILDINGS: dict[Building, BuildingInfo] = {
    info.building: info
    for info in (
        BuildingInfo(Building.PALACE, Estate.ROYALTY, "Palast", "Palace",
                     Action(ActionKind.TAKE_VP_MARKERS, 2), Action(ActionKind.TAKE_VP_MARKERS, 1)),
        BuildingInfo(Building.TREASURY, Estate.ROYALTY, "Schatzkammer", "Treasury",
                     Action(ActionKind.TAKE_GOLD, 2), Action(ActionKind.TAKE_GOLD, 1),
                     Special.GOLD),
        BuildingInfo(Building.CASTLE, Estate.CHIVALRY, "Burg", "Castle",
                     Action(ActionKind.TAKE_SWORDS, 2), Action(ActionKind.TAKE_SWORDS, 1),
                     Special.SWORD),
        BuildingInfo(Building.WATCHTOWER, Estate.CHIVALRY, "Wachturm", "Watchtower",
                     Action(ActionKind.WATCHTOWER_COLLECT, 3),
                     Action(ActionKind.WATCHTOWER_PROTECT)),
        BuildingInfo(Building.MONASTERY, Estate.CHURCH, "Kloster", "Monastery",
                     Action(ActionKind.DISCARD_RATS, 2), Action(ActionKind.DISCARD_RATS, 1)),
        BuildingInfo(Building.HOSPITAL, Estate.CHURCH, "Hospital", "Hospital",
                     Action(ActionKind.HOSPITAL, 1, hand_cards_up_to=3),
                     Action(ActionKind.HOSPITAL, 0, hand_cards_up_to=2)),
        BuildingInfo(Building.FARM, Estate.PEASANTRY, "Farm", "Farm",
                     Action(ActionKind.DRAW_POPULATION, 4), Action(ActionKind.DRAW_POPULATION, 2)),
        BuildingInfo(Building.BREWERY, Estate.PEASANTRY, "Brauerei", "Brewery",
                     Action(ActionKind.BREWERY_DRAW, 1), Action(ActionKind.BREWERY_DRAW, 2)),
        BuildingInfo(Building.MARKET, Estate.BOURGEOISIE, "Marktplatz", "Market",
                     Action(ActionKind.TAKE_JOKERS, 2), Action(ActionKind.TAKE_JOKERS, 1)),
        BuildingInfo(Building.TOWN_HALL, Estate.BOURGEOISIE, "Amt", "Town Hall",
                     Action(ActionKind.TAKE_PASSES, 2), Action(ActionKind.TAKE_PASSES, 1),
                     Special.PASS),
        BuildingInfo(Building.RAT_CATCHERS_HUT, Estate.MAGIC, "Hütte des Rattenfängers",
                     "Rat Catcher's Hut",
                     Action(ActionKind.TAKE_FLUTES, 2), Action(ActionKind.TAKE_FLUTES, 1),
                     Special.FLUTE),
        BuildingInfo(Building.FORTUNE_TELLERS_TENT, Estate.MAGIC, "Wahrsagerzelt",
                     "Fortune Teller's Tent",
                     Action(ActionKind.LOOK_AT_NUN_ROW, 2), Action(ActionKind.LOOK_AT_NUN_ROW, 1)),
    )
}


def buildings_of(estate: Estate) -> tuple[Building, Building]:
    pair = tuple(b for b, info in BUILDINGS.items() if info.estate is estate)
    return pair  # type: ignore[return-value]


COPIES_PER_BUILDING = 5
CARDS_PER_ESTATE_IN_PLAY = 5
BUILDING_CARDS_IN_PLAY = 30
MIN_PLAYERS, MAX_PLAYERS = 2, 5
START_RATS = 10
NUN_ROW_SIZE = 5
START_HAND = 5
POPULATION_NUNS = {4: 24, 3: 12, 2: 12, 1: 12, 0: 24}
"""Population cards by nuns shown (R-COMP-2): 84 cards, 14 per estate."""
MAX_NUNS_IN_ROW = 4 * NUN_ROW_SIZE

REPLACEMENT_STACK = {2: 10, 3: 12, 4: 6, 5: 6}
ROUNDS = {2: 10, 3: 9, 4: 8, 5: 8}
BUILDINGS_PER_ROUND = {2: 2, 3: 2, 4: 3, 5: 3}

FIRST_GAME_SET = (
    Building.FARM, Building.MARKET, Building.MONASTERY,
    Building.CASTLE, Building.PALACE, Building.FORTUNE_TELLERS_TENT,
)
"""R-SETUP-2 (d): five copies of each."""


class PlayerColour(StrEnum):
    RED = "red"
    YELLOW = "yellow"
    GREEN = "green"
    BLUE = "blue"
    PURPLE = "purple"
