"""The single writer of one game: validate with the engine, store durably, fold, tell the views.

Every change to a game goes through one `Session`, under one lock, in this order: the engine
checks the event against the current state (a `RuleViolation` leaves everything as it was),
the store commits it to disk, the session folds it into its state, and only then are the
subscribers told. So no screen ever shows an effect that a crash could take back.

The state itself never leaves the session: what it hands out are views, the table's
`TableView` (`table_view()`), the table's next decision (`decision_view()`: the steps that take
no tap of their own, each a `TableView`, then the one to decide) and a seat's own `PlayerView`
(`player_view(seat)`), all built by `companion.rules.views`, and the public event log
(`public_events`). A subscriber is told only that the game changed, and asks for the view it
may see. So a screen cannot read a player's rats before the plague check (R-SETUP-1) even by
accident: the types do not let it.

Undo never deletes: the event is flagged in the store, which keeps the redo stack across a
restart. One undo takes back one thing a player did: a tap that played several events (the
end form; a deciding tap with the steps before it that take no tap of their own, a building's
actions with its Hospital discards among them: `decide`) is stored as one step (`submit_all`)
and undone and redone whole. The table's undo takes back public steps only; a player's private
ledger entries are taken back only by that player (the phones layer checks who is asking).
The table must still be able to go back to the start, so a private entry the rules no longer
allow without the undone step is set aside with it (not undone by the table: it returns with
the redo).
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace

from companion.rules import RuleViolation, apply, apply_recorded, check_revealed_ahead
from companion.rules.correction_effects import Effect, correction_effects, keeps_the_list
from companion.rules.decision import NO_DISCARDS, Decision, Discards, next_step
from companion.rules.events import (
    Entered,
    Event,
    HospitalDiscarded,
    Passed,
    Revealed,
    SpecialTargetChosen,
)
from companion.rules.guide import Prompt, RevealBuildings, RevealCards, TakeActions
from companion.rules.questions import HospitalDiscards, hospital_discards
from companion.rules.resolution import special_result
from companion.rules.state import GameState, Phase
from companion.rules.views import (
    DecisionView,
    PlayerView,
    StepId,
    TableView,
    choice_turn,
    decision_view,
    entry_turn,
    open_choices,
    own_view,
    public_view,
    reveal_turn,
)
from companion.store.codec import JsonValue, private_owner, to_json
from companion.store.db import EventStatus, GameMeta, GameStore, StoredEvent, StoreError
from companion.store.gamemeta import describe
from companion.store.held import HELD_KEY, Held, HeldReveal
from companion.store.problems import StoreProblem as P
from companion.store.worded import Worded

log = logging.getLogger(__name__)


def json_key(value: JsonValue) -> str:
    """A hashable form of a JSON value (a private event's owner)."""
    return json.dumps(value, sort_keys=True)


Subscriber = Callable[[], None]
"""Called with nothing after every committed change (a step, an undo or redo, a correction
request): the subscriber asks the session for the view it may see."""


_BEFORE_ENTRIES = frozenset({Phase.A, Phase.B, Phase.C})
"""The phases in which the table's next decision may be a phase C entry (the row the app's
deck deals and the supply are folded into the first entry)."""


class UndoError(StoreError):
    """Nothing to undo or redo, or taking the step back would leave an illegal game."""


class StepPassed(Worded):
    """A deciding tap made for a step the table is no longer at (`Session.decide`): nothing
    was stored. `STEP_PASSED` when the table has recorded that step since, `STEP_NOT_REACHED`
    when it went back before it (an undo in another tab). Its values name the step the tap
    was for: `prompt` (its `Prompt`), `player` (the seat acting there, or None), `building`
    (its place in the round's row, or None) and `round`."""

    def __init__(self, made_for: StepId, now: StepId) -> None:
        super().__init__(P.STEP_PASSED if made_for.at <= now.at else P.STEP_NOT_REACHED,
                         prompt=made_for.prompt.value, player=made_for.actor,
                         building=made_for.building, round=made_for.round)
        self.made_for = made_for


OWN_INPUTS: tuple[type[Event], ...] = (Entered, Passed, Revealed, HospitalDiscarded,
                                        SpecialTargetChosen)
"""The public inputs that are one player's own: their phase C entry or Pass, their phase D
reveal, their Hospital discard, their choice at a tie (theirs who played the most Swords or
Flutes, R-SPECIAL-1/2; its event names the player chosen). While one is the game's last
input, that player's device may take it back (`Session.undo_own_step`); so may a player whose
reveal is held for its slot (`store.held`), while no input came after it."""


@dataclass(frozen=True)
class TakenBack:
    """The step the latest undo or redo took back or put back, so every device can say what
    changed under it: `by` the player whose device took back their own input (None: the
    table), `redone` for a redo. Kept in memory until the next public step: a restart forgets
    it, as the players have seen it by then."""

    events: tuple[Event, ...]
    by: int | None = None
    redone: bool = False


class RequestRefused(StoreError):
    """A correction request that cannot be made now (the game is not scored yet)."""


@dataclass(frozen=True)
class RatsRequest:
    """After the scoring, a player asks the table to correct the rats they were scored with.

    It changes nothing until the table accepts it (the table then records the count itself);
    until the table decides it is `pending`, then `accepted` or `rejected` for the player to see.
    Kept in memory: a restart forgets it, and the player asks again."""

    player: int
    rats: int
    status: str = "pending"


@dataclass(frozen=True)
class Engine:
    """The rules a session enforces and how it summarises a state for the game list: the real
    engine's by default (`default_engine`); a test may count or wrap them."""

    apply: Callable[[GameState | None, Event], GameState]
    violation: type[RuleViolation]
    describe: Callable[[GameState], GameMeta]
    apply_recorded: Callable[[GameState | None, Event], GameState] | None = None
    """How an event read back from the store is folded: checked as when it was recorded, so
    a game saved by an earlier version still loads (the engine's `apply_recorded`); None:
    `apply`. New events always go through `apply`."""

    effects: Callable[[GameState, GameState], tuple[Effect, ...]] | None = None
    """What the players must do by hand after corrections: `effects(before, after)` (the
    engine's `correction_effects`); None: a session that lists none."""
    keeps_effects: Callable[[Event], bool] = lambda _event: False
    """Whether a table event keeps the list of what corrections left to do (another
    correction: their effects add up); any other public event clears it."""

    def fold_recorded(self, state: GameState | None, event: Event) -> GameState:
        return (self.apply_recorded or self.apply)(state, event)


def default_engine() -> Engine:
    return Engine(apply=apply, violation=RuleViolation, describe=describe,
                  apply_recorded=apply_recorded, effects=correction_effects,
                  keeps_effects=keeps_the_list)


class Session:
    """One game, open for play. Thread-safe; subscribers must not block."""

    def __init__(self, store: GameStore, game_id: str, log_: Sequence[StoredEvent],
                 engine: Engine, revision: int) -> None:
        self.store = store
        self.game_id = game_id
        self._revision = revision
        self._engine = engine
        self._log = list(log_)
        self._lock = threading.RLock()
        self._subscribers: list[Subscriber] = []
        self._changes = 0
        self._table: tuple[int, TableView] | None = None
        self._decision: tuple[tuple[int, tuple[tuple[tuple[int, int], int], ...]],
                              DecisionView] | None = None
        self._hands: tuple[int, DecisionView] | None = None
        self._requests: dict[int, RatsRequest] = {}
        self._effects_base: GameState | None = None
        self._effects: tuple[Effect, ...] = ()
        self._settings: dict[str, JsonValue] | None = None
        self._taken_back: TakenBack | None = None
        self._state = self._fold([e.event for e in self._log if e.status is EventStatus.ACTIVE],
                                 resuming=True)
        self._held = Held()
        try:
            self._held = Held(self._stored_settings().get(HELD_KEY))
        except StoreError as damaged:  # the game plays on; its settings' screen says more
            log.warning("the held reveals of game %s cannot be read: %s", game_id, damaged)
        if self._held:
            self._release_held()

    @classmethod
    def start(cls, store: GameStore, first_event: Event, engine: Engine | None = None,
              practice: bool = False) -> Session:
        """A new game; `first_event` (a `GameStarted`) must be legal on its own. A `practice`
        game is stored marked so (`GameSummary.practice`): never counted."""
        rules = engine or default_engine()
        state = rules.apply(None, first_event)
        game_id = store.create_game([first_event], rules.describe(state), practice=practice)
        return cls.resume(store, game_id, rules)

    @classmethod
    def resume(cls, store: GameStore, game_id: str, engine: Engine | None = None) -> Session:
        """The game exactly where it stood: every stored event replayed, the redo stack kept."""
        revision = store.game(game_id).revision
        return cls(store, game_id, store.events(game_id), engine or default_engine(), revision)

    # -- reading ------------------------------------------------------------------------

    def table_view(self) -> TableView:
        """What the table may see (`companion.rules.views`): no rats before the plague check.
        Built once per change of the game, however many screens ask."""
        with self._lock:
            if self._table is None or self._table[0] != self._revision:
                active = sum(e.status is EventStatus.ACTIVE and e.private_player is None
                             for e in self._log)
                self._table = (self._revision, public_view(self._state, active))
            return self._table[1]

    def player_view(self, seat: int) -> PlayerView:
        """What `seat`'s own device may see: their rats, ledger and notes, nobody else's, and
        at an entry the public step with, on the actor's device, their own Pass bound
        (`entry_turn`, drawn from the phones' next decision, `hands_view`: the next round's
        first entry too once the last one's reveals and choices are made); in phase D the
        reveals at the building under way (`reveal_turn`, with the reveals held for their
        slot) and the choices open at a building, with their own (`choice_turn`)."""
        with self._lock:
            own = own_view(self._state, seat)
            if self._state.phase is Phase.D:
                decision = self.decision_view()
                own = replace(own, reveal=reveal_turn(decision.view, seat, self._held.players()),
                              choice=choice_turn(decision, seat))
            if self._state.phase not in _BEFORE_ENTRIES | {Phase.D, Phase.E}:
                return own
            return replace(own, turn=entry_turn(self.hands_view().view, seat))

    def refusal(self, events: Sequence[Event], folded: Discards | None = None
                ) -> RuleViolation | None:
        """The engine's objection to playing `events` in order now, or None; stores nothing
        (a screen checks a change of several events before submitting any of them). With
        `folded` (Hospital discards, as `decide` takes them), `events` are a deciding tap:
        played after the steps that take no tap, as `decide` records them."""
        with self._lock:
            trial: GameState = self._state
            try:
                if folded is not None:
                    events = [*next_step(self._state, folded).events(folded), *events]
                for event in events:
                    trial = self._engine.apply(trial, event)
            except self._engine.violation as exc:
                return exc
            return None

    def decision_view(self, discards: Discards = NO_DISCARDS) -> DecisionView:
        """What happens next (the engine's `next_step`), in views: the steps that
        take no tap of their own, each as the table sees it at that step, and the view the
        deciding tap is drawn from, with the Hospital `discards` the table has entered for
        this round ((building, player) -> hand cards) folded in. Stores nothing; `decide`
        records the same steps with the tap. Built once per change and discards."""
        with self._lock:
            key = (self._revision, tuple(sorted(discards.items())))
            if self._decision is None or self._decision[0] != key:
                now = self.table_view()
                self._decision = (key, decision_view(next_step(self._state, discards),
                                                     now.game_events, now))
            return self._decision[1]

    def hands_view(self) -> DecisionView:
        """What happens next for an input from a player's own phone: the table's next
        decision (`decision_view`), except where the table decides the app's row after the
        last round's actions (a tap of its own there only for the table's screen, see
        `decision.next_step`): a phone's first entry of the next round records them, the
        round's end, the row and the supply, so a game played from the phones never waits
        for the table's tap. Not while a Hospital's taker is still to choose their discards
        (`views.open_choices`): the entry would record the Hospital's actions without them.
        The table keeps its own step, and its tap there moves the phones on as well."""
        with self._lock:
            if self._hands is None or self._hands[0] != self._revision:
                table = self.decision_view()
                hands = table
                if (isinstance(table.view.step, RevealBuildings) and table.folded
                        and not self._hospital_open(next_step(self._state))):
                    hands = decision_view(next_step(self._state, deal_after_actions=True),
                                          table.folded[0].game_events, table.folded[0])
                self._hands = (self._revision, hands)
            return self._hands[1]

    def _hospital_open(self, decision: Decision) -> bool:
        """Whether a Hospital folded into the next tap has a taker whose discard is not
        recorded (R-ROUND-D b): the table enters it with its tap, or the taker chooses it on
        their phone (`choose`); until then a phone's input that would record the Hospital's
        actions waits (`reveal_ahead`) or is not offered (`hands_view`)."""
        recorded = {(h.building, h.player) for h in self._state.rounds[-1].hospital}
        return any((building, option.player) not in recorded
                   for building, option in decision.hospital)

    def hospital_after(self, events: Sequence[Event], round_: int, building: int
                       ) -> HospitalDiscards | None:
        """A Hospital's discards (`questions.hospital_discards`) as they would stand after
        `events`, a correction not stored yet: the corrections screen says a player's discards
        again with the correction that keeps them in that Hospital. Stores nothing; raises the
        engine's objection if `events` are refused."""
        with self._lock:
            trial: GameState = self._state
            for event in events:
                trial = self._engine.apply(trial, event)
            return hospital_discards(trial.setup, trial.rounds[round_ - 1], building)

    def settings(self) -> dict[str, JsonValue]:
        """How the table plays this game beyond its rules (teaching a first game), as the
        store holds it beside the game: no event, so no replay and no undo sees it. The
        reveals the session holds for their slot (`store.held`) are stored in the same
        object and are not handed out."""
        with self._lock:
            return {k: v for k, v in self._stored_settings().items() if k != HELD_KEY}

    def save_settings(self, settings: dict[str, JsonValue], announce: bool = False) -> None:
        """Store the game's settings durably. The subscribers are told only if `announce`:
        a setting changes no step of the game, and the screen that changed it redraws
        itself, unless other devices show it too (who enters a seat's entries: its phone
        draws its turn from it)."""
        with self._lock:
            self._write_settings({k: v for k, v in settings.items() if k != HELD_KEY})
            if announce:
                self._notify()

    def update_setting(self, key: str, change: Callable[[JsonValue | None], JsonValue],
                       announce: bool = False) -> JsonValue:
        """Store `change(the entry now)` as the settings' entry `key`, the others as they are,
        in one step under the lock: two screens (the table, a phone) updating their own
        entries at once never lose each other's. Returns the new entry; the subscribers are
        told as `save_settings` says."""
        with self._lock:
            settings = self.settings()
            new = change(settings.get(key))
            if key not in settings or settings[key] != new:
                settings[key] = new
                self.save_settings(settings, announce=announce)
            return new

    def public_events(self) -> list[Event]:
        """The public event log: the game's active events in order, without the players'
        private entries (their rat notes, nun-row notes, disputes and confirmations), which
        only the store holds (and a player's own `player_view` shows)."""
        with self._lock:
            return [e.event for e in self._log
                    if e.status is EventStatus.ACTIVE and e.private_player is None]

    def can_undo(self) -> bool:
        with self._lock:
            return self._last_active(None) is not None

    def can_redo(self) -> bool:
        with self._lock:
            return self._next_redo(None) is not None

    def can_undo_private(self, player: int) -> bool:
        with self._lock:
            return (self._state.phase is not Phase.FINISHED
                    and self._last_active(to_json(player)) is not None)

    def can_redo_private(self, player: int) -> bool:
        with self._lock:
            return self._next_redo(to_json(player)) is not None

    def subscribe(self, callback: Subscriber) -> Callable[[], None]:
        """Call `callback()` after each change (it is handed nothing: it asks for its view);
        returns the function that stops it."""
        with self._lock:
            self._subscribers.append(callback)

        def unsubscribe() -> None:
            with self._lock:
                if callback in self._subscribers:
                    self._subscribers.remove(callback)

        return unsubscribe

    # -- changing -----------------------------------------------------------------------

    def submit(self, event: Event) -> None:
        """Play `event`: checked, stored, folded, announced.

        A new public step clears the table's redo stack; a new private entry clears its
        owner's. The cleared steps stay in the file, flagged as dropped.
        """
        with self._lock:
            new_state = self._engine.apply(self._state, event)
            drop = self._redo_stack(to_json(private_owner(event)))
            stored = self.store.append(self.game_id, event, self._engine.describe(new_state),
                                       drop=drop, revision=self._revision)
            self._revision += 1
            self._log = [replace(e, status=EventStatus.DROPPED) if e.seq in drop else e
                         for e in self._log]
            self._log.append(stored)
            self._follow_corrections(self._state, new_state, [event])
            if private_owner(event) is None:
                self._taken_back = None
            self._state = new_state
            self._drop_held_that_cannot_come()
            self._notify()

    def submit_all(self, events: Sequence[Event]) -> None:
        """Play `events`, one tap's worth, as one step: all are checked before any is stored,
        stored in one write, and undone and redone together."""
        if not events:
            raise ValueError("a step has at least one event")
        owners = {json_key(to_json(private_owner(event))) for event in events}
        if len(owners) != 1:
            raise ValueError("one step is the table's or one player's, not several")
        with self._lock:
            new_state = self._state
            for event in events:
                new_state = self._engine.apply(new_state, event)
            drop = self._redo_stack(to_json(private_owner(events[0])))
            stored = self.store.append_all(self.game_id, events,
                                           self._engine.describe(new_state), drop=drop,
                                           revision=self._revision)
            self._revision += 1
            self._log = [replace(e, status=EventStatus.DROPPED) if e.seq in drop else e
                         for e in self._log]
            self._log.extend(stored)
            self._follow_corrections(self._state, new_state, events)
            if private_owner(events[0]) is None:
                self._taken_back = None
            self._state = new_state
            self._drop_held_that_cannot_come()
            self._notify()

    def decide(self, events: Sequence[Event], discards: Discards = NO_DISCARDS,
               made_for: StepId | None = None) -> None:
        """Play the tap that decides the table's next step (`events`: its own events), with the
        steps before it that take no tap of their own (the engine's `next_step`: the
        supply, a building's actions with the Hospital `discards` entered for this round, a
        round's end) recorded first, all as one step: one undo takes back the whole tap.

        `made_for`: the step the tap was drawn for (`TableView.step_id` of the decision's
        view); if the table is at another step now, `StepPassed` and nothing is stored, so a
        tap meant for one player is never played for the next. None: the step the table is at
        (a script that plays the engine's own steps).

        A reveal the session holds for that player from their phone (`reveal_ahead`) came
        first: it is the one recorded (with this tap's `discards`), and a tap that says
        otherwise is refused with `StepPassed`. After the tap, the held reveals whose turn
        has come are recorded, each as a step of its own."""
        with self._lock:
            if made_for is not None:
                now = self.decision_view(discards).view.step_id
                if now != made_for:
                    if made_for != self.hands_view().view.step_id or discards:
                        raise StepPassed(made_for, now)
                    self._decide_now(events, NO_DISCARDS, deal_after_actions=True)
                    self._release_held()
                    return
                held = (self._held.get(made_for.actor, made_for.round, made_for.building)
                        if made_for.prompt is Prompt.REVEAL_CARDS else None)
                if held is not None and list(events) != [held.event]:
                    self._decide_now([held.event], discards)
                    self._release_held()
                    raise StepPassed(made_for, self.decision_view(discards).view.step_id)
            self._decide_now(events, discards)
            self._release_held()

    def _decide_now(self, events: Sequence[Event], discards: Discards,
                    deal_after_actions: bool = False) -> None:
        decision = next_step(self._state, discards, deal_after_actions=deal_after_actions)
        steps = [*decision.events(discards), *events]
        if len(steps) == 1:
            self.submit(steps[0])
        else:
            self.submit_all(steps)

    # -- reveals made on the phones before their slot's turn (`store.held`) --------------

    def reveal_ahead(self, event: Revealed, made_for: StepId) -> bool:
        """A player's reveal from their own phone at the building under way (R-ROUND-D a),
        made for the step `made_for` (the player's own reveal there: `RevealTurn.step`).

        At their turn in the slot order it is recorded at once, as the table's tap would be
        (True). Before it (an earlier slot has not revealed yet), or where recording it now
        would record a folded Hospital's actions without a taker's discards still to enter
        (at the table, or on the taker's phone: `_hospital_open`), it is held, durably, and
        recorded the moment its turn comes (False): a later tap, the table's tap on the
        Hospital's screen, or the last taker's choice plays it. `StepPassed` if that reveal
        is recorded or held already, or the building is no longer under way; the engine's
        `RuleViolation` (checked now as it will be then) for a reveal it will refuse.
        Nothing is stored on a refusal."""
        with self._lock:
            now = self.decision_view().view.step_id
            decision = next_step(self._state)
            if made_for == now and not self._hospital_open(decision):
                self.decide([event], made_for=made_for)
                return True
            if (made_for.prompt is not Prompt.REVEAL_CARDS
                    or now.prompt is not Prompt.REVEAL_CARDS
                    or (made_for.round, made_for.turn, made_for.building)
                    != (now.round, now.turn, now.building)
                    or made_for.actor != event.player or made_for.building != event.building
                    or self._held.get(event.player, now.round, now.building) is not None):
                raise StepPassed(made_for, now)
            assert decision.state is not None  # a game is started before anyone reveals
            record = decision.state.record
            if (record.reveals[event.player] is not None
                    or event.player not in record.occupants[event.building]):
                raise StepPassed(made_for, now)
            check_revealed_ahead(decision.state, event)
            self._held.add(HeldReveal(now.round, event, after=self._public_stored()))
            self._taken_back = None  # an input after what was taken back: said no more
            self._save_held()
            self._notify()
            return False

    def held_reveals(self) -> dict[int, Revealed]:
        """The reveals at the building under way held for their slot's turn (revealed on the
        player's phone, not recorded yet), by player: public, as cards turned over at the
        table are."""
        with self._lock:
            return {h.event.player: h.event for h in self._held}

    def _release_held(self) -> None:
        """Record each held reveal whose turn has come (each a step of its own, undone alone),
        then drop those that can no longer come (their player revealed, or the table went on
        or back past the building): a reveal the engine refuses now (its entry corrected) is
        dropped too, and the player's phone shows the step again."""
        while self._held:
            decision = next_step(self._state)
            step = decision.step
            if not isinstance(step, RevealCards) or self._hospital_open(decision):
                break
            held = self._held.get(step.actor, step.round, step.building)
            if held is None:
                break
            try:
                self._decide_now([held.event], NO_DISCARDS)
            except self._engine.violation as refused:
                log.warning("a held reveal of game %s is refused now: %s", self.game_id,
                            refused)
            self._held.drop(step.actor)
            self._save_held()
        if self._drop_held_that_cannot_come():
            self._notify()

    def _drop_held_that_cannot_come(self) -> bool:
        """Drop the held reveals `_still_open` says no to; whether any was dropped."""
        if not self._held.keep_only(self._still_open):
            return False
        self._save_held()
        return True

    def _still_open(self, held: HeldReveal) -> bool:
        """Whether a held reveal's turn can still come: its round is under way (phase C
        after an undo of an entry too: the redo brings its building back), its player has
        not revealed, and no entry of theirs names another building."""
        state = self._state
        if (state.round, state.phase) not in ((held.round, Phase.C), (held.round, Phase.D)):
            return False
        record = state.rounds[-1]
        entry = record.entry(held.event.player)
        return (record.reveals[held.event.player] is None
                and (entry is None or entry.building == held.event.building))

    def _stored_settings(self) -> dict[str, JsonValue]:
        if self._settings is None:
            self._settings = self.store.settings(self.game_id)
        return self._settings

    def _write_settings(self, settings: dict[str, JsonValue]) -> None:
        """Store `settings` with the held reveals as they stand, in one write."""
        found = dict(settings)
        if self._held:
            found[HELD_KEY] = self._held.to_json()  # type: ignore[assignment]
        self.store.save_settings(self.game_id, found)
        self._settings = found

    def _save_held(self) -> None:
        self._write_settings({k: v for k, v in self._stored_settings().items()
                              if k != HELD_KEY})

    @contextmanager
    def exclusive(self) -> Iterator[None]:
        """Hold the game for one read-then-write: no other input is stored between what is
        read inside and what is stored inside (the session's own methods work there, its lock
        is reentrant). An input drawn from values that someone else changed meanwhile is
        refused here instead of overwriting them unseen (a phone's end values)."""
        with self._lock:
            yield

    def choose(self, event: Event, made_for: StepId) -> None:
        """Record a player's choice (`event`: a tie's `SpecialTargetChosen`, a Hospital
        taker's `HospitalDiscarded`) made for `made_for`, one of the choices open now
        (`views.open_choices`); otherwise `StepPassed` and nothing is stored, so of two
        inputs for one choice the first is stored and the second refused. A tie is the
        table's deciding step, recorded as its tap would be (`decide`); a Hospital's discard
        is recorded at the Hospital's actions (with the actions of the buildings folded
        before them, in one step), which the next tap then records as done; reveals held
        for the discards are recorded then."""
        with self._lock:
            decision = self.decision_view()
            if made_for not in {c.step for c in open_choices(decision)}:
                raise StepPassed(made_for, decision.view.step_id)
            if made_for == decision.view.step_id:
                self.decide([event], made_for=made_for)
                return
            before: list[Event] = []
            for folded in next_step(self._state).folded:
                if (isinstance(folded.step, TakeActions)
                        and folded.step.building == made_for.building):
                    break
                before += [*folded.discards, folded.event]
            if before:
                self.submit_all([*before, event])
            else:
                self.submit(event)
            self._release_held()

    def undo(self) -> Event:
        """Take back the last public step. Returns its (last) event; `undo_step` all of them."""
        return self.undo_step()[-1]

    def undo_step(self) -> tuple[Event, ...]:
        """Take back the last public step: the events of one tap, in the order played.

        Later private entries stay, except those the rules no longer allow without the step
        (a dispute of a ledger entry the step made): they are set aside with it, and come
        back when it is redone. So the table can always go back to the start of the game.
        """
        with self._lock:
            last = self._last_active(None)
            if last is None:
                raise UndoError(P.NOTHING_TO_UNDO)
            return self._undo_public(last, by=None)

    def own_last_step(self, player: int) -> tuple[Event, ...] | None:
        """`player`'s own last input while it is the game's last (`OWN_INPUTS`, whoever
        tapped it), which their device may take back until anyone's next input: the last
        public step if it is theirs and no reveal was held after it, or their reveal held
        for its slot if no step was stored and no reveal held after it. None otherwise, and
        once the game is scored."""
        with self._lock:
            if self._state.phase is Phase.FINISHED:
                return None
            held = self._latest_held()
            if held is not None:
                return (held.event,) if held.event.player == player else None
            last = self._last_active(None)
            if last is None:
                return None
            step = self._step_of(last, EventStatus.ACTIVE)
            if self._whose_input(step[-1].event) == player:
                return tuple(e.event for e in step)
            return None

    def undo_own_step(self, player: int, round_: int, turn: int, at: int
                      ) -> tuple[Event, ...]:
        """`player`'s device takes back their own last input (`own_last_step`) as their
        screen showed it: in round `round_`, after its `turn`-th entry, with `at` public events
        in the game (`TableView.game_events`). A step is taken back as the table's undo would;
        a reveal held for its slot is removed from the held reveals, as durably as it was
        held. Once anything else is recorded or held after it (by anyone), or it was taken
        back already, `UndoError` (`OWN_STEP_CLOSED`) and nothing changes; the table's undo
        can still take a recorded step back."""
        with self._lock:
            self._not_scored(player)
            step = self.own_last_step(player)
            record = self._state.record if self._state.rounds else None
            if (step is None or record is None or self._state.round != round_
                    or len(record.turns) - 1 != turn or self.table_view().game_events != at):
                raise UndoError(P.OWN_STEP_CLOSED, player=player)
            held = self._latest_held()
            if held is not None:
                self._held.drop(player)
                self._save_held()
                self._taken_back = TakenBack(step, by=player)
                self._notify()
                return step
            last = self._last_active(None)
            assert last is not None
            return self._undo_public(last, by=player)

    def _whose_input(self, event: Event) -> int | None:
        """The player whose own input `event` is (`OWN_INPUTS`), read in the game now (the
        step is its last): a tie's choice is its winner's, who played the most Swords or
        Flutes there (R-SPECIAL-1/2); None for a step of the table."""
        if isinstance(event, Entered | Passed | Revealed | HospitalDiscarded):
            return event.player
        if isinstance(event, SpecialTargetChosen) and self._state.rounds:
            record = self._state.rounds[-1]
            return special_result(event.special, record, record.occupants[event.building],
                                  event.building, settled=True).most
        return None

    def _latest_held(self) -> HeldReveal | None:
        """The reveal held last, if it is the game's last input: held after every public
        event stored (`HeldReveal.after`)."""
        held = self._held.latest()
        if held is None or held.after != self._public_stored():
            return None
        return held

    def _public_stored(self) -> int:
        """How many public events the game has stored, whatever their status: it grows with
        every step stored, and an undo or redo leaves it as it was."""
        return sum(e.private_player is None for e in self._log)

    def taken_back(self) -> TakenBack | None:
        """What the latest undo or redo of a public step took back or put back, until the
        next public step (every device says it)."""
        with self._lock:
            return self._taken_back

    def _undo_public(self, last: StoredEvent, by: int | None) -> tuple[Event, ...]:
        step = self._step_of(last, EventStatus.ACTIVE)
        key = step[0].seq
        members = {e.seq for e in step}
        log = [replace(e, status=EventStatus.UNDONE, undone_with=None)
               if e.seq in members else e for e in self._log]
        state, aside = self._fold_setting_aside(log, after=key)
        log = [replace(e, status=EventStatus.UNDONE, undone_with=key)
               if e.seq in aside else e for e in log]
        changes = {seq: EventStatus.UNDONE for seq in (*sorted(members), *aside)}
        undone = tuple(e.event for e in step)
        self._commit(log, state, changes, {seq: key for seq in aside},
                     TakenBack(undone, by=by))
        return undone

    def redo(self) -> Event:
        """Put back the public step undone most recently, with what was set aside with it.
        Returns its (last) event; `redo_step` all of them."""
        return self.redo_step()[-1]

    def redo_step(self) -> tuple[Event, ...]:
        with self._lock:
            target = self._next_redo(None)
            if target is None:
                raise UndoError(P.NOTHING_TO_REDO)
            step = self._step_of(target, EventStatus.UNDONE)
            back = {e.seq for e in step} | {e.seq for e in self._log
                                            if e.undone_with == target.seq}
            redone = tuple(e.event for e in step)
            self._restore(step[-1], back, TakenBack(redone, redone=True))
            return redone

    def undo_private(self, player: int) -> Event:
        """Take back `player`'s last private entry. Only that player's device may ask."""
        with self._lock:
            self._not_scored(player)
            target = self._last_active(to_json(player))
            if target is None:
                raise UndoError(P.NO_PRIVATE_UNDO, player=player)
            log = self._with(target.seq, EventStatus.UNDONE)
            state = self._fold_strictly(log, "undo", target)
            self._commit(log, state, {target.seq: EventStatus.UNDONE}, {})
            event: Event = target.event
            return event

    def redo_private(self, player: int) -> Event:
        with self._lock:
            self._not_scored(player)
            target = self._next_redo(to_json(player))
            if target is None:
                raise UndoError(P.NO_PRIVATE_REDO, player=player)
            return self._restore(target, {target.seq})

    # -- what corrections leave the players to do ----------------------------------------

    def correction_effects(self) -> tuple[Effect, ...]:
        """What the players must now give, take, discard or move by hand after the table's
        latest corrections (in a row: their effects add up), until the table's next step
        that is not a correction, an undo or redo, or `effects_done`. Kept in memory."""
        with self._lock:
            return self._effects

    def effects_done(self) -> None:
        """The table has done what the corrections left to do: the list is cleared."""
        with self._lock:
            if self._effects_base is None and not self._effects:
                return
            self._effects_base, self._effects = None, ()
            self._notify()

    def _follow_corrections(self, before: GameState, after: GameState,
                            events: Sequence[Event]) -> None:
        if self._engine.effects is None or private_owner(events[0]) is not None:
            return
        if all(self._engine.keeps_effects(e) for e in events):
            if self._effects_base is None:
                self._effects_base = before
            self._effects = self._engine.effects(self._effects_base, after)
        else:
            self._effects_base, self._effects = None, ()

    # -- a player's correction request after the scoring ----------------------------------

    def ask_rats(self, player: int, rats: int) -> RatsRequest:
        """`player` asks the table to score them with `rats`; stored nowhere in the game."""
        with self._lock:
            if self._state.phase is not Phase.FINISHED:
                raise RequestRefused(P.CORRECTION_AFTER_SCORING)
            request = self._requests[player] = RatsRequest(player, rats)
            self._notify()
            return request

    def rats_request(self, player: int) -> RatsRequest | None:
        with self._lock:
            return self._requests.get(player)

    def pending_requests(self) -> tuple[RatsRequest, ...]:
        with self._lock:
            return tuple(r for _, r in sorted(self._requests.items()) if r.status == "pending")

    def settle_rats(self, player: int, accepted: bool) -> None:
        """The table's answer; an accepted count is recorded by the table beforehand."""
        with self._lock:
            request = self._requests.get(player)
            if request is None or request.status != "pending":
                return
            self._requests[player] = replace(
                request, status="accepted" if accepted else "rejected")
            self._notify()

    # -- internals ----------------------------------------------------------------------

    def _not_scored(self, player: int) -> None:
        """A scored game's result changes only by the table (R-SCORE-6): a player's own undo
        would change the rats it was scored with."""
        if self._state.phase is Phase.FINISHED:
            raise UndoError(P.ENTRIES_FINAL, player=player)

    def _last_active(self, owner: JsonValue) -> StoredEvent | None:
        """The step an undo takes back: never the first event, which starts the game."""
        found = [e for e in self._log if e.status is EventStatus.ACTIVE
                 and e.private_player == owner and e.seq > 1]
        return found[-1] if found else None

    def _next_redo(self, owner: JsonValue) -> StoredEvent | None:
        """Undos go backwards, so the most recently undone step is the earliest one."""
        found = [e for e in self._log if e.status is EventStatus.UNDONE
                 and e.private_player == owner and e.undone_with is None]
        return found[0] if found else None

    def _redo_stack(self, owner: JsonValue) -> list[int]:
        """What a new event by `owner` (None: the table) makes impossible to redo."""
        undone = [e for e in self._log if e.status is EventStatus.UNDONE]
        if owner is None:
            steps = {e.seq for e in undone if e.private_player is None}
            return [e.seq for e in undone if e.seq in steps or e.undone_with in steps]
        return [e.seq for e in undone if e.private_player == owner and e.undone_with is None]

    def _step_of(self, member: StoredEvent, status: EventStatus) -> list[StoredEvent]:
        """The events stored in one write with `member` (one tap), or `member` alone."""
        if member.step is None:
            return [member]
        return [e for e in self._log if e.step == member.step and e.status is status
                and e.private_player == member.private_player and e.undone_with is None]

    def _with(self, seq: int, status: EventStatus) -> list[StoredEvent]:
        return [replace(e, status=status, undone_with=None) if e.seq == seq else e
                for e in self._log]

    def _restore(self, target: StoredEvent, seqs: set[int],
                 taken_back: TakenBack | None = None) -> Event:
        log = [replace(e, status=EventStatus.ACTIVE, undone_with=None) if e.seq in seqs else e
               for e in self._log]
        state = self._fold_strictly(log, "redo", target)
        self._commit(log, state, {seq: EventStatus.ACTIVE for seq in sorted(seqs)}, {},
                     taken_back)
        event: Event = target.event
        return event

    def _fold_strictly(self, log: Sequence[StoredEvent], verb: str, target: StoredEvent
                       ) -> GameState:
        try:
            return self._fold([e.event for e in log if e.status is EventStatus.ACTIVE])
        except self._engine.violation as exc:
            raise UndoError(P.UNDO_ILLEGAL_LATER if verb == "undo" else P.REDO_ILLEGAL_LATER,
                            event=type(target.event).__name__, violation=exc,
                            rule=exc.rule) from exc

    def _fold_setting_aside(self, log: Sequence[StoredEvent], after: int
                            ) -> tuple[GameState, list[int]]:
        """The state of the active events, skipping private ones after `after` that the rules
        now refuse; those are returned to be set aside."""
        state: GameState | None = None
        aside: list[int] = []
        for stored in log:
            if stored.status is not EventStatus.ACTIVE:
                continue
            try:
                state = self._engine.fold_recorded(state, stored.event)
            except self._engine.violation as exc:
                if stored.seq > after and stored.private_player is not None:
                    aside.append(stored.seq)
                    continue
                raise UndoError(P.UNDO_NO_LONGER_LEGAL, event=type(stored.event).__name__,
                                violation=exc, rule=exc.rule) from exc
        if state is None:  # the first event starts the game and is never undone
            raise UndoError(P.NOTHING_TO_UNDO)
        return state, aside

    def _commit(self, log: list[StoredEvent], state: GameState,
                changes: dict[int, EventStatus], links: dict[int, int],
                taken_back: TakenBack | None = None) -> None:
        """Store the undo or redo `changes`, then fold and announce them; `taken_back`: the
        public step they took back or put back, said by every device until the next one."""
        self.store.set_status(self.game_id, changes, self._engine.describe(state),
                              undone_with=links, revision=self._revision)
        self._revision += 1
        self._log = log
        self._state = state
        if taken_back is not None:
            self._taken_back = taken_back
        if not changes or any(e.seq in changes and e.private_player is None for e in log):
            self._effects_base, self._effects = None, ()
        self._drop_held_that_cannot_come()
        self._notify()

    def _fold(self, events: Sequence[Event], resuming: bool = False) -> GameState:
        """The state of stored events (each checked as when it was recorded)."""
        state: GameState | None = None
        for index, event in enumerate(events):
            try:
                state = self._engine.fold_recorded(state, event)
            except self._engine.violation as exc:
                if resuming:
                    raise StoreError(P.DOES_NOT_REPLAY, game=self.game_id, index=index,
                                     event=type(event).__name__, violation=exc,
                                     rule=exc.rule) from exc
                raise
        if state is None:
            raise StoreError(P.DOES_NOT_REPLAY, game=self.game_id, index=0, event="",
                             violation="no events", rule="")
        return state

    @property
    def changes(self) -> int:
        """How many changes subscribers have been told of: a screen drawn after the n-th shows
        it already, and need not be drawn again when told of it (`TableApp.render`)."""
        return self._changes

    def _notify(self) -> None:
        self._changes += 1
        for callback in list(self._subscribers):
            try:
                callback()
            except Exception:
                log.exception("a subscriber of game %s failed", self.game_id)
