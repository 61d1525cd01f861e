"""The one error the engine raises: a rule was broken, or an event is malformed.

The engine speaks in codes and values, never in sentences: `companion.i18n.words` gives each
`Refusal` its words in the table's language.
"""

from __future__ import annotations

from enum import StrEnum


class Refusal(StrEnum):
    """Why an event (or a setup request) is refused; each has a text in the catalogs."""

    # a malformed event or a game in the wrong state for any event
    UNKNOWN_EVENT = "unknown_event"
    MALFORMED_EVENT = "malformed_event"
    BAD_NUMBER = "bad_number"
    NO_SUCH_PLAYER = "no_such_player"
    NO_SUCH_BUILDING = "no_such_building"
    NOT_STARTED = "not_started"
    ALREADY_STARTED = "already_started"
    # not now, or not this player now
    NOT_ALLOWED_NOW = "not_allowed_now"
    NOT_YOUR_TURN = "not_your_turn"
    # setup (R-SETUP, R-COMP)
    PLAYER_COUNT = "player_count"
    NAME_MISSING = "name_missing"
    DUPLICATE_NAME = "duplicate_name"
    DUPLICATE_COLOUR = "duplicate_colour"
    DUPLICATE_PLAYER = "duplicate_player"
    BAD_SEED = "bad_seed"
    BAD_START_PLAYER = "bad_start_player"
    MANUAL_SELECTION_MISSING = "manual_selection_missing"
    TOO_MANY_COPIES = "too_many_copies"
    FIVE_PER_ESTATE = "five_per_estate"
    BAD_DECK = "bad_deck"
    MALFORMED_SETUP = "malformed_setup"
    BAD_SETUP_CODE = "bad_setup_code"
    SETUP_CODE_PLAYERS = "setup_code_players"
    # phase A
    PHYSICAL_DECK = "physical_deck"
    BUILDINGS_PER_ROUND = "buildings_per_round"
    DECK_MISMATCH = "deck_mismatch"
    BUILDING_NOT_IN_PLAY = "building_not_in_play"
    ALL_SAME = "all_same"
    BAD_REPLACEMENT = "bad_replacement"
    NO_COPY_LEFT = "no_copy_left"
    # phase C
    ALREADY_ENTERED = "already_entered"
    PASS_NOT_IN_PLAY = "pass_not_in_play"
    POINTLESS_PASS = "pointless_pass"
    NO_PASS_CARD = "no_pass_card"
    # phase D
    SWORD_NOT_IN_PLAY = "sword_not_in_play"
    FLUTE_NOT_IN_PLAY = "flute_not_in_play"
    REVEAL_ORDER = "reveal_order"
    REVEAL_COUNT = "reveal_count"
    NO_CHOICE_NOW = "no_choice_now"
    NOT_A_CANDIDATE = "not_a_candidate"
    NO_HOSPITAL_ACTION = "no_hospital_action"
    HOSPITAL_LIMIT = "hospital_limit"
    LAST_ROUND_NO_ACTIONS = "last_round_no_actions"
    RESOLVE_IN_ROW_ORDER = "resolve_in_row_order"
    # corrections
    NO_SUCH_ROUND = "no_such_round"
    NO_ENTRY = "no_entry"
    CORRECT_REVEAL_INSTEAD = "correct_reveal_instead"
    BUILDING_ALREADY_RESOLVED = "building_already_resolved"
    NOT_REVEALED_YET = "not_revealed_yet"
    NO_OPEN_QUESTION = "no_open_question"
    HOSPITAL_CARDS_PER_PLAYER = "hospital_cards_per_player"
    NO_HOSPITAL_DISCARDS = "no_hospital_discards"
    # end of the game
    SPECIAL_NOT_IN_PLAY = "special_not_in_play"
    GAME_NOT_FINISHED = "game_not_finished"
    ALREADY_CONFIRMED = "already_confirmed"
    GAME_SCORED = "game_scored"
    # a player's own notes
    NOT_A_PRIVATE_REASON = "not_a_private_reason"
    ZERO_CHANGE = "zero_change"
    SUPPLY_GAINS_NO_RATS = "supply_gains_no_rats"
    RATS_NEGATIVE = "rats_negative"
    NO_SUCH_NUN_CARD = "no_such_nun_card"
    NUNS_PER_CARD = "nuns_per_card"
    NO_SUCH_ENTRY = "no_such_entry"
    NO_OPEN_DISPUTE = "no_open_dispute"


Param = str | int | bool | None | list[str]
"""What a refusal carries: names, numbers, enum values, lists of them (JSON-ready)."""


class RuleViolation(Exception):
    """An event (or a setup request) that the rules do not allow.

    `rule` is the rule ID from RULES.md (e.g. "R-ROUND-C"), or "EVENT" for a malformed event;
    `code` says what is wrong and `params` the values a text needs (e.g. code NOT_YOUR_TURN,
    params {"player": "Anna", "actor": "Ben", ...}). The state the event was applied to is
    never changed: `apply` checks before it builds anything.
    """

    def __init__(self, rule: str, code: Refusal, **params: Param) -> None:
        super().__init__(f"{code} {params} [{rule}]")
        self.rule = rule
        self.code = code
        self.params: dict[str, Param] = params

    def __repr__(self) -> str:
        return f"RuleViolation({self.rule!r}, {self.code.value!r}, {self.params!r})"
