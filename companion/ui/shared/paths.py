"""The table's addresses, built in one place so a screen links to another without importing it."""

from __future__ import annotations

HOME = "/"
PAST_GAMES = "/games"
SCORE_SHEET = "/score"
SETUP_PLAYERS = "/setup/players"
SETUP_BUILDINGS = "/setup/buildings"
SETUP_OPTIONS = "/setup/options"
SETUP_CHECKLIST = "/setup/checklist"
HISTORY = "/history"


def game_route(game_id: str) -> str:
    return f"/game/{game_id}"


def play_route(game_id: str) -> str:
    return f"/game/{game_id}/play"


def corrections_route(game_id: str) -> str:
    """Where the corrections of a game are (the round screen and the end link here)."""
    return f"/game/{game_id}/correct"


def phones_route(game_id: str) -> str:
    return f"/game/{game_id}/phones"


def private_route(game_id: str, seat: int) -> str:
    return f"/game/{game_id}/private/{seat}"
