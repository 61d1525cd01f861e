"""The rulebook's worked example (seeds 001 and 003): a 4-player round with a Fortune Teller's
Tent and two Monasteries, a Sword, and a player who enters with no cards."""

from support.engine_games import Game, setup_for, step_is

from companion.rules import events as ev
from companion.rules.catalog import ActionKind, Building, Estate, Special
from companion.rules.guide import Enter, Prompt, RevealCards, step_at
from companion.rules.resolution import PremiumReason, SpecialOutcome, resolve_building
from companion.rules.state import Phase

RED, YELLOW, GREEN, BLUE = range(4)
TENT, MONASTERY_1, MONASTERY_2 = range(3)
ROW = (Building.FORTUNE_TELLERS_TENT, Building.MONASTERY, Building.MONASTERY)


def example() -> Game:
    # R-SETUP-2 (d): the first-game set has the Tent, the Monastery and the Castle (Swords).
    game = Game(setup_for(4, start=RED))
    game.play(ev.BuildingsRevealed(ROW))
    return game


def test_supply_choices_of_the_example():
    # R-ROUND-B: "draw 2 and look at 1 (Tent), draw 4 (a Monastery) or discard 2 rats (the other
    # Monastery)": only the rat discard changes what the app tracks, privately.
    game = example()
    assert step_at(game.state).prompt is Prompt.SUPPLY
    game.play(ev.RatsChanged(GREEN, -2, ev.RatReason.SUPPLY_DISCARD),
              ev.NunCardNoted(YELLOW, 3, 4), ev.SupplyDone())
    assert game.state.rats == (10, 10, 8, 10)
    assert game.state.nun_notes[YELLOW] == (None, None, 4, None, None)
    assert game.state.phase is Phase.C


def test_entering_the_example():
    # R-ROUND-C: from the start player clockwise, each on the leftmost free slot.
    game = example()
    game.play(ev.SupplyDone())
    assert step_at(game.state).actor == RED
    game.play(ev.Entered(RED, MONASTERY_1, 4))
    assert step_at(game.state).actor == YELLOW
    game.play(ev.Entered(YELLOW, TENT, 3))
    game.play(ev.Entered(GREEN, MONASTERY_2, 0))
    step = step_is(Enter, game.state)
    assert step.actor == BLUE
    assert [o.slot for o in step.options] == [2, 2, 2]
    game.play(ev.Entered(BLUE, MONASTERY_2, 1))
    assert game.state.record.entrants(MONASTERY_2) == (GREEN, BLUE)
    assert game.state.phase is Phase.D


def test_resolving_the_example():
    # R-ROUND-D: buildings in row order; the Tent first, as the book says.
    game = example()
    game.play(ev.SupplyDone(), ev.Entered(RED, MONASTERY_1, 4), ev.Entered(YELLOW, TENT, 3),
              ev.Entered(GREEN, MONASTERY_2, 0), ev.Entered(BLUE, MONASTERY_2, 1))
    step = step_is(RevealCards, game.state)
    assert (step.prompt, step.actor, step.building) == (Prompt.REVEAL_CARDS, YELLOW, TENT)
    assert step.reveal.declared == 3

    # Yellow: two witches (Magic, like the Tent) and a monk: 3 Magic influence, 1 rat.
    game.play(ev.Revealed(YELLOW, TENT, matching=2, other=1))
    tent = resolve_building(game.state, 1, TENT)
    assert tent.premium == YELLOW and tent.premium_reason is PremiumReason.ALONE
    assert tent.actions[0].action.kind is ActionKind.LOOK_AT_NUN_ROW
    assert tent.actions[0].action.amount == 2
    assert game.state.influence(YELLOW, Estate.MAGIC) == 3
    assert game.state.rats[YELLOW] == 11
    game.play(ev.BuildingResolved(TENT))

    # Red: a monk (Church, like the Monastery), a king and two witches: 4 Church, 3 rats;
    # then the premium: discard 2 rats.
    game.play(ev.Revealed(RED, MONASTERY_1, matching=1, other=3))
    assert game.state.influence(RED, Estate.CHURCH) == 4
    assert game.state.rats[RED] == 13
    first = resolve_building(game.state, 1, MONASTERY_1)
    assert first.premium == RED and first.premium_reason is PremiumReason.ALONE
    game.play(ev.BuildingResolved(MONASTERY_1))
    assert game.state.rats[RED] == 11

    # Green played nothing (revealed by itself), Blue a Sword: no influence, no rats.
    assert step_is(RevealCards, game.state).actor == BLUE
    game.play(ev.Revealed(BLUE, MONASTERY_2, matching=0, other=0, swords=1))
    second = resolve_building(game.state, 1, MONASTERY_2)
    assert game.state.influence(GREEN, Estate.CHURCH) == 0
    assert game.state.influence(BLUE, Estate.CHURCH) == 0
    # Both played 0 population cards: Green entered first, so Green takes the premium
    # (discard 2 rats) and Blue the normal action (discard 1).
    assert second.premium == GREEN
    assert second.premium_reason is PremiumReason.FIRST_IN_ON_TIE
    assert second.normal == (BLUE,)
    assert [(a.player, a.premium, a.action.amount) for a in second.actions] == [
        (GREEN, True, 2), (BLUE, False, 1)]
    # R-SPECIAL-1: Blue's Sword: Green (fewest) gives half their hand to Blue (most).
    sword = second.sword
    assert sword is not None and sword.special is Special.SWORD
    assert sword.outcome is SpecialOutcome.SINGLE
    assert (sword.giver, sword.receiver) == (GREEN, BLUE)
    game.play(ev.BuildingResolved(MONASTERY_2))
    assert game.state.rats == (11, 11, 8, 9)
    assert game.state.phase is Phase.E

    ledger = {e.entry_id: e.delta for e in game.state.ledger(RED)}
    assert ledger == {"1.2.reveal": 3, "1.2.monastery": -2}
