"""What each screen may see: the table a `TableView`, each player their own `PlayerView`.

Both are built here, from the engine's state, and only here: the session hands them out and
no screen ever holds the full `GameState`. So what stays secret is decided by one rule in one
place rather than by each screen's habit:

- The table sees everything public: the setup, the rounds recorded, the tracks, what the
  engine asks for now, the resolution of this round's buildings, the values entered at the
  end. No player's rats and no nun-row notes, until the plague check (`at_plague_check`):
  from then on the rats everyone reveals are public (R-SCORE-6).
- A player sees their rats, their ledger and their nun-row notes, and nothing private of
  anyone else (R-SETUP-1).

`player_json(view)` is a player's view as plain JSON, for their phone. The table has no JSON
form: the session hands it the typed `TableView` (`Session.table_view()`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from companion.rules.catalog import BUILDINGS, ActionKind, Building, PlayerColour, Special
from companion.rules.decision import Decision
from companion.rules.derive import entry_id
from companion.rules.endgame import arrival_order, end_state, final_rats
from companion.rules.engine import reveal_event
from companion.rules.errors import RuleViolation
from companion.rules.events import BuildingsRevealed, RatReason
from companion.rules.guide import (
    AtBuilding,
    Choose,
    Enter,
    EnterOption,
    Prompt,
    RevealBuildings,
    RevealCards,
    Step,
    TakeActions,
    step_at,
)
from companion.rules.resolution import (
    BuildingResolution,
    PlayerReveal,
    resolve_building,
)
from companion.rules.scoring import EndState, score
from companion.rules.setup import Setup
from companion.rules.state import (
    ESTATES,
    Dispute,
    EndValues,
    GameState,
    LedgerEntry,
    Phase,
    RatsCorrected,
    Reveal,
    RoundRecord,
    Track,
    Turn,
)
from companion.rules.twins import copy_number

__all__ = [
    "ESTATES", "DecisionView", "Dispute", "DisputeState", "EndValues", "EntryTurn",
    "LedgerEntry", "PendingChange", "Phase", "PlayerView", "RatsCorrected", "Reveal",
    "RevealTurn", "RoundRecord", "StepId", "TableView", "Track", "Turn", "at_plague_check",
    "decision_view", "entry_turn", "own_view", "player_json", "public_view", "reveal_turn",
]


def at_plague_check(state: GameState) -> bool:
    """Whether the rats are public: the last round is over and every player's hand, specials
    and markers are entered, so what is left is the plague (R-SCORE-6: the nun row is turned
    over and everyone reveals their rats) and then the scoring; or the game is scored."""
    if state.phase is Phase.FINISHED:
        return True
    return state.phase is Phase.END and None not in state.end_values


@dataclass(frozen=True)
class TableView:
    """Everything the table may show; built by `public_view`, never by a screen."""

    game_events: int
    """How many public events the game has (the table's steps; a player's private entries
    change nothing the table sees and are not counted): a screen tags itself with it, so a
    test (or a screen reader) can tell a redrawn screen from the one before a tap."""
    setup: Setup
    phase: Phase
    round: int
    """1-based; during END/FINISHED the last round's number."""
    rounds: tuple[RoundRecord, ...]
    """Every round begun, the current one last: entries, passes, reveals, choices (public)."""
    tracks: tuple[Track, ...]
    arrival: tuple[tuple[int, ...], ...]
    """Per estate: all players, by when their disc arrived on its space (first first)."""
    step: Step
    """The step this state stands at (`guide.step_at`); the step the table decides is the
    `DecisionView`'s (`decision.next_step`)."""
    resolutions: tuple[BuildingResolution, ...]
    """This round's buildings, resolved as far as the reveals go; empty before any entry."""
    next_row: BuildingsRevealed | None
    """Digital deck, phase A: the row the app's deck deals now; else None."""
    deal_problem: RuleViolation | None
    """Digital deck, phase A: why the deck cannot deal (a broken game record); else None."""
    end_values: tuple[EndValues | None, ...]
    """Per seat: what was entered at the end; the rats in them only from the plague check."""
    nuns: int | None
    rats_confirmed: tuple[bool, ...]
    """Per seat: whether the player confirmed their rats on their own device."""
    rats: tuple[int, ...] | None
    """Per seat: the rats revealed at the plague check; None before it (R-SETUP-1)."""
    scoring: EndState | None
    """The scoring's input once the game is finished (R-SCORE); None before."""
    disputes: tuple[Dispute, ...] = ()
    """The players' disputes of their ledger entries still open (public by design: a dispute
    is a player asking the table to check an entry with them)."""
    rats_kept: tuple[bool, ...] | None = None
    """Per seat, from the plague check on (like `rats`): whether the player kept their rats
    in the app (`kept_own_rats`); None before."""

    @property
    def players(self) -> int:
        return self.setup.player_count

    @property
    def record(self) -> RoundRecord:
        return self.rounds[-1]

    @property
    def start_player(self) -> int:
        return self.record.start_player

    @property
    def row(self) -> tuple[Building, ...]:
        return self.record.row

    @property
    def is_last_round(self) -> bool:
        return self.round == self.setup.rounds

    @property
    def deck_left(self) -> int:
        """Building cards still in the deck (R-SETUP-6: rounds x buildings per round, the
        replacements set apart): this round's count once its row is laid out."""
        laid = self.round if self.record.row else self.round - 1
        return max(0, self.setup.rounds - laid) * self.setup.buildings_per_round

    @property
    def over(self) -> bool:
        """The last round is over: the end of the game (END or FINISHED)."""
        return self.phase in (Phase.END, Phase.FINISHED)

    @property
    def at_plague_check(self) -> bool:
        return self.rats is not None

    def round_record(self, number: int) -> RoundRecord:
        return self.rounds[number - 1]

    @property
    def step_id(self) -> StepId:
        """Which step `step` is: what a tap drawn from this view was made for."""
        step = self.step
        return StepId(step.prompt, step.round, len(self.record.turns) if self.rounds else 0,
                      step.actor, step.building if isinstance(step, AtBuilding) else None,
                      at=self.game_events)


@dataclass(frozen=True)
class StepId:
    """One step of a game, by what it is: the table's deciding taps carry the one they were
    drawn for, and the session records a tap only while the table is still at that step
    (`Session.decide`). So a tap that reaches the session after its step was recorded (a
    second tap on the same button, a tap from a screen drawn before another tab moved on) is
    refused instead of being played for the next player. A phone's private entry leaves the
    step as it was; a correction of an earlier step does too."""

    prompt: Prompt
    round: int
    turn: int
    """The entries and passes made this round before the step: a player's second entry of a
    round is another step than their first."""
    actor: int | None
    building: int | None
    """The building a phase D step is at (its place in the round's row); None elsewhere."""
    at: int = field(compare=False)
    """How many public events the game has at the step: not part of which step it is (a
    correction in between leaves the step as it was), only of when. A step with fewer has
    passed."""


@dataclass(frozen=True)
class PlayerView:
    """One player's side, as their phone (or the table's private view) shows it."""

    player: int
    name: str
    colour: PlayerColour
    round: int
    phase: Phase
    rats: int
    rats_confirmed: bool
    ledger: tuple[LedgerEntry, ...]
    nun_notes: tuple[int | None, ...]
    rows: tuple[tuple[Building, ...], ...]
    """Every round's row of buildings (public), to name where a ledger entry happened."""
    reasons: tuple[RatReason, ...] = ()
    """What the player may note themselves (a supply discard, a correction), nothing once the
    game is scored. Never a Hospital discard: that is the public `HospitalDiscarded`, chosen
    on the taker's own device (`choice`) or entered at the table with the Hospital's actions,
    and the ledger shows it from there (see `hospital_at_table`)."""
    hospital_at_table: bool = False
    """The game has a Hospital: the player's screen says where its discards are chosen or
    entered, and that the table changes them."""
    result: OwnResult | None = None
    """Once the game is scored: the player's own result and who won (public by then)."""
    pending: tuple[PendingChange, ...] = ()
    """The rat changes of a building the table has worked out but not recorded yet (see
    `PendingChange`): shown as waiting for the table, not counted in `rats`."""
    open_disputes: tuple[str, ...] = ()
    """The entry ids of this player's disputes still open at the table."""
    corrections: tuple[RatsCorrected, ...] = ()
    """Each correction by the table that changed this player's ledger, oldest first: the round
    it corrected, the entries it changed and what it did to their rats. Their device says it,
    as it says where their disputes stand: a history line that changed silently, and a total
    with it, reads as the app's mistake."""
    turn: EntryTurn | None = None
    """Phase C as this player's device shows it (`entry_turn`); None outside phase C, or
    where the view was built without the table's next decision (`own_view` alone)."""
    reveal: RevealTurn | None = None
    """Phase D a at the building under way as this player's device shows it (`reveal_turn`);
    None elsewhere, or where the view was built without the table's next decision."""
    choice: ChoiceTurn | None = None
    """The choices open now at a building (`choice_turn`): who is still to choose, and this
    player's own choice if they have one; None when none is open, or where the view was
    built without the table's next decision."""

    @property
    def scored(self) -> bool:
        """The game is scored: nothing of the player's is recorded any more (R-SCORE-6),
        only a correction request to the table."""
        return self.phase is Phase.FINISHED

    def dispute_state(self, entry: LedgerEntry) -> DisputeState | None:
        """Where the player's dispute of `entry` stands: None if they never disputed it."""
        if not entry.disputed:
            return None
        if entry.entry_id in self.open_disputes:
            return DisputeState.OPEN
        return DisputeState.CHECKED


@dataclass(frozen=True)
class EntryTurn:
    """Phase C (R-ROUND-C) as one player's device may see it: whose turn it is, the row, the
    entries and passes so far, all public as on the table, and the step an entry made from it
    is for (`step`: the phone sends it back, and the session stores the entry only while the
    table is still at that step). Only the actor's own view says whether they may play a Pass
    and how many Pass cards they can hold; every other player's says nothing of it."""

    step: StepId
    actor: int
    names: tuple[str, ...]
    row: tuple[EnterOption, ...]
    """The row's buildings with the slot the next disc goes on: the guide's entry options."""
    turns: tuple[Turn, ...]
    """The round's entries and passes so far, in the order made."""
    yours: bool
    can_pass: bool = False
    pass_cards: int | None = None


def entry_turn(view: TableView, player: int) -> EntryTurn | None:
    """`player`'s side of phase C, from the table's decision view (`DecisionView.view`: the
    supply folded into the first entry already); None when the table is not at an entry."""
    step = view.step
    if not isinstance(step, Enter):
        return None
    yours = step.actor == player
    return EntryTurn(
        step=view.step_id, actor=step.actor, names=tuple(view.setup.names),
        row=step.options,
        turns=view.record.turns, yours=yours, can_pass=yours and step.can_pass,
        pass_cards=step.pass_cards if yours else None)


@dataclass(frozen=True)
class RevealTurn:
    """The reveals at the building under way (R-ROUND-D a) as one player's device may see
    them, all public as on the table: the building, its players in slot order with the cards
    each declared and whether they revealed, who revealed on their phone ahead of their slot
    (`held`: recorded when the slots before theirs have revealed), and this player's own
    reveal there: the step it is for (`step`, which the phone sends back), the cards they
    declared, and whether it is still to make (`yours`; a player with 0 cards reveals
    nothing)."""

    step: StepId
    """This player's own reveal at the building (its `actor` is the player)."""
    building: int
    kind: Building
    names: tuple[str, ...]
    entrants: tuple[PlayerReveal, ...]
    """The building's players in slot order, as the table's resolution lists them."""
    held: frozenset[int]
    declared: int
    yours: bool
    specials: tuple[Special, ...]
    """The Swords and Flutes in play: the kinds a reveal may show beside the population cards
    and Jokers."""

    @property
    def waiting(self) -> tuple[int, ...]:
        """Whom the building waits for: its players with cards who have not revealed."""
        return tuple(r.player for r in self.entrants
                     if r.reveal is None and r.declared and r.player not in self.held)


def reveal_turn(view: TableView, player: int, held: frozenset[int] = frozenset()
                ) -> RevealTurn | None:
    """`player`'s side of the reveals at the building under way, from the table's decision
    view (`DecisionView.view`: the previous building's actions folded already) and the
    players whose phone reveals are held (`Session.held_reveals`); None when the table is not
    at a reveal."""
    step = view.step
    if not isinstance(step, RevealCards):
        return None
    entrants = view.resolutions[step.building].reveals
    mine = next((r for r in entrants if r.player == player), None)
    declared = mine.declared if mine is not None else 0
    return RevealTurn(
        step=replace(view.step_id, actor=player), building=step.building, kind=step.kind,
        names=tuple(view.setup.names), entrants=entrants, held=held, declared=declared,
        yours=mine is not None and mine.reveal is None and declared > 0
        and player not in held,
        specials=tuple(s for s in (Special.SWORD, Special.FLUTE)
                       if view.setup.special_in_play(s)))


class DisputeState(StrEnum):
    """A disputed ledger entry, as its player's device shows it."""

    OPEN = "open"
    """The table has not looked at it yet."""
    CHECKED = "checked"
    """The table looked at it and the entry stands as shown: the dispute was dismissed
    (`DisputeDismissed`) or its round corrected, which settles the round's disputes."""


@dataclass(frozen=True)
class PendingChange:
    """A rat change the table already shows for a building (its actions panel says "Dev
    discards 2 rats") but records only with its next tap (`BuildingResolved` folded into the
    next deciding tap): everyone in the building has revealed, its actions are not recorded.

    `entry_id` is the ledger entry it will become. A Hospital's hand-card discards are typed in
    at the table's screen and recorded with that same tap, so until then only the action's own
    rats are known: `hand_cards_up_to` says how many hand cards the player may still discard
    there (for as many rats more); 0 for every other change."""

    entry_id: str
    round: int
    building: int
    delta: int
    reason: RatReason
    hand_cards_up_to: int = 0


@dataclass(frozen=True)
class OwnResult:
    """What a scored game means for one player (R-SCORE-6, R-SCORE-7)."""

    vp: int
    rats: int
    survives: bool
    winners: tuple[str, ...]
    """Empty when nobody survives the plague."""


def kept_own_rats(state: GameState, player: int) -> bool:
    """Whether `player` kept their rats in the app, on a phone or in the table's private view:
    they logged a change of their own (a supply discard, a correction) or confirmed their
    count. Only then can the ledger hold the rats discarded in the supplies (R-ROUND-B), which
    no event of the table records; without it, the ledger is what the table recorded and the
    rat tokens in front of the player are the only count of their rats."""
    return state.rats_confirmed[player] or any(not e.public for e in state.ledgers[player])


def own_reasons(state: GameState) -> tuple[RatReason, ...]:
    """A `RatsChanged` with the Hospital as its reason stays legal in the engine (a game
    recorded when phones logged Hospital discards still folds), but no screen offers it."""
    if state.phase is Phase.FINISHED:
        return ()
    return (RatReason.SUPPLY_DISCARD, RatReason.CORRECTION)


def own_result(state: GameState, player: int) -> OwnResult | None:
    if state.phase is not Phase.FINISHED:
        return None
    result = score(end_state(state))
    mine = result.player(state.setup.names[player])
    return OwnResult(vp=mine.total, rats=mine.rats, survives=mine.survives,
                     winners=result.winners)


def pending_changes(state: GameState, player: int) -> tuple[PendingChange, ...]:
    """`player`'s rat changes of this round's buildings whose reveals are complete but whose
    actions (`BuildingResolved`) are not recorded yet, and not already in the ledger (a Flute
    settled by the last reveal is recorded with it)."""
    if state.phase not in (Phase.C, Phase.D) or not state.rounds:
        return ()
    record = state.rounds[-1]
    recorded = {e.entry_id for e in state.ledgers[player]}
    found: list[PendingChange] = []
    for b, entrants in enumerate(record.occupants):
        if (b < len(record.resolved) and record.resolved[b]) or player not in entrants \
                or any(record.reveals[p] is None for p in entrants):
            continue
        res = resolve_building(state, record.number, b)
        hospital = {a.player: a for a in res.actions
                    if a.action.kind is ActionKind.HOSPITAL and a.player == player}
        changes = [(c.delta, c.reason) for c in res.rat_changes if c.player == player]
        if player in hospital and all(r is not RatReason.HOSPITAL for _, r in changes):
            changes.append((0, RatReason.HOSPITAL))  # no rat of its own: hand cards only
        for delta, reason in changes:
            identifier = entry_id(record.number, b, reason)
            if identifier in recorded:
                continue
            up_to = 0
            taken = hospital.get(player) if reason is RatReason.HOSPITAL else None
            if taken is not None and not record.hospital_cards(b, player):
                up_to = taken.action.hand_cards_up_to
            if delta or up_to:
                found.append(PendingChange(identifier, record.number, b, delta, reason, up_to))
    return tuple(found)


def public_view(state: GameState, game_events: int = 0) -> TableView:
    """The table's view of `state`; `game_events` is how many events made it."""
    shown = at_plague_check(state)
    record = state.record
    step = step_at(state)
    next_row: BuildingsRevealed | None = None
    deal_problem: RuleViolation | None = None
    if isinstance(step, RevealBuildings) and step.digital:
        try:
            next_row = reveal_event(state)
        except RuleViolation as exc:
            deal_problem = exc
    return TableView(
        game_events=game_events, setup=state.setup, phase=state.phase, round=state.round,
        rounds=state.rounds, tracks=state.tracks,
        arrival=tuple(arrival_order(state, i) for i in range(len(ESTATES))),
        step=step,
        resolutions=tuple(resolve_building(state, state.round, b)
                          for b in range(len(record.row))) if record.turns else (),
        next_row=next_row, deal_problem=deal_problem,
        end_values=state.end_values if shown else tuple(
            None if v is None else replace(v, rats=None) for v in state.end_values),
        nuns=state.nuns, rats_confirmed=state.rats_confirmed,
        rats=tuple(final_rats(state, p) for p in range(state.players)) if shown else None,
        scoring=end_state(state) if state.phase is Phase.FINISHED else None,
        disputes=state.disputes,
        rats_kept=tuple(kept_own_rats(state, p) for p in range(state.players))
        if shown else None,
    )


@dataclass(frozen=True)
class DecisionView:
    """The table's next decision as the round screen draws it (`decision.next_step`): the steps
    that take no tap of their own, each as the table sees it at that step, then the one the
    table decides. The screen draws a panel per folded step and the deciding tap's controls,
    and the session records the folded steps with that tap (`Session.decide`)."""

    folded: tuple[TableView, ...]
    """The supply, a building's actions, a round's end before the last, in the order they are
    recorded: each the table at that step (its `step` is the folded step)."""
    view: TableView
    """The table after the folded steps: its `step` is the one the table decides."""


def decision_view(decision: Decision, game_events: int, now: TableView | None = None
                  ) -> DecisionView:
    """`decision` (taken at a state made by `game_events` events) in the table's views; `now`
    is the table's view of that state, if already built."""
    views: list[TableView] = []
    count = game_events
    for i, f in enumerate(decision.folded):
        views.append(now if i == 0 and now is not None else public_view(f.state, count))
        count += len(f.discards) + 1
    assert decision.state is not None  # a game is started before the table decides anything
    after = now if not decision.folded and now is not None else public_view(decision.state,
                                                                             count)
    return DecisionView(tuple(views), after)



# --- a player's choices on their own device -------------------------------------------------
#
# Who gives or receives at a tie for fewest Swords or Flutes (R-SPECIAL-1/2: the winner
# chooses) and how many hand cards a Hospital's taker discards (R-ROUND-D b): every choice the
# engine's steps ask of one player. The other actions are done with the cards at the table and
# the engine derives them; rats move on the phone of the player they belong to.
#
# `open_choices(decision)` is the one answer to "which choices are open now, and for whom",
# read from the table's next decision: the session stores a choice only while it is open
# (`Session.choose`), and a player's device draws what `choice_turn` says. Each open choice
# has its own `StepId`, the one the device sends back: a tie's is the table's deciding step; a
# Hospital's is its actions' step with the taker as its actor, one per taker, open until that
# taker's discard is recorded. A Hospital's discards are open while its actions are folded
# into the next tap with nothing before them but other buildings' actions whose choices are
# made (a building with no cards to reveal between the last reveals and the Hospital, or the
# Hospital itself with none): the choice records those actions with it (`Session.choose`).


class ChoiceKind(StrEnum):
    SWORD = "sword"
    """R-SPECIAL-1: the winner names who gives half their hand."""
    FLUTE = "flute"
    """R-SPECIAL-2: the winner names who receives the rat."""
    HOSPITAL = "hospital"
    """R-ROUND-D b: the taker says how many hand cards they discard (one rat each)."""


@dataclass(frozen=True)
class OpenChoice:
    """One choice a player may make now: `options` are seats (a tie) or card counts (a
    Hospital, 0 to the action's limit)."""

    step: StepId
    """What the choice is made for; its `actor` is the chooser."""
    kind: ChoiceKind
    building: int
    place: Building
    options: tuple[int, ...]

    @property
    def chooser(self) -> int:
        assert self.step.actor is not None
        return self.step.actor


@dataclass(frozen=True)
class ChoiceTurn:
    """The choices open at one building, as one player's device may see them: who is still
    to choose (public, as on the table), and the player's own choice if they have one."""

    kind: ChoiceKind
    building: int
    place: Building
    choosers: tuple[int, ...]
    names: tuple[str, ...]
    mine: OpenChoice | None = None


def open_choices(decision: DecisionView) -> tuple[OpenChoice, ...]:
    """Every choice open now: a tie's, when the table decides it next; or each Hospital
    taker's whose discard is not recorded yet, at the first Hospital folded into the next
    tap that has one, if only buildings' actions are folded before it."""
    view = decision.view
    step = view.step
    if isinstance(step, Choose):
        kind = ChoiceKind.SWORD if step.choice.special is Special.SWORD else ChoiceKind.FLUTE
        return (OpenChoice(view.step_id, kind, step.building, step.kind,
                           step.choice.candidates),)
    for now in decision.folded:
        actions = now.step
        if not isinstance(actions, TakeActions):
            return ()
        recorded = {h.player for h in now.record.hospital if h.building == actions.building}
        turns = len(now.record.turns)
        found = tuple(
            OpenChoice(StepId(Prompt.TAKE_ACTIONS, now.round, turns, option.player,
                              actions.building, at=now.game_events),
                       ChoiceKind.HOSPITAL, actions.building, actions.kind,
                       tuple(range(option.up_to + 1)))
            for option in actions.hospital if option.player not in recorded)
        if found:
            return found
    return ()


def choice_turn(decision: DecisionView, player: int) -> ChoiceTurn | None:
    """`player`'s side of the choices open now; None when there is none."""
    found = open_choices(decision)
    if not found:
        return None
    first = found[0]
    return ChoiceTurn(first.kind, first.building, first.place,
                      tuple(c.chooser for c in found), tuple(decision.view.setup.names),
                      next((c for c in found if c.chooser == player), None))


def recorded_choice(view: TableView, made_for: StepId) -> bool:
    """Whether the choice `made_for` was made already (on a device or at the table): the
    tie at its building settled; the taker's discard at that Hospital recorded, or the
    Hospital's actions recorded as done (the table moved on, with what it entered)."""
    if made_for.building is None or not 0 < made_for.round <= len(view.rounds):
        return False
    record = view.round_record(made_for.round)
    if made_for.prompt is Prompt.TAKE_ACTIONS:
        done = made_for.building < len(record.resolved) and record.resolved[made_for.building]
        return done or any(
            (h.building, h.player) == (made_for.building, made_for.actor)
            for h in record.hospital)
    special = (Special.SWORD if made_for.prompt is Prompt.CHOOSE_SWORD_GIVER
               else Special.FLUTE)
    return any((c.building, c.special) == (made_for.building, special)
               for c in record.choices)


def _copy(row: tuple[Building, ...] | list[Building], index: int) -> dict[str, int]:
    """`copy` for a phone's JSON when the building has a twin in the row; nothing otherwise."""
    found = copy_number(row, index)
    return {} if found is None else {"copy": found}


def choice_json(turn: ChoiceTurn, row: tuple[Building, ...] = ()) -> dict[str, Any]:
    """A `ChoiceTurn` as the phone receives it; its own choice with the step to send back.
    `row`: the round's row, to name a building that has a twin in it (`copy_number`)."""
    found: dict[str, Any] = {
        "kind": turn.kind.value, "building": turn.place.value,
        **_copy(row, turn.building), "choosers": list(turn.choosers),
        "names": list(turn.names), "yours": turn.mine is not None}
    if turn.mine is not None:
        found["step"] = {**step_json(turn.mine.step), "prompt": turn.mine.step.prompt.value,
                         "building": turn.mine.building}
        found["options"] = list(turn.mine.options)
    return found


__all__ += ["ChoiceKind", "ChoiceTurn", "OpenChoice", "choice_turn", "copy_number",
            "open_choices", "recorded_choice"]


def own_view(state: GameState, player: int) -> PlayerView:
    """`player`'s own view; an `IndexError` for a seat the game does not have."""
    if not 0 <= player < state.players:
        raise IndexError(f"no seat {player} in a game of {state.players}")
    setup = state.setup
    return PlayerView(
        player=player, name=setup.names[player], colour=setup.colours[player],
        round=state.round, phase=state.phase, rats=state.rats[player],
        rats_confirmed=state.rats_confirmed[player], ledger=state.ledgers[player],
        nun_notes=state.nun_notes[player], rows=tuple(r.row for r in state.rounds),
        reasons=own_reasons(state), result=own_result(state, player),
        hospital_at_table=Building.HOSPITAL in state.setup.buildings,
        pending=pending_changes(state, player),
        open_disputes=tuple(d.entry_id for d in state.disputes if d.player == player),
        corrections=state.rats_corrected[player] if state.rats_corrected else ())


def _entry(view: PlayerView, e: LedgerEntry) -> dict[str, Any]:
    dispute = view.dispute_state(e)
    return {"entry_id": e.entry_id, "delta": e.delta, "applied": e.applied,
            "reason": e.reason.value, "round": e.round, "building": e.building,
            "public": e.public, "disputed": e.disputed,
            "dispute": None if dispute is None else dispute.value}


def _pending(c: PendingChange) -> dict[str, Any]:
    return {"entry_id": c.entry_id, "delta": c.delta, "reason": c.reason.value,
            "round": c.round, "building": c.building, "hand_cards_up_to": c.hand_cards_up_to}


def _corrected(c: RatsCorrected) -> dict[str, Any]:
    return {"round": c.round, "at_round": c.at_round, "change": c.change,
            "entries": [{"entry_id": e.entry_id, "round": e.round, "building": e.building,
                         "reason": e.reason.value, "was": e.was, "now": e.now}
                        for e in c.entries]}


def step_json(step: StepId) -> dict[str, Any]:
    """A step as a phone sends it back with its entry (`StepId`, its prompt left out: a
    phone's entry is always for an entry step)."""
    return {"round": step.round, "turn": step.turn, "actor": step.actor, "at": step.at}


def _turn(turn: EntryTurn) -> dict[str, Any]:
    found: dict[str, Any] = {
        "step": step_json(turn.step), "actor": turn.actor, "names": list(turn.names),
        "row": [{"building": p.kind.value, "estate": BUILDINGS[p.kind].estate.value,
                 "slot": p.slot, **_copy([q.kind for q in turn.row], b)}
                for b, p in enumerate(turn.row)],
        "entries": [{"player": t.player, "building": t.building, "cards": t.cards}
                    for t in turn.turns],
        "yours": turn.yours}
    if turn.yours:
        found["can_pass"] = turn.can_pass
        found["pass_cards"] = turn.pass_cards
    return found


def reveal_step_json(step: StepId) -> dict[str, Any]:
    """A reveal's step as a phone sends it back with the reveal (`StepId`, its prompt left
    out: a phone's reveal is always for a reveal step)."""
    return {"round": step.round, "turn": step.turn, "building": step.building,
            "actor": step.actor, "at": step.at}


def _reveal(turn: RevealTurn, row: tuple[Building, ...]) -> dict[str, Any]:
    return {
        "step": reveal_step_json(turn.step), "building": turn.kind.value,
        **_copy(row, turn.building),
        "estate": BUILDINGS[turn.kind].estate.value, "names": list(turn.names),
        "entrants": [{"player": r.player, "slot": r.slot, "declared": r.declared,
                      "revealed": r.reveal is not None, "held": r.player in turn.held}
                     for r in turn.entrants],
        "waiting": list(turn.waiting), "declared": turn.declared, "yours": turn.yours,
        "specials": [s.value for s in turn.specials]}


def player_json(view: PlayerView) -> dict[str, Any]:
    """One player's view as plain JSON, as their phone receives it: rats (and whether they
    confirmed them for the plague check), ledger, nun-row notes. Nothing of anyone else's.
    The table has no JSON form: it draws the typed `TableView`."""
    row = view.rows[view.round - 1] if 0 < view.round <= len(view.rows) else ()
    return {
        "player": view.player, "name": view.name, "colour": view.colour.value,
        "round": view.round, "phase": view.phase.value,
        "rats": view.rats,
        "rats_confirmed": view.rats_confirmed,
        "ledger": [_entry(view, e) for e in view.ledger],
        "pending": [_pending(c) for c in view.pending],
        "corrections": [_corrected(c) for c in view.corrections],
        "scored": view.scored,
        "nun_notes": list(view.nun_notes),
        "reasons": [r.value for r in view.reasons],
        "hospital_at_table": view.hospital_at_table,
        "result": None if view.result is None else {
            "vp": view.result.vp, "rats": view.result.rats, "survives": view.result.survives,
            "winners": list(view.result.winners)},
        "turn": None if view.turn is None else _turn(view.turn),
        "reveal": None if view.reveal is None else _reveal(view.reveal, row),
        "choice": None if view.choice is None else choice_json(view.choice, row),
    }
