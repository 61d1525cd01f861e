"""The engine's quick `replace` makes the very state `dataclasses.replace` makes.

Every event of a replay makes a new state with a few fields changed; the quick copy (issue 23:
1,000 stored games replayed for the history) must not change a single field of any state a
game goes through, nor accept a field the state does not have.
"""

import dataclasses

import pytest
from support.simulate import random_game

from companion.rules.engine import evolve
from companion.rules.frozen import replace
from companion.rules.state import GameState, Phase, RevealCursor


def test_every_state_of_a_random_game_copies_as_dataclasses_replace_does() -> None:
    state: GameState | None = None
    for event in random_game(7, 4, corrections=True):
        state = evolve(state, event)
        quick = replace(state, clock=state.clock + 1, rounds=state.rounds[:-1])
        slow = dataclasses.replace(state, clock=state.clock + 1, rounds=state.rounds[:-1])
        assert quick == slow
        assert vars(quick) == vars(slow)  # the fields left out of == too (occupants, queue)
        assert quick.clock == state.clock + 1 and state.clock == slow.clock - 1
        record = state.rounds[-1]
        assert vars(replace(record, resolved=())) == vars(dataclasses.replace(record,
                                                                              resolved=()))
    assert state is not None and state.phase is Phase.FINISHED


def test_a_field_the_state_does_not_have_is_refused() -> None:
    state = evolve(None, random_game(3, 2)[0])
    with pytest.raises(TypeError):
        replace(state, rats_count=3)


def test_a_dataclass_with_slots_goes_through_dataclasses_replace() -> None:
    cursor = RevealCursor(building=1, player=0)
    assert replace(cursor, player=2) == RevealCursor(building=1, player=2)
    with pytest.raises(TypeError):
        replace(cursor, seat=2)



def test_a_setup_with_cached_figures_is_copied_afresh() -> None:
    # R-SETUP-6: the rounds follow the number of players; a figure cached on the old setup
    # must not ride along into the new one
    from companion.rules.catalog import PlayerColour
    from companion.rules.setup import DeckMode, SelectionMethod, make_setup

    setup = make_setup([("Anna", PlayerColour.RED), ("Ben", PlayerColour.BLUE)],
                       SelectionMethod.FIRST_GAME, 1, DeckMode.DIGITAL, 0)
    assert (setup.player_count, setup.rounds) == (2, 10)  # worked out, and kept on it
    three = replace(setup, names=("Anna", "Ben", "Cleo"))
    assert (three.player_count, three.rounds) == (3, 9)
