"""Game-night history: the group's and each player's figures, from the stored games.

Every figure is worked out from a finished game's stored events by the engine itself: the
events are replayed (`companion.rules.replay`), mapped to the scoring's input
(`companion.rules.endgame.end_state`) and scored (`companion.rules.scoring.score`). Nothing here
keeps or adds up a second copy of a score, so the figures are the same after a restart and
follow any correction made to a game.

What counts: finished real games whose events all decode. Unfinished games are left out, and so
are damaged ones (the store names them) and practice games (the rulebook's example: the store
marks them, `GameSummary.practice`; a game stored before that marker is a real game).

Players are matched across games by name, case-insensitively ("anna" and "Anna" are one
player), shown with the spelling of their latest game. A rename merges two names: the alias
map (`Aliases`, the file `history-names.json` in the data directory) says which name a name
now goes by.

Ties on the winner (R-SCORE-7, a shared victory) count as a win for each winner.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from companion.rules.catalog import Estate, PlayerColour
from companion.rules.house_rules import HouseRules
from companion.rules.scoring import Code, ScoreResult

if TYPE_CHECKING:
    from companion.rules.setup import Setup
    from companion.store.db import GameStore, GameSummary

ALIASES_FILE = "history-names.json"
"""The renames, in the data directory: {"old name": "new name", ...} (JSON, keys any case)."""

TIE_BREAKS = (Code.WIN_FEWER_RATS, Code.WIN_SHARED)
"""How a tie on the most VP among the survivors was settled (R-SCORE-7): fewer rats, or not
at all (a shared victory)."""


def key_of(name: str) -> str:
    """The case-insensitive identity of a name ("  Anna " and "anna" are one player)."""
    return " ".join(name.split()).casefold()


@dataclass(frozen=True)
class Aliases:
    """Renames: each key (a name, case-insensitively) now goes by its value."""

    renames: Mapping[str, str] = field(default_factory=dict)

    def resolve(self, name: str) -> str:
        """The name `name` goes by now, following chains of renames (a loop stops)."""
        table = {key_of(old): new for old, new in self.renames.items()}
        seen: set[str] = set()
        current = name
        while key_of(current) in table and key_of(current) not in seen:
            seen.add(key_of(current))
            current = table[key_of(current)]
        return current

    def with_rename(self, old: str, new: str) -> Aliases:
        renames = {k: v for k, v in self.renames.items() if key_of(k) != key_of(old)}
        if key_of(old) != key_of(new):
            renames[old] = new
        return Aliases(renames)

    @classmethod
    def load(cls, data_dir: Path) -> Aliases:
        """The renames kept in `data_dir`; none if the file is missing or not a name map."""
        try:
            raw = json.loads((data_dir / ALIASES_FILE).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return cls()
        if not isinstance(raw, dict):
            return cls()
        return cls({str(k): str(v) for k, v in raw.items()
                    if isinstance(k, str) and isinstance(v, str) and v.strip()})

    def save(self, data_dir: Path) -> Path:
        """Written whole or not at all (a temporary file renamed over the old one)."""
        path = data_dir / ALIASES_FILE
        temp = path.with_suffix(".part")
        temp.write_text(json.dumps(dict(self.renames), ensure_ascii=False, indent=1),
                        encoding="utf-8")
        os.replace(temp, path)
        return path


@dataclass(frozen=True)
class Seat:
    """One player in one finished game, as the engine scored them."""

    name: str
    """The name the player goes by in the history (after renames, case merged)."""
    typed: str
    """The name as typed for that game."""
    colour: PlayerColour
    vp: int
    won: bool
    died: bool
    """The plague took them (R-SCORE-6): they could not win."""
    rats: int
    estates: Mapping[Estate, int]
    key: str = ""
    """`key_of(name)`, worked out once."""


@dataclass(frozen=True)
class Played:
    """One finished game, scored by the engine."""

    game_id: str
    finished_at: str
    """When the game was last written (its end), an ISO time stamp from the store."""
    setup_code: str | None
    seats: tuple[Seat, ...]
    """In seating order."""
    winning_vp: int | None
    """None when nobody won (everyone died of the plague)."""
    plague_decided: bool
    """A player the plague took had more VP than the winner, or the plague took everyone."""
    tie_break: Code | None
    """`Code.WIN_FEWER_RATS` or `Code.WIN_SHARED` if a tie on VP decided the game."""
    house_rules: HouseRules
    colours: tuple[PlayerColour, ...]
    typed_names: tuple[str, ...]

    @property
    def winners(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seats if s.won)

    def seat(self, name: str) -> Seat | None:
        key = key_of(name)
        return next((s for s in self.seats if s.key == key), None)


def played_from(game_id: str, finished_at: str, setup_code: str | None, setup: Setup,
                result: ScoreResult, aliases: Aliases) -> Played:
    """A game's figures from the engine's `ScoreResult` of it."""
    winners = set(result.winners)
    seats = tuple(Seat(name=(goes_by := aliases.resolve(p.name)), typed=p.name, colour=colour,
                       vp=p.total, won=p.name in winners, died=not p.survives, rats=p.rats,
                       estates=dict(p.estates), key=key_of(goes_by))
                  for p, colour in zip(result.players, setup.colours, strict=True))
    codes = {line.code for line in result.tie_break}
    tie = next((code for code in TIE_BREAKS if code in codes), None)
    winning = result.player(result.winners[0]).total if result.winners else None
    return Played(game_id=game_id, finished_at=finished_at, setup_code=setup_code, seats=seats,
                  winning_vp=winning,
                  plague_decided=bool(codes & {Code.DEAD_OUTSCORED, Code.NOBODY_WINS}),
                  tie_break=tie, house_rules=setup.house_rules, colours=setup.colours,
                  typed_names=setup.names)


_SCORED: dict[tuple[str, str, int], tuple[Setup, ScoreResult] | None] = {}
"""The engine's result per (store file, game, revision): a game is replayed once per process
and again only after it changed (a correction writes a new revision)."""


def scored_game(store: GameStore, summary: GameSummary) -> tuple[Setup, ScoreResult] | None:
    """A finished game's setup and the engine's score of it; None if it is not finished."""
    from companion.rules import replay
    from companion.rules.endgame import end_state
    from companion.rules.scoring import score
    from companion.rules.state import Phase

    key = (str(store.path), summary.game_id, summary.revision)
    if key not in _SCORED:
        state = replay(store.active_events(summary.game_id))
        _SCORED[key] = (None if state is None or state.phase is not Phase.FINISHED
                        else (state.setup, score(end_state(state))))
    return _SCORED[key]


def counts(summary: GameSummary) -> bool:
    """Whether a stored game is one of the group's games: finished, readable, not practice."""
    return summary.finished and summary.damage is None and not summary.practice


def unscored(store: GameStore, summaries: Sequence[GameSummary] | None = None) -> int:
    """How many finished games this process has not scored yet (each takes a replay)."""
    listed = store.list_games() if summaries is None else summaries
    return sum(1 for g in listed if counts(g)
               and (str(store.path), g.game_id, g.revision) not in _SCORED)


def load_history(store: GameStore, aliases: Aliases | None = None,
                 summaries: Sequence[GameSummary] | None = None) -> list[Played]:
    """Every finished, readable game in the store, newest first, as the engine scores it
    (`summaries`: the store's list of games if the caller has just read it)."""
    from companion.rules.errors import RuleViolation
    from companion.store.db import StoreError

    names = Aliases.load(store.path.parent) if aliases is None else aliases
    listed = store.list_games() if summaries is None else summaries
    key = (str(store.path), tuple(sorted(names.renames.items())),
           tuple((g.game_id, g.revision, g.updated, g.setup_code, g.finished, g.damage is None,
                  g.practice)
                 for g in listed))
    kept = _LOADED.get(key[0])
    if kept is not None and kept[0] == key:
        return list(kept[1])
    found: list[Played] = []
    for summary in listed:
        if not counts(summary):
            continue
        try:
            scored = scored_game(store, summary)
        except (StoreError, RuleViolation):
            continue
        if scored is not None:
            setup, result = scored
            found.append(played_from(summary.game_id, summary.updated, summary.setup_code,
                                     setup, result, names))
    found.sort(key=lambda g: g.finished_at, reverse=True)
    merged = _merged_spelling(found)
    _LOADED[key[0]] = (key, merged)
    return list(merged)


_LOADED: dict[str, tuple[tuple[object, ...], list[Played]]] = {}
"""The last history of each store file, and what it was worked out from (each game's
revision, the renames): drawn again and again while nothing changed, 1,000 games took a fifth
of a second to put together at every drawing of the History screen (issue 23)."""


def _merged_spelling(games: list[Played]) -> list[Played]:
    """One spelling per player: the one of their latest game (games are newest first)."""
    from dataclasses import replace

    spelling: dict[str, str] = {}
    for game in games:
        for seat in game.seats:
            spelling.setdefault(seat.key, seat.name)
    return [g if all(spelling[s.key] == s.name for s in g.seats) else
            replace(g, seats=tuple(replace(s, name=spelling[s.key]) for s in g.seats))
            for g in games]


# -- the figures ----------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayerFigures:
    name: str
    games: int
    wins: int
    average_vp: float
    best_vp: int
    plague_deaths: int
    best_estate: Estate | None
    """The estate (class) that brought the player most VP over all their games; None if no
    estate ever brought them any."""
    estate_vp: Mapping[Estate, int]
    vp_over_games: tuple[tuple[str, int], ...]
    """(game id, VP) per game, oldest first: the chart's points."""

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True)
class HeadToHead:
    first: str
    second: str
    games: int
    """Games both played."""
    first_wins: int
    second_wins: int


@dataclass(frozen=True)
class GroupFigures:
    games: int
    by_player_count: Mapping[int, int]
    """Player count -> games, fewest players first."""
    average_winning_vp: float | None
    plague_decided: int
    tie_breaks: Mapping[Code, int]
    """Per tie-break (fewer rats, shared victory): how many games it decided."""
    nobody_won: int


def players_of(games: Iterable[Played]) -> list[str]:
    """Everyone in the history, most games first, then by name."""
    counts: Counter[str] = Counter()
    spelling: dict[str, str] = {}
    for game in games:
        for seat in game.seats:
            counts[seat.key] += 1
            spelling.setdefault(seat.key, seat.name)
    return [spelling[k] for k in sorted(counts, key=lambda k: (-counts[k], k))]


def with_player(games: Iterable[Played], name: str) -> list[Played]:
    return [g for g in games if g.seat(name) is not None]


def player_figures(games: Sequence[Played], name: str) -> PlayerFigures:
    """`name`'s figures over `games` (newest first, as `load_history` gives them)."""
    mine = [(g, s) for g in games if (s := g.seat(name)) is not None]
    estate_vp = {e: sum(s.estates.get(e, 0) for _, s in mine) for e in Estate}
    top = max(estate_vp.values(), default=0)
    shown = mine[0][1].name if mine else name
    return PlayerFigures(
        name=shown, games=len(mine), wins=sum(s.won for _, s in mine),
        average_vp=sum(s.vp for _, s in mine) / len(mine) if mine else 0.0,
        best_vp=max((s.vp for _, s in mine), default=0),
        plague_deaths=sum(s.died for _, s in mine),
        best_estate=next((e for e in Estate if estate_vp[e] == top), None) if top else None,
        estate_vp=estate_vp,
        vp_over_games=tuple((g.game_id, s.vp) for g, s in reversed(mine)))


def head_to_head(games: Sequence[Played], players: Sequence[str]) -> list[HeadToHead]:
    """Every pair of `players` (tonight's table): games both played, and the wins of each."""
    pairs: list[HeadToHead] = []
    for i, first in enumerate(players):
        for second in players[i + 1:]:
            both = [(a, b) for g in games
                    if (a := g.seat(first)) is not None and (b := g.seat(second)) is not None]
            pairs.append(HeadToHead(first, second, len(both), sum(a.won for a, _ in both),
                                    sum(b.won for _, b in both)))
    return pairs


def group_figures(games: Sequence[Played]) -> GroupFigures:
    counts = Counter(len(g.seats) for g in games)
    won = [g.winning_vp for g in games if g.winning_vp is not None]
    ties = Counter(g.tie_break for g in games if g.tie_break is not None)
    return GroupFigures(
        games=len(games), by_player_count=dict(sorted(counts.items())),
        average_winning_vp=sum(won) / len(won) if won else None,
        plague_decided=sum(g.plague_decided for g in games),
        tie_breaks={code: ties[code] for code in TIE_BREAKS},
        nobody_won=sum(g.winning_vp is None for g in games))


# -- CSV --------------------------------------------------------------------------------------

CSV_COLUMNS = ("game_id", "finished_at", "player", "name_typed", "colour", "players", "vp",
               "won", "died", "rats", "setup_code")


def _cell(value: str) -> str:
    """A name that a spreadsheet would run as a formula ("=...", "+...") is kept as text."""
    return "'" + value if value[:1] in ("=", "+", "-", "@", "\t", "\r") else value


def csv_rows(games: Iterable[Played]) -> list[dict[str, str]]:
    """One row per player per game, oldest game first, seats in seating order."""
    rows: list[dict[str, str]] = []
    for game in sorted(games, key=lambda g: g.finished_at):
        for seat in game.seats:
            rows.append({
                "game_id": game.game_id, "finished_at": game.finished_at,
                "player": _cell(seat.name), "name_typed": _cell(seat.typed),
                "colour": seat.colour.value, "players": str(len(game.seats)),
                "vp": str(seat.vp), "won": "1" if seat.won else "0",
                "died": "1" if seat.died else "0", "rats": str(seat.rats),
                "setup_code": game.setup_code or ""})
    return rows


def csv_text(games: Iterable[Played]) -> str:
    import csv
    import io

    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=CSV_COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(csv_rows(games))
    return out.getvalue()
