"""The copy of the engine's scores in the data directory: after a restart the
History shows the same figures without replaying a game; a changed game, or another engine,
is scored again from its events; a copy that is damaged or cannot be written costs a replay
and nothing else.

The Thursday group's four finished games (`test_history_figures.Thursdays`) are the history.
A restart is a new process (`python -c`, whose replay refuses to run), or, within this one,
`figures.forget()` and a new store object, with the engine's replay counted.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from support.table_screens import Screens
from test_history_figures import Thursdays

import companion.rules
from companion.history import figures
from companion.history.figures import Played, group_figures, load_history, unscored
from companion.rules import events as ev
from companion.store import score_copy
from companion.store.db import GameStore
from companion.store.score_copy import SCORE_COPY_FILE, source_version
from companion.ui.history import screen as history_screen


@pytest.fixture
def nights(tmp_path: Path) -> Iterator[Thursdays]:
    made = Thursdays(tmp_path)
    yield made
    made.store.close()


@pytest.fixture
def replays(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The engine's replay, counted: one entry per game replayed (its number of events)."""
    seen: list[int] = []
    real = companion.rules.replay

    def counted(events: Any) -> Any:
        seen.append(len(events))
        return real(events)

    monkeypatch.setattr(companion.rules, "replay", counted)
    return seen


def as_figures(games: list[Played]) -> list[tuple[Any, ...]]:
    """What a player reads of each game, comparable across processes."""
    return [(g.game_id, g.finished_at, g.winning_vp, g.plague_decided,
             None if g.tie_break is None else g.tie_break.value,
             [(s.name, s.typed, s.colour.value, s.vp, s.won, s.died, s.rats,
               sorted((e.value, v) for e, v in s.estates.items())) for s in g.seats])
            for g in games]


def restarted(folder: Path) -> list[Played]:
    """The history as a new process sees it, in this one: nothing kept but the files."""
    figures.forget()
    with GameStore.open(folder) as store:
        return load_history(store)


RESTART = textwrap.dedent("""
    import json, sys
    from pathlib import Path
    import companion.rules

    def refuse(events):
        raise SystemExit("a game was replayed")

    companion.rules.replay = refuse
    from companion.history.figures import load_history, unscored
    from companion.store.db import GameStore

    with GameStore.open(Path(sys.argv[1])) as store:
        print(json.dumps({"unscored": unscored(store), "games": [
            [g.game_id, g.finished_at, g.winning_vp, g.plague_decided,
             None if g.tie_break is None else g.tie_break.value,
             [[s.name, s.typed, s.colour.value, s.vp, s.won, s.died, s.rats,
               sorted([e.value, v] for e, v in s.estates.items())] for s in g.seats]]
            for g in load_history(store)]}))
""")


def test_a_new_process_shows_the_same_figures_without_replaying(nights: Thursdays,
                                                                  tmp_path: Path) -> None:
    before = load_history(nights.store)
    assert len(before) == 4 and (tmp_path / SCORE_COPY_FILE).is_file()
    done = subprocess.run([sys.executable, "-c", RESTART, str(tmp_path)], capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    assert seen["unscored"] == 0
    assert seen["games"] == json.loads(json.dumps(as_figures(before)))


def test_a_restart_replays_nothing_and_counts_the_same(nights: Thursdays, tmp_path: Path,
                                                       replays: list[int]) -> None:
    before = load_history(nights.store)
    assert len(replays) == 4
    replays.clear()
    after = restarted(tmp_path)
    assert replays == []
    assert as_figures(after) == as_figures(before)
    assert group_figures(after) == group_figures(before)


def test_the_unfinished_game_is_not_kept_and_still_not_counted(nights: Thursdays,
                                                               tmp_path: Path) -> None:
    load_history(nights.store)
    kept = score_copy.load(tmp_path, figures.engine_version())
    assert set(kept) == {nights.first, nights.tie, nights.plague, nights.shared}
    assert nights.unfinished not in {g.game_id for g in restarted(tmp_path)}


def test_a_game_changed_after_the_copy_is_scored_again_alone(nights: Thursdays, tmp_path: Path,
                                                             replays: list[int]) -> None:
    load_history(nights.store)
    # The nuns were miscounted in the third game: with 9 nuns Anna's 9 rats do not kill her
    # (R-SCORE-6), and her 30 VP win it (R-SCORE-7).
    played = nights.store.active_events(nights.plague)
    assert played[-1] == ev.NunsCounted(4)
    session = nights.games.open(nights.plague)
    session.undo()  # the game was typed in as one step
    session.submit_all([*played[1:-1], ev.NunsCounted(9)])
    replays.clear()
    after = restarted(tmp_path)
    assert len(replays) == 1
    plague = next(g for g in after if g.game_id == nights.plague)
    assert plague.winners == ("Anna",) and plague.winning_vp == 30 and not plague.plague_decided
    replays.clear()
    assert as_figures(restarted(tmp_path)) == as_figures(after)
    assert replays == []


def test_another_engine_scores_every_game_again(nights: Thursdays, tmp_path: Path,
                                                replays: list[int],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    before = load_history(nights.store)
    replays.clear()
    figures.forget()
    with monkeypatch.context() as patched, GameStore.open(tmp_path) as store:
        patched.setattr(figures, "engine_version", lambda: "a rules fix")
        assert unscored(store) == 4
        after = load_history(store)
    assert len(replays) == 4
    assert as_figures(after) == as_figures(before)
    assert set(score_copy.load(tmp_path, "a rules fix")) == {g.game_id for g in before}
    replays.clear()
    restarted(tmp_path)  # back to this engine: the copy is the other one's
    assert len(replays) == 4


def test_the_engine_version_is_its_source(tmp_path: Path) -> None:
    rules = Path(companion.rules.__file__).parent
    copy = tmp_path / "rules"
    shutil.copytree(rules, copy, ignore=shutil.ignore_patterns("__pycache__"))
    assert source_version([copy]) == source_version([rules])
    scoring = copy / "scoring" / "result.py"
    scoring.write_bytes(scoring.read_bytes() + b"\n")  # the smallest rules fix
    assert source_version([copy]) != source_version([rules])
    assert source_version([rules], salt="figures 2") != source_version([rules], salt="figures 1")
    assert figures.engine_version() == figures.engine_version()


DAMAGED = {
    "not json": b"\x00\x17 half a file",
    "cut short": None,  # the real copy, its second half lost
    "not a copy": b'["format", 1]',
    "another layout": b'{"format": 99, "engine": "", "games": {}}',
}


@pytest.mark.parametrize("damage", sorted(DAMAGED))
def test_a_damaged_copy_is_scored_again(nights: Thursdays, tmp_path: Path, replays: list[int],
                                        damage: str) -> None:
    before = load_history(nights.store)
    path = tmp_path / SCORE_COPY_FILE
    whole = path.read_bytes()
    path.write_bytes(DAMAGED[damage] or whole[:len(whole) // 2])
    replays.clear()
    assert as_figures(restarted(tmp_path)) == as_figures(before)
    assert len(replays) == 4
    assert path.read_bytes() == whole  # written anew


def test_a_damaged_entry_costs_its_game_alone(nights: Thursdays, tmp_path: Path,
                                              replays: list[int]) -> None:
    before = load_history(nights.store)
    path = tmp_path / SCORE_COPY_FILE
    raw = json.loads(path.read_text(encoding="utf-8"))
    raw["games"][nights.tie]["value"]["seats"][0][3] = "fifteen"
    raw["games"][nights.first]["value"]["tie_break"] = "a coin toss"
    del raw["games"][nights.shared]["key"]
    path.write_text(json.dumps(raw), encoding="utf-8")
    replays.clear()
    assert as_figures(restarted(tmp_path)) == as_figures(before)
    assert len(replays) == 3


def test_the_screen_over_a_damaged_copy_says_nothing_of_it(nights: Thursdays,
                                                           tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    load_history(nights.store)
    (tmp_path / SCORE_COPY_FILE).write_bytes(b"{\"format\": 1, \"games\": ")
    figures.forget()
    table = Screens(tmp_path, nights.games, settle=True)
    table.show("/history")
    assert "4 finished games." in table.texts("history-count")
    assert table.page.messages == []
    assert json.loads((tmp_path / SCORE_COPY_FILE).read_bytes())["format"] == score_copy.FORMAT


def test_a_copy_that_cannot_be_written_costs_a_replay_at_the_next_start(
        nights: Thursdays, tmp_path: Path, replays: list[int]) -> None:
    (tmp_path / SCORE_COPY_FILE).mkdir()
    (tmp_path / SCORE_COPY_FILE / "in the way").touch()
    figures.forget()
    table = Screens(tmp_path, nights.games, settle=True)
    table.show("/history")
    assert "4 finished games." in table.texts("history-count")
    assert table.page.messages == []
    assert len(replays) == 4
    assert not list(tmp_path.glob("*.part"))
    replays.clear()
    restarted(tmp_path)
    assert len(replays) == 4


def test_after_a_restart_the_screen_is_drawn_with_the_figures_at_once(
        nights: Thursdays, tmp_path: Path, replays: list[int],
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Without the copy a restart draws "Counting the games" first (any game left to score
    # above COUNT_IN_FRAME); with it there is nothing to score.
    load_history(nights.store)
    figures.forget()
    replays.clear()
    monkeypatch.setattr(history_screen, "COUNT_IN_FRAME", 0)
    table = Screens(tmp_path, nights.games, settle=True)
    ids = table.ids() if table.show("/history") else set()
    assert "history-counting" not in ids and f"history-game-{nights.plague}" in ids
    assert replays == []


def damage_one_event(folder: Path, game_id: str) -> None:
    """One stored event of `game_id` no longer decodes, written behind the app's back."""
    import sqlite3

    with sqlite3.connect(folder / "games.sqlite3") as db:
        db.execute("UPDATE events SET json = CAST(randomblob(64) AS TEXT)"
                   " WHERE game_id = ? AND seq = 3", (game_id,))


def test_a_damaged_game_is_left_out_and_the_others_counted(nights: Thursdays, tmp_path: Path,
                                                           replays: list[int]) -> None:
    damage_one_event(tmp_path, nights.tie)
    figures.forget()
    table = Screens(tmp_path, nights.games, settle=True)
    table.show("/history")
    assert "3 finished games." in table.texts("history-count")
    assert f"history-game-{nights.tie}" not in table.ids()
    assert table.page.messages == []
    kept = score_copy.load(tmp_path, figures.engine_version())
    assert kept[nights.tie].value is None  # not tried again at every start
    replays.clear()
    assert nights.tie not in {g.game_id for g in restarted(tmp_path)}
    assert replays == []
