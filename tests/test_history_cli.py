"""`rattus-companion history`: the Thursday group's figures printed in the terminal's language,
and `--csv` the rows for a spreadsheet."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from test_history_figures import Thursdays

from companion.history.cli import main


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_the_figures_in_english(tmp_path: Path) -> None:
    Thursdays(tmp_path).store.close()
    code, out, _ = run("--data-dir", str(tmp_path), "--lang", "en", "--players", "Anna,Ben")
    assert code == 0
    lines = [line.strip() for line in out.splitlines()]
    assert lines[:2] == ["The group", "4 finished games"]
    assert "With 2 players: 1 game" in lines and "With 3 players: 3 games" in lines
    assert "Average winning score: 14.3 VP" in lines  # (20 + 15 + 12 + 10) / 4 = 14.25
    assert "The plague decided 1 game" in lines
    assert "A tie on VP went to fewer rats in 1 game" in lines
    assert "A victory was shared in 1 game" in lines
    anna = lines.index("Anna")
    assert lines[anna + 1:anna + 4] == ["4 games · 2 wins · win rate 50%",
                                        "Average 18.8 VP, best 30 VP",
                                        "Died of the plague in 1 game"]
    ben = lines.index("Ben")  # Benjamin's game is his
    assert lines[ben + 1] == "4 games · 3 wins · win rate 75%"
    assert "Benjamin" not in lines
    assert "Anna – Ben: 4 games together, 2 to 3 wins" in lines


def test_the_figures_in_german(tmp_path: Path) -> None:
    Thursdays(tmp_path).store.close()
    code, out, _ = run("--data-dir", str(tmp_path), "--lang", "de")
    assert code == 0
    lines = [line.strip() for line in out.splitlines()]
    assert lines[:2] == ["Die Runde", "4 beendete Spiele"]
    assert "Siegpunktzahl im Schnitt: 14,3 SP" in lines
    anna = lines.index("Anna")
    assert lines[anna + 1:anna + 3] == ["4 Spiele · 2 Siege · Siegquote 50\u00a0%",
                                        "Im Schnitt 18,8 SP, bestes Ergebnis 30 SP"]


def test_the_csv_rows(tmp_path: Path) -> None:
    nights = Thursdays(tmp_path)
    nights.store.close()
    code, out, _ = run("--data-dir", str(tmp_path), "--csv")
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert list(rows[0])[:3] == ["game_id", "finished_at", "player"]
    assert {"vp", "won", "died"} <= set(rows[0])
    assert len(rows) == 11 and nights.unfinished not in {r["game_id"] for r in rows}
    assert [(r["player"], r["vp"], r["won"], r["died"]) for r in rows
            if r["game_id"] == nights.tie] == [
        ("Anna", "15", "0", "0"), ("Ben", "15", "1", "0"), ("Cleo", "10", "0", "0")]
    target = tmp_path / "out.csv"
    assert run("--data-dir", str(tmp_path), "--csv", "-o", str(target))[0] == 0
    assert target.read_text(encoding="utf-8") == out


def test_an_empty_history_says_so(tmp_path: Path) -> None:
    code, out, _ = run("--data-dir", str(tmp_path), "--lang", "en")
    assert code == 0 and out.startswith("No finished games stored in ")


def test_the_command_is_a_subcommand_of_rattus_companion(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from companion.cli import main as rattus_companion

    Thursdays(tmp_path).store.close()
    assert rattus_companion(["history", "--data-dir", str(tmp_path), "--lang", "fr"]) == 0
    assert capsys.readouterr().out.splitlines()[:2] == ["Le groupe", "  4 parties terminées"]
