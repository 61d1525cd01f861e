"""What happens next: `next_step(state, discards)`, the one answer the session and the screens
read (who may do what, and which steps need no tap).

Some steps ask the table for nothing: the row the app's own deck deals (phase A, R-ROUND-A:
the engine knows the cards, the replacement rule applied), the supply (phase B, R-ROUND-B), a
building's actions (R-ROUND-D b/c: the engine knows who takes what) and the end of a round
before the last (R-ROUND-E). They are still recorded (`BuildingsRevealed`, `SupplyDone`,
`BuildingResolved`, `RoundEnded`), so every stored game replays as before, but they take no tap
of their own: they are folded into the next tap that decides something, and recorded with it
as one step (one undo). The phase C entry buttons stand on the cards of the row being laid out,
so the first entry is the sign that the row lies on the table. The players' own deck is data
(which cards came up): its row is a decision, as is a digital deck that cannot deal. So is the
app's row after a building's actions folded before it: those actions stay in sight until the
tap that records them, and with the entry buttons below them they did not fit a laptop's
screen with five players (the walks' in-sight check, tests/browser/
test_every_control_reachable*.py), so the row's tap records them.

`next_step` says which steps those are, the events they record, the one `Step` the table
must decide (who acts there and what is allowed) and the state after the folded steps, all in
one `Decision`, so that a screen draws without applying anything itself. The one piece of
data a folded step takes from the table is a Hospital's discards (R-ROUND-D b): the decision
lists each folded Hospital's options, and `Decision.events(discards)` puts the
`HospitalDiscarded` events the deciding tap adds before that building's `BuildingResolved`.
`next_step(state, discards)` folds with those discards in, so the rats drawn are the ones
that will be recorded. Each step it passes is `guide.step_at`'s, the answer `engine.apply`
checks every event against.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from companion.rules import events as ev
from companion.rules.deck import reveal_event
from companion.rules.engine import apply
from companion.rules.errors import RuleViolation
from companion.rules.guide import (
    EndRound,
    HospitalOption,
    RevealBuildings,
    Step,
    Supply,
    TakeActions,
    step_at,
)
from companion.rules.state import GameState, RoundRecord

NoTap = RevealBuildings | Supply | TakeActions | EndRound
"""The steps that may take no tap of their own; `RevealBuildings` does with the players' own
deck, a deck that cannot deal or after a building's actions, `EndRound` in the last round
(the end form follows it: that tap ends the game)."""

FoldedEvent = ev.BuildingsRevealed | ev.SupplyDone | ev.BuildingResolved | ev.RoundEnded
"""What a step without a tap records."""

Discards = Mapping[tuple[int, int], int]
"""Hospital discards of the current round: (building, player) -> hand cards discarded."""

NO_DISCARDS: Discards = MappingProxyType({})


@dataclass(frozen=True)
class Folded:
    """A step that takes no tap of its own, folded into the tap that decides."""

    step: NoTap
    """The step as `guide.step_at` gives it (for actions the building, the resolution and the
    Hospital's options)."""
    state: GameState
    """The state the step stands at: what its part of the screen is drawn from."""
    event: FoldedEvent
    """What it records."""
    discards: tuple[ev.HospitalDiscarded, ...] = ()
    """The Hospital discards folded with it (recorded before `event`), from `discards`."""

    @property
    def hospital(self) -> tuple[HospitalOption, ...]:
        """A Hospital's actions: who may discard hand cards here, and up to how many."""
        return self.step.hospital if isinstance(self.step, TakeActions) else ()


@dataclass(frozen=True)
class Decision:
    """What happens next: the steps before the next decision that take no tap, and the
    decision itself, who acts there and what is allowed."""

    folded: tuple[Folded, ...]
    """In the order they are recorded."""
    step: Step
    """The one step the table must decide: never `Supply` or `TakeActions`, `RevealBuildings`
    only with the players' own deck, a deck that cannot deal or after a building's actions
    folded before it, and `EndRound` only in the last round."""
    state: GameState | None
    """The state after the folded steps: what `step` is drawn from."""

    @property
    def actor(self) -> int | None:
        """The player to decide `step`, or None when it is the table's turn (or anyone's)."""
        return self.step.actor

    @property
    def allowed(self) -> frozenset[type[ev.Event]]:
        """The event types the deciding tap may record (a player's own notes always are)."""
        return self.step.allowed

    @property
    def hospital(self) -> tuple[tuple[int, HospitalOption], ...]:
        """Every folded Hospital option: (building, option)."""
        return tuple((f.event.building, option) for f in self.folded
                     if isinstance(f.event, ev.BuildingResolved) for option in f.hospital)

    def events(self, discards: Discards | None = None) -> tuple[ev.Event, ...]:
        """What the deciding tap records before its own event: the folded steps' events, with
        `discards` (or the ones folded in) put before their building's `BuildingResolved`. A
        discard no option allows is left out; one above the option's limit is capped at it."""
        out: list[ev.Event] = []
        for f in self.folded:
            if discards is None:
                out += f.discards
            elif isinstance(f.event, ev.BuildingResolved):
                out += hospital_events(f.event.building, f.hospital, discards,
                                       f.state.rounds[-1])
            out.append(f.event)
        return tuple(out)


def hospital_events(building: int, options: tuple[HospitalOption, ...], discards: Discards,
                    record: RoundRecord | None = None) -> tuple[ev.HospitalDiscarded, ...]:
    """The `HospitalDiscarded` events of `discards` at `building` that `options` allow (capped
    at each option's limit), each where it changes what `record` (the round so far) holds: a
    taker's discard chosen on their own device stands unless the table entered another (0
    too: it takes the device's back); none for 0 cards where nothing is recorded."""
    out = []
    for option in options:
        key = (building, option.player)
        if key not in discards:
            continue
        cards = min(discards[key], option.up_to)
        if cards != (record.hospital_cards(*key) if record is not None else 0):
            out.append(ev.HospitalDiscarded(building, option.player, cards))
    return tuple(out)


def _no_tap_event(state: GameState, step: NoTap, after_actions: bool) -> FoldedEvent | None:
    """The event a step without a tap records, or None when the step is a decision (the
    players' own row, a deck that cannot deal, the app's row while `after_actions` is True,
    the last round's end)."""
    match step:
        case RevealBuildings():
            if not step.digital or after_actions:
                return None
            try:
                return reveal_event(state)
            except RuleViolation:  # a broken record: the row's screen says why
                return None
        case Supply():
            return ev.SupplyDone()
        case TakeActions():
            return ev.BuildingResolved(step.building)
    return None if step.is_last_round else ev.RoundEnded()


def next_step(state: GameState | None, discards: Discards = NO_DISCARDS, *,
              deal_after_actions: bool = False) -> Decision:
    """What happens next: the steps up to the next one the table decides (R-ROUND-A,
    R-ROUND-B, R-ROUND-D, R-ROUND-E), with the Hospital `discards` the table has entered so
    far for this round folded in.

    `deal_after_actions`: the row the app's deck deals is folded after a building's actions
    too, for a tap not made on the table's screen (a player's first entry of the round on
    their own phone): the table's screen, where those actions stand above the row, is not
    where it is made, so nothing there has to fit, and the next round's first entry records
    the last round's actions, its end, the row and the supply in one step."""
    folded: list[Folded] = []
    step = step_at(state)
    while state is not None and isinstance(step, NoTap):
        after_actions = (not deal_after_actions
                         and any(isinstance(f.step, TakeActions) for f in folded))
        event = _no_tap_event(state, step, after_actions)
        if event is None:
            break
        extra: tuple[ev.HospitalDiscarded, ...] = ()
        if isinstance(step, TakeActions):
            extra = hospital_events(step.building, step.hospital, discards,
                                    state.rounds[-1])
        folded.append(Folded(step, state, event, extra))
        for e in (*extra, event):
            state = apply(state, e)
        step = step_at(state)
    return Decision(tuple(folded), step, state)
