"""The end of the game at the table: the values typed in, the rats from the ledgers, the scoring
shown as the engine computes it, in German and English."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import flet as ft
import pytest
import zxingcpp
from PIL import Image
from support.engine_games import plain_event
from support.fake_page import walk
from support.table_screens import Table
from test_ui_round import four_players

from companion.i18n import translator
from companion.i18n.words import words
from companion.phones.seats import SeatRegistry
from companion.rules import events as ev
from companion.rules.guide import Prompt, step_at
from companion.rules.scoring import score
from companion.rules.state import Phase
from companion.store.bgstats import play_from_link
from companion.ui.endgame.chart import influence_by_round
from companion.ui.endgame.screen import end_state_of


def to_the_end(table: Table) -> None:
    while step_at(table.state).prompt is not Prompt.END_VALUES:
        table.play([plain_event(table.state)])


def pair_phones(table: Table, *seats: int) -> None:
    """Each of `seats` scans their code with a phone: the seat is paired in the game."""
    if table.games.seats is None:
        table.games.seats = SeatRegistry()
    game_id = str(table.session.game_id)
    for seat in seats:
        table.games.seats.claim(table.games.seats.issue_token(game_id, seat))


def at_the_end_form(*phones: int, before: tuple[ev.Event, ...] = (),
                    drawn: bool = False) -> Any:
    """The fixture of a story at the end form (R-SCORE-2): four players, the seats `phones`
    paired with a phone, `before` played, then every round played out; `drawn`: the form is
    drawn once before the story begins (`mixed = at_the_end_form(ANNA, BEN)`)."""

    @pytest.fixture
    def table(tmp_path: Path) -> Iterator[Table]:
        with Table(tmp_path, four_players()) as found:
            pair_phones(found, *phones)
            found.play(list(before))
            to_the_end(found)
            if drawn:
                found.view()
            yield found

    return table


CLEOS_DISCARD = ev.RatsChanged(2, -3, ev.RatReason.SUPPLY_DISCARD)
"""Cleo's supply discard of 3 rats (R-ROUND-B), logged on her phone or the private view."""

ended = at_the_end_form(0, 1, 2, 3, before=(CLEOS_DISCARD,))
"""Anna, Ben, Cleo and Dora each keep their rats on a phone; Cleo logged a supply discard."""

few_phones = at_the_end_form(1, before=(CLEOS_DISCARD,))
"""Only Ben has a phone; Cleo keeps her rats in the table's private view (a supply discard
logged there); Anna and Dora keep theirs as tokens in front of them, nothing else."""


def field(table: Table, identifier: str) -> ft.TextField:
    """The form's text field tagged `identifier`."""
    content = table.find(identifier).content
    assert isinstance(content, ft.TextField), content
    return content


def fill(table: Table, values: dict[str, str]) -> None:
    for key, value in values.items():
        table.type(f"end-{key}", value)


def to_the_plague(table: Table, holdings: dict[str, str] | None = None) -> None:
    """What everyone holds is entered (empty fields count as 0); the plague check is next."""
    fill(table, holdings or {})
    table.tap("end-holdings")


def test_the_form_asks_only_for_the_special_cards_in_play(ended: Table) -> None:
    # R-SETUP-3: the first-game set has the Castle (Swords) but no Town Hall, Hut or Treasury.
    ids = ended.ids()
    assert {"end-0-hand", "end-0-swords", "end-0-markers"} <= ids
    assert not {"end-0-passes", "end-0-flutes", "end-0-gold"} & ids
    to_the_plague(ended)
    ids = ended.ids()
    assert {"end-0-hand", "end-0-swords", "end-0-markers", "end-0-rats", "end-nuns"} <= ids
    assert not {"end-0-passes", "end-0-flutes", "end-0-gold"} & ids


def test_the_rats_show_only_at_the_plague_check(ended: Table) -> None:
    # R-SETUP-1: rats are secret while hands are counted; R-SCORE-6: revealed at the plague.
    ledger = ended.state.rats
    assert ended.session.table_view().rats is None
    assert not any(i.endswith("-rats") for i in ended.ids())
    assert "end-nuns" not in ended.ids()
    to_the_plague(ended, {"0-hand": "5"})
    assert ended.session.table_view().rats == tuple(ledger)
    field = next(c for c in walk(ended.find("end-2-rats"))
                 if hasattr(c, "on_change") and c.on_change)
    assert field.value == str(ledger[2])


def test_rats_come_from_the_ledger_and_only_a_change_is_recorded(ended: Table) -> None:
    # R-SCORE-6: the rats shown at the plague check; the phone's ledger is the default.
    ledger = ended.state.rats
    to_the_plague(ended, {"0-hand": "5", "1-markers": "4"})
    field = next(c for c in walk(ended.find("end-2-rats"))
                 if hasattr(c, "on_change") and c.on_change)
    assert field.value == str(ledger[2])
    fill(ended, {"3-rats": str(ledger[3] + 2), "nuns": "9"})
    ended.tap("end-score")
    stored = ended.stored()
    entered = {e.player: e for e in stored if isinstance(e, ev.EndValuesEntered)}
    assert entered[0] == ev.EndValuesEntered(0, hand=5)
    assert entered[1] == ev.EndValuesEntered(1, hand=0, markers=4)
    assert entered[2].rats is None
    assert entered[3].rats == ledger[3] + 2
    assert stored[-1] == ev.NunsCounted(9)
    assert ended.state.phase is Phase.FINISHED


def test_a_bad_number_is_named_and_nothing_is_stored(ended: Table) -> None:
    count = len(ended.stored())
    fill(ended, {"1-hand": "three"})
    ended.tap("end-holdings")
    assert len(ended.stored()) == count
    assert "Ben" in ended.page.messages[-1]


def test_the_result_is_the_engines_score_with_winner_and_totals(ended: Table) -> None:
    # R-SCORE-1..7: every total and the winner on the screen are the engine's.
    to_the_plague(ended, {"0-hand": "7", "1-hand": "2", "1-swords": "2", "2-markers": "9",
                          "3-markers": "3"})
    fill(ended, {"nuns": "20"})
    ended.tap("end-score")
    result = score(end_state_of(ended.session.table_view()))
    for seat, player in enumerate(result.players):
        assert ended.texts(f"total-{seat}") == str(player.total)
        assert ended.texts(f"rats-{seat}") == str(player.rats)
    shown = ended.texts("winner")
    assert all(name in shown for name in result.winners)
    ladder = ended.texts("tie-break")
    assert ladder == " ".join(words(translator("en"), line) for line in result.tie_break)
    assert "influence-chart" in ended.ids()


def test_the_end_values_can_be_corrected_after_the_scoring(ended: Table) -> None:
    # R-SCORE-6: entering again replaces; the game is scored anew.
    to_the_plague(ended)
    fill(ended, {"nuns": "3"})
    ended.tap("end-score")
    ended.tap("end-edit")
    fill(ended, {"nuns": "12"})
    ended.tap("end-score")
    assert ended.state.nuns == 12 and ended.state.phase is Phase.FINISHED


def test_correcting_the_end_values_is_titled_so_not_result(ended: Table) -> None:
    # The form reopened after the scoring says what the table is doing.
    to_the_plague(ended)
    fill(ended, {"nuns": "3"})
    ended.tap("end-score")
    assert ended.view().appbar.title.content.value == "Result"  # type: ignore[union-attr]
    ended.tap("end-edit")
    assert ended.view().appbar.title.content.value == "Correct the end values"  # type: ignore[union-attr]
    assert "end-nuns" in ended.ids()
    ended.tap("end-score")
    assert ended.view().appbar.title.content.value == "Result"  # type: ignore[union-attr]


def test_the_chart_follows_the_round_snapshots(ended: Table) -> None:
    series = influence_by_round(ended.session.table_view())
    assert all(len(s) == 1 + ended.state.setup.rounds for s in series)
    for player, values in enumerate(series):
        assert values[-1] == sum(t.values[player] for t in ended.state.tracks)


def test_a_german_scoring_line_names_the_estate_in_german(ended: Table) -> None:
    # R-SCORE-1: the estates score by influence; the explanation names them.
    to_the_plague(ended)
    fill(ended, {"nuns": "20"})
    ended.tap("end-score")
    result = score(end_state_of(ended.session.table_view()))
    estate_lines = [words(translator("de"), line) for line in result.explanation
                    if line.step.value == "estates"]
    assert any(line.startswith(("Landvolk", "Bürgertum", "Kirche", "Rittertum",
                                "Zauberkunst", "Königtum")) for line in estate_lines)


def test_the_result_offers_the_play_to_bg_stats_as_a_qr_code(ended: Table) -> None:
    # R-SCORE-7: the winner BG Stats records is the engine's winner.
    to_the_plague(ended)
    fill(ended, {"nuns": "20"})
    ended.tap("end-score")
    image = next(c for c in walk(ended.find("bgstats-qr")) if hasattr(c, "src") and c.src)
    decoded = zxingcpp.read_barcodes(Image.open(io.BytesIO(image.src)))
    assert len(decoded) == 1 and decoded[0].text.startswith("bgstats://")
    # a screen reader says what the code is for, not the long link
    assert image.semantics_label == "QR code of the play for BG Stats"
    play = play_from_link(decoded[0].text)
    result = score(end_state_of(ended.session.table_view()))
    players = play["players"]
    assert isinstance(players, list)
    marked = {p["name"] for p in players if p.get("winner")}
    assert marked == set(result.winners)


def test_one_undo_takes_the_scoring_back_and_says_so(ended: Table) -> None:
    # R-SCORE-6: "Score the game" stores the rats typed in and the nuns as one step: one tap
    # on Undo brings back the plague check as it was, and the snackbar names what it took.
    to_the_plague(ended, {"0-hand": "5", "1-markers": "4"})
    at_the_plague = ended.state
    ledger = ended.state.rats
    fill(ended, {"3-rats": str(ledger[3] + 2), "nuns": "9"})
    ended.tap("end-score")
    assert ended.state.phase is Phase.FINISHED
    ended.tap("undo")
    assert ended.state == at_the_plague
    assert ended.page.messages[-1] == "Undone: the end values"
    assert {"end-score", "end-0-rats", "end-nuns"} <= ended.ids()
    ended.tap("undo")
    assert ended.state.phase is Phase.END and ended.session.table_view().rats is None
    assert ended.page.messages[-1] == "Undone: the end values"
    ended.tap("redo")
    assert ended.state == at_the_plague
    assert ended.page.messages[-1] == "Redone: the end values"


def test_undoing_the_scoring_brings_the_end_form_back_exactly_as_it_was(ended: Table) -> None:
    # R-SCORE-6: the nun count comes back as typed; an empty one would be scored as 0.
    ledger = ended.state.rats
    to_the_plague(ended, {"0-hand": "6", "2-markers": "5"})
    fill(ended, {"1-rats": str(ledger[1] + 1), "nuns": "7"})
    ended.tap("end-score")
    scored = score(end_state_of(ended.session.table_view()))
    ended.tap("undo")
    assert ended.state.phase is Phase.END and ended.state.nuns is None
    assert field(ended, "end-nuns").value == "7"
    assert field(ended, "end-0-hand").value == "6"
    assert field(ended, "end-1-rats").value == str(ledger[1] + 1)
    ended.tap("end-score")
    assert ended.state.nuns == 7
    assert score(end_state_of(ended.session.table_view())) == scored


def test_an_empty_nun_count_is_asked_for_not_scored_as_0(ended: Table) -> None:
    # R-SCORE-6: 0 nuns kills anyone with rats; the table must have typed it.
    to_the_plague(ended)
    count = len(ended.stored())
    ended.tap("end-score")
    assert len(ended.stored()) == count and ended.state.phase is Phase.END
    assert "Nuns in the Nun-row" in ended.page.messages[-1]
    fill(ended, {"nuns": "0"})
    ended.tap("end-score")
    assert ended.state.nuns == 0 and ended.state.phase is Phase.FINISHED


def test_only_a_player_who_confirmed_gets_the_mark_and_a_locked_rat_count(ended: Table) -> None:
    # R-SCORE-6: Ben confirmed on his phone, the others did not.
    ended.play([ev.RatsConfirmed(1)])
    assert not any(i.startswith("confirmed-") for i in ended.ids())  # rats still secret
    to_the_plague(ended)
    ids = ended.ids()
    assert "confirmed-1" in ids
    assert not {"confirmed-0", "confirmed-2", "confirmed-3"} & ids
    assert not any(i.startswith("entered-") for i in ids)  # no tick that reads as confirmed
    assert field(ended, "end-1-rats").read_only
    assert not field(ended, "end-3-rats").read_only
    fill(ended, {"1-rats": "0", "nuns": "9"})  # typed over a locked field: not taken
    ended.tap("end-score")
    ben = next(e for e in ended.stored() if isinstance(e, ev.EndValuesEntered) and e.player == 1)
    assert ben.rats is None


def test_a_phones_correction_after_the_scoring_waits_for_the_table(ended: Table) -> None:
    # R-SCORE-6, R-SCORE-7: Cleo finds a mistake after the scoring; the
    # table sees the result now and with her count side by side, and decides.
    to_the_plague(ended, {"0-hand": "9", "1-hand": "4", "2-hand": "6", "3-hand": "2"})
    fill(ended, {"nuns": "20"})
    ended.tap("end-score")
    stored = ended.stored()
    before = score(end_state_of(ended.session.table_view()))
    asked = 21  # above the 20 nuns: she would die of the plague
    ended.session.ask_rats(2, asked)
    assert ended.stored() == stored  # nothing changes until the table accepts
    assert "request-2" in ended.ids()
    assert "survives" in ended.texts("request-now-2")
    assert "Cleo: " in ended.texts("request-then-2")
    assert "dies of the plague" in ended.texts("request-then-2")
    ended.tap("request-reject-2")
    assert ended.stored() == stored and "request-2" not in ended.ids()
    rejected = ended.session.rats_request(2)
    assert rejected is not None and rejected.status == "rejected"
    ended.session.ask_rats(2, asked)
    ended.tap("request-accept-2")
    assert ended.stored()[-1] == ev.EndValuesEntered(2, hand=6, rats=asked)
    after = score(end_state_of(ended.session.table_view()))
    assert after.player("Cleo").rats == asked and after != before
    accepted = ended.session.rats_request(2)
    assert accepted is not None and accepted.status == "accepted"
    assert "request-2" not in ended.ids()


def test_rats_the_app_cannot_know_are_not_offered_and_must_be_counted(few_phones: Table
                                                                      ) -> None:
    # R-SCORE-6: at the plague check everyone reveals their rat tokens. The ledger of a player
    # who kept no rats in the app misses every rat discarded in the supplies (R-ROUND-B), so
    # the form offers no count for Anna and Dora: their tokens are counted and typed.
    table = few_phones
    table.play([ev.RatsChanged(1, -table.state.rats[1], ev.RatReason.CORRECTION)])
    ledger = table.state.rats
    to_the_plague(table)
    assert table.session.table_view().rats_kept == (False, True, True, False)
    assert field(table, "end-1-rats").value == "0"  # known: a number, not an empty field
    assert field(table, "end-1-rats").label == "Rats (as on the phone)"
    assert field(table, "end-2-rats").value == str(ledger[2])
    assert field(table, "end-2-rats").label == "Rats (as in the private view)"
    for seat in (0, 3):
        assert field(table, f"end-{seat}-rats").value == ""
        assert field(table, f"end-{seat}-rats").hint_text is None  # not even a hinted 0
        assert field(table, f"end-{seat}-rats").label == "Rats: no phone, count the tokens"
    assert "The app does not know the others' rats" in table.texts("end-form")

    count = len(table.stored())
    fill(table, {"nuns": "9", "0-rats": "6"})
    table.tap("end-score")
    assert len(table.stored()) == count and table.state.phase is Phase.END
    assert table.page.messages[-1] == (
        "Dora: the app does not know these rats. Count the rat tokens in front of Dora and type "
        "the number (0 if there are none).")

    fill(table, {"3-rats": str(ledger[3])})  # the tokens agree with the table's records
    table.tap("end-score")
    assert table.state.phase is Phase.FINISHED
    entered = {e.player: e.rats for e in table.stored() if isinstance(e, ev.EndValuesEntered)}
    assert entered == {0: 6, 1: None, 2: None, 3: ledger[3]}

    table.tap("end-edit")  # typed once, the count is known from then on
    assert field(table, "end-0-rats").value == "6"
    assert field(table, "end-3-rats").value == str(ledger[3])
