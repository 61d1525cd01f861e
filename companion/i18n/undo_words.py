"""The session's undo and redo refusals in the person's words, like the table's "Undone: Anna's
entry into the Castle": the step named by what it was, the player by their name.

The session refuses with a code and values (`companion.store.problems`): the refused step by
its event's class name (`event`), the player by seat (`player`), the rule it would break
(`violation`). The store imports no engine and no words, so the naming happens here; a caller
that knows the game gives its players' names, else a seat is said as "Player 2".
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from companion.i18n import N_, Translator
from companion.store.problems import StoreProblem as P

STEPS: dict[str, str] = {
    "GameStarted": N_("the start of the game"),
    "BuildingsRevealed": N_("the buildings of a round"),
    "SupplyDone": N_("the supplies"),
    "RoundEnded": N_("the end of a round"),
    "Entered": N_("an entry into a building"),
    "Passed": N_("a Pass card"),
    "Revealed": N_("a reveal in a building"),
    "SpecialTargetChosen": N_("the choice in a building"),
    "HospitalDiscarded": N_("the actions in a building"),
    "BuildingResolved": N_("the actions in a building"),
    "EntryCorrected": N_("the correction of an entry"),
    "RevealCorrected": N_("the correction of a reveal"),
    "TieChosenAfterCorrection": N_("the choice between tied buildings"),
    "HospitalCorrected": N_("the correction of the Hospital’s discards"),
    "EndValuesEntered": N_("the end values"),
    "NunsCounted": N_("the end values"),
    "RatsChanged": N_("a change of rats"),
    "NunCardNoted": N_("a note of a Nun-row card"),
    "RatChangeDisputed": N_("a dispute"),
    "DisputeDismissed": N_("the check of a dispute"),
    "RatsConfirmed": N_("the confirmation of the rats"),
}
"""Each step by its event's class name, as the refusal carries it."""

REFUSALS: dict[P, str] = {
    P.NOTHING_TO_UNDO: N_("Nothing to undo: the game is at its start."),
    P.NOTHING_TO_REDO: N_("Nothing to redo."),
    P.NO_PRIVATE_UNDO: N_("{player} has no entry left to undo."),
    P.NO_PRIVATE_REDO: N_("{player} has no entry to redo."),
    P.ENTRIES_FINAL: N_("The game is scored: {player}’s entries are final."),
    P.UNDO_ILLEGAL_LATER: N_("Cannot undo {step}: the later steps would no longer be legal. "
                             "{violation}"),
    P.REDO_ILLEGAL_LATER: N_("Cannot redo {step}: the later steps would no longer be legal. "
                             "{violation}"),
    P.UNDO_NO_LONGER_LEGAL: N_("Cannot undo: {step} after it would no longer be legal. "
                               "{violation}"),
}
"""The refusals of undo and redo, with the step and the player in words."""


def step_name(t: Translator, event: object) -> str:
    """A refused step by its event's class name; an unknown one as "the step"."""
    return t(STEPS.get(str(event), N_("the step")))


def player_name(t: Translator, player: object, names: Sequence[str] | None) -> str:
    """A seat by the player's name where the game is known, else "Player 2"."""
    if isinstance(player, int) and not isinstance(player, bool):
        if names is not None and 0 <= player < len(names):
            return names[player]
        return t("Player {n}", n=player + 1)
    return str(player)


def undo_refusal(t: Translator, code: P, values: Mapping[str, Any],
                 value_words: Callable[[Any], Any],
                 names: Sequence[str] | None = None) -> str | None:
    """An undo or redo refusal in `t`'s language, or None for another problem."""
    message = REFUSALS.get(code)
    if message is None:
        return None
    words: dict[str, Any] = {"player": player_name(t, values.get("player"), names),
                             "step": step_name(t, values.get("event"))}
    violation = values.get("violation")
    words["violation"] = value_words(violation) if violation is not None else ""
    return t(message, **words).strip()
