"""What each screen sees: the table no rats until the plague check, a phone only its own."""

import json
from dataclasses import fields

from support.engine_games import Game, setup_for
from support.simulate import random_game

from companion.rules import events as ev
from companion.rules import replay
from companion.rules.catalog import Building
from companion.rules.setup import setup_code
from companion.rules.views import TableView, own_view, player_json, public_view


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
    view = public_view(game.state)
    assert view.rats is None
    assert not {"ledgers", "ledger", "nun_notes"} & {f.name for f in fields(TableView)}
    assert view.step.prompt == "take_actions"
    reveal = view.resolutions[0].reveals[0].reveal
    assert reveal is not None and reveal.other == 1
    finished = replay(random_game(4, 3))
    assert finished is not None
    shown = public_view(finished)
    # No rats were typed in at the end, so the rats shown are each player's own count.
    assert all(v is not None and v.rats is None for v in finished.end_values)
    assert shown.rats == finished.rats


def test_table_view_tracks_and_history():
    state = replay(random_game(11, 4))
    assert state is not None
    view = public_view(state)
    assert len(view.tracks) == 6
    assert all(sorted(arrival) == [0, 1, 2, 3] for arrival in view.arrival)
    assert [r.number for r in view.rounds if r.influence] == list(range(1, 9))
    assert list(view.rounds[-1].influence) == [tuple(t.values) for t in view.tracks]
    assert setup_code(view.setup)


def test_player_view_shows_only_that_player():
    game = game_with_secrets()
    mine = player_json(own_view(game.state, 0))
    assert mine["rats"] == 10 - 3 + 1
    assert [e["entry_id"] for e in mine["ledger"]] == ["1.p1", "1.1.reveal"]
    assert mine["nun_notes"] == [None, None, None, None, 1]
    theirs = player_json(own_view(game.state, 1))
    assert theirs["rats"] == 10 and theirs["ledger"] == []
    assert theirs["nun_notes"] == [None, 4, None, None, None]
    assert "4" not in json.dumps(mine["nun_notes"])
    assert json.loads(json.dumps(mine)) == mine  # plain JSON, as a phone receives it
