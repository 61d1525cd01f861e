"""At the end of the game each player confirms, on their own device, the rats they will reveal
at the plague check (R-SCORE-6); the table sees who has confirmed, never how many."""


from support.engine_games import Game, play_to_the_end, setup_for

from companion.i18n import translator
from companion.i18n.words import words
from companion.rules import events as ev
from companion.rules.setup import DeckMode
from companion.rules.state import Phase
from companion.rules.views import own_view, public_view

RED, YELLOW, GREEN = 0, 1, 2


def three_player_game() -> Game:
    return Game(setup_for(3, deck=DeckMode.DIGITAL))


def test_rats_are_confirmed_only_once_the_last_round_is_over():
    # R-SCORE-6: the plague check comes after the last round; a count confirmed earlier
    # would still change.
    game = three_player_game()
    error = game.refuse(ev.RatsConfirmed(RED), "R-SCORE-6", "not_allowed_now")
    assert "once the last round is over" in words(translator("en"), error)
    play_to_the_end(game)
    assert game.state.phase is Phase.END
    game.play(ev.RatsConfirmed(RED))
    assert game.state.rats_confirmed == (True, False, False)


def test_a_player_sees_their_own_confirmation_and_the_table_only_who_confirmed():
    # R-SCORE-6: rats are revealed at the plague check, not before; R-SETUP-1 keeps them secret.
    game = three_player_game()
    play_to_the_end(game)
    game.play(ev.RatsConfirmed(YELLOW))
    assert own_view(game.state, YELLOW).rats_confirmed is True
    assert own_view(game.state, RED).rats_confirmed is False
    table = public_view(game.state)
    assert table.rats_confirmed == (False, True, False)
    assert table.rats is None and not table.at_plague_check


def test_confirming_twice_is_refused_and_changes_nothing():
    # R-SCORE-6: one confirmation per count, so the player's own undo takes it back in one step.
    game = three_player_game()
    play_to_the_end(game)
    game.play(ev.RatsConfirmed(GREEN))
    error = game.refuse(ev.RatsConfirmed(GREEN), "R-SCORE-6", "already_confirmed")
    assert error.params == {"player": "Green"}


def test_a_player_who_changes_their_rats_must_confirm_again():
    # R-SCORE-6: what is confirmed is the count shown at the plague check.
    game = three_player_game()
    play_to_the_end(game)
    game.play(ev.RatsConfirmed(RED), ev.RatsConfirmed(YELLOW))
    game.play(ev.RatsChanged(RED, 1, ev.RatReason.CORRECTION))
    assert game.state.rats_confirmed == (False, True, False)
    game.play(ev.RatsConfirmed(RED))
    assert game.state.rats_confirmed == (True, True, False)


def test_a_table_correction_that_changes_a_players_rats_takes_their_confirmation_back():
    # R-ROUND-D a: a revealed card of another estate is a rat; correcting it changes the count.
    game = three_player_game()
    state = play_to_the_end(game)
    game.play(ev.RatsConfirmed(RED), ev.RatsConfirmed(YELLOW))
    game.play(ev.RevealCorrected(state.round, RED, matching=1, other=0))
    assert game.state.rats[RED] == state.rats[RED] - 1
    assert game.state.rats_confirmed == (False, True, False)


def test_confirming_is_still_possible_after_everything_is_entered():
    # R-SCORE-6: the end values can still be corrected, so a confirmation may come late too.
    game = three_player_game()
    play_to_the_end(game)
    game.play(*(ev.EndValuesEntered(p, hand=1) for p in (RED, YELLOW, GREEN)), ev.NunsCounted(12))
    assert game.state.phase is Phase.FINISHED
    game.play(ev.RatsConfirmed(GREEN))
    assert public_view(game.state).rats_confirmed[GREEN] is True


def test_only_a_seat_of_the_game_can_confirm():
    game = three_player_game()
    play_to_the_end(game)
    game.refuse(ev.RatsConfirmed(3), "EVENT", "no_such_player")
    game.refuse(ev.RatsConfirmed("0"), "EVENT", "malformed_event")  # type: ignore[arg-type]


def test_once_scored_a_players_own_notes_are_refused() -> None:
    # R-SCORE-6: the rats revealed are the result; only the table corrects it from then on.
    game = three_player_game()
    play_to_the_end(game)
    game.play(ev.RatsChanged(RED, -1, ev.RatReason.SUPPLY_DISCARD))
    game.play(*(ev.EndValuesEntered(p, hand=1) for p in (RED, YELLOW, GREEN)), ev.NunsCounted(12))
    assert game.state.phase is Phase.FINISHED
    entry = game.state.ledgers[RED][-1].entry_id
    game.refuse(ev.RatsChanged(RED, 2, ev.RatReason.CORRECTION), "R-SCORE-6", "game_scored")
    game.refuse(ev.NunCardNoted(RED, 1, 2), "R-SCORE-6", "game_scored")
    game.refuse(ev.RatChangeDisputed(RED, entry), "R-SCORE-6", "game_scored")
