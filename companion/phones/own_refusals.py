"""The engine's refusals of a player's own input, said to that player on their own phone.

The engine's words for a refusal are the table's, read by the whole group, and name the
player ("Red has only 2 rats."). A phone is read by its one player, and every other line there
speaks to them, so the refusals a phone's own input can meet that name its player are worded
here to them ("You have only 2 rats."). Any other refusal keeps the table's words.
"""

from __future__ import annotations

from companion.i18n import N_, Translator, plural
from companion.rules.errors import Refusal, RuleViolation

RATS_NEGATIVE = plural("You have only {rats} rat.", "You have only {rats} rats.")
"""R-SETUP-1: a phone logs more rats away than its player has (the supplies' discard)."""
ALREADY_CONFIRMED = N_("You have already confirmed your rats.")
"""R-SCORE-6: a second confirmation (another tab, a tap sent twice)."""


def said_to_player(t: Translator, refused: BaseException | None) -> str | None:
    """`refused` in `t`'s language, said to the player whose phone's input it refused; None
    for a refusal that does not name that player (the table's words stand)."""
    if not isinstance(refused, RuleViolation):
        return None
    if refused.code is Refusal.RATS_NEGATIVE:
        rats = refused.params["rats"]
        if isinstance(rats, int):
            return t.plural(*RATS_NEGATIVE, rats, rats=rats)
    if refused.code is Refusal.ALREADY_CONFIRMED:
        return t(ALREADY_CONFIRMED)
    return None
