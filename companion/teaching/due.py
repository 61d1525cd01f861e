"""Which lessons the table's current step uses: a rule is taught no later than the first step
of the decision it changes (`Lesson.decision`): the entry of phase C teaches, besides entering,
the premium action and what the cards kept in hand score, since how many cards a player plays
decides both.

Read from the table's public view only (`TableView`, as `Session.decision_view` hands it out:
the steps folded into the next tap and the step the table decides), so a lesson can never be
drawn from a secret: before the plague check the view holds no player's rats (R-SETUP-1).
Whether a lesson was already shown is `progress`'s business; `due` says what the step uses,
every time it is asked.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.rules.guide import Enter, Prompt
from companion.rules.views import Phase, TableView
from companion.teaching.lessons import (
    ACTIONS,
    DRAW_BUILDINGS,
    END_HANDS,
    ENTER,
    FLUTE,
    HAND_SCORES,
    LAST_ROUND,
    PASS,
    PLAGUE,
    REVEAL,
    SCORING,
    SUPPLIES,
    SWORD,
    TWO_PLAYERS,
    Lesson,
    building_lesson,
)

_PLAYING = (Phase.A, Phase.B, Phase.C, Phase.D, Phase.E)


def due(view: TableView, folded: Sequence[TableView] = ()) -> tuple[Lesson, ...]:
    """The lessons of the screen drawn for `view`'s step, with the steps `folded` into its tap
    (the supply, a building's actions) shown above it, in the order the table reads them: the
    folded steps first, as it does them first."""
    out: list[Lesson] = []
    step = view.step
    if step.is_last_round and view.phase in _PLAYING:
        out.append(LAST_ROUND)
    for before in folded:
        prompt = before.step.prompt
        if prompt is Prompt.REVEAL_BUILDINGS:  # the app's deck: its row shows above
            out.append(DRAW_BUILDINGS)
        elif prompt is Prompt.SUPPLY:
            out.append(SUPPLIES)
        elif prompt is Prompt.TAKE_ACTIONS:
            if not before.step.is_last_round:
                out.append(ACTIONS)
                if before.players == 2:
                    out.append(TWO_PLAYERS)
            out += played_specials(before)
    prompt = step.prompt
    if prompt is Prompt.REVEAL_BUILDINGS:
        out.append(DRAW_BUILDINGS)
    elif isinstance(step, Enter):
        out.append(ENTER)
        if step.can_pass:
            out.append(PASS)
        if not step.is_last_round:
            out += [building_lesson(b) for b in dict.fromkeys(view.row)]
            out.append(ACTIONS)
            if view.players == 2:
                out.append(TWO_PLAYERS)
        out.append(HAND_SCORES)
    elif prompt is Prompt.REVEAL_CARDS:
        out.append(REVEAL)
    if view.phase is Phase.D or prompt in (Prompt.CHOOSE_SWORD_GIVER,
                                           Prompt.CHOOSE_FLUTE_RECEIVER):
        out += played_specials(view)
    if prompt is Prompt.END_VALUES and not view.at_plague_check:
        out.append(END_HANDS)
    if view.at_plague_check:
        out.append(PLAGUE)
    if view.phase is Phase.FINISHED:
        out.append(SCORING)
    return tuple(dict.fromkeys(out))


def played_specials(view: TableView) -> list[Lesson]:
    """Sword and Flute, once a revealed hand of this round has shown one (R-SPECIAL-1/2):
    what a reveal shows is public."""
    reveals = [r for r in view.record.reveals if r is not None]
    out = []
    if any(r.swords for r in reveals) or view.step.prompt is Prompt.CHOOSE_SWORD_GIVER:
        out.append(SWORD)
    if any(r.flutes for r in reveals) or view.step.prompt is Prompt.CHOOSE_FLUTE_RECEIVER:
        out.append(FLUTE)
    return out
