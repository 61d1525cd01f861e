"""Every point comes with its reason, in words the table understands and in codes the UI can
translate: a table checks the scoring against its cards."""

from __future__ import annotations

import random
from collections import defaultdict

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.i18n import translator
from companion.i18n.words import words
from companion.rules.catalog import Estate, Special
from companion.rules.house_rules import HouseRules, TrackTie
from companion.rules.scoring import (
    SCORED_SPECIALS,
    Code,
    EndState,
    ScoreResult,
    Step,
    score,
)


def english(line) -> str:
    return words(translator("en"), line)


NAMES = ("Anna", "Ben", "Cem", "Dora", "Eve")
SCORING_STEPS = (Step.ESTATES, Step.HAND, Step.SPECIALS, Step.GOLD, Step.MARKERS)


@st.composite
def end_states(draw: st.DrawFn) -> EndState:
    """Random finished games with small numbers, so ties of every kind come up often."""
    players = NAMES[:draw(st.integers(2, 5))]
    counts = st.dictionaries(st.sampled_from(players), st.integers(0, 4))
    in_play = draw(st.frozensets(st.sampled_from((*SCORED_SPECIALS, Special.GOLD))))
    return EndState(
        players=players,
        house_rules=HouseRules(track_tie=draw(st.sampled_from(TrackTie)),
                               all_dead_variant=draw(st.booleans())),
        in_play=in_play,
        influence={estate: draw(counts) for estate in Estate},
        arrival={estate: tuple(draw(st.permutations(players))) for estate in Estate},
        hand=draw(counts),
        specials={s: draw(counts) for s in SCORED_SPECIALS if s in in_play},
        gold=draw(counts) if Special.GOLD in in_play else {},
        markers=draw(st.dictionaries(st.sampled_from(players), st.integers(0, 12))),
        rats=draw(st.dictionaries(st.sampled_from(players), st.integers(0, 25))),
        nuns=draw(st.integers(0, 20)),
    )


def explained_vp(result: ScoreResult) -> dict[tuple[str, Step], int]:
    """The VP the explanation lines award, per player and step."""
    vp: dict[tuple[str, Step], int] = defaultdict(int)
    for line in result.explanation:
        if line.step not in SCORING_STEPS or "vp" not in line.params:
            continue
        named = line.params["players"] if "players" in line.params else (line.params["player"],)
        vp_ = line.params["vp"]
        assert isinstance(named, tuple) and isinstance(vp_, int), line
        for player in named:
            assert isinstance(player, str), line
            vp[player, line.step] += vp_
    return vp


@settings(max_examples=100, deadline=None)
@given(end_states())
def test_every_point_awarded_is_explained_by_a_line(end: EndState) -> None:
    # R-SCORE-1 to R-SCORE-5: the lines add up to exactly the VP of each category.
    result = score(end)
    vp = explained_vp(result)
    for p in result.players:
        assert vp[p.name, Step.ESTATES] == sum(p.estates.values())
        assert vp[p.name, Step.HAND] == p.hand
        assert vp[p.name, Step.SPECIALS] == sum(p.specials.values())
        assert vp[p.name, Step.GOLD] == p.gold
        assert vp[p.name, Step.MARKERS] == p.markers


@settings(max_examples=100, deadline=None)
@given(end_states())
def test_track_vp_are_never_shared(end: EndState) -> None:
    # R-SCORE-1: each estate hands out 10, 5, 2 (10, 5 with two players) to distinct players.
    result = score(end)
    table = (10, 5) if len(end.players) == 2 else (10, 5, 2)
    for estate in Estate:
        awarded = sorted((p.estates[estate] for p in result.players if p.estates[estate]),
                         reverse=True)
        assert tuple(awarded) == table[:len(awarded)]


@settings(max_examples=100, deadline=None)
@given(end_states())
def test_the_winners_are_survivors_no_other_survivor_beats(end: EndState) -> None:
    # R-SCORE-6, R-SCORE-7
    result = score(end)
    alive = [p for p in result.players if p.survives]
    winners = [result.player(name) for name in result.winners]
    assert all(w.survives for w in winners)
    assert bool(winners) == bool(alive)
    for w in winners:
        assert all((w.total, -w.rats) >= (p.total, -p.rats) for p in alive)
    assert result.everyone_died == all(p.rats > end.nuns for p in result.players)


@settings(max_examples=50, deadline=None)
@given(end_states(), st.randoms(use_true_random=False))
def test_the_seating_order_changes_no_score(end: EndState, rng: random.Random) -> None:
    # R-SCORE-1 to R-SCORE-7 depend on counts and discs, never on where a player sits.
    seats = list(end.players)
    rng.shuffle(seats)
    reseated = EndState(**{**end.__dict__, "players": tuple(seats)})
    before, after = score(end), score(reseated)
    assert {p.name: p for p in before.players} == {p.name: p for p in after.players}
    assert set(before.winners) == set(after.winners)


@settings(max_examples=50, deadline=None)
@given(end_states())
def test_every_line_renders_as_an_english_sentence(end: EndState) -> None:
    for sentence in (words(translator("en"), line) for line in score(end).explanation):
        assert sentence.endswith(".") and "{" not in sentence


def test_each_player_can_read_the_lines_about_them() -> None:
    # R-SCORE-1, R-SCORE-2: Anna sees her Church place and the hand tie she shares with Cem.
    result = score(EndState(players=("Anna", "Ben", "Cem"),
                            influence={Estate.CHURCH: {"Anna": 3, "Ben": 5}},
                            hand={"Anna": 2, "Cem": 2}, nuns=20))
    assert [english(line) for line in result.about("Anna")] == [
        "Church: Anna 2nd with 3 influence: 5 VP.",
        "Hand: Anna and Cem tie for the most population and Joker cards (2): 1 VP each.",
        "Anna: 6 VP (classes 5, hand 1, specials 0, Gold 0, tokens 0).",
        "Plague: Anna has 0 rats, fewer than the nuns (20), and survives.",
    ]


def test_the_lines_follow_the_rulebook_order() -> None:
    result = score(EndState(players=("Anna", "Ben"), markers={"Anna": 1}, rats={"Ben": 3},
                            nuns=2, in_play=frozenset({Special.GOLD, Special.PASS}),
                            gold={"Ben": 1}, influence={Estate.MAGIC: {"Ben": 1}}))
    steps = list(Step)
    order = [steps.index(line.step) for line in result.explanation]
    assert order == sorted(order)
    assert {line.step for line in result.explanation} == set(Step)


def test_a_track_tie_names_whose_disc_lies_on_top() -> None:
    # R-SCORE-1: "Church: Ben 2nd, tied with Anna on 4, Anna's disc lies underneath."
    result = score(EndState(players=("Anna", "Ben", "Cem"),
                            influence={Estate.CHURCH: {"Anna": 4, "Ben": 4, "Cem": 6}},
                            arrival={Estate.CHURCH: ("Anna", "Ben")}, nuns=20))
    church = [line for line in result.lines(Step.ESTATES) if line.params["estate"] == "church"]
    assert [english(line) for line in church] == [
        "Church: Cem 1st with 6 influence: 10 VP.",
        "Church: Ben and Anna tie on 4; Ben's disc lies on top of Anna's, and the top disc "
        "wins.",
        "Church: Ben 2nd with 4 influence: 5 VP.",
        "Church: Anna 3rd with 4 influence: 2 VP.",
    ]


def test_a_three_way_tie_lists_the_stack_from_the_top() -> None:
    # R-SCORE-1 house-rule switch in the words of the table.
    result = score(EndState(players=("Anna", "Ben", "Cem"),
                            house_rules=HouseRules(track_tie=TrackTie.BOTTOM_WINS),
                            influence={Estate.MAGIC: {"Anna": 2, "Ben": 2, "Cem": 2}},
                            arrival={Estate.MAGIC: ("Cem", "Anna", "Ben")}, nuns=20))
    tie = next(line for line in result.explanation if line.code is Code.ESTATE_TIE_STACK)
    assert tie.params["players"] == ("Cem", "Anna", "Ben")
    assert english(tie) == ("Magic: Cem, Anna and Ben tie on 2; their discs lie Ben, Anna, Cem "
                          "from the top, and by the house rule the bottom disc wins.")


def test_lines_carry_enum_members_a_translation_can_look_up() -> None:
    result = score(EndState(players=("Anna", "Ben"), in_play=frozenset({Special.FLUTE}),
                            specials={Special.FLUTE: {"Ben": 2}},
                            influence={Estate.ROYALTY: {"Anna": 1}}, nuns=20))
    royalty = next(line for line in result.explanation if line.code is Code.ESTATE_PLACE)
    flute = next(line for line in result.explanation if line.code is Code.SPECIAL_MOST)
    assert royalty.params["estate"] is Estate.ROYALTY
    assert flute.params["special"] is Special.FLUTE
    assert english(flute) == "Flutes: Ben has the most (2): 2 VP."


def test_a_gold_tie_says_what_is_shared() -> None:
    # R-SCORE-4
    result = score(EndState(players=("Anna", "Ben", "Cem"), in_play=frozenset({Special.GOLD}),
                            gold={"Anna": 3, "Ben": 3, "Cem": 1}, nuns=20))
    assert [english(line) for line in result.lines(Step.GOLD)] == [
        "Gold: Anna and Ben tie for the most (3) and share 9 VP: 4 VP each; no second place.",
        "Gold: Cem has the next most (1), but after a tie for the most there is no second "
        "place: no VP.",
    ]


def test_the_plague_lines_say_who_dies_and_why() -> None:
    # R-SCORE-6
    result = score(EndState(players=("Anna", "Ben"), rats={"Anna": 9, "Ben": 10}, nuns=9))
    assert [english(line) for line in result.lines(Step.PLAGUE)] == [
        "Plague: the Nun-row shows 9 nuns.",
        "Plague: Anna has 9 rats, as many as the nuns, and survives.",
        "Plague: Ben has 10 rats, more than the nuns (9), and dies.",
    ]


def test_one_rat_and_one_nun_are_counted_in_the_singular() -> None:
    # R-SCORE-6: plural forms through ngettext, not "1 nuns" / "1 Ratten".
    result = score(EndState(players=("Anna", "Ben"), rats={"Anna": 1, "Ben": 0}, nuns=1))
    assert [english(line) for line in result.lines(Step.PLAGUE)] == [
        "Plague: the Nun-row shows 1 nun.",
        "Plague: Anna has 1 rat, as many as the nuns, and survives.",
        "Plague: Ben has 0 rats, fewer than the nuns (1), and survives.",
    ]
    german = [words(translator("de"), line) for line in result.lines(Step.PLAGUE)]
    assert german[:2] == ["Pest: Die Nonnenreihe zeigt 1 Nonne.",
                          "Pest: Anna hat 1 Ratte, so viele wie Nonnen, und überlebt."]


def test_a_tie_on_vp_with_one_other_player_names_that_players_rats() -> None:
    # R-SCORE-7: not "the fewest rats (8; the others 10)" when there is one other.
    result = score(EndState(players=("Cleo", "Jonas", "Mia"), markers={"Cleo": 5, "Jonas": 5,
                                                                       "Mia": 2},
                            rats={"Cleo": 8, "Jonas": 10, "Mia": 3}, nuns=12))
    assert [english(line) for line in result.lines(Step.WINNER)] == [
        "Cleo and Jonas tie on 5 VP; Cleo has fewer rats (8 against 10) and wins."]
    german = [words(translator("de"), line) for line in result.lines(Step.WINNER)]
    assert german == ["Cleo und Jonas haben gleich viele SP (5); Cleo hat weniger Ratten "
                      "(8 gegen 10) und gewinnt."]


def test_a_tie_on_one_rat_is_said_in_the_singular() -> None:
    # R-SCORE-7: tied on VP and on rats, they share; "1 rat", never "1 rats".
    result = score(EndState(players=("Anna", "Ben"), rats={"Anna": 1, "Ben": 1}, nuns=4))
    assert [english(line) for line in result.lines(Step.WINNER)] == [
        "Anna and Ben tie on 0 VP; they also tie on 1 rat and share the victory."]
    french = [words(translator("fr"), line) for line in result.lines(Step.WINNER)]
    assert french == ["Anna et Ben sont à égalité à 0 PV\u00a0; ils sont aussi à égalité à 1 "
                      "rat et partagent la victoire."]
