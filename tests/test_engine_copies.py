"""The players' own deck: a building comes up no more often than the game has cards of it
(R-COMP-4, R-SETUP-2), counting the cards in the rows so far and those put under the
replacement stack (R-ROUND-A, R-SETUP-5).

The evening this comes from: 2 players, a chosen selection with 3 Monasteries. In round 1
two Monasteries came up; the second was replaced and put under the replacement stack. In
round 2 one more came up: all 3 are accounted for, and a 4th in round 3 is a mistake.
"""

from support.engine_games import Game, next_actor, setup_for

from companion.i18n import translator
from companion.i18n.words import words
from companion.rules import apply_recorded, replay
from companion.rules import events as ev
from companion.rules.catalog import Building
from companion.rules.copies import copies_left, whereabouts
from companion.rules.setup import SelectionMethod
from companion.rules.state import Phase

FARM, MARKET, MONASTERY, HOSPITAL, CASTLE, PALACE, TENT = (
    Building.FARM, Building.MARKET, Building.MONASTERY, Building.HOSPITAL, Building.CASTLE,
    Building.PALACE, Building.FORTUNE_TELLERS_TENT)

THREE_MONASTERIES = {FARM: 5, MARKET: 5, MONASTERY: 3, HOSPITAL: 2, CASTLE: 5, PALACE: 5,
                     TENT: 5}


def finish_round(game: Game) -> None:
    """Supply, everyone in the first building with no cards, its actions, the round's end."""
    game.play(ev.SupplyDone())
    while game.state.phase is Phase.C:
        game.play(ev.Entered(next_actor(game.state), 0, 0))
    for b in range(len(game.state.row)):
        if game.state.phase is Phase.D:
            game.play(ev.BuildingResolved(b))
    game.play(ev.RoundEnded())


def the_evening() -> Game:
    game = Game(setup_for(2, method=SelectionMethod.CHOSEN, manual=THREE_MONASTERIES))
    game.play(ev.BuildingsRevealed((MONASTERY, FARM), (MONASTERY,)))
    finish_round(game)
    game.play(ev.BuildingsRevealed((MONASTERY, MARKET)))
    finish_round(game)
    return game


def test_a_monastery_beyond_the_three_in_play_is_refused():
    # R-COMP-4 / R-ROUND-A: 1 discarded with round 1's row, 1 under the replacement stack,
    # 1 discarded with round 2's row: none is left.
    game = the_evening()
    where = whereabouts(game.state.setup, game.state.rounds)[MONASTERY]
    assert (where.discarded, where.in_row, where.under_stack) == (2, 0, 1)
    assert copies_left(game.state.setup, game.state.rounds)[MONASTERY] == 0
    refused = game.refuse(ev.BuildingsRevealed((MONASTERY, CASTLE)), "R-COMP-4", "no_copy_left")
    assert refused.params == {"building": "monastery", "copies": 3, "discarded": 2,
                              "under": 1, "left": 0, "shown": 1}
    assert words(translator("en"), refused) == (
        "The Monastery has 3 cards in this game: 2 discarded with earlier rows, 1 under the "
        "Replacement deck. So 0 can come up now, not 1.")
    game.play(ev.BuildingsRevealed((HOSPITAL, CASTLE)))
    assert copies_left(game.state.setup, game.state.rounds)[HOSPITAL] == 1


def test_the_last_copy_can_still_come_up_and_two_cannot():
    # R-COMP-4: after round 1 (one Monastery discarded, one under the stack) one is left.
    game = Game(setup_for(2, method=SelectionMethod.CHOSEN, manual=THREE_MONASTERIES))
    game.play(ev.BuildingsRevealed((MONASTERY, FARM), (MONASTERY,)))
    assert whereabouts(game.state.setup, game.state.rounds)[MONASTERY].in_row == 1
    finish_round(game)
    left = copies_left(game.state.setup, game.state.rounds)
    assert left[MONASTERY] == 1 and left[FARM] == 4
    refused = game.refuse(ev.BuildingsRevealed((MONASTERY, FARM), (MONASTERY,)), "R-COMP-4",
                          "no_copy_left")
    assert (refused.params["left"], refused.params["shown"]) == (1, 2)
    # a row being laid out: the table has tapped one Monastery so far
    assert copies_left(game.state.setup, game.state.rounds, (MONASTERY,))[MONASTERY] == 0
    game.play(ev.BuildingsRevealed((FARM, MONASTERY)))
    assert copies_left(game.state.setup, game.state.rounds)[MONASTERY] == 0


def test_cards_under_the_stack_come_up_again_once_the_stack_has_turned():
    # R-ROUND-A / R-SETUP-5: with 2 players the stack has 10 cards; the 11th replacement takes
    # the first card put under it, which then lies in that row and counts there.
    setup = setup_for(2, method=SelectionMethod.CHOSEN, manual={
        FARM: 5, MARKET: 5, MONASTERY: 5, CASTLE: 5, PALACE: 5, TENT: 5})
    game = Game(setup)
    game.play(ev.BuildingsRevealed((FARM, MARKET), (FARM,) * 4))  # all 5 Farms are out
    finish_round(game)
    game.refuse(ev.BuildingsRevealed((FARM, PALACE)), "R-COMP-4", "no_copy_left")
    game.play(ev.BuildingsRevealed((MARKET, CASTLE), (MARKET,) * 3))
    finish_round(game)
    game.play(ev.BuildingsRevealed((PALACE, TENT), (PALACE,) * 3))
    finish_round(game)
    # 10 cards were put under: 4 Farms, 3 Markets, 3 Palaces. One more replacement brings
    # the first Farm back up, as the row's last card.
    assert whereabouts(setup, game.state.rounds)[FARM].under_stack == 4
    game.play(ev.BuildingsRevealed((CASTLE, FARM), (CASTLE,)))
    where = whereabouts(setup, game.state.rounds)[FARM]
    assert (where.discarded, where.in_row, where.under_stack) == (1, 1, 3)


def test_a_game_stored_before_the_count_still_folds():
    # An app before this rule accepted the 4th Monastery; the stored game replays as it was
    # recorded, and the next row is checked in full.
    game = the_evening()
    stored = [*game.events, ev.BuildingsRevealed((MONASTERY, CASTLE))]
    state = None
    for event in stored:
        state = apply_recorded(state, event)
    assert state == replay(stored)
    assert state is not None and state.row == (MONASTERY, CASTLE)
