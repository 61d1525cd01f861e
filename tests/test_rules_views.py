"""What each screen sees: the table no rats until the plague check, a phone only its own."""

import json

from support.engine_games import Game, setup_for

from companion.rules import events as ev
from companion.rules import replay
from companion.rules.catalog import Building
from companion.rules.simulate import random_game
from companion.rules.views import player_view, table_view


def game_with_secrets() -> Game:
    game = Game(setup_for(3))
    game.play(ev.RatsChanged(0, -3, ev.RatReason.SUPPLY_DISCARD), ev.NunCardNoted(1, 2, 4),
              ev.NunCardNoted(0, 5, 1))
    game.round((Building.FARM, Building.MONASTERY), [(0, 0, 2), (1, 1, 1), (2, 1, 0)])
    game.play(ev.Revealed(0, 0, 1, 1))
    return game


def test_table_view_has_no_rats_until_the_plague_check():
    # R-SETUP-1 (rats kept secret), R-SCORE-6 (revealed at the plague check)
    game = game_with_secrets()
    view = table_view(game.state)
    text = json.dumps(view)
    assert "rats" not in view and "ledger" not in text and "nun_notes" not in text
    assert view["step"]["prompt"] == "take_actions"
    assert view["resolutions"][0]["reveals"][0]["revealed"]["other"] == 1
    finished = replay(random_game(4, 3))
    shown = table_view(finished)
    # No rats were typed in at the end, so the rats shown are each player's own count.
    assert all(v is not None and v.rats is None for v in finished.end_values)
    assert shown["rats"] == list(finished.rats)
    assert json.loads(json.dumps(shown)) == shown


def test_table_view_tracks_and_history():
    state = replay(random_game(11, 4))
    view = table_view(state)
    assert len(view["tracks"]) == 6
    assert all(sorted(t["arrival"]) == [0, 1, 2, 3] for t in view["tracks"])
    assert [h["round"] for h in view["history"]] == list(range(1, 9))
    assert view["history"][-1]["influence"] == [t["values"] for t in view["tracks"]]
    assert view["setup"]["code"]


def test_player_view_shows_only_that_player():
    game = game_with_secrets()
    mine = player_view(game.state, 0)
    assert mine["rats"] == 10 - 3 + 1
    assert [e["entry_id"] for e in mine["ledger"]] == ["1.p1", "1.1.reveal"]
    assert mine["nun_notes"] == [None, None, None, None, 1]
    theirs = player_view(game.state, 1)
    assert theirs["rats"] == 10 and theirs["ledger"] == []
    assert theirs["nun_notes"] == [None, 4, None, None, None]
    assert "4" not in json.dumps(mine["nun_notes"])
    assert json.loads(json.dumps(mine)) == mine  # plain JSON, as a phone receives it
