"""A phone speaks to the one player who holds it, also about that player's own steps.

Every line a player's phone shows about that player says "you" (German "du", French "vous",
Dutch "je", as the phone's other lines do), never the player's name: on their turn the slot
they would go on and their Pass (R-ROUND-C, R-SPECIAL-3); when the table or another tab was
first with their entry, reveal (R-ROUND-D a), choice (R-SPECIAL-1/2, R-ROUND-D b) or end
values (R-SCORE-2 to R-SCORE-5); when their take-back came too late; what they took back;
when the engine refuses their rats (R-SETUP-1: not below 0; R-SCORE-6: confirmed once).
Other players' phones and the table keep naming the player. The stories of these refusals
are in the tests of each input (`test_phone_entries`, `test_phone_reveals`, ...); these
check the words in every language, and stories end to end: Red's entry, entered at the
table while her phone still showed her turn, is refused on her German phone with "dein"; her
rats refused on her phone are hers ("Du hast nur 2 Ratten").
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from starlette.testclient import TestClient
from support.phones import night_of, paired

from companion.i18n import LANGUAGES, translator
from companion.phones.texts import texts
from companion.rules import events as ev

RED = 0

night = night_of(3)

ABOUT_THE_PLAYER = ("turn.slot", "turn.pass", "e.step_passed", "e.reveal_passed",
                    "e.already_chosen", "e.end_entered_table", "e.end_entered_phone",
                    "e.own_step_closed", "u.own.entry", "u.own.pass", "u.own.reveal",
                    "u.own.discard", "u.own.choice", "u.own.step", "s.own.entry",
                    "s.own.pass", "s.own.reveal", "s.own.discard")
"""The phone's lines about its own player: shown only on that player's phone."""
YOU = {"en": r"\b(you|your|my)\b", "de": r"\b(du|dich|dein\w*|meine?)\b",
       "fr": r"\b(vous|votre|vos|mon)\b", "nl": r"\b(je|jij|mijn)\b"}
"""How the phone's lines address its player in each language."""


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_line_about_the_phones_own_player_says_you(language: str) -> None:
    words = texts(language)
    for key in ABOUT_THE_PLAYER:
        line = str(words[key])
        assert "{player}" not in line, (language, key, line)
        assert re.search(YOU[language], line, re.IGNORECASE), (language, key, line)


def test_the_table_keeps_naming_the_player_on_its_screen() -> None:
    # R-ROUND-C: the table's screen is read by the group; the phone by one player.
    for language in LANGUAGES:
        t = translator(language)
        assert "Red" in t("{player} goes on slot {slot}; cards:", player="Red", slot=1)
        assert "Red" in t("{player} plays a Pass card", player="Red")
        assert texts(language)["turn.slot"] != t("{player} goes on slot {slot}; cards:")


def turn_of(phone: TestClient) -> Any:
    return phone.get("/phone/api/state").json()["view"]["turn"]


def test_reds_phone_is_told_her_own_entry_is_recorded(app, hub, night) -> None:
    # R-ROUND-C: the table enters Red's turn while her phone still shows it; her tap after
    # it is refused, stores nothing, and says it to her.
    red = paired(app, hub, night.game_id, RED, language="de")
    drawn = turn_of(red)["step"]
    view = night.session.decision_view().view
    night.session.decide([ev.Entered(RED, 0, 2)], made_for=view.step_id)
    stored = len(night.events)
    answer = red.post("/phone/api/entry", json={"step": drawn, "building": 1, "cards": 5})
    assert answer.status_code == 409
    assert answer.json() == {"error": "step_passed",
                             "message": "Schon eingegeben: Dein Einsatz ist erfasst."}
    assert len(night.events) == stored


def log_discard(phone: TestClient, rats: int, language: str = "de") -> Any:
    """The phone's "Supplies: discard rats" with `rats` in its amount field."""
    return phone.post("/phone/api/rats", json={"delta": -rats, "reason": "supply_discard"},
                      headers={"Accept-Language": language})


def test_red_discarding_more_rats_than_she_has_is_told_how_many_she_has(app, hub,
                                                                        night) -> None:
    # R-SETUP-1: everyone starts with 10 rats, and nobody's rats go below 0. The table's
    # words name the player ("Red has only 2 rats"); her phone says it to her.
    red = paired(app, hub, night.game_id, RED, language="de")
    assert log_discard(red, 8).status_code == 200
    refused = log_discard(red, 5)
    assert (refused.status_code, refused.json()) == (409, {
        "error": "refused", "message": "Du hast nur 2 Ratten.", "rule": "R-SETUP-1"})
    assert log_discard(red, 1).status_code == 200
    assert log_discard(red, 3, language="en").json()["message"] == "You have only 1 rat."


def test_a_second_confirmation_of_reds_rats_is_said_to_her(app, hub, night) -> None:
    # R-SCORE-6: the players confirm their rats for the plague check once; a second tap
    # (another tab, a tap sent twice) is refused and said to her.
    red = paired(app, hub, night.game_id, RED, language="fr")
    night.play_to_the_end()
    assert red.post("/phone/api/confirm", json={}).status_code == 200
    again = red.post("/phone/api/confirm", json={})
    assert (again.status_code, again.json()) == (409, {
        "error": "refused", "message": "Vous avez déjà confirmé vos rats.",
        "rule": "R-SCORE-6"})
