"""A finished game goes to BG Stats as a play link, shown as a QR code."""

from __future__ import annotations

import io
from datetime import datetime
from pathlib import Path

import pytest
import zxingcpp
from PIL import Image
from support.sessions import game_state
from support.simulate import random_game

from companion.qr import qr_png
from companion.rules.catalog import Estate
from companion.rules.endgame import end_state
from companion.rules.scoring import EndState, score
from companion.store.bgstats import (
    DIED_ROLE,
    LINK_PREFIX,
    bgstats_link,
    game_play_link,
    play_from_link,
    winners_text,
)
from companion.store.db import GameStore, StoreError
from companion.store.session import Session

PLAYED_AT = datetime(2026, 3, 14, 20, 15, 0)


def three_player_end(nuns: int = 8) -> EndState:
    return EndState(
        players=("Anna", "Ben", "Cleo"),
        influence={Estate.CHURCH: {"Anna": 4, "Ben": 2, "Cleo": 1},
                   Estate.ROYALTY: {"Ben": 5, "Cleo": 3}},
        rats={"Anna": 6, "Ben": 12, "Cleo": 3},
        nuns=nuns,
    )


def players_of(play: dict[str, object]) -> list[dict[str, object]]:
    """The play's players, each a JSON object (narrowed for the reader and for mypy)."""
    players = play["players"]
    assert isinstance(players, list) and all(isinstance(p, dict) for p in players), players
    return players


def test_the_link_opens_bg_stats_create_play_with_every_player_and_score() -> None:
    result = score(three_player_end())
    link = bgstats_link(result, play_id="g1", played_at=PLAYED_AT, duration_min=45,
                        start_player="Cleo")
    assert link.startswith(LINK_PREFIX)
    play = play_from_link(link)
    assert play["sourcePlayId"] == "g1"
    assert play["playDate"] == "2026-03-14 20:15:00"
    assert play["durationMin"] == 45
    game = play["game"]
    assert isinstance(game, dict) and game["name"] == "Rattus Cartus"
    assert [(p["name"], p["score"]) for p in players_of(play)] == [
        (p.name, p.total) for p in result.players]
    assert [p["startPlayer"] for p in players_of(play)] == [False, False, True]


def test_a_player_killed_by_the_plague_cannot_win_despite_the_most_vp() -> None:
    """R-SCORE-6: Ben has the most VP but 12 rats against 8 nuns; Anna wins."""
    result = score(three_player_end(nuns=8))
    play = play_from_link(bgstats_link(result, play_id="g1", played_at=PLAYED_AT))
    by_name = {p["name"]: p for p in players_of(play)}
    ben, anna = by_name["Ben"]["score"], by_name["Anna"]["score"]
    assert isinstance(ben, int) and isinstance(anna, int)
    assert ben > anna
    assert by_name["Ben"]["winner"] is False and by_name["Ben"]["role"] == DIED_ROLE
    assert by_name["Anna"]["winner"] is True
    assert winners_text(result) == f"Anna ({result.player('Anna').total} VP)"


def test_when_everyone_dies_nobody_wins_in_bg_stats_either() -> None:
    """R-SCORE-7: all dead, all lose."""
    result = score(three_player_end(nuns=0))
    play = play_from_link(bgstats_link(result, play_id="g1", played_at=PLAYED_AT))
    assert not any(p["winner"] for p in players_of(play))
    assert winners_text(result) is None


def test_names_with_spaces_and_umlauts_survive_the_link() -> None:
    end = EndState(players=("Jörg Müller", "Ann & Co"), rats={}, nuns=3)
    play = play_from_link(bgstats_link(score(end), play_id="g2", played_at=PLAYED_AT))
    assert [p["name"] for p in players_of(play)] == ["Jörg Müller", "Ann & Co"]


def test_the_qr_code_scans_back_to_the_exact_link_for_five_players() -> None:
    end = EndState(players=("Anna", "Ben", "Cleo", "Dora", "Emil"),
                   influence={Estate.MAGIC: {"Dora": 3}}, rats={}, nuns=5)
    link = bgstats_link(score(end), play_id="5c0ffee5", played_at=PLAYED_AT, duration_min=70)
    image = Image.open(io.BytesIO(qr_png(link)))
    decoded = zxingcpp.read_barcodes(image)
    assert [d.text for d in decoded] == [link]


def test_a_finished_stored_game_gets_its_link_with_date_length_and_start_player(
        tmp_path: Path) -> None:
    events = random_game(12, 4)
    with GameStore.open(tmp_path) as store:
        session = Session.start(store, events[0])
        for event in events[1:]:
            session.submit(event)
        link = game_play_link(store, session.game_id)
        created = datetime.fromisoformat(store.game(session.game_id).created)
    state = game_state(session)
    result = score(end_state(state))
    play = play_from_link(link)
    assert play["sourcePlayId"] == session.game_id
    assert play["playDate"] == created.astimezone().strftime("%Y-%m-%d %H:%M:%S")
    duration = play["durationMin"]
    assert isinstance(duration, int) and duration >= 1
    assert [p["score"] for p in players_of(play)] == [p.total for p in result.players]
    assert [p["winner"] for p in players_of(play)] == [
        p.name in result.winners for p in result.players]
    starter = state.setup.names[state.setup.start_player]
    assert [p["name"] for p in players_of(play) if p["startPlayer"]] == [starter]


def test_an_unfinished_game_has_no_link_yet(tmp_path: Path) -> None:
    events = random_game(12, 2)
    with GameStore.open(tmp_path) as store:
        session = Session.start(store, events[0])
        session.submit(events[1])
        with pytest.raises(StoreError, match="not finished yet"):
            game_play_link(store, session.game_id)
