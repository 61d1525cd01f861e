"""A player's private rat ledger: the one place where a player's wishes become engine events.

Both the phone routes and the table's hold-to-reveal view (for a player without a phone) go
through `Ledger`, so the same checks apply wherever a rat is logged, and the only data either
shows is the session's `player_view(player)`, which holds none of any other player's secrets
(the ledger is never handed the game's state).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, get_args

from companion.phones.hub import PhoneSession

if TYPE_CHECKING:
    # Types only: the phone routes load without the engine (test_phone_imports).
    from companion.rules.events import Event
    from companion.rules.views import PlayerView

MAX_RAT_CHANGE = 20
"""No single action moves more rats than this; a bigger number is a typo."""
NUN_POSITIONS = range(1, 6)
NUNS_PER_CARD = range(5)
MAX_ENTRY_ID_LENGTH = 64
MAX_RATS_ASKED = 200
"""A correction request's rat count: far above any real game's, below any typo of digits."""

PhoneReason = Literal["supply_discard", "correction"]
PHONE_REASONS: tuple[str, ...] = get_args(PhoneReason)
"""The engine's `RatReason` values a player may log on their own device: a supply action's rat
symbol (R-ROUND-B), a correction. Everything else (reveals, Monastery, Flute, and the Hospital's
discards, entered in one place: with the Hospital's actions) is recorded by the table."""


GAME_SCORED = "game_scored"
"""The refusal of every change a player sends after the scoring (except a correction
request); the phone words it in its language (`texts.WORDS["e.game_scored"]`)."""


class LedgerRefused(Exception):
    """A ledger request that changed nothing. `code` is stable, `rule` is a RULES.md ID or None.

    `status` is the HTTP status the phone routes answer with.
    """

    def __init__(self, code: str, message: str, *, rule: str | None = None,
                 status: int = 422, names: tuple[str, ...] = (),
                 values: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.rule = rule
        self.status = status
        self.names = names
        """The game's players, so a refusal that names one says their name."""
        self.values = values or {}
        """What the phone's own words for `code` name (`{player}`), in any language."""


@dataclass(frozen=True)
class LedgerRules:
    """How ledger requests map to the engine: its view's JSON form, its private events, its
    refusals."""

    player_json: Callable[[PlayerView], dict[str, Any]]
    rats_changed: Callable[[int, int, str], Event]
    nun_card_noted: Callable[[int, int, int], Event]
    rat_change_disputed: Callable[[int, str], Event]
    refusals: tuple[type[Exception], ...]
    """Exceptions meaning "the rules or the store refused this": reported, never a crash."""
    rats_confirmed: Callable[[int], Event] | None = None
    """The event by which a player confirms their rats for the plague check, if the engine
    has one."""


def engine_rules() -> LedgerRules:
    """The real engine's ledger events and view, imported late so this module loads without it."""
    from companion.rules import RuleViolation
    from companion.rules import events as ev
    from companion.rules.views import player_json
    from companion.store.session import RequestRefused, UndoError

    return LedgerRules(
        player_json=player_json,
        rats_changed=lambda player, delta, reason: ev.RatsChanged(
            player=player, delta=delta, reason=ev.RatReason(reason)),
        nun_card_noted=lambda player, position, nuns: ev.NunCardNoted(
            player=player, position=position, nuns=nuns),
        rat_change_disputed=lambda player, entry_id: ev.RatChangeDisputed(
            player=player, entry_id=entry_id),
        refusals=(RuleViolation, UndoError, RequestRefused),
        rats_confirmed=lambda player: ev.RatsConfirmed(player=player),
    )


def _whole_number(value: object, name: str, allowed: range) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value not in allowed:
        raise LedgerRefused("bad_value",
                            f"{name} must be a whole number from {allowed.start} to "
                            f"{allowed.stop - 1}.")
    return value


class Ledger:
    """One player's ledger in one open game."""

    def __init__(self, session: PhoneSession, player: int, rules: LedgerRules) -> None:
        self.session = session
        self.player = player
        self.rules = rules

    def view(self) -> dict[str, Any]:
        """Everything this player may see, and nothing of anyone else's secrets."""
        return self.rules.player_json(self.session.player_view(self.player))

    def payload(self) -> dict[str, Any]:
        """What the phone receives: the session's `player_view` as JSON, untouched, the public
        rows its entries point into ("+2 at the Monastery"), and whether this version can
        record a confirmation."""
        view = self.session.player_view(self.player)
        found: dict[str, Any] = {"view": self.rules.player_json(view),
                                 "rows": [[b.value for b in row] for row in view.rows],
                                 "can_confirm": self.rules.rats_confirmed is not None}
        asked = self.session.rats_request(self.player)
        if asked is not None:  # after the scoring: the player's correction request
            found["request"] = {"rats": asked.rats, "status": asked.status}
        lesson = lesson_json(self.session, self.player)
        if lesson is not None:  # a taught table: the card this player meets first
            found["lesson"] = lesson
        return found

    def _still_open(self) -> None:
        """Nothing a player sends is stored once the game is scored: the result is the table's
        (R-SCORE-6). Their correction request (`ask_correction`) is the one way left; every
        other change is refused here, before the engine, so none slips in (the engine itself
        still accepts a first confirmation after the scoring)."""
        if self.session.player_view(self.player).scored:
            raise LedgerRefused(GAME_SCORED, "The game is scored: nothing you send is recorded "
                                "any more. To change your rats, ask the table for a "
                                "correction.", rule="R-SCORE-6", status=409)

    def _submit(self, event: Event) -> None:
        self._still_open()
        try:
            self.session.submit(event)
        except self.rules.refusals as refused:
            raise LedgerRefused("refused", getattr(refused, "message", str(refused)),
                                rule=getattr(refused, "rule", None), status=409) from refused

    def change_rats(self, delta: object, reason: object) -> None:
        delta = _whole_number(delta, "The change", range(-MAX_RAT_CHANGE, MAX_RAT_CHANGE + 1))
        if delta == 0:
            raise LedgerRefused("bad_value", "A change of 0 rats changes nothing.")
        if reason not in PHONE_REASONS:
            raise LedgerRefused("bad_value", "The reason must be one of: "
                                + ", ".join(PHONE_REASONS) + ".")
        self._submit(self.rules.rats_changed(self.player, delta, str(reason)))

    def note_nun_card(self, position: object, nuns: object) -> None:
        position = _whole_number(position, "The position", NUN_POSITIONS)
        nuns = _whole_number(nuns, "The number of nuns", NUNS_PER_CARD)
        self._submit(self.rules.nun_card_noted(self.player, position, nuns))

    def dispute(self, entry_id: object) -> None:
        if (not isinstance(entry_id, str) or not 0 < len(entry_id) <= MAX_ENTRY_ID_LENGTH
                or not entry_id.isprintable()):
            raise LedgerRefused("bad_value", "There is no such entry.")
        self._submit(self.rules.rat_change_disputed(self.player, entry_id))

    def confirm(self) -> None:
        if self.rules.rats_confirmed is None:
            raise LedgerRefused("unavailable", "Confirming is not available in this version.",
                                status=409)
        self._submit(self.rules.rats_confirmed(self.player))

    def ask_correction(self, rats: object) -> None:
        """After the scoring: ask the table to score this player with `rats` instead. Nothing
        changes until the table accepts."""
        rats = _whole_number(rats, "The number of rats", range(MAX_RATS_ASKED + 1))
        try:
            self.session.ask_rats(self.player, rats)
        except self.rules.refusals as refused:
            raise LedgerRefused("refused", str(refused), status=409) from refused

    def undo(self) -> None:
        """Take back this player's own last private entry (never anything the table recorded)."""
        self._still_open()
        try:
            self.session.undo_private(self.player)
        except self.rules.refusals as refused:
            names = tuple(self.session.table_view().setup.names)
            raise LedgerRefused("nothing_to_undo", str(refused), status=409,
                                names=names) from refused


def lesson_json(session: PhoneSession, player: int) -> dict[str, Any] | None:
    """The teaching card this player's phone shows now (`companion.teaching.players`), or
    None: a taught table's lesson reaches the phone of the player who first meets it."""
    from companion.teaching.players import card_json, phone_card

    card = phone_card(session, player)
    return None if card is None else card_json(card)


_ENGINE_RULES: LedgerRules | None = None


def ledger_of(session: PhoneSession, player: int) -> Ledger:
    """A player's ledger in an open game, with the real engine's rules.

    The table's hold-to-reveal view for a player without a phone uses this: `.view()` for what
    to show while held, `.change_rats(...)`, `.note_nun_card(...)`, `.dispute(...)`, `.undo()`.
    """
    global _ENGINE_RULES
    if _ENGINE_RULES is None:
        _ENGINE_RULES = engine_rules()
    return Ledger(session, player, _ENGINE_RULES)
