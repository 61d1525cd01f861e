"""What a person reads comes from the catalogs in the box's four languages, also in
the terminal and in the list of past games, where the store keeps English summaries."""

from __future__ import annotations

import argparse
import io
import os
import re
import socket
import string
import subprocess
import sys
from pathlib import Path

import pytest

from companion import cli
from companion.cli import records as store_cli
from companion.i18n import LANGUAGES, terminal_language, translator
from companion.i18n.dates import when
from companion.i18n.words import words
from companion.phones.texts import WORDS, texts
from companion.safe_json import MAX_BYTES, JsonRefused, load_json
from companion.server.app import print_banner
from companion.store.bgstats import winners_values
from companion.store.db import GameSummary
from companion.store.lock import DataDirLock
from companion.ui.home.past_games import winner_text


def summary(**changes: object) -> GameSummary:
    values: dict[str, object] = dict(
        game_id="g1", created="2026-11-30T21:05:00+00:00", updated="2026-11-30T23:00:00+00:00",
        players=("Jonas", "Mia"), setup_code=None, finished=True, winner="Jonas (53 VP)",
        progress="finished", events=120, revision=1)
    values.update(changes)
    return GameSummary(**values)  # type: ignore[arg-type]


def test_the_past_games_winner_is_said_from_its_values_not_the_stored_english() -> None:
    # R-SCORE-7: the winner is the stored one; only the words change with the table.
    assert winners_values("Jonas (53 VP)") == [("Jonas", 53)]
    assert winner_text(translator("de"), "Jonas (53 VP)") == "Sieg: Jonas (53 SP)"
    assert winner_text(translator("fr"), "Jonas (53 VP), Mia (53 VP)") == (
        "Vainqueur\u00a0: Jonas (53 PV) et Mia (53 PV)")
    assert winner_text(translator("nl"), "Jonas (53 VP)") == "Winnaar: Jonas (53 OP)"
    # A summary in no form we wrote is shown as it is, never half-parsed.
    assert winner_text(translator("de"), "someone") == "Sieg: someone"


def test_the_games_command_speaks_the_language_asked_for() -> None:
    german = store_cli._game_line(translator("de"), summary())
    assert german.endswith("gewonnen von Jonas (53 SP)") and "30.11.2026" in german
    dutch = store_cli._game_line(translator("nl"), summary(
        finished=False, winner=None, progress="round 3 of 8, supply"))
    assert dutch.endswith("niet afgelopen (ronde 3 van 8, bevoorrading)")
    english = store_cli._game_line(translator("en"), summary(finished=True, winner=None))
    assert english.endswith("finished, nobody won")


@pytest.mark.parametrize("command", ["score", "games", "export", "import", "replay"])
def test_every_command_that_prints_takes_any_of_the_four_languages(command: str) -> None:
    extra = {"score": ["x.json"], "export": ["g1"], "import": ["x.json"], "replay": ["x.json"]}
    for lang in LANGUAGES:
        args = cli._subcommands().parse_args([command, *extra.get(command, []), "--lang", lang])
        assert args.lang == lang
    with pytest.raises(SystemExit):
        cli._subcommands().parse_args([command, *extra.get(command, []), "--lang", "it"])
    assert cli._serve_parser().parse_args(["--lang", "nl"]).lang == "nl"


def test_without_lang_a_command_follows_the_terminal() -> None:
    assert terminal_language({"LANG": "de_DE.UTF-8"}) == "de"
    assert terminal_language({"LANGUAGE": "fr:en", "LANG": "de_DE.UTF-8"}) == "fr"
    assert terminal_language({"LC_ALL": "C", "LANG": "nl_BE.UTF-8"}) == "nl"
    assert terminal_language({"LANG": "it_IT.UTF-8"}) == "en"
    assert terminal_language({}) == "en"
    assert store_cli._t(argparse.Namespace(lang="fr")).lang == "fr"


def test_dates_read_as_each_language_writes_them() -> None:
    stamp = "2026-11-30T21:05:00"
    shown = {lang: when(translator(lang), stamp) for lang in LANGUAGES}
    assert shown == {"de": "30.11.2026, 21:05", "en": "2026-11-30 21:05",
                     "fr": "30/11/2026 21:05", "nl": "30-11-2026 21:05"}
    assert when(translator("fr"), "not a date") == "not a date"


def test_every_dialog_names_itself_for_a_screen_reader() -> None:
    # Without a semantics label Flutter reads the English "Alert" on any table.
    import ast
    from pathlib import Path

    import companion

    unnamed = []
    for path in Path(companion.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "AlertDialog" \
                    and "semantics_label" not in {k.arg for k in node.keywords}:
                unnamed.append(f"{path.name}:{node.lineno}")
    assert unnamed == []


TABLE_URL = re.compile(r"(https?://\S+[?&]key=\S+)")
"""How the test harnesses (tests/support/harness.py, test_store_faults) find the table's
address in the banner: by its form, in any language."""


def test_the_start_up_banner_speaks_the_tables_language() -> None:
    url = "http://192.168.1.20:8550/?key=" + "k" * 32
    printed = {}
    for lang in LANGUAGES:
        out = io.StringIO()
        print_banner(url, out, lang)
        printed[lang] = out.getvalue()
        found = TABLE_URL.search(printed[lang])
        assert found and found.group(1) == url, lang
    assert "Tisch: " + url in printed["de"]
    assert "Öffnet diese Adresse auf dem Gerät des Tisches" in printed["de"]
    assert "Beenden mit Strg+C." in printed["de"]
    assert "Table\u00a0: " + url in printed["fr"]
    assert "Tafel: " + url in printed["nl"]
    assert "Table: " + url in printed["en"] and "Stop with Ctrl+C." in printed["en"]
    assert len(set(printed.values())) == 4


def test_without_lang_the_banner_follows_the_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "nl_NL.UTF-8")
    out = io.StringIO()
    print_banner("http://10.0.0.2:8550/?key=abc", out)
    assert "Open dit adres op het apparaat van de tafel" in out.getvalue()


def test_a_german_server_prints_its_banner_in_german(tmp_path: Path) -> None:
    # The real command: the address is found by its form, the words are German.
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "-m", "companion", "--host", "127.0.0.1", "--port", str(port),
         "--data-dir", str(tmp_path / "data"), "--no-browser", "--lang", "de"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1", "LANG": "C"})
    try:
        assert server.stdout is not None
        lines = []
        for line in server.stdout:
            lines.append(line)
            if TABLE_URL.search(line):
                break
        assert lines and lines[-1].startswith(f"Tisch: http://127.0.0.1:{port}/?key="), lines
        assert "Behaltet diese Adresse für euch" in "".join(
            [*lines, server.stdout.readline(), server.stdout.readline()])
    finally:
        server.terminate()
        server.communicate(timeout=30)


def test_a_taken_port_is_said_in_the_language_asked_for(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(
            [sys.executable, "-m", "companion", "--host", "127.0.0.1", "--port", str(port),
             "--data-dir", str(tmp_path / "data"), "--no-browser", "--lang", "fr"],
            capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 2
    assert done.stderr == (f"rattus-companion: le port {port} est déjà utilisé sur "
                           "127.0.0.1\u00a0; choisissez-en un autre avec --port\n")


def phone_says(lang: str, key: str, **values: object) -> str:
    """What the phone's script shows (phone.js `t`): the `#one` form for the counts the
    language says take it."""
    words = texts(lang)
    count = words["#count"][key]  # type: ignore[index]
    one = values[count] in words["#one"]  # type: ignore[operator]
    text = str(words[f"{key}#one"] if one else words[key])
    return text.format(**values)


def test_a_phone_reads_one_rat_in_every_language() -> None:
    assert phone_says("en", "fix_pending", n=1) == "Waiting for the table: 1 rat."
    assert phone_says("en", "fix_pending", n=30) == "Waiting for the table: 30 rats."
    assert phone_says("de", "fix_pending", n=1) == "Wartet auf den Tisch: 1 Ratte."
    assert phone_says("fr", "fix_accepted", n=1) == (
        "La table a pris votre correction\u00a0: 1 rat.")
    assert phone_says("fr", "fix_accepted", n=0) == (
        "La table a pris votre correction\u00a0: 0 rat.")
    assert phone_says("nl", "fix_rejected", n=1) == (
        "De tafel houdt het resultaat; 1 rat is niet overgenomen.")
    assert phone_says("de", "my_vp", vp=41, rats=1) == "Du: 41 SP mit 1 Ratte."
    assert phone_says("en", "my_vp", vp=41, rats=0) == "You: 41 VP with 0 rats."


def test_a_phone_says_what_its_rats_are_compared_with() -> None:
    # R-SCORE-6: more rats than nuns dies, as many survives; the line names the nuns seen.
    assert phone_says("en", "above", n=1) == (
        "More rats than the 1 nun you have seen: not safe yet.")
    assert phone_says("en", "not_above", n=4) == (
        "No more rats than the 4 nuns you have seen: safe so far.")
    assert phone_says("de", "above", n=4) == (
        "Mehr Ratten als die 4 Nonnen, die du gesehen hast: noch nicht sicher.")
    for lang in LANGUAGES:
        assert "{" not in phone_says(lang, "not_above", n=1)


def test_every_phone_text_with_a_count_has_both_forms() -> None:
    # A number in a phone text is a count ("2 rats") unless it names a seat, a round, a
    # building's slot, or is a history line's signed change ("−2")
    # beside its reason, counted in its own text; a correction's line names its round and an
    # entry's signed change before and after; an undo names its step in words.
    numbered = {key for key, message in WORDS.items()
                if {name for _, name, _, _ in string.Formatter().parse(message) if name}
                - {"building", "estate", "names", "change", "reason", "player", "players",
                   "step"}}
    assert numbered == {"seat", "line.round", "line.round.plain", "corrected_same",
                        "corrected_entry", "turn.slot", "ev.bad"}
    words = texts("de")
    counted = words["#count"]
    assert isinstance(counted, dict), counted
    for key in counted:
        assert words[key] != words[f"{key}#one"], key


@pytest.mark.parametrize("raw", [
    b"{not json", b"\xff\xfe{}", b"[" * 100 + b"]" * 100, b"[" + b"9" * 30 + b"]",
    b"[" + b"1" * 50 + b".5]", b"[1e999]", b"[NaN]", b'["\\ud800"]', b'{"a": 1, "a": 2}',
    b" " * (MAX_BYTES + 1),
])
def test_the_json_gates_refusals_are_said_in_every_language(raw: bytes) -> None:
    # The English is the gate's own sentence (its values carried, not parsed back); the other
    # languages their own, with the same numbers.
    with pytest.raises(JsonRefused) as refused:
        load_json(raw)
    english = words(translator("en"), refused.value)
    where = refused.value.where
    # (A syntax error's detail is Python's English and stays out: "Expecting value".)
    assert refused.value.problem.startswith(
        (english.removeprefix(f"{where}: ") if where else english).rstrip(")"))
    numbers = set(re.findall(r"\d+", english))
    for lang in ("de", "fr", "nl"):
        said = words(translator(lang), refused.value)
        assert said != english and set(re.findall(r"\d+", said)) == numbers, said


def test_a_second_server_on_the_same_folder_is_told_in_german(tmp_path: Path) -> None:
    # The data folder is held (by this test, as a first server would); a German host is told.
    folder = tmp_path / "data"
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with DataDirLock.acquire(folder, "http://192.168.1.20:8550"):
        done = subprocess.run(
            [sys.executable, "-m", "companion", "--host", "127.0.0.1", "--port", str(port),
             "--data-dir", str(folder), "--no-browser", "--lang", "de"],
            capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 1
    assert done.stderr == (
        f"rattus-companion: der Datenordner {folder} wird schon von einem anderen "
        f"rattus-companion bedient (PID {os.getpid()}, erreichbar unter "
        "http://192.168.1.20:8550); "
        "beendet zuerst diesen oder startet mit einem anderen --data-dir\n")
