"""Sending a finished game to BG Stats, the play logger many groups already use.

BG Stats accepts plays pushed from other apps as a link that opens the app with a pre-filled
play: `bgstats://app.bgstatsapp.com/createPlay.html?data=<URL-encoded JSON>`. The table shows
the link as a QR code; a phone with BG Stats scans it and the play is logged without typing.
The JSON carries the source app, a stable id for the play (so scanning twice does not log the
game twice), the date and length of the game, and each player's score and win.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from datetime import datetime
from urllib.parse import quote, unquote

from companion.rules.scoring import ScoreResult
from companion.rules.state import Phase
from companion.safe_json import JsonRefused, load_json
from companion.store.db import EventStatus, GameStore, StoreError
from companion.store.problems import StoreProblem as P

LINK_PREFIX = "bgstats://app.bgstatsapp.com/createPlay.html?data="
SOURCE_NAME = "Rattus Cartus Companion"
GAME_NAME = "Rattus Cartus"
SOURCE_GAME_ID = "rattus-cartus"
DIED_ROLE = "died of the plague"


def bgstats_play(result: ScoreResult, *, play_id: str, played_at: datetime,
                 duration_min: int | None = None, start_player: str | None = None,
                 colours: Mapping[str, str] | None = None) -> dict[str, object]:
    """The play as BG Stats' JSON: VP as scores, the winners from the scoring, not the VP.

    A player who died of the plague keeps their VP as score but cannot win (R-SCORE-6), so
    "winner" is taken from the result rather than from the highest score.
    """
    players: list[dict[str, object]] = []
    for seat, player in enumerate(result.players, start=1):
        entry: dict[str, object] = {
            "name": player.name,
            "sourcePlayerId": player.name,
            "score": player.total,
            "winner": player.name in result.winners,
            "startPlayer": player.name == start_player,
            "seatOrder": seat,
        }
        if not player.survives:
            entry["role"] = DIED_ROLE
        if colours and player.name in colours:
            entry["color"] = colours[player.name]
        players.append(entry)
    play: dict[str, object] = {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": play_id,
        "playDate": played_at.strftime("%Y-%m-%d %H:%M:%S"),
        "game": {
            "name": GAME_NAME,
            "sourceGameId": SOURCE_GAME_ID,
            "highestWins": True,
            "noPoints": False,
            "cooperative": False,
        },
        "players": players,
    }
    if duration_min is not None:
        play["durationMin"] = duration_min
    return play


def bgstats_link(result: ScoreResult, **play: object) -> str:
    """The `bgstats://` link that opens BG Stats with this play filled in."""
    return link_for(bgstats_play(result, **play))  # type: ignore[arg-type]


def link_for(play: Mapping[str, object]) -> str:
    text = json.dumps(play, separators=(",", ":"), ensure_ascii=False)
    return LINK_PREFIX + quote(text, safe="")


def play_from_link(link: str) -> dict[str, object]:
    """The play a link carries (what BG Stats will read), for tests and for showing it."""
    if not link.startswith(LINK_PREFIX):
        raise ValueError(f"not a BG Stats play link: {link[:40]}...")
    data = load_json(unquote(link[len(LINK_PREFIX):]))
    if isinstance(data, dict):
        return data
    raise JsonRefused("the link's data is not a play", reason="not_a_play")


def winners_text(result: ScoreResult) -> str | None:
    """The winner summary stored with a finished game ("Anna (54 VP)"), None if all died."""
    if not result.winners:
        return None
    return ", ".join(f"{name} ({result.player(name).total} VP)" for name in result.winners)


_WINNER = re.compile(r"(?P<name>.+?) \((?P<vp>[0-9]{1,9}) VP\)(?:, |$)")


def winners_values(summary: str | None) -> list[tuple[str, int]] | None:
    """The names and VP in a stored winner summary (`winners_text`), for a screen or a
    terminal to say in its own language; None if the summary is not in that form (an old or
    foreign record), so the caller shows it as it is."""
    if not summary:
        return None
    found = [(m["name"], int(m["vp"])) for m in _WINNER.finditer(summary)]
    rebuilt = ", ".join(f"{name} ({vp} VP)" for name, vp in found)
    return found if found and rebuilt == summary else None


def game_play_link(store: GameStore, game_id: str) -> str:
    """The BG Stats link of a finished stored game: scored by the engine, timed by the store.

    The play date is when the game started (local time, as BG Stats shows it) and the length
    runs to the last step taken; the setup supplies the start player and the colours.
    """
    from companion.rules.endgame import end_state
    from companion.rules.engine import replay
    from companion.rules.scoring import score

    if store.game(game_id).practice:
        raise StoreError(P.PRACTICE_GAME, game=game_id)
    stored = [e for e in store.events(game_id) if e.status is EventStatus.ACTIVE]
    state = replay([e.event for e in stored])
    if state is None or state.phase is not Phase.FINISHED:
        raise StoreError(P.NOT_FINISHED, game=game_id)
    setup = state.setup
    started = datetime.fromisoformat(store.game(game_id).created)
    ended = datetime.fromisoformat(stored[-1].appended_at)
    minutes = max(1, round((ended - started).total_seconds() / 60))
    return bgstats_link(score(end_state(state)), play_id=game_id,
                        played_at=started.astimezone(), duration_min=minutes,
                        start_player=setup.names[setup.start_player],
                        colours=dict(zip(setup.names, (str(c) for c in setup.colours),
                                         strict=True)))
