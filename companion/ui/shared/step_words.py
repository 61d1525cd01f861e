"""What one step at the table was, in words: the snackbar after an undo or a redo names it
("Undone: Cleo's entry into the Farm"), so the table knows what it took back; a tap refused
because its step has passed names the step it was for ("That was for Evi's entry, which is
already recorded.")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.i18n import N_, Translator
from companion.i18n.names import row_building_name
from companion.i18n.words import words
from companion.rules import events as ev
from companion.rules.views import TableView
from companion.store.session import StepPassed

_AT_BUILDING: dict[type, str] = {
    ev.Entered: N_("{player}'s entry into the {building}"),
    ev.Revealed: N_("{player}'s reveal in the {building}"),
    ev.SpecialTargetChosen: N_("the choice in the {building}"),
    ev.BuildingResolved: N_("the actions in the {building}"),
    ev.HospitalDiscarded: N_("{player}'s discard in the {building}"),
}
_IN_ROUND: dict[type, str] = {
    ev.BuildingsRevealed: N_("the buildings of round {round}"),
    ev.SupplyDone: N_("the supplies of round {round}"),
    ev.RoundEnded: N_("the end of round {round}"),
    ev.EntryCorrected: N_("the correction of {player}'s entry in round {round}"),
    ev.RevealCorrected: N_("the correction of {player}'s reveal in round {round}"),
}


def step_words(t: Translator, view: TableView, step: Sequence[Any], undone: bool = False
               ) -> str:
    """The step `step` (one tap's events, in order) as a phrase, read in `view`: the game just
    before the step (after an undo, `undone`) or just after it (after a redo), in both of which
    the step's row is still recorded; a step that ended a round and laid out the next one's
    row is named by the next round, which the game before it had not reached; an entry that
    laid out its round's row is named by that row."""
    names = view.setup.names
    last = step[-1]
    kind = type(last)
    player = getattr(last, "player", None)
    who = names[player] if isinstance(player, int) and 0 <= player < len(names) else ""
    if kind in _AT_BUILDING:
        # a round's first entry lays out its row too (the app's deck): the game before the
        # step may not have that row yet, or still hold the round before's
        dealt = [e.row for e in step if isinstance(e, ev.BuildingsRevealed)]
        row = dealt[-1] if dealt else view.record.row
        position = last.building
        if 0 <= position < len(row):
            return t(_AT_BUILDING[kind], player=who, building=row_building_name(t, row, position))
    if kind in _IN_ROUND:
        ahead = undone and any(isinstance(e, ev.RoundEnded) for e in step[:-1])
        return t(_IN_ROUND[kind], player=who,
                 round=getattr(last, "round", view.round + ahead))
    if kind is ev.Passed:
        return t("{player}'s Pass card", player=who)
    if kind in (ev.EndValuesEntered, ev.NunsCounted):
        return t("the end values")
    return t("the last step")


def undone_text(t: Translator, view: TableView, step: Sequence[Any]) -> str:
    return t("Undone: {step}", step=step_words(t, view, step, undone=True))


def redone_text(t: Translator, view: TableView, step: Sequence[Any]) -> str:
    return t("Redone: {step}", step=step_words(t, view, step))


def passed_text(t: Translator, view: TableView, refused: StepPassed) -> str:
    """A tap the session refused because the table is no longer at the step it was made for
    (`Session.decide`), read in `view` (the game now): the step it was for, by its player and
    building."""
    step = refused.made_for
    where = ""
    if step.building is not None and 0 < step.round <= len(view.rounds):
        row = view.round_record(step.round).row
        if 0 <= step.building < len(row):
            where = row_building_name(t, row, step.building)
    return words(t, refused, names=view.setup.names, building=where)
