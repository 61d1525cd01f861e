"""Mistakes at a real table: any recorded entry or reveal can be corrected later, and everything
derived from it (influence, stacking order, premium holders, rats) follows."""

from support.engine_games import ALL_SPECIALS, Game, setup_for, step_is

from companion.rules import events as ev
from companion.rules.catalog import Building, Estate, Special
from companion.rules.derive import rederive as _rebuild
from companion.rules.guide import (
    ChooseFluteReceiver,
    Enter,
    Prompt,
    RevealCards,
    TakeActions,
    step_at,
)
from companion.rules.questions import Question, QuestionKind
from companion.rules.resolution import PremiumReason, SpecialOutcome, resolve_building
from companion.rules.setup import SelectionMethod
from companion.rules.state import Phase

FARM, CASTLE, MONASTERY, HUT = (Building.FARM, Building.CASTLE, Building.MONASTERY,
                                Building.RAT_CATCHERS_HUT)


def played_round() -> Game:
    """Round 1 done: Red 2 Farm cards, Yellow 1; Green and Blue in the Monastery."""
    game = Game(setup_for(4))
    game.round((FARM, MONASTERY, CASTLE), [(0, 0, 2), (1, 0, 1), (2, 1, 1), (3, 1, 2)])
    game.play(ev.Revealed(0, 0, 2, 0), ev.Revealed(1, 0, 1, 0), ev.BuildingResolved(0),
              ev.Revealed(2, 1, 1, 0), ev.Revealed(3, 1, 1, 1), ev.BuildingResolved(1),
              ev.RoundEnded())
    return game


def test_reveal_correction_changes_influence_rats_and_declared_count():
    game = played_round()
    assert game.state.influence(0, Estate.PEASANTRY) == 2
    game.play(ev.RevealCorrected(1, 0, matching=1, other=2, jokers=1))
    assert game.state.influence(0, Estate.PEASANTRY) == 4
    assert game.state.rats[0] == 12
    entry = game.state.round_record(1).entry(0)
    assert entry is not None and entry.cards == 4
    assert game.state.round_record(1).influence[0] == (4, 1, 0, 0)
    assert game.state.phase is Phase.A and game.state.round == 2
    assert _rebuild(game.state) == game.state


def test_entry_correction_moves_the_player_and_the_premium():
    game = played_round()
    # Blue really entered the Farm (keeping their place in time), not the Monastery.
    before = resolve_building(game.state, 1, 1)
    assert before.premium == 3 and game.state.rats[3] == 10 + 1 - 2
    game.play(ev.EntryCorrected(1, 3, 0, 2))
    farm, monastery = resolve_building(game.state, 1, 0), resolve_building(game.state, 1, 1)
    assert farm.entrants == (0, 1, 3)
    assert (farm.premium, farm.premium_reason) == (0, PremiumReason.FIRST_IN_ON_TIE)
    assert (monastery.premium, monastery.premium_reason) == (2, PremiumReason.ALONE)
    # Blue's reveal moved along: Peasantry now, and the card of another estate brings a rat.
    assert game.state.influence(3, Estate.PEASANTRY) == 2
    assert game.state.influence(3, Estate.CHURCH) == 0
    assert game.state.rats[2] == 10 - 2 and game.state.rats[3] == 11
    assert [e.entry_id for e in game.state.ledger(3)] == ["1.1.reveal"]


def test_correction_reorders_the_track_stack():
    # R-ROUND-D a / R-SCORE-1: arrival order follows the corrected records.
    game = played_round()
    game.round((FARM, MONASTERY, CASTLE), [(1, 0, 1), (2, 1, 0), (3, 1, 0), (0, 2, 0)])
    game.play(ev.Revealed(1, 0, 1, 0))
    track = game.state.track(Estate.PEASANTRY)
    assert track.values[:2] == (2, 2) and track.order_on_space(2) == (0, 1)
    # Red had in fact played 3 cards in round 1: now Red is alone on 3, Yellow on 2.
    game.play(ev.RevealCorrected(1, 0, 3, 0))
    assert game.state.track(Estate.PEASANTRY).values[:2] == (3, 2)
    # ... and back to 1: Red reaches 1 in round 1, Yellow reaches 1 then 2.
    game.play(ev.RevealCorrected(1, 0, 1, 0))
    track = game.state.track(Estate.PEASANTRY)
    assert track.values[:2] == (1, 2)
    assert _rebuild(game.state) == game.state


def test_entry_and_reveal_must_agree():
    game = played_round()
    game.refuse(ev.EntryCorrected(1, 0, 0, 3), "R-ROUND-D", "correct_reveal_instead")
    game.refuse(ev.EntryCorrected(3, 0, 0, 2), "EVENT", "no_such_round")
    game.refuse(ev.EntryCorrected(1, 0, 5, 2), "EVENT", "no_such_building")
    game.refuse(ev.RevealCorrected(1, 0, -1, 0), "EVENT", "bad_number")


def test_corrections_in_the_current_round():
    game = Game(setup_for(4))
    game.refuse(ev.EntryCorrected(1, 0, 0, 1), "R-ROUND-C", "not_allowed_now")
    game.play(ev.BuildingsRevealed((FARM, MONASTERY, CASTLE)), ev.SupplyDone(),
              ev.Entered(0, 0, 2))
    game.refuse(ev.EntryCorrected(1, 1, 0, 1), "EVENT", "no_entry")
    game.play(ev.EntryCorrected(1, 0, 1, 3))
    assert step_is(Enter, game.state).options[1].slot == 2
    game.play(ev.Entered(1, 1, 0), ev.Entered(2, 2, 0), ev.Entered(3, 2, 1))
    step = step_is(RevealCards, game.state)
    assert (step.actor, step.building, step.reveal.declared) == (0, 1, 3)
    game.refuse(ev.RevealCorrected(1, 0, 1, 0), "R-ROUND-D", "not_revealed_yet")
    game.play(ev.Revealed(0, 1, 3, 0))
    # Yellow's 0 cards were revealed by themselves; in truth Yellow played one.
    game.play(ev.RevealCorrected(1, 1, 0, 1))
    assert resolve_building(game.state, 1, 1).premium == 0
    assert game.state.rats[1] == 11
    game.play(ev.BuildingResolved(1))
    # Green moves into the already resolved Monastery: it has revealed (0 cards), so it may.
    assert step_is(RevealCards, game.state).reveal.player == 3
    game.play(ev.EntryCorrected(1, 2, 1, 0))
    assert resolve_building(game.state, 1, 1).entrants == (0, 1, 2)
    assert step_is(RevealCards, game.state).reveal.player == 3
    assert _rebuild(game.state) == game.state


def test_a_reveal_correction_can_create_a_choice():
    # R-SPECIAL-2: in the current round a new tie asks the winner; once resolved, nobody is
    # asked again and the earliest of the tied counts.
    game = Game(setup_for(4, method=SelectionMethod.CHOSEN, manual=ALL_SPECIALS))
    game.round((HUT, FARM, CASTLE), [(0, 0, 1), (1, 0, 1), (2, 0, 0), (3, 1, 0)])
    game.play(ev.Revealed(0, 0, 0, 0, flutes=1), ev.Revealed(1, 0, 0, 0, flutes=1))
    assert step_at(game.state).prompt is Prompt.TAKE_ACTIONS
    flute = resolve_building(game.state, 1, 0).flute
    assert flute is not None and (flute.receiver, game.state.rats[2]) == (2, 11)
    game.play(ev.RevealCorrected(1, 1, 1, 0))
    step = step_is(ChooseFluteReceiver, game.state)
    assert (step.prompt, step.actor, step.choice.candidates) == (
        Prompt.CHOOSE_FLUTE_RECEIVER, 0, (1, 2))
    assert game.state.rats[2] == 10
    game.play(ev.SpecialTargetChosen(0, Special.FLUTE, 1), ev.BuildingResolved(0))
    assert game.state.rats[1] == 11
    # Later the table finds Yellow played nothing at all there: the tie is gone again.
    game.play(ev.RevealCorrected(1, 1, 0, 0))
    flute = resolve_building(game.state, 1, 0).flute
    assert flute is not None
    assert flute.outcome is SpecialOutcome.CHOSEN and flute.receiver == 1
    assert _rebuild(game.state) == game.state


def test_a_tie_found_after_the_building_resolved_is_not_asked_for():
    # R-SPECIAL-2: nobody is asked any more; the earliest entrant of the tied counts.
    game = Game(setup_for(4, method=SelectionMethod.CHOSEN, manual=ALL_SPECIALS))
    game.round((HUT, FARM, CASTLE), [(0, 0, 1), (1, 0, 0), (2, 0, 1), (3, 1, 0)])
    game.play(ev.Revealed(0, 0, 0, 0, flutes=1), ev.Revealed(2, 0, 0, 0, flutes=1))
    flute = resolve_building(game.state, 1, 0).flute
    assert flute is not None and flute.outcome is SpecialOutcome.SINGLE
    game.play(ev.BuildingResolved(0))
    assert game.state.rats[:3] == (9, 11, 10)
    game.play(ev.RevealCorrected(1, 2, 1, 0))
    flute = resolve_building(game.state, 1, 0).flute
    assert flute is not None
    assert (flute.outcome, flute.candidates, flute.receiver) == (
        SpecialOutcome.DEFAULTED, (1, 2), 1)
    assert step_at(game.state).prompt is Prompt.TAKE_ACTIONS
    assert game.state.rats[:3] == (9, 11, 10)
    assert _rebuild(game.state) == game.state


def test_private_notes_keep_their_place_and_disputes_survive():
    game = Game(setup_for(4))
    game.play(ev.RatsChanged(3, -9, ev.RatReason.SUPPLY_DISCARD))
    game.round((FARM, MONASTERY, CASTLE), [(0, 0, 2), (1, 0, 1), (2, 1, 1), (3, 1, 2)])
    game.play(ev.Revealed(0, 0, 2, 0), ev.Revealed(1, 0, 1, 0), ev.BuildingResolved(0),
              ev.Revealed(2, 1, 1, 0), ev.Revealed(3, 1, 1, 1))
    game.play(ev.RatChangeDisputed(3, "1.2.reveal"), ev.BuildingResolved(1), ev.RoundEnded())
    # Blue: 1 rat left, +1 (reveal), -2 (premium: 2 cards against Green's 1), never below 0.
    assert [(e.entry_id, e.applied) for e in game.state.ledger(3)] == [
        ("1.p1", -9), ("1.2.reveal", 1), ("1.2.monastery", -2)]
    assert game.state.rats[3] == 0
    game.play(ev.RevealCorrected(1, 3, 0, 4))
    ledger = game.state.ledger(3)
    assert [(e.entry_id, e.delta, e.applied, e.disputed) for e in ledger] == [
        ("1.p1", -9, -9, False), ("1.2.reveal", 4, 4, True), ("1.2.monastery", -2, -2, False)]
    assert game.state.rats[3] == 3
    game.refuse(ev.RatChangeDisputed(3, "9.9.reveal"), "EVENT", "no_such_entry")


def test_a_tie_a_correction_makes_in_a_resolved_building_is_asked_of_its_winner():
    # R-SPECIAL-2: the correction leaves the tie for fewest Flutes as an open question naming
    # its round; the winner (Red) names who receives the rat, and only then is it settled.
    game = Game(setup_for(4, method=SelectionMethod.CHOSEN, manual=ALL_SPECIALS))
    game.round((HUT, FARM, CASTLE), [(0, 0, 1), (1, 0, 0), (2, 0, 1), (3, 1, 0)])
    game.play(ev.Revealed(0, 0, 0, 0, flutes=1), ev.Revealed(2, 0, 0, 0, flutes=1),
              ev.BuildingResolved(0))
    game.play(ev.RevealCorrected(1, 2, 1, 0))
    (question,) = step_at(game.state).questions
    assert question == Question(QuestionKind.TIE, 1, 0, Special.FLUTE, chooser=0,
                                candidates=(1, 2))
    game.refuse(ev.TieChosenAfterCorrection(1, 0, Special.FLUTE, 3), "R-SPECIAL-2",
                "not_a_candidate")
    game.refuse(ev.TieChosenAfterCorrection(1, 0, Special.SWORD, 1), "R-SPECIAL-1",
                "no_open_question")
    game.play(ev.TieChosenAfterCorrection(1, 0, Special.FLUTE, 2))
    flute = resolve_building(game.state, 1, 0).flute
    assert flute is not None
    assert (flute.outcome, flute.receiver) == (SpecialOutcome.CHOSEN, 2)
    assert game.state.rats[:3] == (9, 10, 11)
    assert step_at(game.state).questions == ()
    assert _rebuild(game.state) == game.state


def test_a_correction_that_moves_the_hospital_premium_asks_for_the_discards_again():
    # R-ROUND-D b: Red took the Hospital's premium and discarded 3 hand cards (4 rats), Yellow
    # the normal action with 2. A correction gives Yellow more cards: the premium is Yellow's
    # now, but no discard is cut and no rat moves until the table says what was discarded.
    game = Game(setup_for(4, method=SelectionMethod.CHOSEN, manual=ALL_SPECIALS))
    game.round((Building.HOSPITAL, FARM, CASTLE), [(0, 0, 2), (1, 0, 1), (2, 1, 0), (3, 1, 0)])
    game.play(ev.Revealed(0, 0, 2, 0), ev.Revealed(1, 0, 1, 0), ev.HospitalDiscarded(0, 0, 3),
              ev.HospitalDiscarded(0, 1, 2), ev.BuildingResolved(0))
    while game.state.phase is Phase.D:
        game.play(ev.BuildingResolved(step_is(TakeActions, game.state).building))
    game.play(ev.RoundEnded())
    assert game.state.rats[:2] == (6, 8)

    game.play(ev.RevealCorrected(1, 1, matching=3, other=0))
    assert game.state.rats[:2] == (6, 8)
    hospital = resolve_building(game.state, 1, 0)
    assert (hospital.premium, hospital.premium_reason) == (0, PremiumReason.AS_TAKEN)
    assert [a.hospital_cards for a in hospital.actions] == [3, 2]
    (question,) = step_at(game.state).questions
    assert question == Question(QuestionKind.HOSPITAL, 1, 0, was=0, now=1, entrants=(0, 1),
                                up_to=(2, 3))
    game.refuse(ev.HospitalCorrected(1, 0, (3, 1)), "R-ROUND-D", "hospital_limit")
    game.refuse(ev.HospitalCorrected(1, 0, (2,)), "R-ROUND-D", "hospital_cards_per_player")
    game.refuse(ev.HospitalCorrected(1, 1, (0, 0)), "R-ROUND-D", "no_hospital_discards")
    game.play(ev.HospitalCorrected(1, 0, (2, 3)))
    hospital = resolve_building(game.state, 1, 0)
    assert (hospital.premium, hospital.premium_reason) == (1, PremiumReason.MOST_CARDS)
    assert game.state.rats[:2] == (8, 6)
    assert step_at(game.state).questions == ()
    assert _rebuild(game.state) == game.state


def test_a_dispute_stays_open_for_the_table_until_a_correction_or_a_dismissal():
    # A player's dispute is public: open until the table corrects that round (here: Blue's
    # reveal, R-ROUND-D a) or dismisses it; both are events of the game.
    game = played_round()
    game.play(ev.RatChangeDisputed(3, "1.2.reveal"), ev.RatChangeDisputed(2, "1.2.monastery"))
    assert [(d.player, d.entry_id, d.round, d.building) for d in game.state.disputes] == [
        (3, "1.2.reveal", 1, 1), (2, "1.2.monastery", 1, 1)]
    game.play(ev.DisputeDismissed(2, "1.2.monastery"))
    assert [d.player for d in game.state.disputes] == [3]
    game.refuse(ev.DisputeDismissed(2, "1.2.monastery"), "EVENT", "no_open_dispute")
    game.play(ev.RevealCorrected(1, 3, 1, 0))
    assert game.state.disputes == ()
    assert _rebuild(game.state) == game.state


def test_hospital_discards_recorded_wrong_are_said_again_without_a_moved_premium():
    # R-ROUND-D b: Red took the Hospital's premium and the table recorded 1 hand card; Red had
    # discarded 3. Yellow's normal action discarded none. The table says the discards again:
    # Red discards 2 rats more; the premium's limit (3) and the normal's (2) still hold.
    game = Game(setup_for(4, method=SelectionMethod.CHOSEN, manual=ALL_SPECIALS))
    game.round((Building.HOSPITAL, FARM, CASTLE), [(0, 0, 2), (1, 0, 1), (2, 1, 0), (3, 1, 0)])
    game.play(ev.Revealed(0, 0, 2, 0), ev.Revealed(1, 0, 1, 0), ev.HospitalDiscarded(0, 0, 1),
              ev.BuildingResolved(0))
    assert game.state.rats[:2] == (8, 10)
    assert step_at(game.state).questions == ()
    game.refuse(ev.HospitalCorrected(1, 0, (4, 0)), "R-ROUND-D", "hospital_limit")
    game.refuse(ev.HospitalCorrected(1, 0, (3, 3)), "R-ROUND-D", "hospital_limit")
    game.refuse(ev.HospitalCorrected(1, 1, (0, 0)), "R-ROUND-D", "no_hospital_discards")
    game.refuse(ev.HospitalCorrected(2, 0, (0, 0)), "EVENT", "no_such_round")
    game.play(ev.HospitalCorrected(1, 0, (3, 0)))
    assert game.state.rats[:2] == (6, 10)
    assert [a.hospital_cards for a in resolve_building(game.state, 1, 0).actions] == [3, 0]
    assert step_at(game.state).questions == ()
    assert _rebuild(game.state) == game.state


def test_a_hospital_not_resolved_yet_takes_its_discards_as_usual():
    # R-ROUND-D b: until its actions are done, the Hospital's discards are HospitalDiscarded.
    game = Game(setup_for(4, method=SelectionMethod.CHOSEN, manual=ALL_SPECIALS))
    game.round((Building.HOSPITAL, FARM, CASTLE), [(0, 0, 2), (1, 0, 1), (2, 1, 0), (3, 1, 0)])
    game.play(ev.Revealed(0, 0, 2, 0), ev.Revealed(1, 0, 1, 0))
    game.refuse(ev.HospitalCorrected(1, 0, (1, 0)), "R-ROUND-D", "no_hospital_discards")
