"""The phone speaks to the one player who holds it; the table speaks to the group around it.

On their turn (R-ROUND-C) a player's phone tells them what to tap. In German the phone says
"du" to its player, as every other line of the phone does ("Du bist am Zug", "deine Ratten"),
where the table's screen, which the whole group reads, says "ihr" ("Tippt").
"""

from __future__ import annotations

from companion.i18n import translator
from companion.phones.texts import texts

TABLE_HINT = "Tap the building and the number of cards laid face down there."


def test_the_phone_tells_its_one_player_what_to_tap() -> None:
    phone = str(texts("de")["turn.hint"])
    assert phone.startswith("Tippe ") and "deinem" in phone
    assert str(texts("de")["turn.yours"]) == "Du bist am Zug"
    assert translator("de")(TABLE_HINT).startswith("Tippt ")  # the table speaks to the group
    for language in ("en", "fr", "nl"):
        assert texts(language)["turn.hint"] != translator(language)(TABLE_HINT)
