"""`rattus-companion score`: a group that played on paper types in its end state and gets the
result, or one clear line saying what to fix."""

from __future__ import annotations

import copy
import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.cli import main
from companion.cli.score import end_state_from_json, result_to_json
from companion.rules.scoring import ScoringInputError, score

# A whole end state, worked by hand:
# Peasantry: Anna and Ben tie on 3, Anna's disc on top wins: Anna 10, Ben 5 (R-SCORE-1).
# Church: Cem 10. Royalty: Ben 10. Hand: Anna 2 (R-SCORE-2). Swords: Anna 2, Passes: Cem 2,
# no Flutes (R-SCORE-3). Gold: Ben 6 (R-SCORE-4). Markers: Cem 2 (R-SCORE-5).
# Anna 14, Ben 21, Cem 14; Cem's 12 rats exceed the 9 nuns (R-SCORE-6); Ben wins (R-SCORE-7).
EXAMPLE: dict[str, Any] = {
    "players": ["Anna", "Ben", "Cem"],
    "rules": {"track_tie": "top_wins", "all_dead_variant": False},
    "in_play": ["sword", "flute", "pass", "gold"],
    "influence": {"peasantry": {"Anna": 3, "Ben": 3}, "bourgeoisie": {}, "church": {"Cem": 1},
                  "chivalry": {}, "magic": {}, "royalty": {"Ben": 2}},
    "arrival": {"peasantry": ["Ben", "Anna"]},
    "hand": {"Anna": 4, "Ben": 2},
    "specials": {"sword": {"Anna": 1}, "flute": {}, "pass": {"Cem": 2}},
    "gold": {"Ben": 3},
    "markers": {"Cem": 2},
    "rats": {"Anna": 8, "Ben": 3, "Cem": 12},
    "nuns": 9,
}
ESTATE_ORDER = ["peasantry", "bourgeoisie", "church", "chivalry", "magic", "royalty"]


def run_cli(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "companion", *args], input=stdin.decode(),
                          capture_output=True, text=True, timeout=60, check=False)


def score_in_process(doc: object, capsys: pytest.CaptureFixture[str],
                     monkeypatch: pytest.MonkeyPatch) -> tuple[int, str, str]:
    raw = doc if isinstance(doc, bytes) else json.dumps(doc).encode()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(raw)))
    code = main(["score", "-"])
    out, err = capsys.readouterr()
    return code, out, err


def with_change(path: str, value: Any) -> dict[str, Any]:
    """The example with one value replaced (`None` deletes it); path is dot-separated."""
    doc = copy.deepcopy(EXAMPLE)
    *parents, last = path.split(".")
    target = doc
    for key in parents:
        target = target[key]
    if value is None:
        del target[last]
    else:
        target[last] = value
    return doc


def test_the_issue_example_scores_through_the_real_command(tmp_path: Path) -> None:
    # R-SCORE-1 to R-SCORE-7 end to end, through `python -m companion score FILE`.
    file = tmp_path / "end.json"
    file.write_text(json.dumps(EXAMPLE), encoding="utf-8")
    done = run_cli("score", str(file))
    assert (done.returncode, done.stderr) == (0, "")
    result = json.loads(done.stdout)
    assert [(p["name"], p["total"], p["survives"]) for p in result["players"]] == [
        ("Anna", 14, True), ("Ben", 21, True), ("Cem", 14, False)]
    assert result["winners"] == ["Ben"]
    assert result["everyone_died"] is False
    anna = result["players"][0]
    assert list(anna["estates"]) == ESTATE_ORDER
    assert anna["estates"]["peasantry"] == 10
    assert anna["specials"] == {"sword": 2, "flute": 0, "pass": 0}
    assert (anna["hand"], anna["gold"], anna["markers"], anna["rats"]) == (2, 0, 0, 8)
    assert "Ben wins with 21 VP." in result["explanation"]


def test_stdin_is_read_when_the_file_is_a_dash() -> None:
    done = run_cli("score", "-", stdin=json.dumps(EXAMPLE).encode())
    assert done.returncode == 0
    assert json.loads(done.stdout)["winners"] == ["Ben"]


def test_bad_input_through_the_real_command_is_one_line_and_exit_2() -> None:
    done = run_cli("score", "-", stdin=b'{"players": ["Anna"')
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1
    assert "not valid JSON" in done.stderr
    assert "Traceback" not in done.stderr


def test_in_process_the_output_is_the_same_document(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = score_in_process(EXAMPLE, capsys, monkeypatch)
    assert (code, err) == (0, "")
    result = json.loads(out)
    assert set(result) == {"players", "winners", "everyone_died", "explanation"}
    assert set(result["players"][0]) == {"name", "estates", "hand", "specials", "gold",
                                         "markers", "total", "rats", "survives"}


def test_a_minimal_document_needs_only_players_and_nuns(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # R-SCORE-6: nobody holds a rat, so both survive; nobody scored, so both share the win.
    code, out, _ = score_in_process({"players": ["Anna", "Ben"], "nuns": 0}, capsys,
                                    monkeypatch)
    result = json.loads(out)
    assert code == 0
    assert [p["survives"] for p in result["players"]] == [True, True]
    assert result["winners"] == ["Anna", "Ben"]


def test_missing_rules_take_their_defaults(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # R-SCORE-1 default: the disc on top (Anna, who arrived last) wins the Peasantry tie.
    code, out, _ = score_in_process(with_change("rules", None), capsys, monkeypatch)
    assert code == 0
    assert json.loads(out)["players"][0]["estates"]["peasantry"] == 10


def test_the_track_tie_switch_reaches_the_scoring(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # R-SCORE-1 house-rule switch: now Ben, underneath, wins the Peasantry.
    doc = with_change("rules.track_tie", "bottom_wins")
    code, out, _ = score_in_process(doc, capsys, monkeypatch)
    players = json.loads(out)["players"]
    assert code == 0
    assert (players[0]["estates"]["peasantry"], players[1]["estates"]["peasantry"]) == (5, 10)


def test_everyone_dead_reports_no_winner(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # R-SCORE-7
    code, out, _ = score_in_process(with_change("nuns", 2), capsys, monkeypatch)
    result = json.loads(out)
    assert code == 0
    assert (result["winners"], result["everyone_died"]) == ([], True)


def test_the_all_dead_variant_is_read_from_the_rules(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # R-SCORE-7 optional variant: Ben has the fewest rats (3).
    doc = with_change("nuns", 2)
    doc["rules"]["all_dead_variant"] = True
    code, out, _ = score_in_process(doc, capsys, monkeypatch)
    result = json.loads(out)
    assert code == 0
    assert (result["winners"], result["everyone_died"]) == (["Ben"], True)


@pytest.mark.parametrize(("doc", "field", "what"), [
    (with_change("influence.kitchen", {"Anna": 1}), "influence.kitchen", "unknown class"),
    (with_change("influence.peasantry.Dora", 2), "influence.peasantry.Dora", "unknown player"),
    (with_change("hand.Dora", 2), "hand.Dora", "unknown player"),
    (with_change("colour", "red"), "colour", "unknown key"),
    (with_change("rules.dice", True), "rules.dice", "unknown key"),
    (with_change("rules.track_tie", "middle_wins"), "rules.track_tie", "must be one of"),
    (with_change("rules.all_dead_variant", "yes"), "rules.all_dead_variant", "true or false"),
    (with_change("rats.Anna", -3), "rats.Anna", "negative"),
    (with_change("markers.Cem", -1), "markers.Cem", "negative"),
    (with_change("nuns", -1), "nuns", "negative"),
    (with_change("nuns", "nine"), "nuns", "whole number"),
    (with_change("nuns", None), "nuns", "missing"),
    (with_change("players", ["Anna"]), "players", "2 to 5"),
    (with_change("players", ["A", "B", "C", "D", "E", "F"]), "players", "2 to 5"),
    (with_change("arrival", {}), "arrival.peasantry", "tie on 3"),
    (with_change("arrival.peasantry", ["Anna"]), "arrival.peasantry", "Ben not listed"),
    (with_change("in_play", ["sword", "dragon"]), "in_play", "unknown special-card type"),
    (with_change("specials.gold", {"Ben": 1}), "specials.gold", "gold map"),
    (with_change("hand", [4, 2]), "hand", "must be a JSON object"),
    ([EXAMPLE], "(top level)", "must be a JSON object"),
    (b'{"players": ["Anna", "Ben"], "nuns": 3, "nuns": 4, "rats": {}}', "nuns", "twice"),
    (b"players: Anna, Ben", "stdin", "not valid JSON"),
    (b"\xff\xfe\x00", "stdin", "not"),
])
def test_bad_input_names_the_field_on_one_line(
        doc: object, field: str, what: str, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = score_in_process(doc, capsys, monkeypatch)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1
    assert f"{field}: " in err
    assert what in err


def test_a_missing_file_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "nowhere.json"
    assert main(["score", str(missing)]) == 2
    err = capsys.readouterr().err
    assert f"{missing}: cannot read" in err
    assert err.count("\n") == 1


def _paths(doc: Any, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    found = [prefix] if prefix else []
    if isinstance(doc, dict):
        for key, value in doc.items():
            found += _paths(value, (*prefix, key))
    return found


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 30) | st.floats(allow_nan=True)
    | st.text(max_size=8) | st.sampled_from(["Anna", "Dora", "church", "gold", "joker"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.text(max_size=8) | st.sampled_from(["Anna", "Ben", "peasantry", "sword"]), inner,
        max_size=4),
    max_leaves=10)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_any_json_is_either_scored_or_refused_with_a_field(data: st.DataObject) -> None:
    # A typo anywhere in the document ends in ScoringInputError, never in another exception.
    doc = copy.deepcopy(EXAMPLE)
    path = data.draw(st.sampled_from(_paths(doc)))
    target = doc
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = data.draw(JSON_VALUES)
    try:
        result = score(end_state_from_json(doc))
    except ScoringInputError as error:
        assert error.field and error.message
        assert "\n" not in str(error)
    else:
        assert json.loads(json.dumps(result_to_json(result)))["players"]


def test_a_key_typed_with_a_line_break_is_named_on_one_line() -> None:
    # Found by the test above with random examples: the document's own refusals (not the
    # engine's) printed a typed key as it was, line break and all.
    doc = copy.deepcopy(EXAMPLE)
    doc["rules"] = {"track\ntie": 1}
    with pytest.raises(ScoringInputError) as refused:
        end_state_from_json(doc)
    assert refused.value.field == "rules.track\\ntie"
    assert "\n" not in str(refused.value)


def score_in(lang: str, doc: object, capsys: pytest.CaptureFixture[str],
             monkeypatch: pytest.MonkeyPatch) -> tuple[int, str]:
    raw = doc if isinstance(doc, bytes) else json.dumps(doc).encode()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(raw)))
    code = main(["score", "-", "--lang", lang])
    out, err = capsys.readouterr()
    assert out == ""
    return code, err


# A German group typing in its end state reads what to fix in German, for everything
# the engine refuses (each check of `EndState`) and everything the command itself refuses.
BY_THE_ENGINE = [
    (with_change("in_play", ["sword", "flute", "pass"]), "gold",
     "Gold wird gehalten, aber gold (die Schatzkammer) steht nicht in in_play"),  # R-SCORE-4
    (with_change("nuns", 21), "nuns",
     "die Nonnenreihe zeigt höchstens 20 Nonnen (angegeben: 21)"),  # R-SCORE-6
    (with_change("players", ["Anna"]), "players", "muss 2 bis 5 Spieler nennen, nicht 1"),
    (with_change("players", ["Anna", " ", "Cem"]), "players[1]", "muss ein Name sein, nicht ' '"),
    (with_change("players", ["Anna", "Ben", "Anna"]), "players",
     "Anna kommt mehr als einmal vor"),
    (with_change("hand.Dora", 2), "hand.Dora",
     "unbekannter Spieler 'Dora' (die Spieler sind Anna, Ben und Cem)"),
    (with_change("influence.church.Dora", 2), "influence.church.Dora", "unbekannter Spieler"),
    (with_change("influence.kitchen", {"Anna": 1}), "influence.kitchen",
     "unbekannter Stand (die Stände sind peasantry, "),
    (with_change("arrival.peasantry", ["Ben", "Anna", "Dora"]), "arrival.peasantry",
     "unbekannter Spieler 'Dora'"),
    (with_change("arrival.peasantry", ["Ben", "Anna", "Ben"]), "arrival.peasantry",
     "Ben mehr als einmal aufgeführt"),
    (with_change("in_play", ["sword", "dragon"]), "in_play",
     "unbekannte Sonderkarten-Art 'dragon' (die Arten sind sword, flute, pass, gold)"),
    (with_change("specials.gold", {"Ben": 1}), "specials.gold", "Gold wird für sich gewertet"),
    (with_change("specials.joker", {"Anna": 1}), "specials.joker",
     "unbekannte Sonderkarten-Art (die Arten sind sword, flute, pass)"),
    (with_change("in_play", ["sword", "pass", "gold"]) | {"specials": {"flute": {"Ben": 1}}},
     "specials.flute", "Karten flute werden gehalten, aber flute steht nicht in in_play"),
    (with_change("arrival", {}), "arrival.peasantry",  # R-SCORE-1
     "Anna und Ben stehen gleich auf 3 Einfluss; listet sie von unten nach oben"),
    (with_change("arrival.peasantry", ["Anna"]), "arrival.peasantry", "(Ben fehlt)"),
    (with_change("rats.Anna", 1.5), "rats.Anna", "muss eine ganze Zahl sein, nicht 1.5"),
    (with_change("rats.Anna", "acht"), "rats.Anna", "muss eine ganze Zahl sein, nicht 'acht'"),
    (with_change("rats.Anna", -3), "rats.Anna", "darf nicht negativ sein (angegeben: -3)"),
    (with_change("influence.church.Cem", -1), "influence.church.Cem", "darf nicht negativ"),
    (with_change("specials.sword.Anna", -1), "specials.sword.Anna", "darf nicht negativ"),
    (with_change("nuns", "neun"), "nuns", "muss eine ganze Zahl sein, nicht 'neun'"),
]
BY_THE_COMMAND = [  # its own checks of the document's shape
    (with_change("hand", [4, 2]), "hand", "muss ein JSON-Objekt sein, nicht eine Liste"),
    ([EXAMPLE], "(oberste Ebene)", "muss ein JSON-Objekt sein, nicht eine Liste"),
    (with_change("nuns", None), "nuns", "fehlt: Für die Pestprüfung braucht es die Nonnen"),
    (with_change("colour", "red"), "colour", "unbekannter Schlüssel (erlaubt: players, "),
    (with_change("rules.all_dead_variant", "ja"), "rules.all_dead_variant",
     "muss true oder false sein, nicht ein Text"),
    (with_change("nuns", 1 << 30), "nuns", "liegt außerhalb dessen, was ein Spiel erreichen"),
    (b'{"players": ["Anna", "Ben"], "nuns": 3, "nuns": 4}', "nuns",
     "zweimal im selben JSON-Objekt angegeben"),
    (b"players: Anna, Ben", "Standardeingabe", "ist kein gültiges JSON (Zeile 1, Spalte 1)"),
    (b"{\"nuns\": NaN}", "Standardeingabe", "enthält NaN, und das ist keine JSON-Zahl"),
    (b"\xff\xfe\x00", "Standardeingabe", "ist kein UTF-8-Text (Byte 0)"),
]
IN_GERMAN = BY_THE_ENGINE + BY_THE_COMMAND


@pytest.mark.parametrize(("doc", "field", "german"), IN_GERMAN)
def test_a_german_table_reads_what_to_fix_in_german(
        doc: object, field: str, german: str, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    code, err = score_in("de", doc, capsys, monkeypatch)
    assert code == 2 and err.count("\n") == 1
    assert err.startswith(f"rattus-companion score: {field}: ")
    assert german in err


@pytest.mark.parametrize("lang", ["en", "de", "fr", "nl"])
def test_every_language_words_every_engine_refusal(
        lang: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # The English says exactly what the engine says (so each refusal is recognised for what it
    # is); the other languages have their own words.
    for doc, field, _ in BY_THE_ENGINE:
        with pytest.raises(ScoringInputError) as engine:
            score(end_state_from_json(doc))
        code, err = score_in(lang, doc, capsys, monkeypatch)
        assert code == 2, (field, err)
        if lang == "en":
            assert err == f"rattus-companion score: {engine.value}\n"
        else:
            assert engine.value.message not in err


def test_the_real_command_speaks_dutch_when_asked() -> None:
    done = run_cli("score", "-", "--lang", "nl",
                   stdin=json.dumps(with_change("players", ["Anna"])).encode())
    assert done.returncode == 2
    assert done.stderr == "rattus-companion score: players: moet 2 tot 5 spelers noemen, niet 1\n"
