"""A player's choice made on their own phone: whom the winner of a tie for fewest Swords or
Flutes names (R-SPECIAL-1/2), how many hand cards a Hospital's taker discards (R-ROUND-D b).
The one place where a phone's tap becomes the table's `SpecialTargetChosen` or
`HospitalDiscarded`.

As with an entry (`hand`), the phone sends the step its screen was drawn for (`ChoiceTurn`'s
step); the session stores the choice only while that choice is still open
(`Session.choose`), so a phone and the table tapping the same choice store the first and
refuse the second. The chooser is the phone's seat, never the request's: a step naming
another seat is refused, and so is every choice while the table enters for the chooser
(`entering`) or once the game is scored. Every refusal is a
`LedgerRefused` with a stable code, stores nothing, and names the player it is about.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.phones.entering import phone_may_act
from companion.phones.hand import STEP_MOVED
from companion.phones.hub import PhoneSession
from companion.phones.ledger import LedgerRefused
from companion.phones.step_input import own_step, refused_as_ledger

if TYPE_CHECKING:
    from companion.rules.views import StepId

ALREADY_CHOSEN = "already_chosen"
NO_CHOICE = "no_choice"
CHOICE_REFUSALS = frozenset({ALREADY_CHOSEN, NO_CHOICE})
"""The choice's own refusal codes (beside the entry's it shares: `not_your_seat`,
`step_moved`); the phone words each in its language (`texts.WORDS`)."""

CHOICE_PROMPTS = ("choose_sword_giver", "choose_flute_receiver", "take_actions")
"""The steps a phone chooses at, by their `Prompt` value: a tie for fewest Swords, for fewest
Flutes, a Hospital's actions."""


@dataclass(frozen=True)
class ChoiceMadeFor:
    """The step a phone's choice was drawn for, as the phone sends it back (`choice_json`)."""

    prompt: str
    round: int
    turn: int
    actor: int
    building: int
    at: int


class Chooser:
    """One player's choices from their own phone in one open game."""

    def __init__(self, session: PhoneSession, player: int) -> None:
        self.session = session
        self.player = player

    def choose(self, made_for: ChoiceMadeFor, option: int) -> None:
        """Make the choice `made_for` with `option`: the seat named at a tie, the hand cards
        discarded at a Hospital; stored through the session as the table's own tap would
        be."""
        from companion.rules import events as ev
        from companion.rules.catalog import Special
        from companion.rules.guide import Prompt
        from companion.rules.views import StepId

        names = own_step(self.session, self.player, made_for.actor)
        phone_may_act(self.session, self.player, names)
        prompt = Prompt(made_for.prompt)
        event: ev.Event
        if prompt is Prompt.TAKE_ACTIONS:
            event = ev.HospitalDiscarded(made_for.building, self.player, option)
        else:
            special = Special.SWORD if prompt is Prompt.CHOOSE_SWORD_GIVER else Special.FLUTE
            event = ev.SpecialTargetChosen(made_for.building, special, option)
        step = StepId(prompt, made_for.round, made_for.turn, self.player, made_for.building,
                      at=made_for.at)
        with refused_as_ledger(names, lambda: self._why_not(step, names)):
            self.session.choose(event, made_for=step)

    def _why_not(self, made_for: StepId, names: tuple[str, ...]) -> LedgerRefused:
        """Why the choice `made_for` is not open: it was made already (on this phone, another
        screen or the table), or the table is elsewhere."""
        from companion.rules.views import recorded_choice

        if recorded_choice(self.session.table_view(), made_for):
            return LedgerRefused(ALREADY_CHOSEN, "Already chosen: your choice is recorded.",
                                 status=409, names=names)
        choice = self.session.player_view(self.player).choice
        if choice is None or choice.mine is None:
            return LedgerRefused(NO_CHOICE, "There is no choice for you to make now.",
                                 status=409, names=names)
        return LedgerRefused(STEP_MOVED, "The table is at another step now: nothing was "
                             "recorded.", status=409, names=names)
