"""The benchmark's 4-player game played from four phone pages (390x844) in a real browser, from
the first entry of round 1 to the end form, with nothing tapped at the table: the table's page
is the board the players look at.

Anna, Ben, Cleo and Dora scan the codes the table issued for their seats, and the table opens
the game on a laptop (1280x800): the setup. From then on each player does what their own phone
shows, with its own buttons (`support.phone_game.PhonePages`, the choices of the API story
`tests/test_phone_game.py` plays from the same seed): their entry in turn order (R-ROUND-C),
their reveal at each building, all at once in any order (R-ROUND-D a), their choice at a tie
or a Hospital (R-SPECIAL-1/2, R-ROUND-D b), their end values (R-SCORE-2 to 5). The steps
that take no tap (the supply, a building's actions, the round's end, every later round's row:
R-ROUND-A/B/E) are recorded with the phones' inputs.

The table's page is looked at three times only (a Flutter page is dear, a phone page cheap):
at the first entry it says it waits for the start player's phone; after round 1 it shows round
2's row, saying it waits for the phone of who enters first; after the last end values it
shows the end form. There the nun row is counted at the table (R-SCORE-6, the one input the
game takes from the table, after the end form), and the table shows the scores. The game the
store holds, replayed by the engine, is the phones' inputs, event by event the game the same
seed plays at the phones' routes without a browser (where every input outside a phone's
request is counted: none), and its scores are the ones the table and every phone show
(R-SCORE-1..7).

Its cost (2026-12-07, this 2-core machine shared with other runs): 36-46 s at a load of 8 to
13, 67 s at 18. At a load of 9, the setup (the table's server and page, four phones paired)
took about 7 s, the table's page redrawing the board at every input about 12 s (measured
with the page closed after round 1), and the phones' 63 inputs, each after a look at up to
four phones' state, the rest.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from support.flutter import by_id, open_table, tap, tap_and_redraw, type_into
from support.harness import Offline, phone_paired, picture, table_context, table_server
from support.phone_game import Input, PhoneGame, PhonePages, stored_story
from support.screen_result import check_result_against_engine, stored_game
from support.sessions import logged_events
from support.story import FOUR_PLAYER_SEED, FOUR_PLAYERS, Table, story_setup

from companion.rules.setup import DeckMode
from companion.rules.state import Phase
from companion.rules.views import own_result

LAPTOP = {"width": 1280, "height": 800}
CARDS = ("matching", "other", "jokers", "swords", "flutes")
"""A reveal's cards by kind, in the order the engine's `Reveal` holds them."""
NUNS = 11
"""The nuns the table counts on the turned-over nun row at the plague check."""


def turn_in_round(round_: int) -> Any:
    """Whether a phone shows an entry of round `round_` to make."""
    def shown(state: dict[str, Any]) -> bool:
        turn = state["view"]["turn"]
        return turn is not None and turn["step"]["round"] == round_
    return shown


def waits_for(page: Any, words: str) -> None:
    """The table's screen says which phone it waits for (it follows the phones' live streams
    and the game, drawn without a tap)."""
    page.wait_for_function(
        "w => [...document.querySelectorAll(\"[flt-semantics-identifier='waiting-phone']\")]"
        ".some(e => e.textContent.includes(w))", arg=words, timeout=60_000)


def test_four_phones_play_the_whole_game_and_the_table_shows_the_board(
        tmp_path: Path, browser: Any) -> None:
    data_dir = tmp_path / "data"
    game_id, codes = stored_story(data_dir)
    offline = Offline()
    with table_server(data_dir, lang="en") as server:
        table_page = table_context(browser, offline, "en-GB", LAPTOP).new_page()
        offline.watch(table_page)
        open_table(table_page, server.table_url)
        tap(table_page, f"resume-{game_id}")
        tap(table_page, "play")
        phones = PhonePages([phone_paired(browser, server.base_url, code) for code in codes],
                            random.Random(FOUR_PLAYER_SEED))
        first = phones.shown(0)["view"]["turn"]["actor"]
        waits_for(table_page, f"Waiting for {FOUR_PLAYERS[first]}'s phone; the table can "
                              "still enter for them.")
        picture(table_page, "phones-game-table-first-entry")

        assert phones.play(until=turn_in_round(2))
        starts = phones.shown(0)["view"]["turn"]["actor"]
        waits_for(table_page, f"Waiting for {FOUR_PLAYERS[starts]}'s phone, the first to "
                              "enter this round")
        assert by_id(table_page, "reveal-confirm").count() == 1  # the table may still step in
        picture(table_page, "phones-game-table-round-2-row")
        picture(phones.pages[starts], "phones-game-phone-round-2-first-entry")

        assert not phones.play(), "the phones played on past the end values"
        by_id(table_page, "end-form").wait_for()
        picture(table_page, "phones-game-table-end-form")
        made_at_the_table = stored_game(data_dir)[1]
        type_into(table_page, "end-nuns", str(NUNS))
        tap_and_redraw(table_page, "end-score")
        by_id(table_page, "winner").wait_for()
        picture(table_page, "phones-game-table-scored")
        picture(phones.pages[0], "phones-game-phone-scored")
        result = check_result_against_engine(Table(table_page, phones.rng), data_dir, "en")
        on_the_phones = [phones.shown(seat)["view"]["result"] for seat in range(4)]
    state, events = stored_game(data_dir)
    assert events[:-1] == made_at_the_table and len(events) == len(made_at_the_table) + 1
    assert made_at_the_table == the_api_story(tmp_path / "api")  # the same game, event by event
    assert state.phase is Phase.FINISHED and len(state.rounds) == 8
    assert_the_game_is_the_phones(state, phones.made)
    for seat, shown in enumerate(on_the_phones):
        mine = own_result(state, seat)
        assert mine is not None
        assert (shown["vp"], shown["rats"], shown["survives"]) == (
            mine.vp, mine.rats, mine.survives)
        assert shown["vp"] == result.players[seat].total
    assert offline.outside == []


def the_api_story(data_dir: Path) -> list[Any]:
    """The events of the same story played at the phones' routes without a browser
    (`PhoneGame`, as tests/test_phone_game.py and the benchmark play it), up to the end form:
    the same seed makes the same choices from the same screens."""
    game = PhoneGame(data_dir, story_setup(FOUR_PLAYERS, FOUR_PLAYER_SEED, DeckMode.DIGITAL),
                     random.Random(FOUR_PLAYER_SEED))
    try:
        game.play_to_the_end_values()
        return logged_events(game.session)
    finally:
        game.close()


def assert_the_game_is_the_phones(state: Any, made: list[tuple[int, Input]]) -> None:
    """Every entry, reveal and end value the engine replays is the one a phone sent, in the
    order sent (R-ROUND-C: the entries in turn order; R-ROUND-D a: the reveals of a round
    whatever order they came in)."""
    entries = [(seat, m.body["building"], m.body.get("cards", 0)) for seat, m in made
               if m.kind == "entry"]
    turns = [(t.player, t.building, t.cards if not t.passed else 0)
             for record in state.rounds for t in record.turns]
    assert turns == entries
    for seat, m in made:
        if m.kind == "reveal":
            shown = state.rounds[m.body["step"]["round"] - 1].reveals[seat]
            assert shown is not None
            assert tuple(shown) == tuple(m.body.get(kind, 0) for kind in CARDS)
        if m.kind == "end":
            values = state.end_values[seat]
            assert values is not None
            for field, value in m.body["values"].items():
                assert getattr(values, field) == value
