"""The end-of-game adapter: a finished game mapped into the scoring's EndState."""

import pytest
from support.engine_games import Game, setup_for
from support.simulate import random_game

from companion.rules import RuleViolation, replay, reveal_event
from companion.rules import events as ev
from companion.rules.catalog import Estate, Special
from companion.rules.endgame import end_state
from companion.rules.guide import Enter, RevealBuildings, Supply, TakeActions, step_at
from companion.rules.house_rules import HouseRules, TrackTie
from companion.rules.scoring import score
from companion.rules.setup import DeckMode
from companion.rules.state import Phase


def tied_game(tie: TrackTie) -> tuple[Game, Estate]:
    """3 players; in round 1 Red then Yellow each gain 2 in the first building's estate."""
    game = Game(setup_for(3, deck=DeckMode.DIGITAL, house_rules=HouseRules(track_tie=tie)))
    game.play(reveal_event(game.state), ev.SupplyDone(), ev.Entered(0, 0, 2),
              ev.Entered(1, 0, 2), ev.Entered(2, 1, 0),
              ev.Revealed(0, 0, 2, 0), ev.Revealed(1, 0, 2, 0))
    estate = game.state.record.estate(0)
    while game.state.phase is not Phase.END:
        step = step_at(game.state)
        if isinstance(step, RevealBuildings):
            game.play(reveal_event(game.state))
        elif isinstance(step, Supply):
            game.play(ev.SupplyDone())
        elif isinstance(step, Enter):
            game.play(ev.Entered(step.actor, 1, 0))
        elif isinstance(step, TakeActions):
            game.play(ev.BuildingResolved(step.building))
        else:
            game.play(ev.RoundEnded())
    return game, estate


def finish(game: Game) -> None:
    for p in range(game.state.players):
        game.play(ev.EndValuesEntered(p, hand=2, swords=p, markers=1))
    game.play(ev.NunsCounted(20))


@pytest.mark.parametrize("tie,winner", [(TrackTie.TOP_WINS, "Yellow"),
                                        (TrackTie.BOTTOM_WINS, "Red")])
def test_track_ties_are_decided_by_arrival(tie, winner):
    # R-SCORE-1 with R-ROUND-D a: Yellow's disc arrived later and lies on top of Red's.
    game, estate = tied_game(tie)
    with pytest.raises(RuleViolation) as info:
        end_state(game.state)
    assert info.value.code == "game_not_finished"
    finish(game)
    end = end_state(game.state)
    assert end.influence[estate] == {"Red": 2, "Yellow": 2, "Green": 0}
    assert end.arrival[estate][-2:] == ("Red", "Yellow")
    result = score(end)
    assert result.player(winner).estates[estate] == 10
    loser = "Red" if winner == "Yellow" else "Yellow"
    assert result.player(loser).estates[estate] == 5


def test_end_state_takes_the_entered_values_and_rats():
    # R-SCORE-6: the rats shown at the plague check override the ledger if entered.
    game, _ = tied_game(TrackTie.TOP_WINS)
    game.play(ev.EndValuesEntered(0, hand=4, swords=3, markers=7, rats=2),
              ev.EndValuesEntered(1, hand=1), ev.EndValuesEntered(2, hand=0, swords=1),
              ev.NunsCounted(9))
    end = end_state(game.state)
    assert end.players == ("Red", "Yellow", "Green")
    assert end.in_play == frozenset({Special.SWORD})
    assert end.specials == {Special.SWORD: {"Red": 3, "Yellow": 0, "Green": 1}}
    assert end.hand == {"Red": 4, "Yellow": 1, "Green": 0}
    assert end.markers["Red"] == 7 and end.gold == {}
    assert end.rats == {"Red": 2, "Yellow": game.state.rats[1], "Green": game.state.rats[2]}
    assert end.nuns == 9


@pytest.mark.parametrize("seed", range(12))
def test_random_finished_games_score(seed):
    state = replay(random_game(seed, 2 + seed % 4))
    assert state is not None
    result = score(end_state(state))
    assert [p.name for p in result.players] == list(state.setup.names)
    for i, estate in enumerate(Estate):
        assert sorted(end_state(state).arrival[estate]) == sorted(state.setup.names)
        assert dict(end_state(state).influence[estate]) == dict(
            zip(state.setup.names, state.tracks[i].values, strict=True))
