"""Game-night history: the group's and each player's figures, from the stored games.

Every figure is worked out from a finished game's stored events by the engine itself: the
events are replayed (`companion.rules.replay`), mapped to the scoring's input
(`companion.rules.endgame.end_state`) and scored (`companion.rules.scoring.score`). The
engine's score of each game (`Scored`) is kept, in the process and in the data directory
(`companion.store.score_copy`: a long history takes seconds to replay), for the game's events as
they were (its revision) and for the engine's source as it was: a correction to a game, or a
new engine, has the game replayed and scored again. Nothing adds up a second copy of a figure.

What counts: finished real games whose events all decode. Unfinished games are left out, and so
are damaged ones (found when a game is scored) and practice games (the rulebook's example: the store
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
from typing import TYPE_CHECKING, Any

from companion.rules.catalog import Estate, PlayerColour
from companion.rules.house_rules import HouseRules, TrackTie
from companion.rules.scoring import Code, ScoreResult

if TYPE_CHECKING:
    from companion.rules.setup import Setup
    from companion.store.db import GameStore, GameSummary
    from companion.store.score_copy import EntryKey

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
class ScoredSeat:
    """One seat of a finished game as the engine scored it, before any rename."""

    typed: str
    colour: PlayerColour
    vp: int
    won: bool
    died: bool
    rats: int
    estates: Mapping[Estate, int]


@dataclass(frozen=True)
class Seat:
    """One player in one finished game: the engine's score of the seat (`scored`, as kept in
    the copy) under the name the player goes by in the history."""

    name: str
    """After renames, case merged: the spelling of the player's latest game."""
    scored: ScoredSeat
    key: str = ""
    """`key_of(name)`, worked out once."""

    @property
    def typed(self) -> str:
        """The name as typed for that game."""
        return self.scored.typed

    @property
    def colour(self) -> PlayerColour:
        return self.scored.colour

    @property
    def vp(self) -> int:
        return self.scored.vp

    @property
    def won(self) -> bool:
        return self.scored.won

    @property
    def died(self) -> bool:
        """The plague took them (R-SCORE-6): they could not win."""
        return self.scored.died

    @property
    def rats(self) -> int:
        return self.scored.rats

    @property
    def estates(self) -> Mapping[Estate, int]:
        return self.scored.estates


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


@dataclass(frozen=True)
class Scored:
    """What the history takes from the engine's `ScoreResult` of one finished game: all of a
    `Played` but the store's facts (id, time, setup code) and the renames. This is what the
    copy in the data directory keeps (`companion.store.score_copy`)."""

    seats: tuple[ScoredSeat, ...]
    winning_vp: int | None
    plague_decided: bool
    tie_break: Code | None
    house_rules: HouseRules

    @classmethod
    def of(cls, setup: Setup, result: ScoreResult) -> Scored:
        winners = set(result.winners)
        codes = {line.code for line in result.tie_break}
        return cls(
            seats=tuple(ScoredSeat(typed=p.name, colour=colour, vp=p.total, won=p.name in winners,
                                   died=not p.survives, rats=p.rats, estates=dict(p.estates))
                        for p, colour in zip(result.players, setup.colours, strict=True)),
            winning_vp=result.player(result.winners[0]).total if result.winners else None,
            plague_decided=bool(codes & {Code.DEAD_OUTSCORED, Code.NOBODY_WINS}),
            tie_break=next((code for code in TIE_BREAKS if code in codes), None),
            house_rules=setup.house_rules)

    def to_json(self) -> dict[str, Any]:
        return {"seats": [[s.typed, s.colour.value, s.vp, s.won, s.died, s.rats,
                           {e.value: vp for e, vp in s.estates.items()}] for s in self.seats],
                "winning_vp": self.winning_vp, "plague_decided": self.plague_decided,
                "tie_break": None if self.tie_break is None else self.tie_break.value,
                "track_tie": self.house_rules.track_tie.value,
                "all_dead_variant": self.house_rules.all_dead_variant}

    @classmethod
    def from_json(cls, raw: Any) -> Scored:
        """`to_json`'s output back; ValueError, KeyError or TypeError for anything else."""
        def whole(value: Any) -> int:
            if not isinstance(value, int) or isinstance(value, bool):
                raise TypeError(f"not a whole number: {value!r}")
            return value

        def flag(value: Any) -> bool:
            if not isinstance(value, bool):
                raise TypeError(f"not true or false: {value!r}")
            return value

        seats = []
        for typed, colour, vp, won, died, rats, estates in raw["seats"]:
            if not isinstance(typed, str) or not isinstance(estates, dict):
                raise TypeError("not a seat")
            seats.append(ScoredSeat(typed, PlayerColour(colour), whole(vp), flag(won),
                                    flag(died), whole(rats),
                                    {Estate(e): whole(v) for e, v in estates.items()}))
        if not seats:
            raise ValueError("a game without players")
        winning = raw["winning_vp"]
        tie = raw["tie_break"]
        return cls(seats=tuple(seats), winning_vp=None if winning is None else whole(winning),
                   plague_decided=flag(raw["plague_decided"]),
                   tie_break=None if tie is None else Code(tie),
                   house_rules=HouseRules(TrackTie(raw["track_tie"]),
                                          flag(raw["all_dead_variant"])))


def played_from(game_id: str, finished_at: str, setup_code: str | None, scored: Scored,
                aliases: Aliases) -> Played:
    """A game's figures from the engine's score of it, its players under the names they go by."""
    seats = tuple(Seat(name=(goes_by := aliases.resolve(s.typed)), scored=s, key=key_of(goes_by))
                  for s in scored.seats)
    return Played(game_id=game_id, finished_at=finished_at, setup_code=setup_code, seats=seats,
                  winning_vp=scored.winning_vp, plague_decided=scored.plague_decided,
                  tie_break=scored.tie_break, house_rules=scored.house_rules,
                  colours=tuple(s.colour for s in scored.seats),
                  typed_names=tuple(s.typed for s in scored.seats))


def engine_version() -> str:
    """The version of the engine that scores: a hash of the source of `companion.rules` and of
    this module (which turns its result into a `Scored`), worked out once per process. A rules
    fix gives another version, and every kept score is worked out again."""
    global _ENGINE
    if _ENGINE is None:
        import companion.rules
        from companion.store.score_copy import source_version

        _ENGINE = source_version([Path(companion.rules.__file__).parent],
                                 salt=Path(__file__).read_text(encoding="utf-8"))
    return _ENGINE


_ENGINE: str | None = None

_SCORED: dict[tuple[str, str], tuple[EntryKey, Scored | None]] = {}
"""The engine's score per (store file, game), with the key of the game's events it was made
from (`companion.store.score_copy.entry_key`): a game is replayed once and again only after it
changed (a correction writes a new revision). Filled from the copy in the data directory the
first time a store file is read in a process (`_RECALLED`), so a restart replays nothing."""

_RECALLED: dict[str, str] = {}
"""Per store file, the engine version its kept copy was last read or written for."""


def _recall(store: GameStore) -> None:
    """Take the data directory's copy of the scores into this process, once per store file
    and engine version."""
    from companion.store import score_copy

    path, engine = str(store.path), engine_version()
    if _RECALLED.get(path) == engine:
        return
    _RECALLED[path] = engine
    for game_id, entry in score_copy.load(store.path.parent, engine).items():
        try:
            scored = None if entry.value is None else Scored.from_json(entry.value)
        except (KeyError, TypeError, ValueError):
            continue
        _SCORED.setdefault((path, game_id), (entry.key, scored))


def _keep(store: GameStore, listed: Sequence[GameSummary]) -> None:
    """Write the copy of the scores of the games in `listed` (the ones no longer stored go)."""
    from companion.store import score_copy

    path = str(store.path)
    entries: dict[str, score_copy.Entry] = {}
    for summary in listed:
        kept = _SCORED.get((path, summary.game_id))
        if kept is not None and kept[0] == score_copy.entry_key(summary):
            entries[summary.game_id] = score_copy.Entry(
                kept[0], None if kept[1] is None else kept[1].to_json())
    score_copy.save(store.path.parent, engine_version(), entries)


def scored_game(store: GameStore, summary: GameSummary) -> Scored | None:
    """The engine's score of a finished game; None if its events do not end the game, do not
    all decode or break a rule (`StoreBusy` if another program holds the file)."""
    from companion.rules import replay
    from companion.rules.endgame import end_state
    from companion.rules.errors import RuleViolation
    from companion.rules.scoring import score
    from companion.rules.state import Phase
    from companion.store.db import StoreCorrupted
    from companion.store.score_copy import entry_key

    where, key = (str(store.path), summary.game_id), entry_key(summary)
    kept = _SCORED.get(where)
    if kept is not None and kept[0] == key:
        return kept[1]
    scored: Scored | None = None
    try:
        state = replay(store.active_events(summary.game_id))
        if state is not None and state.phase is Phase.FINISHED:
            scored = Scored.of(state.setup, score(end_state(state)))
    except (StoreCorrupted, RuleViolation):
        # Damaged, or events this engine does not take: left out until the game (or the
        # engine) changes, as a game that does not end is.
        scored = None
    _SCORED[where] = (key, scored)
    return scored


def counts(summary: GameSummary) -> bool:
    """Whether a stored game may be one of the group's games: finished, not practice, and not
    known to be damaged (its events are read when it is scored, and a game whose events do not
    all decode is left out then)."""
    return summary.finished and summary.damage is None and not summary.practice


def unscored(store: GameStore, summaries: Sequence[GameSummary] | None = None) -> int:
    """How many finished games have no score, in this process or the data directory's copy,
    for their present events (each takes a replay)."""
    from companion.store.score_copy import entry_key

    _recall(store)
    listed = store.list_games_unchecked() if summaries is None else summaries
    path = str(store.path)
    return sum(1 for g in listed if counts(g)
               and ((kept := _SCORED.get((path, g.game_id))) is None
                    or kept[0] != entry_key(g)))


def load_history(store: GameStore, aliases: Aliases | None = None,
                 summaries: Sequence[GameSummary] | None = None) -> list[Played]:
    """Every finished, readable game in the store, newest first, as the engine scores it
    (`summaries`: the store's list of games if the caller has just read it). Games scored
    here are added to the copy in the data directory."""
    from companion.store.db import StoreError

    names = Aliases.load(store.path.parent) if aliases is None else aliases
    listed = store.list_games_unchecked() if summaries is None else summaries
    key = (str(store.path), tuple(sorted(names.renames.items())),
           tuple((g.game_id, g.revision, g.events, g.updated, g.setup_code, g.finished,
                  g.damage is None, g.practice)
                 for g in listed))
    kept = _LOADED.get(key[0])
    if kept is not None and kept[0] == key:
        return list(kept[1])
    _recall(store)
    before = unscored(store, listed)
    found: list[Played] = []
    for summary in listed:
        if not counts(summary):
            continue
        try:
            scored = scored_game(store, summary)
        except StoreError:
            continue
        if scored is not None:
            found.append(played_from(summary.game_id, summary.updated, summary.setup_code,
                                     scored, names))
    if before:
        _keep(store, [g for g in listed if counts(g)])
    found.sort(key=lambda g: g.finished_at, reverse=True)
    merged = _merged_spelling(found)
    _LOADED[key[0]] = (key, merged)
    return list(merged)


_LOADED: dict[str, tuple[tuple[object, ...], list[Played]]] = {}
"""The last history of each store file, and what it was worked out from (each game's
revision, the renames): the History screen is drawn again and again while nothing changed,
and putting a long history together is not repeated at every drawing."""


def forget() -> None:
    """Drop what this process keeps (as a restart does); the copy in the data directory stays."""
    global _ENGINE
    _SCORED.clear()
    _RECALLED.clear()
    _LOADED.clear()
    _ENGINE = None


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
    """Every pair of `players` (tonight's table): games both played, and the wins of each.

    One pass over the games, not one per pair: with a long history the pairs' passes would be
    most of the History screen's drawing on the server."""
    keys = [key_of(p) for p in players]
    pairs = [(i, j) for i in range(len(keys)) for j in range(i + 1, len(keys))]
    tally = [[0, 0, 0] for _ in pairs]
    wanted = set(keys)
    for game in games:
        present: dict[str, Seat] = {}
        for seat in game.seats:
            if seat.key in wanted:
                present.setdefault(seat.key, seat)
        if not present:
            continue
        for counted, (i, j) in zip(tally, pairs, strict=True):
            a, b = present.get(keys[i]), present.get(keys[j])
            if a is not None and b is not None:
                counted[0] += 1
                counted[1] += a.won
                counted[2] += b.won
    return [HeadToHead(players[i], players[j], both, first, second)
            for (i, j), (both, first, second) in zip(pairs, tally, strict=True)]


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
