"""Hostile files at the command line: every one refused with exit 2 and one line, nothing
stored, nothing written where it must not be, nothing run by the terminal."""

from __future__ import annotations

import io
import json
import os
import stat
import sys
from pathlib import Path
from typing import Any

import pytest
from support.simulate import random_game
from support.stored_games import started

from companion.cli import main
from companion.rules.events import RatsChanged
from companion.safe_json import MAX_BYTES
from companion.store.db import GameMeta, GameStore
from companion.store.records import dumps, export_game
from companion.store.session import Session


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def one_line(err: str, command: str) -> bool:
    return err.startswith(f"rattus-companion {command}: ") and err.count("\n") == 1


def stored_game(folder: Path, seed: int = 4, players: int = 3) -> Session:
    with GameStore.open(folder) as store:
        events = random_game(seed, players)
        session = Session.start(store, events[0])
        for event in events[1:]:
            session.submit(event)
        return session


def exported(tmp_path: Path) -> dict[str, Any]:
    """Anna, Ben and Cleo's finished game as its record."""
    session = stored_game(tmp_path / "home")
    with GameStore.open(tmp_path / "home") as store:
        data: dict[str, Any] = json.loads(dumps(export_game(store, session.game_id)))
        return data


def nothing_stored(folder: Path) -> bool:
    with GameStore.open(folder) as store:
        return store.list_games() == []


# -- import and replay ----------------------------------------------------------------------

def hostile_records(tmp_path: Path) -> dict[str, tuple[bytes, str]]:
    """name -> (file content, what the one line says)."""
    record = exported(tmp_path)
    deep = b"[" * 100_000 + b"]" * 100_000
    version = json.dumps(record).replace('"version": 1', '"version": ' + "7" * 5000, 1)
    twice = json.dumps(record)[:-1] + ', "events": []}'
    seed = json.loads(json.dumps(record))
    seed["events"][0]["setup"]["seed"] = 10**100
    seed["setup"]["seed"] = 10**100
    rats = json.loads(json.dumps(record))
    note = next(i for i, e in enumerate(rats["events"]) if e["type"] == RatsChanged.__name__)
    rats["events"][note]["delta"] = 10**18
    big_seed = json.loads(json.dumps(record))
    big_seed["events"][0]["setup"]["seed"] = 2**40
    big_seed["setup"]["seed"] = 2**40
    return {
        "nested 100,000 deep": (deep, "record: is nested more than"),
        "5,000-digit version": (version.encode(), "record: has a number of 5000 digits"),
        "events given twice": (twice.encode(), "events: given twice in the same JSON object"),
        "seed of 10**100": (json.dumps(seed).encode(), "record: has a number of 101 digits"),
        "seed of 2**40": (json.dumps(big_seed).encode(),
                          "events[0].setup.seed: is out of range for any game"),
        "rat change of 10**18": (json.dumps(rats).encode(),
                                 f"events[{note}].delta: is out of range for any game"),
        "lone surrogate in a name": (
            json.dumps(record).replace('"Anna"', '"\\ud800"').encode(),
            "record: has text with a lone UTF-16 surrogate"),
    }


@pytest.mark.parametrize("command", ["import", "replay"])
def test_every_hostile_record_is_one_line_and_exit_2_with_nothing_stored(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str) -> None:
    data = tmp_path / "data"
    for name, (content, says) in hostile_records(tmp_path).items():
        path = tmp_path / "hostile.json"
        path.write_bytes(content)
        extra = ["--data-dir", str(data)] if command == "import" else []
        code, out, err = run(capsys, command, str(path), *extra)
        assert code == 2, name
        assert out == "", name
        assert one_line(err, command), (name, err)
        assert f"rattus-companion {command}: {says}" in err, (name, err)
    assert nothing_stored(data)


def test_a_record_larger_than_the_cap_is_refused_before_it_is_parsed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "huge.json"
    path.write_bytes(b" " * (MAX_BYTES + 1))
    code, _, err = run(capsys, "import", str(path), "--data-dir", str(tmp_path / "data"))
    assert code == 2 and one_line(err, "import") and "larger than 20 MB" in err


# -- score -------------------------------------------------------------------------------------

def score(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
          raw: bytes) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(raw)))
    return run(capsys, "score", "-")


@pytest.mark.parametrize(("raw", "says"), [
    (b'{"players": ["Anna", "Ben"], "nuns": ' + b"9" * 5000 + b"}",
     "stdin: has a number of 5000 digits"),
    (b'{"players": ["Anna", "Ben"], "nuns": 10000000000000000000}',
     "nuns: 10000000000000000000 is out of range for any game"),
    (b'{"players": ["\\ud800", "Ben"], "nuns": 3}', "stdin: has text with a lone UTF-16"),
    (b'{"players": ["Anna", "Ben"], "nuns": 3, "rats": ' + b"[" * 100_000 + b"]" * 100_000
     + b"}", "stdin: is nested more than"),
    (b" " * (MAX_BYTES + 1), "stdin: is larger than 20 MB"),
])
def test_score_refuses_what_import_refuses_in_one_line(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, raw: bytes,
        says: str) -> None:
    code, out, err = score(capsys, monkeypatch, raw)
    assert (code, out) == (2, "")
    assert one_line(err, "score") and f"rattus-companion score: {says}" in err, err


# -- games -------------------------------------------------------------------------------------

def test_games_shows_a_name_with_terminal_escapes_as_text(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A name that would clear the screen and retitle the window is printed, not obeyed."""
    evil = "Eve\x1b[2J\x1b]0;owned\x07\u202e"
    with GameStore.open(tmp_path) as store:
        game = store.create_game([started("Anna", evil)], GameMeta(("Anna", evil)))
    code, out, err = run(capsys, "games", "--data-dir", str(tmp_path))
    assert (code, err) == (0, "")
    assert "\x1b" not in out and "\x07" not in out and "\u202e" not in out
    assert f"{game}  " in out
    assert "Anna, Eve\\x1b[2J\\x1b]0;owned\\x07\\u202e  unfinished" in out
    assert out.count("\n") == 1


# -- export -o -----------------------------------------------------------------------------

@pytest.fixture
def home(tmp_path: Path) -> tuple[Path, str]:
    return tmp_path / "home", stored_game(tmp_path / "home").game_id


def export_to(capsys: pytest.CaptureFixture[str], home: tuple[Path, str], target: Path
              ) -> tuple[int, str, str]:
    folder, game = home
    return run(capsys, "export", game, "-o", str(target), "--data-dir", str(folder))


def test_export_replaces_a_regular_file_whole_and_privately(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], home: tuple[Path, str]) -> None:
    target = tmp_path / "game.json"
    target.write_text("an older export")
    code, _, err = export_to(capsys, home, target)
    assert (code, err) == (0, "")
    assert json.loads(target.read_text())["game_id"] == home[1]
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json", "home"]


def test_export_refuses_to_follow_or_replace_a_symlink(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], home: tuple[Path, str]) -> None:
    precious = tmp_path / "precious.txt"
    precious.write_text("keep me")
    link = tmp_path / "game.json"
    link.symlink_to(precious)
    code, _, err = export_to(capsys, home, link)
    assert code == 2 and one_line(err, "export") and "is a symbolic link" in err
    assert link.is_symlink() and os.readlink(link) == str(precious)
    assert precious.read_text() == "keep me"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json", "home", "precious.txt"]


@pytest.mark.parametrize("target", ["/dev/full", "/dev/null", "folder"])
def test_export_refuses_a_device_or_a_folder(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], home: tuple[Path, str],
        target: str) -> None:
    path = Path(target) if target.startswith("/") else tmp_path / target
    if target == "folder":
        path.mkdir()
    before = os.lstat(path)
    code, _, err = export_to(capsys, home, path)
    assert code == 2 and one_line(err, "export") and "is not a regular file" in err
    after = os.lstat(path)
    assert (after.st_mode, after.st_ino, after.st_rdev) == (before.st_mode, before.st_ino,
                                                             before.st_rdev)


def test_a_failed_export_write_is_one_line_and_leaves_no_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], home: tuple[Path, str]) -> None:
    target = tmp_path / "no such folder" / "game.json"
    code, _, err = export_to(capsys, home, target)
    assert code == 2 and one_line(err, "export") and "no such folder" in err
    assert not target.parent.exists()


def test_export_and_replay_print_a_hostile_name_as_json_escapes_only(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """ESC, the one-byte CSI (U+009B) and a bidi override reach the terminal as `\\u` escapes
    inside the JSON strings, which read back as the same name; readable names stay readable."""
    evil = "Eve\x1b[2J\x9b2J\u202e"
    record = exported(tmp_path)
    text = json.dumps(record).replace('"Ben"', json.dumps(evil)).replace('"Anna"', '"Béa"')
    source = tmp_path / "evil.json"
    source.write_text(text)
    assert main(["import", str(source), "--data-dir", str(tmp_path / "away")]) == 0
    capsys.readouterr()
    for argv in (["export", record["game_id"], "--data-dir", str(tmp_path / "away")],
                 ["replay", str(source)]):
        assert main(argv) == 0
        out = capsys.readouterr().out
        assert not any(c in out for c in "\x1b\x9b\u202e"), argv
        assert "\\u001b[2J\\u009b2J\\u202e" in out and "Béa" in out
        assert evil in json.loads(out)["players"]


def test_a_game_id_that_is_not_text_is_one_line_too(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Bytes that are not UTF-8 on the command line arrive as lone surrogates."""
    code, _, err = run(capsys, "export", "\udcff\x1b[2J", "--data-dir", str(tmp_path))
    assert code == 2 and one_line(err, "export")
    assert "no game '\\udcff\\x1b[2J'" in err and "\x1b" not in err
