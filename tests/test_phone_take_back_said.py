"""What a phone says after an undo speaks to the one player who holds it, told as a game
night: Red taps the wrong count and takes her entry back; her own phone says "You took back
your entry", Yellow's names Red. Later the table takes back Yellow's entry: Yellow's phone
says "your entry", the others name Yellow. At the Town Hall Green takes back her reveal on a
German phone, which says "du" as every other line of the phone does.

R-ROUND-C: in turn order each player enters a building with some cards face down.
R-ROUND-D a: the players in a building reveal their cards. The game is the real one
(`support.phones.TableNight`, the reveals' night of `test_phone_reveals`); the phones reach it
through the real routes, and the lines are put together as the phone's script puts them.
"""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient
from support.phones import enter, night_of, paired, stored_night
from test_phone_reveals import Night as RevealNight
from test_phone_reveals import reveal

from companion.i18n import translator
from companion.i18n.names import building_name
from companion.phones.texts import texts

RED, YELLOW, GREEN = 0, 1, 2

night = night_of(3)
reveals = stored_night(RevealNight)


def undone_said(phone: TestClient, language: str = "en") -> str:
    """The phone's line about the latest undo, as phone.js puts it together: the line
    (`line`) with the step in words (`step`), the building by its name."""
    undone = phone.get("/phone/api/state").json()["undone"]
    words = texts(language)
    building = "" if undone.get("building") is None else str(words["b." + undone["building"]])
    step = str(words[undone["step"]]).format(player=undone.get("player"), building=building)
    return str(words[undone["line"]]).format(player=undone["by"], step=step,
                                             building=building)


def take_back(phone: TestClient) -> Any:
    own = phone.get("/phone/api/state").json()["own_step"]
    return phone.post("/phone/api/entry/undo",
                      json={"round": own["round"], "turn": own["turn"], "at": own["at"]})


def test_red_is_told_she_took_back_her_entry_and_the_others_whose_it_was(app, hub,
                                                                         night) -> None:
    red, yellow, green = (paired(app, hub, night.game_id, seat)
                          for seat in (RED, YELLOW, GREEN))
    assert enter(red, building=1, cards=7).status_code == 200  # she meant 2
    second = building_name(translator("en"), night.state.record.row[1])
    assert take_back(red).status_code == 200
    assert undone_said(red) == f"You took back your entry into the {second}."
    assert undone_said(yellow) == f"Taken back on Red's phone: Red's entry into the {second}."

    assert enter(red, building=1, cards=2).status_code == 200
    assert enter(yellow, building=1, cards=4).status_code == 200
    night.session.undo_step()  # the table takes back Yellow's entry
    assert undone_said(yellow) == f"Undone at the table: your entry into the {second}."
    assert undone_said(green) == f"Undone at the table: Yellow's entry into the {second}."
    night.session.redo_step()
    assert undone_said(yellow) == f"Redone at the table: your entry into the {second}."
    assert undone_said(red) == f"Redone at the table: Yellow's entry into the {second}."


def test_green_takes_back_her_reveal_on_a_german_phone(reveals) -> None:
    green = reveals.phone(GREEN, language="de")
    red = reveals.phone(RED, language="de")
    assert reveal(green, matching=3).status_code == 200  # held for her slot
    assert take_back(green).status_code == 200
    rathaus = building_name(translator("de"), reveals.session.table_view().record.row[0])
    assert undone_said(green, "de") == (
        f"Du hast deine aufgedeckten Karten im Gebäude „{rathaus}“ zurückgenommen.")
    assert undone_said(red, "de") == (
        f"Auf dem Handy von Green zurückgenommen: die aufgedeckten Karten von Green im "
        f"Gebäude „{rathaus}“.")


def test_every_language_says_each_take_back_to_its_own_player() -> None:
    # The phone says "du" in German, "vous" in French, "je" in Dutch, as its other lines do,
    # for each kind of input a player takes back: entry, Pass, reveal, discard, choice.
    own = {"en": "You took back your ", "de": "Du hast dein", "fr": "Vous avez repris vo",
           "nl": "Je hebt je "}
    for language, start in own.items():
        words = texts(language)
        for kind in ("entry", "pass", "reveal", "discard", "choice", "step"):
            assert str(words[f"u.own.{kind}"]).startswith(start), (language, kind)
        for kind in ("entry", "pass", "reveal", "discard"):
            assert "{player}" not in str(words[f"s.own.{kind}"]), (language, kind)
