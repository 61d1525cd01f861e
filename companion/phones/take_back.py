"""A player takes back their own last input from their phone, and every phone says what an
undo took back.

The input is the player's own, whoever tapped it: their phase C entry or Pass (R-ROUND-C),
their phase D reveal (R-ROUND-D a), recorded or held for its slot, their Hospital discard
(R-ROUND-D b), their choice at a tie for fewest Swords or Flutes (R-SPECIAL-1/2). While it is
the game's last input, their phone offers to take it back (`own_step_json`, named by what it
was and where), and the phone sends back which one it was shown (its round, turn and the
game's public events then). One route takes back whichever it was. The session (the single
writer) takes a step back as the table's undo would, and removes a held reveal from the held
ones, only while nothing else has been recorded or held after it (`Session.undo_own_step`):
once anyone's next input is in, the phone is refused with the stable code `OWN_STEP_CLOSED`
and a sentence that says the table can still undo it. The table's undo and redo work as they
always did; the step any undo or redo took back or put back (`Session.taken_back`) reaches
every phone (`undone_json`), until the next step: on the player's own phone as their own
("You took back your entry…", "Undone at the table: your entry…"), on the others by name.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from companion.phones.entering import phone_may_act
from companion.phones.hub import PhoneSession
from companion.phones.ledger import LedgerRefused
from companion.phones.step_input import own_step

if TYPE_CHECKING:
    from companion.rules.events import Event
    from companion.rules.views import TableView

OWN_STEP_CLOSED = "own_step_closed"
"""The refusal of a take-back once something else was recorded after the input (or it was
taken back already); worded by the phone's own words (`texts.WORDS`), to its player: "…
after your input"."""


def _what(view: TableView, step: Sequence[Event]) -> dict[str, Any]:
    """A step as a phone names it: an entry (whose, into which building), a Pass (whose), a
    reveal or a Hospital discard (whose, at which building), a tie's choice (at which
    building, whom it named), or another step of the table."""
    from companion.rules import events as ev
    from companion.rules.views import copy_number

    last = step[-1]
    names = view.setup.names
    if isinstance(last, ev.Passed):
        return {"kind": "pass", "player": names[last.player]}
    if not isinstance(last, ev.Entered | ev.Revealed | ev.HospitalDiscarded
                      | ev.SpecialTargetChosen):
        return {"kind": "step"}
    # a round's first entry lays out its row too (the app's deck): named by that row
    dealt = [e.row for e in step if isinstance(e, ev.BuildingsRevealed)]
    row = dealt[-1] if dealt else (view.record.row if view.rounds else ())
    building = row[last.building].value if 0 <= last.building < len(row) else None
    twin = copy_number(row, last.building)
    place = {"building": building, **({} if twin is None else {"copy": twin})}
    if isinstance(last, ev.Entered):
        return {"kind": "entry", "player": names[last.player], **place, "cards": last.cards}
    if isinstance(last, ev.Revealed):
        return {"kind": "reveal", "player": names[last.player], **place}
    if isinstance(last, ev.HospitalDiscarded):
        return {"kind": "discard", "player": names[last.player], **place, "cards": last.cards}
    return {"kind": "choice", **place, "named": names[last.player]}


def own_step_json(session: PhoneSession, player: int) -> dict[str, Any] | None:
    """The player's own last input while their phone may take it back: its round, turn and
    the game's public events now (what the phone sends back) and what it was; None
    otherwise."""
    step = session.own_last_step(player)
    if step is None:
        return None
    view = session.table_view()
    return {"round": view.round, "turn": len(view.record.turns) - 1, "at": view.game_events,
            **_what(view, step)}


def undone_json(session: PhoneSession, seat: int) -> dict[str, Any] | None:
    """What the latest undo or redo took back or put back, for `seat`'s phone: `by` the name
    of the player whose phone took back their own input (None: the table), `redone` for a
    redo, and the page's words that say it on this phone (`undone_words`)."""
    taken = session.taken_back()
    if taken is None:
        return None
    view = session.table_view()
    by = None if taken.by is None else view.setup.names[taken.by]
    what = _what(view, taken.events)
    return {"by": by, "redone": taken.redone, **what,
            **undone_words(what, _whose(taken.events), taken.by, taken.redone, seat)}


OWN_KINDS = ("entry", "pass", "reveal", "discard")
"""The inputs a phone names by whose they are ("Red's entry"); a tie's choice is named by its
building alone."""


def undone_words(what: dict[str, Any], whose: int | None, by: int | None, redone: bool,
                 seat: int) -> dict[str, str]:
    """The keys of the page's words (`texts.WORDS`) that say an undo on `seat`'s phone: the
    `line` around the `step` in words. A phone speaks to its own player: the input they took
    back on it is "You took back your entry…" (`u.own.*`, one sentence, so each language
    words it whole), and their own input the table took back or put back is "your entry…";
    every other phone names the player."""
    kind = what["kind"]
    named = kind == "pass" or (kind in (*OWN_KINDS, "choice") and bool(what.get("building")))
    if by is not None and by == seat:
        return {"line": f"u.own.{kind if named else 'step'}", "step": "s.step"}
    line = "u.redo" if redone else "u.table" if by is None else "u.phone"
    if not named:
        return {"line": line, "step": "s.step"}
    mine = kind in OWN_KINDS and whose == seat
    return {"line": line, "step": f"s.own.{kind}" if mine else f"s.{kind}"}


def _whose(step: Sequence[Event]) -> int | None:
    """The seat whose input a step was (an entry, a Pass, a reveal, a discard); None for a
    tie's choice (the event names the player chosen) or another step."""
    from companion.rules import events as ev

    last = step[-1]
    if isinstance(last, ev.Entered | ev.Passed | ev.Revealed | ev.HospitalDiscarded):
        return last.player
    return None


def take_back(session: PhoneSession, player: int, round_: int, turn: int, at: int) -> None:
    """Take back `player`'s own last input from their phone, as it showed it (`own_step_json`:
    round, turn and the game's public events); refused (and nothing changed) once anything
    was recorded or held after it, once the game is scored, or while the table enters for
    the seat."""
    from companion.store.session import UndoError

    names = own_step(session, player, player)
    phone_may_act(session, player, names)
    try:
        session.undo_own_step(player, round_, turn, at)
    except UndoError as refused:
        raise LedgerRefused(OWN_STEP_CLOSED, str(refused), status=409,
                            names=names) from refused
