"""Reasons from the system read in the person's language: a games file that cannot
be saved, a data folder that cannot be made, a lock file that cannot be used say why in the
table's language, worded from the error's code (its errno, sqlite's error name), never in the
system's English inside a German or French sentence.

The errors are the system's own: the same calls fail here as at a table, and the store's
problem carries the text the system gave, as the store does.
"""

from __future__ import annotations

import io
import os
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from companion.i18n import translator
from companion.i18n.words import words
from companion.store.db import StoreError, make_data_dir
from companion.store.lock import LOCK_FILENAME, DataDirLock
from companion.store.problems import SYSTEM_REASONS, reason_code
from companion.store.problems import StoreProblem as P

WORDS = {
    "de": {"ENOENT": "Datei oder Ordner gibt es nicht",
           "EACCES": "Zugriff verweigert",
           "EISDIR": "das ist ein Ordner, keine Datei",
           "EEXIST": "eine Datei dieses Namens gibt es schon",
           "SQLITE_BUSY": "die Datenbank ist von einem anderen Programm gesperrt"},
    "fr": {"ENOENT": "ce fichier ou ce dossier n’existe pas",
           "EACCES": "accès refusé",
           "EISDIR": "c’est un dossier, pas un fichier",
           "EEXIST": "un fichier de ce nom existe déjà",
           "SQLITE_BUSY": "la base de données est verrouillée par un autre programme"},
}
"""What a German and a French table reads for each reason."""

SYSTEM_ENGLISH = ("No such file or directory", "Permission denied", "Is a directory",
                  "File exists", "database is locked")


def said(language: str, exc: BaseException) -> str:
    return words(translator(language), exc)


def failure(call: Callable[[], object]) -> OSError:
    try:
        call()
    except OSError as exc:
        return exc
    raise AssertionError("the system did not refuse")


@pytest.mark.parametrize("language", ["de", "fr"])
def test_a_data_folder_where_a_file_stands_says_so_in_the_tables_language(
        tmp_path: Path, language: str) -> None:
    taken = tmp_path / "rattus"
    taken.write_text("my notes")  # a file where the app wants its data folder
    with pytest.raises(StoreError) as caught:
        make_data_dir(taken)
    text = said(language, caught.value)
    assert text.endswith(WORDS[language]["EEXIST"]), text
    assert "File exists" in str(caught.value)  # the log keeps the system's English


@pytest.mark.parametrize("language", ["de", "fr"])
def test_a_lock_file_that_is_a_folder_says_so_in_the_tables_language(
        tmp_path: Path, language: str) -> None:
    (tmp_path / LOCK_FILENAME).mkdir()
    with pytest.raises(StoreError) as caught:
        DataDirLock.acquire(tmp_path, "http://192.168.1.20:8550")
    text = said(language, caught.value)
    assert text.endswith(WORDS[language]["EISDIR"]), text
    assert "Is a directory" not in text


@pytest.mark.parametrize("language", ["de", "fr"])
def test_a_games_file_locked_by_another_program_says_so_in_the_tables_language(
        tmp_path: Path, language: str) -> None:
    path = tmp_path / "games.sqlite3"
    holder = sqlite3.connect(path)
    holder.execute("CREATE TABLE t (x)")
    holder.execute("BEGIN EXCLUSIVE")  # another program writes the file just now
    writer = sqlite3.connect(path, timeout=0)
    try:
        with pytest.raises(sqlite3.OperationalError) as locked:
            writer.execute("INSERT INTO t VALUES (1)")
    finally:
        writer.close()
        holder.close()
    exc = StoreError(P.CANNOT_SAVE, path=path, reason=str(locked.value))  # as the store saves
    text = said(language, exc)
    assert text.endswith(WORDS[language]["SQLITE_BUSY"]), text
    assert "database is locked" not in text


@pytest.mark.parametrize("language", ["de", "fr"])
def test_a_missing_folder_and_a_refused_one_say_so_in_the_tables_language(
        tmp_path: Path, language: str) -> None:
    missing = failure(lambda: os.open(tmp_path / "gone" / "games.sqlite3", os.O_RDONLY))
    # The save passes the error's whole text ("[Errno 2] … : 'path'"), the lock its strerror.
    saved = StoreError(P.CANNOT_SAVE, path=tmp_path, reason=str(missing))
    assert said(language, saved).endswith(WORDS[language]["ENOENT"]), said(language, saved)
    refused = StoreError(P.CANNOT_USE_LOCK, path=tmp_path / LOCK_FILENAME,
                         reason=os.strerror(13))  # EACCES: a folder of another user
    assert said(language, refused).endswith(WORDS[language]["EACCES"]), said(language, refused)


@pytest.mark.parametrize("language", ["de", "fr", "nl"])
def test_every_system_reason_has_its_words_in_each_language(language: str) -> None:
    t = translator(language)
    for code, english in SYSTEM_REASONS.items():
        assert t(english) != english, (language, code)
    for text in SYSTEM_ENGLISH:
        assert reason_code(text) is not None, text


@pytest.mark.parametrize("language", ["de", "fr"])
def test_the_commands_say_why_a_file_is_refused_in_the_terminals_language(
        tmp_path: Path, language: str, capsys: pytest.CaptureFixture[str]) -> None:
    """`rattus-companion history --csv -o` into a folder that is not there, and `score` of a
    file that is not there: the reason is the terminal's language, not the system's English."""
    from companion.cli.score import run_score
    from companion.history.cli import main as history

    err = io.StringIO()
    code = history(["--data-dir", str(tmp_path), "--lang", language, "--csv",
                    "-o", str(tmp_path / "gone" / "rows.csv")], out=io.StringIO(), err=err)
    assert code != 0 and WORDS[language]["ENOENT"] in err.getvalue(), err.getvalue()
    assert run_score(str(tmp_path / "missing.json"), language) != 0
    printed = capsys.readouterr().err
    assert WORDS[language]["ENOENT"] in printed, printed
    assert not any(english in err.getvalue() + printed for english in SYSTEM_ENGLISH)
