"""A player's phase C entry made on their own phone (R-ROUND-C): the one place where a phone's
tap becomes the table's `Entered` or `Passed`.

The phone sends the step its screen was drawn for (`EntryTurn.step`); the session stores the
entry only while the table is still at that step (`Session.decide`), so a phone and the table
(or two screens) tapping the same step store the first and refuse the second. Who enters comes
from the phone's seat, never from the request: a step naming another seat is refused, and so
is one that is not this player's turn, any entry while the table enters for this seat
(`entering`), or any entry once the game is scored. Every refusal is a
`LedgerRefused` with a stable code, stores nothing, and names the player it is about.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.phones.entering import phone_may_act
from companion.phones.hub import PhoneSession
from companion.phones.ledger import LedgerRefused
from companion.phones.step_input import NOT_YOUR_SEAT, own_step, refused_as_ledger

if TYPE_CHECKING:
    from companion.rules.views import EntryTurn, TableView

OUT_OF_TURN = "out_of_turn"
STEP_PASSED = "step_passed"
STEP_MOVED = "step_moved"
NO_ENTRIES = "no_entries"
ENTRY_REFUSALS = frozenset({NOT_YOUR_SEAT, OUT_OF_TURN, STEP_PASSED, STEP_MOVED, NO_ENTRIES})
"""The entry's own refusal codes; the phone words each in its language (`texts.WORDS`)."""


@dataclass(frozen=True)
class MadeFor:
    """The step a phone's entry was drawn for, as the phone sends it back (`step_json`)."""

    round: int
    turn: int
    actor: int
    at: int


class Hand:
    """One player's phase C entries from their own phone in one open game."""

    def __init__(self, session: PhoneSession, player: int) -> None:
        self.session = session
        self.player = player

    def enter(self, made_for: MadeFor, building: int | None, cards: int) -> None:
        """Enter `building` (its place in the row) with `cards` face down, or play a Pass
        (`building` None), at the step `made_for`; stored through the session as the table's
        own tap would be."""
        from companion.rules import events as ev
        from companion.rules.guide import Prompt
        from companion.rules.views import StepId

        names = own_step(self.session, self.player, made_for.actor)
        phone_may_act(self.session, self.player, names)
        event = (ev.Passed(self.player) if building is None
                 else ev.Entered(self.player, building, cards))
        step = StepId(Prompt.ENTER, made_for.round, made_for.turn, self.player, None,
                      at=made_for.at)
        with refused_as_ledger(names, lambda: self._why_not(made_for, names)):
            self.session.decide([event], made_for=step)

    def _why_not(self, made_for: MadeFor, names: tuple[str, ...]) -> LedgerRefused:
        """Why the table is not at the step `made_for` for this player: their entry there
        is recorded already (from the table or another screen), it is someone else's turn,
        or no entries are being made."""
        if self._recorded(self.session.table_view(), made_for):
            return LedgerRefused(STEP_PASSED, "Already entered: your entry is recorded.",
                                 status=409, names=names)
        turn: EntryTurn | None = self.session.player_view(self.player).turn
        if turn is None:
            return LedgerRefused(NO_ENTRIES, "No entries are being made now.", status=409,
                                 names=names)
        if not turn.yours:
            waits = names[turn.actor]
            return LedgerRefused(OUT_OF_TURN, f"It is not your turn: the table waits for "
                                 f"{waits}.", status=409, names=names,
                                 values={"player": waits})
        return LedgerRefused(STEP_MOVED, "The table is at another step now: nothing was "
                             "recorded.", status=409, names=names)

    def _recorded(self, view: TableView, made_for: MadeFor) -> bool:
        """Whether the round's turn `made_for.turn` was played, by this player."""
        if not 0 < made_for.round <= len(view.rounds):
            return False
        turns = view.round_record(made_for.round).turns
        return 0 <= made_for.turn < len(turns) and turns[made_for.turn].player == self.player
