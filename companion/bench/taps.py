"""How many UI inputs a whole scripted 4-player game takes, as the browser test counted them.

The table's browser test plays a scripted game through the real UI and writes what it did to
`TAPS_FILE` with `record_taps`; the benchmark only reads that file, so the row says "not
measured" until the test has run on this checkout. The figure is inputs per player per round,
with no pass/fail: it should only ever go down.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from datetime import datetime, timezone
from pathlib import Path

from companion.bench.figures import Figure, Verdict, not_measured

TAPS_FILE = Path(__file__).resolve().parents[2] / "build" / "bench" / "taps.json"
BUDGET = "report; keep it going down"
WHAT = "taps per player per round"


@dataclass(frozen=True)
class TapCount:
    inputs: int
    """Taps, clicks and typed fields, each one input."""
    players: int
    rounds: int
    test: str
    """The test that played the game (node id), so the figure can be traced."""
    recorded: str = ""

    @property
    def per_player_round(self) -> float:
        return self.inputs / (self.players * self.rounds)


def record_taps(inputs: int, players: int, rounds: int, test: str,
                path: Path = TAPS_FILE) -> Path:
    """For the browser test: keep the count of its scripted game for the benchmark table."""
    if inputs < 0 or players < 1 or rounds < 1:
        raise ValueError(f"not a tap count: {inputs} inputs, {players} players, {rounds} rounds")
    count = TapCount(inputs, players, rounds, test,
                     datetime.now(timezone.utc).isoformat(timespec="seconds"))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(asdict(count), indent=2) + "\n", encoding="utf-8")
    return path


def read_taps(path: Path = TAPS_FILE) -> TapCount | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return TapCount(int(data["inputs"]), int(data["players"]), int(data["rounds"]),
                        str(data["test"]), str(data.get("recorded", "")))
    except (OSError, ValueError, KeyError, TypeError):
        return None


def taps_figures(path: Path = TAPS_FILE) -> list[Figure]:
    count = read_taps(path)
    if count is None or count.players < 1 or count.rounds < 1:
        return [not_measured(WHAT, BUDGET, f"no count from the 4-player browser test in {path}")]
    return [Figure(WHAT, f"{count.per_player_round:.1f}", BUDGET, Verdict.REPORTED,
                   f"{count.inputs} inputs, {count.players} players, {count.rounds} rounds "
                   f"({count.test}, {count.recorded})")]
