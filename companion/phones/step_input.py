"""What every input a phone makes for a step of the game shares (an entry, a reveal, a choice,
a take-back, the end values): it is refused once the game is scored (R-SCORE-6: the result is
the table's), it is its own player's (the seat comes from the phone's credentials, and a step
drawn for another seat is refused), and a step that has passed or a move the engine refuses
becomes a `LedgerRefused` with a stable code. Every refusal stores nothing."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from companion.phones.hub import PhoneSession
from companion.phones.ledger import GAME_SCORED, LedgerRefused

NOT_YOUR_SEAT = "not_your_seat"


def scored_refusal() -> LedgerRefused:
    """The refusal of any input once the game is scored."""
    return LedgerRefused(GAME_SCORED, "The game is scored: nothing you send is recorded any "
                         "more.", rule="R-SCORE-6", status=409)


def own_step(session: PhoneSession, player: int, actor: int) -> tuple[str, ...]:
    """The players' names, once it is sure that `player`'s phone may act at a step drawn for
    `actor`: the game is not scored, and the step is this player's own."""
    names = tuple(session.table_view().setup.names)
    if session.player_view(player).scored:
        raise scored_refusal()
    if actor != player:
        raise LedgerRefused(NOT_YOUR_SEAT, "A phone acts only for its own player.",
                            status=403, names=names)
    return names


@contextmanager
def refused_as_ledger(names: tuple[str, ...], why_not: Callable[[], LedgerRefused]
                      ) -> Iterator[None]:
    """Turn the session's `StepPassed` into `why_not()` (the input's own reason: recorded
    already, out of turn, elsewhere) and the engine's `RuleViolation` into a refusal naming
    its rule."""
    from companion.rules import RuleViolation
    from companion.store.session import StepPassed

    try:
        yield
    except StepPassed:
        raise why_not() from None
    except RuleViolation as refused:
        raise LedgerRefused("refused", str(refused), rule=refused.rule, status=409,
                            names=names) from refused
