"""Game-night history: a Thursday group's games, played with the real engine and stored, and
every figure counted by hand.

The games are played so that the counting is easy: everyone passes whenever the rules allow
(R-ROUND-B), so the only disc on the board at the end is the last seat's, the one player who
had to enter once: 10 VP in one estate (R-SCORE-1). Hands are empty, so the rest of a score is
the VP markers (R-SCORE-5); the rats shown at the plague check and the nuns are typed in
(R-SCORE-6), and the winner follows R-SCORE-7.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from companion.history.figures import (
    Aliases,
    csv_rows,
    csv_text,
    group_figures,
    head_to_head,
    load_history,
    player_figures,
    players_of,
)
from companion.rules import apply, reveal_event
from companion.rules import events as ev
from companion.rules.catalog import Estate, PlayerColour
from companion.rules.guide import Enter, RevealBuildings, RevealCards, Supply, TakeActions, step_at
from companion.rules.house_rules import HouseRules
from companion.rules.scoring import Code
from companion.rules.setup import DeckMode, SelectionMethod, make_setup
from companion.rules.state import ESTATES, GameState, Phase
from companion.server.games import OpenGames
from companion.store.db import GameStore

COLOURS = tuple(PlayerColour)


def quiet_rounds(names: Sequence[str], seed: int = 5,
                 house_rules: HouseRules = HouseRules()) -> tuple[list[ev.Event], Estate]:
    """A game to the end of its last round, everyone passing when allowed; the estate of the
    one disc (the last seat's)."""
    setup = make_setup([(n, COLOURS[i]) for i, n in enumerate(names)],
                       SelectionMethod.FIRST_GAME, seed, DeckMode.DIGITAL, 0, house_rules)
    events: list[ev.Event] = [ev.GameStarted(setup)]
    state: GameState = apply(None, events[0])
    while state.phase is not Phase.END:
        step = step_at(state)
        if isinstance(step, RevealBuildings):
            event: ev.Event = reveal_event(state)
        elif isinstance(step, Supply):
            event = ev.SupplyDone()
        elif isinstance(step, Enter):
            event = ev.Passed(step.actor) if step.can_pass else ev.Entered(step.actor, 0, 0)
        elif isinstance(step, RevealCards):
            event = ev.Revealed(step.reveal.player, step.reveal.building, 0, 0)
        elif isinstance(step, TakeActions):
            event = ev.BuildingResolved(step.building)
        else:
            event = ev.RoundEnded()
        state = apply(state, event)
        events.append(event)
    discs = [(estate, p) for estate, track in zip(ESTATES, state.tracks, strict=True)
             for p, value in enumerate(track.values) if value]
    last = len(names) - 1
    assert [p for _, p in discs] == [last], "the last seat should hold the only disc"
    assert sum(sum(t.values) for t in state.tracks) == 1
    return events, discs[0][0]


def the_end(markers: Sequence[int], rats: Sequence[int], nuns: int) -> list[ev.Event]:
    """Empty hands, these VP markers and rats at the plague check, then the nuns."""
    return [*(ev.EndValuesEntered(p, hand=0, markers=m, rats=r)
              for p, (m, r) in enumerate(zip(markers, rats, strict=True))),
            ev.NunsCounted(nuns)]


def store_game(games: OpenGames, events: Sequence[ev.Event]) -> str:
    session = games.start(events[0])
    session.submit_all(list(events[1:]))
    return session.game_id


class Thursdays:
    """Four finished game nights and one game left unfinished.

    1. Anna 20 (markers), Ben 5, Cleo 10 (the disc): Anna wins.
    2. anna 15, Ben 15, Cleo 10; rats 2 and 1 under 5 nuns: Ben wins on fewer rats.
    3. Anna 30 but 9 rats to 4 nuns (the plague takes her), Benjamin 12, Cleo 10:
       Benjamin wins, and the plague decided it. Benjamin is Ben (a rename).
    4. Anna 10, Ben 10 (the disc), one rat each: a shared victory.
    5. Anna, Ben and Cleo start a game and leave it: not counted.
    """

    def __init__(self, tmp: Path) -> None:
        self.store = GameStore.open(tmp)
        self.games = OpenGames(self.store)
        three, self.three_estate = quiet_rounds(("Anna", "Ben", "Cleo"))
        self.first = store_game(self.games, three + the_end((20, 5, 0), (0, 0, 0), 5))
        second, _ = quiet_rounds(("anna", "Ben", "Cleo"))
        self.tie = store_game(self.games, second + the_end((15, 15, 0), (2, 1, 0), 5))
        third, _ = quiet_rounds(("Anna", "Benjamin", "Cleo"))
        self.plague = store_game(self.games, third + the_end((30, 12, 0), (9, 0, 0), 4))
        two, self.two_estate = quiet_rounds(("Anna", "Ben"))
        self.shared = store_game(self.games, two + the_end((10, 0), (1, 1), 5))
        left, _ = quiet_rounds(("Anna", "Ben", "Cleo"))
        self.unfinished = store_game(self.games, left[:20])
        Aliases().with_rename("Benjamin", "Ben").save(tmp)


@pytest.fixture
def nights(tmp_path: Path) -> Iterator[Thursdays]:
    made = Thursdays(tmp_path)
    yield made
    made.store.close()


def test_only_finished_games_count_newest_first(nights: Thursdays) -> None:
    games = load_history(nights.store)
    assert [g.game_id for g in games] == [nights.shared, nights.plague, nights.tie,
                                          nights.first]
    assert nights.unfinished not in {g.game_id for g in games}


def test_a_finished_practice_game_is_not_one_of_the_groups(nights: Thursdays) -> None:
    # Anna plays the rulebook's example alone one evening, to the end: 99 VP in markers
    # (R-SCORE-5) would be her best score and a fifth win if it counted.
    from companion.store.session import Session

    events, _ = quiet_rounds(("Anna", "Ben"))
    practice = Session.start(nights.store, events[0], practice=True)
    practice.submit_all([*events[1:], *the_end((99, 0), (0, 0), 5)])
    assert nights.store.game(practice.game_id).finished
    games = load_history(nights.store)
    assert practice.game_id not in {g.game_id for g in games}
    anna = player_figures(games, "Anna")
    assert (anna.games, anna.wins, anna.best_vp) == (4, 2, 30)
    assert practice.game_id not in csv_text(games)


def test_names_match_whatever_the_case_and_a_rename_merges_two(nights: Thursdays) -> None:
    games = load_history(nights.store)
    assert players_of(games) == ["Anna", "Ben", "Cleo"]
    third = next(g for g in games if g.game_id == nights.plague)
    assert [(s.name, s.typed) for s in third.seats] == [
        ("Anna", "Anna"), ("Ben", "Benjamin"), ("Cleo", "Cleo")]
    # without the rename Benjamin is a player of his own
    apart = load_history(nights.store, Aliases())
    assert players_of(apart) == ["Anna", "Ben", "Cleo", "Benjamin"]


def test_each_players_figures_by_hand(nights: Thursdays) -> None:
    games = load_history(nights.store)
    anna = player_figures(games, "ANNA")
    # VP 20, 15, 30, 10; won games 1 and 4 (a shared victory counts for both)
    assert (anna.games, anna.wins, anna.best_vp, anna.plague_deaths) == (4, 2, 30, 1)
    assert anna.average_vp == pytest.approx(18.75) and anna.win_rate == pytest.approx(0.5)
    assert anna.best_estate is None  # all her VP came from markers
    assert [vp for _, vp in anna.vp_over_games] == [20, 15, 30, 10]
    ben = player_figures(games, "ben")
    # 5, 15 (the tie-break win), 12 (as Benjamin, the plague's win), 10 (shared: the disc)
    assert (ben.name, ben.games, ben.wins, ben.best_vp, ben.plague_deaths) == (
        "Ben", 4, 3, 15, 0)
    assert ben.average_vp == pytest.approx(10.5) and ben.win_rate == pytest.approx(0.75)
    assert ben.best_estate is nights.two_estate and ben.estate_vp[nights.two_estate] == 10
    cleo = player_figures(games, "Cleo")
    assert (cleo.games, cleo.wins, cleo.average_vp, cleo.best_vp) == (3, 0, 10.0, 10)
    assert cleo.best_estate is nights.three_estate and cleo.estate_vp[nights.three_estate] == 30


def test_head_to_head_for_tonights_table(nights: Thursdays) -> None:
    games = load_history(nights.store)
    anna_ben, anna_cleo, ben_cleo = head_to_head(games, ["Anna", "Ben", "Cleo"])
    assert (anna_ben.games, anna_ben.first_wins, anna_ben.second_wins) == (4, 2, 3)
    assert (anna_cleo.games, anna_cleo.first_wins, anna_cleo.second_wins) == (3, 1, 0)
    assert (ben_cleo.games, ben_cleo.first_wins, ben_cleo.second_wins) == (3, 2, 0)


def test_the_groups_figures_by_hand(nights: Thursdays) -> None:
    group = group_figures(load_history(nights.store))
    assert group.games == 4
    assert dict(group.by_player_count) == {2: 1, 3: 3}
    # winning scores 20, 15, 12, 10
    assert group.average_winning_vp == pytest.approx(14.25)
    assert group.plague_decided == 1 and group.nobody_won == 0
    assert dict(group.tie_breaks) == {Code.WIN_FEWER_RATS: 1, Code.WIN_SHARED: 1}


def test_the_csv_has_a_row_per_player_per_game(nights: Thursdays) -> None:
    games = load_history(nights.store)
    rows = csv_rows(games)
    assert len(rows) == 3 + 3 + 3 + 2
    assert {"game_id", "finished_at", "player", "vp", "won", "died"} <= set(rows[0])
    assert [(r["player"], r["vp"], r["won"], r["died"]) for r in rows
            if r["game_id"] == nights.plague] == [
        ("Anna", "30", "0", "1"), ("Ben", "12", "1", "0"), ("Cleo", "10", "0", "0")]
    assert [(r["player"], r["won"]) for r in rows if r["game_id"] == nights.shared] == [
        ("Anna", "1"), ("Ben", "1")]
    assert csv_text(games).splitlines()[0].startswith("game_id,finished_at,player,")


def test_the_figures_are_the_same_after_a_restart(nights: Thursdays, tmp_path: Path) -> None:
    before = load_history(nights.store)
    with GameStore.open(tmp_path) as again:
        assert load_history(again) == before


def test_a_name_a_spreadsheet_would_run_is_kept_as_text(tmp_path: Path) -> None:
    with GameStore.open(tmp_path) as store:
        events, _ = quiet_rounds(("=SUM(A1)", "Ben"))
        store_game(OpenGames(store), events + the_end((0, 0), (0, 0), 5))
        assert [r["player"] for r in csv_rows(load_history(store))] == ["'=SUM(A1)", "Ben"]
