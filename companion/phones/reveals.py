"""A player's phase D reveal made on their own phone (R-ROUND-D a): the one place where a
phone's reveal becomes the table's `Revealed`.

At a building everyone reveals at once, so a phone reveals whenever its player is ready; the
record still takes reveals in slot order, which decides ties on the tracks. The session
records a reveal at once when its slot's turn has come and holds it durably until then
(`Session.reveal_ahead`, `companion.store.held`): the building resolves when the last one
arrives, in whatever order they came. The phone sends the step its screen was drawn for
(`RevealTurn.step`); the seat comes from the phone's credentials, never from the request. A
reveal for another seat, at another building, for a player with nothing to reveal there, one
already made (from the table, or this phone before), any while the table enters for the
player (`entering`), or any once the game is scored is refused: a `LedgerRefused` with a
stable code that stores nothing and names the player.
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
    from companion.rules.views import TableView

REVEAL_PASSED = "reveal_passed"
OTHER_BUILDING = "other_building"
NO_REVEALS = "no_reveals"
NOTHING_TO_REVEAL = "nothing_to_reveal"
REVEAL_REFUSALS = frozenset({REVEAL_PASSED, OTHER_BUILDING, NO_REVEALS, NOTHING_TO_REVEAL})
"""The reveal's own refusal codes (beside the entry's `not_your_seat` and `step_moved`); the
phone words each in its language (`texts.WORDS`)."""


@dataclass(frozen=True)
class RevealFor:
    """The reveal step a phone's screen was drawn for, as the phone sends it back
    (`views.reveal_step_json`)."""

    round: int
    turn: int
    building: int
    actor: int
    at: int


@dataclass(frozen=True)
class Cards:
    """What the player turned over: population cards of the building's class and of another,
    Jokers, Swords and Flutes."""

    matching: int
    other: int
    jokers: int = 0
    swords: int = 0
    flutes: int = 0


class Reveals:
    """One player's reveals from their own phone in one open game."""

    def __init__(self, session: PhoneSession, player: int) -> None:
        self.session = session
        self.player = player

    def reveal(self, made_for: RevealFor, cards: Cards) -> bool:
        """Reveal `cards` at the step `made_for`: recorded now (True) or held until the
        slots before this player's have revealed (False)."""
        from companion.rules import events as ev
        from companion.rules.guide import Prompt
        from companion.rules.views import StepId

        names = own_step(self.session, self.player, made_for.actor)
        phone_may_act(self.session, self.player, names)
        event = ev.Revealed(self.player, made_for.building, cards.matching, cards.other,
                            cards.jokers, cards.swords, cards.flutes)
        step = StepId(Prompt.REVEAL_CARDS, made_for.round, made_for.turn, self.player,
                      made_for.building, at=made_for.at)
        with refused_as_ledger(names, lambda: self._why_not(made_for, names)):
            return self.session.reveal_ahead(event, step)

    def _why_not(self, made_for: RevealFor, names: tuple[str, ...]) -> LedgerRefused:
        """Why the reveal `made_for` cannot be taken: it is made already (recorded, or held
        from this phone), no building is being revealed, another building is, or this player
        has nothing to reveal there."""
        view = self.session.table_view()
        turn = self.session.player_view(self.player).reveal
        if self._recorded(view, made_for) or (
                turn is not None and turn.building == made_for.building
                and self.player in turn.held):
            return LedgerRefused(REVEAL_PASSED, "You have already revealed here: nothing "
                                 "more was recorded.", status=409, names=names)
        if turn is None:
            return LedgerRefused(NO_REVEALS, "No reveals are being made now.", status=409,
                                 names=names)
        if (turn.step.round, turn.building) != (made_for.round, made_for.building):
            return LedgerRefused(OTHER_BUILDING, "The table is at another building now: "
                                 "nothing was recorded.", status=409, names=names)
        if not turn.declared:
            return LedgerRefused(NOTHING_TO_REVEAL, "You have no cards to reveal in this "
                                 "building.", status=409, names=names)
        return LedgerRefused(STEP_MOVED, "The table is at another step now: nothing was "
                             "recorded.", status=409, names=names)

    def _recorded(self, view: TableView, made_for: RevealFor) -> bool:
        """Whether this player's reveal at that building of that round is recorded."""
        if not 0 < made_for.round <= len(view.rounds):
            return False
        record = view.round_record(made_for.round)
        entry = record.entry(self.player)
        return (entry is not None and entry.building == made_for.building and entry.cards > 0
                and record.reveals[self.player] is not None)
