"""A player's end values typed on their own phone (R-SCORE-2 to R-SCORE-5): the cards left in
their hand, their special cards and the printed total of their VP markers, recorded as the
table's end form records them (`EndValuesEntered`, the same event, the rats left as they are).

Who sends comes from the phone's seat, never from the request. The phone sends what it was
drawn with (`seen`: the values recorded for its player when its screen was drawn, or None), and
the values are stored only while those are still the recorded ones (`Session.exclusive`): a
phone and the table (or two tabs) sending for one player store the first, and the second is
refused ("already entered for you at the table", "already entered on your phone": the
player's own phone is told) with nothing stored, and its screen shows the values recorded. A
later input drawn from the values recorded now is a correction, and is stored: the engine
keeps end values correctable until the scoring (an entry replaces the one before), and at a
real table a player who recounts their hand fixes their own count until the scores are added
up, without asking the host.
They are taken once the last round's reveals and choices are made: at the end phase, or
at the last round's end, which only the table's tap on to the end form recorded before (it
takes no data, R-ROUND-E): the first player's values record the round's end with them, in
one step, so a game played from the phones reaches the end form without a tap at the table.
Before that the phone is refused (`not_at_end`), after the scoring too (`game_scored`: the
table corrects a scored game), and so is a phone whose seat the table enters for
(`entering`: the table's end form takes that player's values).

Whether a player's recorded values came from their phone is kept with the game's settings
(`SETTINGS_KEY`, beside the events: the event is the table's own), as the values each phone
last sent; the table's end form marks a player whose recorded values are those
(`from_phones`), so a correction at the table, or an undo, takes the mark away.

The phone layer loads without the engine (see test_phone_imports): the engine's names are
imported where they are used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.phones.entering import phone_may_act
from companion.phones.hub import PhoneSession
from companion.phones.ledger import LedgerRefused
from companion.phones.step_input import scored_refusal

if TYPE_CHECKING:
    from companion.rules.views import EndValues, StepId, TableView
    from companion.store.codec import JsonValue

HOLDINGS = ("hand", "swords", "flutes", "passes", "gold", "markers")
"""The fields of `EndValuesEntered` a player types, in the table's end form's order."""
MOST = {"hand": 99, "swords": 12, "flutes": 12, "passes": 12, "gold": 15, "markers": 100}
"""The most of each a player can hold: 84 population cards and 15 Jokers (R-COMP-2/3), 12 of
each special card, 15 Gold (R-COMP-3); 20 VP markers of printed values the app does not know
(R-COMP-5): 100 is above any real total and below a typo of digits. More is a mistyped count."""
SPECIALS = {"swords": "sword", "flutes": "flute", "passes": "pass", "gold": "gold"}
"""The holdings that exist only where their special card is in play (R-SETUP-3), by its
`Special` value."""
SETTINGS_KEY = "end_values_from_phones"
"""In the game's settings: seat -> the holdings its phone last sent (as `HOLDINGS` keys)."""

NOT_AT_END = "not_at_end"
BAD_END_VALUES = "bad_end_values"
ENTERED_AT_TABLE = "end_entered_table"
ENTERED_ON_PHONE = "end_entered_phone"
TAKEN_BACK = "end_taken_back"
END_REFUSALS = frozenset({NOT_AT_END, BAD_END_VALUES, ENTERED_AT_TABLE, ENTERED_ON_PHONE,
                          TAKEN_BACK})
"""The end values' own refusal codes; the phone words each in its language (`texts.WORDS`)."""


def fields_in_play(view: TableView) -> tuple[str, ...]:
    """The holdings this game has: the hand and the VP markers always, a special card's count
    only where it is in play (R-SETUP-3, R-SCORE-3/4)."""
    from companion.rules.catalog import Special

    return tuple(key for key in HOLDINGS
                 if key not in SPECIALS or view.setup.special_in_play(Special(SPECIALS[key])))


def holdings(values: EndValues | None) -> dict[str, int] | None:
    """A player's recorded holdings as the phone receives and sends them back; None: none yet."""
    return None if values is None else {key: getattr(values, key) for key in HOLDINGS}


def _sent(session: PhoneSession) -> dict[str, Any]:
    found = session.settings().get(SETTINGS_KEY)
    return found if isinstance(found, dict) else {}


def from_phones(session: PhoneSession, view: TableView) -> tuple[bool, ...]:
    """Per seat, whether the holdings recorded in `view` are the ones that player's phone
    sent: the table's end form marks them."""
    sent = _sent(session)
    return tuple(entered is not None and sent.get(str(seat)) == holdings(entered)
                 for seat, entered in enumerate(view.end_values))


def last_round_over(session: PhoneSession) -> StepId | None:
    """The table's step when all that is left of the last round is its end (R-ROUND-E): the
    step a player's end values record the round's end at; None elsewhere."""
    from companion.rules.guide import EndRound

    view = session.decision_view().view
    step = view.step
    return view.step_id if isinstance(step, EndRound) and step.is_last_round else None


def end_json(session: PhoneSession, seat: int) -> dict[str, Any] | None:
    """The end values as `seat`'s phone shows them while the end phase is open (None before
    and after): the fields to type, their bounds, what is recorded now and where from, and
    whether the rats are being revealed (the plague check)."""
    from companion.rules.state import Phase

    view = session.table_view()
    if view.phase is not Phase.END and last_round_over(session) is None:
        return None
    entered = view.end_values[seat]
    by = None if entered is None else "phone" if from_phones(session, view)[seat] else "table"
    fields = fields_in_play(view)
    return {"fields": list(fields), "most": {key: MOST[key] for key in fields},
            "entered": holdings(entered), "by": by, "plague": view.at_plague_check}


def _parse(values: object, fields: tuple[str, ...]) -> dict[str, int]:
    """The typed values: an object with a whole number from 0 to its `MOST` for each field
    in play, and nothing else."""
    if (not isinstance(values, dict) or set(values) != set(fields)
            or any(isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= MOST[key]
                   for key, n in values.items())):
        raise LedgerRefused(BAD_END_VALUES, "Nothing was recorded: each value is a whole "
                            "number from 0 up to what the game has of it.", status=422)
    return {key: values.get(key, 0) for key in HOLDINGS}


class EndHand:
    """One player's end values from their own phone in one open game."""

    def __init__(self, session: PhoneSession, player: int) -> None:
        self.session = session
        self.player = player

    def send(self, seen: object, values: object) -> None:
        """Record `values` (the holdings in play, by name) for this player, drawn from `seen`
        (the holdings recorded when the phone's screen was drawn, or None); refused, and
        nothing stored, if others are recorded now."""
        from companion.rules import RuleViolation
        from companion.rules import events as ev
        from companion.rules.state import Phase

        session = self.session
        with session.exclusive():
            view = session.table_view()
            names = tuple(view.setup.names)
            if view.phase is Phase.FINISHED:
                raise scored_refusal()
            phone_may_act(session, self.player, names)
            ending = None if view.phase is Phase.END else last_round_over(session)
            if view.phase is not Phase.END and ending is None:
                raise LedgerRefused(NOT_AT_END, "The end values are entered after the last "
                                    "round.", rule="R-SETUP-6", status=409)
            typed = _parse(values, fields_in_play(view))
            entered = view.end_values[self.player]
            if seen != holdings(entered):
                raise self._moved(view, entered is None, names)
            if typed == holdings(entered):
                return
            event = ev.EndValuesEntered(self.player, **typed,
                                        rats=None if entered is None else entered.rats)
            try:
                if ending is None:
                    session.submit(event)
                else:
                    session.decide([ev.RoundEnded(), event], made_for=ending)
            except RuleViolation as refused:
                raise LedgerRefused("refused", str(refused), rule=refused.rule, status=409,
                                    names=names) from refused
            sent: dict[str, JsonValue] = {**_sent(session), str(self.player): dict(typed)}
            session.update_setting(SETTINGS_KEY, lambda _before: sent)

    def _moved(self, view: TableView, taken_back: bool, names: tuple[str, ...]
               ) -> LedgerRefused:
        """Why the values the phone was drawn from are not the recorded ones: the table took
        them back, or others were entered meanwhile, at the table or on this player's phone
        (another tab)."""
        if taken_back:
            return LedgerRefused(TAKEN_BACK, "Your end values were taken back at the table: "
                                 "nothing was recorded.", status=409, names=names)
        if from_phones(self.session, view)[self.player]:
            return LedgerRefused(ENTERED_ON_PHONE, "Already entered on your phone.",
                                 status=409, names=names)
        return LedgerRefused(ENTERED_AT_TABLE, "Already entered for you at the table.",
                             status=409, names=names)
