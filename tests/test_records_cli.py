"""The games/export/import/replay commands: plain output, one-line errors, exit code 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from support.stored_games import started

from companion.cli import main
from companion.cli.records import PHASE_WORDS, progress_words
from companion.i18n import translator
from companion.rules.state import Phase
from companion.store import gamemeta
from companion.store.db import DB_FILENAME, GameMeta, GameStore


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_games_lists_each_game_with_its_players_and_outcome(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with GameStore.open(tmp_path) as store:
        won = store.create_game([started("Anna", "Ben")], GameMeta(
            ("Anna", "Ben"), finished=True, winner="Anna (41 VP)"))
        going = store.create_game([started("Cleo", "Dora")], GameMeta(
            ("Cleo", "Dora"), progress="round 4 of 10, entering buildings"))
    code, out, err = run(capsys, "games", "--data-dir", str(tmp_path))
    assert (code, err) == (0, "")
    lines = {line.split()[0]: line for line in out.splitlines()}
    assert "Anna, Ben  won by Anna (41 VP)" in lines[won]
    assert "Cleo, Dora  unfinished (round 4 of 10, entering buildings)" in lines[going]


def test_the_list_says_in_the_terminals_language_what_the_store_wrote_in_english() -> None:
    # The store keeps its summary words in English; the command holds them as msgids.
    assert PHASE_WORDS == gamemeta.PHASE_WORDS and set(PHASE_WORDS) == set(Phase)
    stored = f"round 3 of 8, {gamemeta.PHASE_WORDS[Phase.B]}"
    german = progress_words(translator("de"), stored)
    assert german.startswith("Runde 3 von 8") and "supply" not in german
    assert progress_words(translator("de"), "a summary of another form") == (
        "a summary of another form")


def test_games_in_an_empty_directory_says_so(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "games", "--data-dir", str(tmp_path))
    assert code == 0 and out.startswith("no games stored in")


def test_a_damaged_database_is_one_line_naming_the_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / DB_FILENAME).write_bytes(b"not a database at all" * 50)
    code, out, err = run(capsys, "games", "--data-dir", str(tmp_path))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and str(tmp_path / DB_FILENAME) in err


def test_exporting_an_unknown_game_names_it(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "export", "deadbeef", "--data-dir", str(tmp_path))
    assert code == 2
    assert err == f"rattus-companion export: no game 'deadbeef' in {tmp_path / DB_FILENAME} " \
                  "(see `rattus-companion games`)\n"


@pytest.mark.parametrize(("content", "problem"), [
    ("{not json", "record: is not valid JSON"),
    ("[1, 2]", "record: expected a JSON object"),
    ('{"format": "something-else", "version": 1, "events": []}', "format: expected"),
    ('{"format": "rattus-companion/game-record", "version": 7, "events": []}',
     "version: 7 is newer than this app reads"),
    ('{"format": "rattus-companion/game-record", "version": 1, "events": []}',
     "events: expected a non-empty list"),
    ('{"format": "rattus-companion/game-record", "version": 1, "events": [{}], "colour": 1}',
     "colour: unexpected field"),
    ('{"format": "rattus-companion/game-record", "version": 1, "events": [{"type": "Nope"}]}',
     "events[0].type: unknown event type 'Nope'"),
])
def test_a_bad_record_is_refused_with_what_is_wrong_and_nothing_stored(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, problem: str) -> None:
    record = tmp_path / "game.json"
    record.write_text(content)
    data = tmp_path / "data"
    code, _, err = run(capsys, "import", str(record), "--data-dir", str(data))
    assert code == 2
    assert err.startswith(f"rattus-companion import: {problem}") and err.count("\n") == 1
    with GameStore.open(data) as store:
        assert store.list_games() == []


def test_a_missing_file_is_one_line_too(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "replay", str(tmp_path / "nowhere.json"))
    assert code == 2 and "nowhere.json" in err and err.count("\n") == 1


def test_the_installed_command_prints_no_traceback_for_a_bad_file(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    record.write_text(json.dumps({"format": "rattus-companion/game-record", "version": 1,
                                  "events": [{"type": "GameStarted", "setup": 5}]}))
    done = subprocess.run([sys.executable, "-m", "companion", "replay", str(record)],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 2
    assert done.stderr == ("rattus-companion replay: events[0].setup: expected an object\n")
