"""Display names of the game's pieces and wording of building actions, in the player's language.

The catalog (`companion.rules.catalog`) holds what the cards *do*; this module holds how the
table *says* it. On the cards the names are German, so in English the table also shows the
German card name (`card_name`), which is what the players see in their hands.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.i18n import N_, Translator, translator
from companion.rules.catalog import (
    BUILDINGS,
    Action,
    ActionKind,
    Building,
    Estate,
    PlayerColour,
    Special,
)
from companion.rules.house_rules import TrackTie
from companion.rules.twins import copy_number

ESTATE_NAMES: dict[Estate, str] = {
    Estate.PEASANTRY: N_("Peasantry"),
    Estate.BOURGEOISIE: N_("Bourgeoisie"),
    Estate.CHURCH: N_("Church"),
    Estate.CHIVALRY: N_("Chivalry"),
    Estate.MAGIC: N_("Magic"),
    Estate.ROYALTY: N_("Royalty"),
}

BUILDING_NAMES: dict[Building, str] = {
    Building.PALACE: N_("Palace"),
    Building.TREASURY: N_("Treasury"),
    Building.CASTLE: N_("Castle"),
    Building.WATCHTOWER: N_("Watchtower"),
    Building.MONASTERY: N_("Monastery"),
    Building.HOSPITAL: N_("Hospital"),
    Building.FARM: N_("Farm"),
    Building.BREWERY: N_("Brewery"),
    Building.MARKET: N_("Market"),
    Building.TOWN_HALL: N_("Town Hall"),
    Building.RAT_CATCHERS_HUT: N_("Rat Catcher's Hut"),
    Building.FORTUNE_TELLERS_TENT: N_("Fortune Teller's Tent"),
}

SPECIAL_NAMES: dict[Special, str] = {
    Special.SWORD: N_("Sword"),
    Special.FLUTE: N_("Flute"),
    Special.PASS: N_("Pass"),
    Special.GOLD: N_("Gold"),
    Special.JOKER: N_("Joker"),
}

COLOUR_NAMES: dict[PlayerColour, str] = {
    PlayerColour.RED: N_("red"),
    PlayerColour.YELLOW: N_("yellow"),
    PlayerColour.GREEN: N_("green"),
    PlayerColour.BLUE: N_("blue"),
    PlayerColour.PURPLE: N_("purple"),
}

TRACK_TIE_NAMES: dict[TrackTie, str] = {
    TrackTie.TOP_WINS: N_("the disc on top wins (it arrived later)"),
    TrackTie.BOTTOM_WINS: N_("the disc underneath wins (it arrived first)"),
}


def estate_name(t: Translator, estate: Estate) -> str:
    return t(ESTATE_NAMES[estate])


def building_name(t: Translator, building: Building) -> str:
    return t(BUILDING_NAMES[building])


TWIN_NAME = N_("{building} (card {n} of the row)")
"""A building that has a twin in its row (`rules.twins.copy_number`), by its card of the row:
the table's words and the phone's (its `b.copy`) alike."""


def place_name(t: Translator, building: Building, copy: int | None) -> str:
    """A building of the row by its name, and by its card of the row (`copy`, 1 from the left)
    where the row holds another card of it; `copy` None: the plain name."""
    name = building_name(t, building)
    return name if copy is None else t(TWIN_NAME, building=name, n=copy)


def row_building_name(t: Translator, row: Sequence[Building], index: int) -> str:
    """The row's building `index` as the table and the phones name it (`place_name`)."""
    return place_name(t, row[index], copy_number(row, index))


def printed_name(t: Translator, building: Building) -> str | None:
    """The building's name as printed on the table's cards (`t.cards`), shown beside its name
    in the table's language only where the cards are printed in another language and the
    names differ; else None."""
    if t.cards is None or t.cards == t.lang:
        return None
    printed = (BUILDINGS[building].name_de if t.cards == "de"
               else building_name(translator(t.cards), building))
    return None if printed == building_name(t, building) else printed


def card_name(t: Translator, building: Building) -> str:
    """The name as printed on the German card, with the translation where they differ."""
    info = BUILDINGS[building]
    shown = building_name(t, building)
    return shown if shown == info.name_de else f"{shown} ({info.name_de})"


def special_name(t: Translator, special: Special) -> str:
    return t(SPECIAL_NAMES[special])


def colour_name(t: Translator, colour: PlayerColour) -> str:
    return t(COLOUR_NAMES[colour])


def action_text(t: Translator, action: Action) -> str:
    """What a building action does, in a player's words (R-COMP-4 table)."""
    n = action.amount
    match action.kind:
        case ActionKind.TAKE_VP_MARKERS:
            return t.plural("take {n} victory point token", "take {n} victory point tokens", n)
        case ActionKind.TAKE_GOLD:
            return t.plural("take {n} Gold", "take {n} Gold", n)
        case ActionKind.TAKE_SWORDS:
            return t.plural("take {n} Sword", "take {n} Swords", n)
        case ActionKind.TAKE_FLUTES:
            return t.plural("take {n} Flute", "take {n} Flutes", n)
        case ActionKind.TAKE_PASSES:
            return t.plural("take {n} Pass card", "take {n} Pass cards", n)
        case ActionKind.TAKE_JOKERS:
            return t.plural("take {n} Joker", "take {n} Jokers", n)
        case ActionKind.DISCARD_RATS:
            return t.plural("discard {n} rat", "discard {n} rats", n)
        case ActionKind.DRAW_POPULATION:
            return t.plural("draw {n} population card", "draw {n} population cards", n)
        case ActionKind.LOOK_AT_NUN_ROW:
            return t.plural("look at {n} card of the Nun-row", "look at {n} cards of the Nun-row",
                            n)
        case ActionKind.BREWERY_DRAW:
            if n == 1:
                return t("draw 1 card per influence point gained this round")
            return t("draw 1 card per {n} influence points gained this round (round down)", n=n)
        case ActionKind.HOSPITAL:
            if n:
                return t.plural(
                    "discard {n} rat, then discard up to {cards} hand cards to discard as many "
                    "rats",
                    "discard {n} rats, then discard up to {cards} hand cards to discard as many "
                    "rats", n, cards=action.hand_cards_up_to)
            return t("discard up to {cards} hand cards to discard as many rats",
                     cards=action.hand_cards_up_to)
        case ActionKind.WATCHTOWER_COLLECT:
            return t("every player who entered no Watchtower this round and holds at least as "
                     "many hand cards as you gives you {n} hand cards of their choice (all they "
                     "have if fewer)", n=n)
        case ActionKind.WATCHTOWER_PROTECT:
            return t("no action; protects you from every Watchtower premium this round")
    raise ValueError(f"no wording for action {action.kind}")
