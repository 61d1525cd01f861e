"""Who makes a seat's inputs: its paired phone, or the table.

A paired phone enters for its player from the moment it pairs. The table can switch a seat back
to "entered at the table" (a phone left in a coat, a player who would rather say it aloud) and
on again. That switch is a table setting of the game, not a rule: no rule checks it, the table
may enter for any seat whatever it says, and a replay of the game needs nothing of it. So it is
no event: an event would travel in every game record, and the table's undo, which takes back
moves of the game, would switch a seat back with the entry before it. It lives in the game's
settings row (`Session.settings`, beside the teaching), durable, so a restarted table keeps
it, and announced (`update_setting(..., announce=True)`), so the seat's phone redraws its turn
at once.

The switch governs every input of the seat's phone for a step of the game, not its entries
only: its entry or Pass, its reveal, its choice at a tie or a Hospital, its end values and the
take-back of any of them (`phone_may_act`). A phone told that the table enters for its player
shows what happens and acts on nothing, so the table never waits for it: the table waits for a
seat's phone (`waited_for`) only while that phone enters for it and is connected now. A seat
whose phone sleeps or dropped is entered at the table as if it had none, and the table's own
buttons are always there to step in. The player's rats stay on their phone either way: they
are the player's own, which the table never enters.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol, cast

from companion.phones.ledger import LedgerRefused
from companion.phones.seats import SeatRegistry

if TYPE_CHECKING:
    from companion.store.codec import JsonValue

KEY = "entered_at_table"
"""The settings entry: the seats switched to the table, in order."""

AT_TABLE = "entered_at_table"
"""The refusal of any input from a phone whose seat the table enters; the phone words it in its
language (`texts.WORDS["e.entered_at_table"]`)."""


class Settings(Protocol):
    """What this needs of a session (`companion.store.session.Session`): its settings."""

    def settings(self) -> dict[str, JsonValue]: ...
    def update_setting(self, key: str, change: Callable[[JsonValue | None], JsonValue],
                       announce: bool = False) -> JsonValue: ...


def at_table(session: Settings) -> frozenset[int]:
    """The seats the table has switched to "entered at the table"; anything unreadable in the
    settings is no seat switched (every phone enters)."""
    stored = session.settings().get(KEY)
    if not isinstance(stored, list):
        return frozenset()
    return frozenset(seat for seat in stored if isinstance(seat, int)
                     and not isinstance(seat, bool))


def enter_at_table(session: Settings, seat: int, switched: bool) -> None:
    """Switch `seat` to "entered at the table" (`switched`) or back to its phone; stored and
    announced to every screen and phone of the game."""
    if (seat in at_table(session)) == switched:
        return  # nothing changes: no screen is told (a release draws its new code at once)

    def switch(_before: JsonValue | None) -> JsonValue:
        seats = set(at_table(session))
        return cast("JsonValue", sorted(seats | {seat} if switched else seats - {seat}))

    session.update_setting(KEY, switch, announce=True)


def phone_may_act(session: Settings, seat: int, names: tuple[str, ...]) -> None:
    """Refuse an input from `seat`'s phone (an entry, a reveal, a choice, the end values, a
    take-back) while the table enters for that seat: 409 with the stable code `AT_TABLE`,
    nothing stored."""
    if seat in at_table(session):
        raise LedgerRefused(AT_TABLE, "The table enters for this player now: their phone "
                            "shows the game only.", status=409, names=names)


def waited_for(session: Settings, registry: SeatRegistry | None, game: str, players: int
               ) -> frozenset[int]:
    """The seats whose phone the table waits for now: paired, connected, and not switched to
    the table."""
    if registry is None:
        return frozenset()
    switched = at_table(session)
    return frozenset(s.seat for s in registry.status(game, players)
                     if s.connected and s.seat not in switched)
