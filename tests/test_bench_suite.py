"""The benchmark suite runs end to end on tiny inputs and reports well-formed rows.

These tests check that each benchmark RUNS and what its rows look like, never how fast
anything was: budgets are judged by `python -m bench`, not by the test run.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from bench import NAMES, main, run
from bench.engine import engine_figures
from bench.figures import Verdict
from bench.store import long_record, record_figures, store_figures
from bench.taps import count_taps

MEASURED = (Verdict.PASS, Verdict.FAIL)


def test_engine_rows_replay_and_score_a_few_random_games() -> None:
    rows = engine_figures(repetitions=2, bulk_games=3)
    assert [r.what for r in rows] == ["engine: replay a 5-player game", "engine: score it",
                                      "engine: 1,000 random games replayed and scored"]
    assert rows[0].verdict in MEASURED and re.fullmatch(r"[\d.]+ ms", rows[0].figure)
    for row in rows[1:]:
        assert row.verdict in MEASURED or "end_state" in row.note
    if rows[2].verdict in MEASURED:
        assert "scaled to 1,000" in rows[2].note


def test_store_row_times_durable_appends_of_a_real_game() -> None:
    (row,) = store_figures(events=6)
    assert row.verdict in MEASURED
    assert re.fullmatch(r"[\d.]+ ms", row.figure)
    assert row.note.startswith("5 appends")
    assert "fsync" in row.note


def test_taps_count_the_game_per_player_and_round_not_the_undo_test() -> None:
    inputs = Counter({"A": 16, "C": 200, "D": 110, "E": 9, "end": 25, "undo": 3})
    count = count_taps(inputs, players=4, rounds=9)
    assert count.inputs == 360
    assert count.per_player_round == 10.0
    assert "undo" not in count.by_phase


def test_record_rows_give_events_per_second_for_each_length() -> None:
    rows = record_figures((300, 600), rat_sizes=(300, 400))
    assert [r.what for r in rows] == ["store: import a record (events/s)",
                                      "store: replay a record (events/s)",
                                      "store: import a record of rat notes (events/s)"]
    for row in rows:
        assert row.verdict in MEASURED
        assert re.fullmatch(r"300: [\d,]+, [64]00: [\d,]+", row.figure)
        assert re.search(r"kept from 300 to [64]00 events", row.note)
        assert re.search(r"by the wall clock [\d,]+, [\d,]+$", row.note)


def test_a_record_row_judges_linearity_by_cpu_time_not_by_a_busy_machines_clock() -> None:
    from bench.store import Rate, _rate_row

    # another process took the cores while the 100k record was read: its wall rate fell to a
    # third, its CPU rate held
    busy = [Rate(cpu=50_000, wall=40_000), Rate(cpu=48_000, wall=13_000)]
    row = _rate_row("store: import a record (events/s)", (1_000, 100_000), busy)
    assert row.verdict == "pass" and row.figure == "1k: 50,000, 100k: 48,000"
    assert "by CPU time; 96% of the rate kept" in row.note and "40,000, 13,000" in row.note
    slower = [Rate(cpu=50_000, wall=50_000), Rate(cpu=20_000, wall=20_000)]
    assert _rate_row("store: replay a record (events/s)", (1_000, 100_000),
                     slower).verdict == "FAIL"


def test_a_long_record_is_a_real_game_of_exactly_that_many_events() -> None:
    from companion.store.records import parse_record

    assert len(parse_record(long_record(500)).events) == 500
    assert len(parse_record(long_record(501, rat_notes=True)).events) == 501




def test_the_taps_row_plays_the_story_the_browser_test_plays() -> None:
    from bench import taps
    from browser import test_every_control_reachable as walk
    from support import story

    assert walk.start_four_player_story is story.start_four_player_story
    assert "start_four_player_story" in story.play_four_player_story.__code__.co_names
    assert "play_four_player_story" in taps.play_and_count.__code__.co_names


def test_the_taps_rows_hold_both_stories_to_their_budgets() -> None:
    # at most 3.0 taps per player and round with 4 players, 4.0 with 2
    from bench import taps

    assert "play_two_player_story" in taps.play_and_count.__code__.co_names
    assert taps.BUDGETS == {4: 3.0, 2: 4.0}
    assert taps.count_taps(Counter({"C": 30, "undo": 4}), 2, 10).per_player_round == 1.5


def test_an_unknown_benchmark_name_is_refused_before_anything_runs() -> None:
    with pytest.raises(ValueError, match="there are: start"):
        run(["start", "speed"])
    assert main(["--only", "speed"]) == 2


def test_the_command_prints_the_table_and_writes_it(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "benchmarks.md"
    status = main(["--quick", "--only", "store", "--markdown", str(target)])
    printed = capsys.readouterr().out
    rows = [line for line in printed.splitlines() if line.startswith("| store:")]
    verdicts = {row.split("|")[4].strip().lower() for row in rows}
    assert len(rows) == 4 and verdicts <= {"pass", "fail"}
    assert status == (1 if "fail" in verdicts else 0)
    assert "with --quick" in printed
    assert target.read_text(encoding="utf-8") == printed.rstrip("\n") + "\n"


def test_every_issue_row_has_a_benchmark() -> None:
    assert NAMES == ("start", "frame", "tablet", "join", "live", "engine", "store", "memory",
                     "taps", "phonetaps", "history")


def test_the_story_taps_the_number_buttons_the_reveal_has() -> None:
    # the story plays without loading the screens: its copy of the buttons per kind must agree
    from support import story

    from companion.ui.round import resolve

    assert story.REVEAL_NUMBERS == resolve.REVEAL_NUMBERS


def test_the_phones_taps_row_plays_the_four_player_story_from_four_phones() -> None:
    # the 4-player story from four phones, 0 taps at the table before the end form
    # and at most 2.5 phone requests per player and round (R-ROUND-C, R-ROUND-D, R-SCORE-2)
    from bench.phone_taps import phone_taps_figures

    [row] = phone_taps_figures()
    assert row.verdict is Verdict.PASS, row
    assert row.figure.startswith("table 0, phones ")


def test_the_phones_row_times_the_story_from_the_phone_pages_beside_the_table_only_one() -> None:
    # the story's time per round from four phones beside the table-only story's,
    # the phones' side played as tests/browser/test_phone_game.py plays it (the same game)
    import bench
    from bench import phone_story
    from browser import test_phone_game as whole_game
    from support import phone_game

    assert "phone_story_figures" in bench._phone_taps.__code__.co_names
    for uses in ("PhonePages", "stored_story"):
        assert uses in phone_story.phones_story_seconds.__code__.co_names
        assert getattr(whole_game, uses) is getattr(phone_game, uses)
    assert "start_four_player_story" in phone_story.table_story_seconds.__code__.co_names
