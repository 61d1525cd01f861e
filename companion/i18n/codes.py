"""The engine and the scoring speak in codes with parameters; this module gives them words.

A code without an entry here falls back to the engine's own English sentence, so a new rule
never shows a blank message; the catalog tests list which codes still need a German text.
"""

from __future__ import annotations

from typing import Any

from companion.i18n import N_, Translator

VIOLATIONS: dict[str, str] = {
    "player_count": N_("Rattus Cartus is for 2 to 5 players."),
    "name_missing": N_("Every player needs a name."),
    "duplicate_name": N_("Two players have the same name."),
    "duplicate_colour": N_("Two players have the same colour."),
    "duplicate_player": N_("Every player needs their own name and colour."),
    "bad_seed": N_("The shuffle number is not valid."),
    "bad_start_player": N_("The start player must be one of the players."),
    "manual_selection_missing": N_("Choose the buildings: 5 cards per estate."),
    "too_many_copies": N_("There are only 5 cards of each building."),
    "five_per_estate": N_("Each estate needs exactly 5 building cards; {estate} has {count}."),
    "bad_setup_code": N_("This setup code is not valid; check it and type it again."),
    "setup_code_players": N_("This setup code is for {expected} players, not {given}."),
    "bad_deck": N_("The building deck does not match the buildings in play."),
    "malformed_setup": N_("The game has no valid setup."),
    # corrections of an earlier entry or reveal
    "correct_reveal_instead": N_("{player} revealed {revealed} cards there: correct the reveal, "
                                 "which changes the declared count too."),
    "building_already_resolved": N_("That building is already resolved, and {player} has not "
                                    "revealed yet."),
    "not_revealed_yet": N_("{player} has not revealed yet; to change the declared count, "
                           "correct the entry."),
    "no_entry": N_("{player} has not entered a building in round {round}."),
    "no_such_round": N_("Round {round} has not been played."),
    "sword_not_in_play": N_("There are no Swords in this game (no Castle)."),
    "flute_not_in_play": N_("There are no Flutes in this game (no Rat Catcher's Hut)."),
}


def violation_text(t: Translator, exc: Any) -> str:
    """A broken rule in the table's language, with its rule ID for looking it up."""
    from companion.i18n.names import ESTATE_NAMES
    from companion.rules.catalog import Estate

    template = VIOLATIONS.get(getattr(exc, "code", ""))
    rule = getattr(exc, "rule", "")
    if template is None:
        message = getattr(exc, "message", str(exc))
    else:
        params = dict(getattr(exc, "params", {}))
        if "estate" in params and params["estate"] in {e.value for e in Estate}:
            params["estate"] = t(ESTATE_NAMES[Estate(params["estate"])])
        try:
            message = t(template, **params)
        except (KeyError, IndexError):
            message = getattr(exc, "message", str(exc))
    return f"{message} ({rule})" if rule and rule != "EVENT" else message

PROMPTS: dict[str, str] = {
    "start_game": N_("Set up a new game."),
    "reveal_buildings": N_("Round {round}: reveal {count} buildings."),
    "supply": N_("Supply: each player picks the supply action of one revealed building and "
                 "does it."),
    "enter": N_("{player}: enter a building."),
    "reveal_cards": N_("{player}: reveal your cards in the {building}."),
    "choose_sword_giver": N_("{player}: choose who gives you half their hand."),
    "choose_flute_receiver": N_("{player}: choose who receives the rat."),
    "take_actions": N_("The players in the {building} take their actions."),
    "end_round": N_("End of the round: discs back, the start-player card passes to the left."),
    "end_values": N_("The game is over: enter the hands, special cards, victory points and "
                     "the nuns."),
    "finished": N_("The game is over."),
}


def prompt_text(t: Translator, step: Any) -> str:
    """The guide's `Step` as one sentence for the table (`companion.rules.guide.next_step`)."""
    from companion.i18n.names import BUILDING_NAMES
    from companion.rules.catalog import Building

    code = str(getattr(step, "prompt", ""))
    params: dict[str, Any] = {"round": getattr(step, "round", 0)}
    params.update(getattr(step, "params", {}) or {})
    building = params.get("building")
    if isinstance(building, str) and building in {b.value for b in Building}:
        params["building"] = t(BUILDING_NAMES[Building(building)])
    template = PROMPTS.get(code)
    if template is None:
        return code
    try:
        return t(template, **params)
    except (KeyError, IndexError):
        return code
