"""The store's errors (a damaged record or games file, an import refused, the data
folder held by another server, a damaged seats file) are codes with values; a person reads
them in the language they asked for, and `str(exc)` stays the English of the logs."""

from __future__ import annotations

import copy
import fcntl
import json
import os
import pickle
import socket
import sqlite3
import string
import subprocess
import sys
from pathlib import Path

import pytest
from support.simulate import random_game

from companion.cli import main
from companion.i18n import translator
from companion.i18n.words import STORE, UNDO_REFUSALS, words
from companion.phones.seats import SEATS_FILENAME, SeatRegistry, SeatsFileDamaged
from companion.store.codec import RecordError
from companion.store.db import DB_FILENAME, GameNotFound, GameStore, StoreCorrupted
from companion.store.lock import LOCK_FILENAME, DataDirInUse, DataDirLock
from companion.store.problems import COUNTED, PROBLEMS, WITH_RULE, StoreProblem
from companion.store.records import dumps, export_game, parse_record
from companion.store.session import Session
from companion.store.worded import Worded, english

PASSED_THROUGH = {StoreProblem.NONE_OF, StoreProblem.NOT_JSON}
"""Problems whose words are only those of the problems they hold."""


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_store_problem_has_a_text() -> None:
    assert set(PROBLEMS) == set(StoreProblem)
    assert set(COUNTED) <= set(StoreProblem) and set(WITH_RULE) <= set(StoreProblem)
    for code, text in WITH_RULE.items():
        assert placeholders(text) == placeholders(PROBLEMS[code]) | {"rule"}, code


def record_file(tmp_path: Path) -> dict:
    with GameStore.open(tmp_path / "src") as store:
        events = random_game(11, 3)
        session = Session.start(store, events[0])
        for event in events[1:]:
            session.submit(event)
        return json.loads(dumps(export_game(store, session.game_id)))


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_a_german_import_of_a_damaged_record_says_what_is_wrong_in_german(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Jonas typed "drei" for the cards of an entry in the file he kept after game night.
    data = record_file(tmp_path)
    index = next(i for i, e in enumerate(data["events"]) if e["type"] == "Entered")
    data["events"][index]["cards"] = "drei"
    record = tmp_path / "abend.json"
    record.write_text(json.dumps(data))
    folder = tmp_path / "data"
    code, out, err = run(capsys, "import", str(record), "--data-dir", str(folder), "--lang", "de")
    assert code == 2 and out == ""
    assert err == (f"rattus-companion import: events[{index}].cards: erwartet war eine ganze "
                   "Zahl\n")
    with GameStore.open(folder) as store:
        assert store.list_games() == []
    # The English of the logs is unchanged.
    with pytest.raises(RecordError, match=rf"^events\[{index}\]\.cards: expected an integer$"):
        parse_record(record.read_bytes())


def test_a_record_the_rules_refuse_is_said_in_french_without_a_rule_id(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # R-ROUND-A: dropping round 2's reveal makes the next step illegal.
    data = record_file(tmp_path)
    reveals = [i for i, e in enumerate(data["events"]) if e["type"] == "BuildingsRevealed"]
    del data["events"][reveals[1]]
    record = tmp_path / "soirée.json"
    record.write_text(json.dumps(data))
    folder = tmp_path / "data"
    code, _, err = run(capsys, "import", str(record), "--data-dir", str(folder), "--lang", "fr")
    assert code == 2
    assert err.startswith(f"rattus-companion import: events[{reveals[1]}]: ")
    assert "est refusé par les règles\u00a0: " in err and "R-" not in err
    with GameStore.open(folder) as store:
        assert store.list_games() == []
    with pytest.raises(RecordError) as refused:
        parse_record(record.read_bytes())
    assert "is refused by the rules (R-" in str(refused.value)


def test_a_record_that_is_not_json_is_said_in_dutch(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "avond.json"
    record.write_text("{niet af")
    code, _, err = run(capsys, "import", str(record), "--data-dir", str(tmp_path / "data"),
                       "--lang", "nl")
    english = translator("en")("is not valid JSON (line {line}, column {column})",
                               line=1, column=2)
    assert code == 2 and "record: " in err and english not in err
    assert err == "rattus-companion import: record: " + translator("nl")(
        "is not valid JSON (line {line}, column {column})", line=1, column=2) + "\n"


def test_a_damaged_game_in_the_games_list_is_said_in_german(tmp_path: Path) -> None:
    with GameStore.open(tmp_path) as store:
        session = Session.start(store, random_game(3, 2)[0])
    with sqlite3.connect(tmp_path / DB_FILENAME) as db:
        db.execute("UPDATE events SET json = '{\"type\": 1}' WHERE seq = 1")
    with GameStore.open(tmp_path) as store:
        (game,) = store.list_games()
        with pytest.raises(StoreCorrupted) as damaged:
            store.events(session.game_id)
    assert game.damage == str(damaged.value)
    assert "event #1.type: missing or not a string" in str(damaged.value)
    german = words(translator("de"), damaged.value)
    assert german == (f"Spiel {session.game_id} in {tmp_path / DB_FILENAME} ist beschädigt und "
                      "nicht lesbar: event #1.type: fehlt oder ist kein Text; es wurde "
                      "unverändert gelassen")
    assert game.damage_problem is not None
    assert words(translator("de"), game.damage_problem) == german


def test_a_lock_whose_holder_has_not_written_yet_is_said_in_the_readers_language(
        tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    fd = os.open(folder / LOCK_FILENAME, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # held, nothing written yet
        with pytest.raises(DataDirInUse) as held:
            DataDirLock.acquire(folder, "http://127.0.0.1:8550")
    finally:
        os.close(fd)
    assert "(its pid and address are not written yet)" in str(held.value)
    dutch = words(translator("nl"), held.value)
    assert "(zijn PID en adres zijn nog niet weggeschreven)" in dutch and str(folder) in dutch


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_server(folder: Path, lang: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "companion", "--host", "127.0.0.1", "--port", str(free_port()),
         "--data-dir", str(folder), "--no-browser", "--lang", lang],
        capture_output=True, text=True, timeout=60, check=False,
        env={**os.environ, "LANG": "C"})


def test_a_second_server_on_the_same_folder_is_told_in_dutch(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    with DataDirLock.acquire(folder, "http://192.168.1.20:8550"):
        done = start_server(folder, "nl")
    assert done.returncode == 1
    said = translator("nl")(
        "the data folder {folder} is already served by another rattus-companion ({holder}); "
        "stop that one first, or start with another --data-dir",
        folder=folder, holder=f"PID {os.getpid()}, bereikbaar op http://192.168.1.20:8550")
    assert "already served" not in said and "serving" not in said
    assert done.stderr == f"rattus-companion: {said}\n"


def test_a_damaged_games_file_at_start_is_told_in_french_and_left_as_it_is(
        tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / DB_FILENAME).write_bytes(b"")
    done = start_server(folder, "fr")
    assert done.returncode == 1
    assert done.stderr == (f"rattus-companion: {folder / DB_FILENAME} est vide (tronqué\u00a0?)"
                           "\u00a0; il a été laissé tel quel\n")
    assert (folder / DB_FILENAME).read_bytes() == b""


def test_a_damaged_seats_file_at_start_is_told_in_german_with_what_to_do(
        tmp_path: Path) -> None:
    folder = tmp_path / "data"
    GameStore.open(folder).close()
    (folder / SEATS_FILENAME).write_bytes(b"")
    with pytest.raises(SeatsFileDamaged) as damaged:
        SeatRegistry.in_data_dir(folder)
    assert str(damaged.value).endswith("so every phone then scans its code again.")
    done = start_server(folder, "de")
    assert done.returncode == 1
    assert done.stderr == (
        f"rattus-companion: {folder / SEATS_FILENAME} ist leer (abgeschnitten?); die Datei "
        "wurde unverändert gelassen. Verschiebt (oder löscht) sie und startet neu: Die Spiele "
        "stehen nicht darin, nur welches Handy welchen Platz hat; jedes Handy scannt dann "
        "seinen Code erneut.\n")
    assert (folder / SEATS_FILENAME).read_bytes() == b""


def test_a_store_error_survives_a_copy_with_its_code_and_values(tmp_path: Path) -> None:
    with GameStore.open(tmp_path) as store, pytest.raises(GameNotFound) as missing:
        store.game("deadbeef")
    copied = pickle.loads(pickle.dumps(missing.value))
    assert type(copied) is GameNotFound and str(copied) == str(missing.value)
    assert copied.code is StoreProblem.GAME_NOT_FOUND and copied.values == missing.value.values
    record = RecordError("events[2].cards", StoreProblem.EXPECTED_INTEGER)
    again = copy.copy(record)
    assert (again.path, again.problem, str(again)) == (
        "events[2].cards", "expected an integer", "events[2].cards: expected an integer")
    assert words(translator("nl"), again) == "events[2].cards: verwacht was een geheel getal"


OWN_WORDS = {code for code, said in STORE.items()
             if isinstance(said, str) and said != PROBLEMS[code]}
"""Problems a person reads in the table's own words: an undo refused, a tap too late."""


def test_a_person_reads_their_own_words_only_for_an_undo_and_a_late_tap() -> None:
    assert OWN_WORDS == set(UNDO_REFUSALS) | {StoreProblem.STEP_PASSED,
                                              StoreProblem.STEP_NOT_REACHED}


@pytest.mark.parametrize("code", sorted(set(StoreProblem) - PASSED_THROUGH - OWN_WORDS))
def test_the_english_of_the_logs_is_the_english_a_person_reads(code: StoreProblem) -> None:
    # The store fills its msgids itself (it imports no catalog); the words fill the same ones.
    values: dict[str, object] = {name: f"<{name}>" for name in placeholders(PROBLEMS[code])}
    if code in COUNTED:
        values[COUNTED[code][0]] = 3
    assert english(code, values) == words(translator("en"), Worded(code, **values))
