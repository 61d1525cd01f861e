"""Game records: a played game leaves as JSON and comes back exactly, for 2 to 5 players."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from support.engine_games import Game, setup_for, with_buildings
from support.sessions import game_state, logged_events
from support.simulate import random_game

from companion.cli import main
from companion.cli.replay import replay_report
from companion.rules import events as ev
from companion.rules.catalog import ROUNDS, Building
from companion.rules.setup import SelectionMethod
from companion.rules.state import GameState
from companion.store.codec import JsonValue, RecordError
from companion.store.db import GameStore, StoreError
from companion.store.records import dumps, export_game, import_record, parse_record
from companion.store.session import Session


def played_game(store: GameStore, seed: int, players: int) -> Session:
    events = random_game(seed, players)
    session = Session.start(store, events[0])
    for event in events[1:]:
        session.submit(event)
    return session


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_an_exported_game_imports_into_another_store_unchanged(tmp_path: Path,
                                                               players: int) -> None:
    with GameStore.open(tmp_path / "home") as home, GameStore.open(tmp_path / "away") as away:
        session = played_game(home, seed=100 + players, players=players)
        text = dumps(export_game(home, session.game_id))
        game_id = import_record(away, parse_record(text))
        assert game_id == session.game_id
        assert away.active_events(game_id) == logged_events(session)
        assert game_state(Session.resume(away, game_id)) == game_state(session)
        mine, theirs = home.game(game_id), away.game(game_id)
        assert (theirs.players, theirs.finished, theirs.winner, theirs.setup_code) == (
            mine.players, mine.finished, mine.winner, mine.setup_code)


def test_an_undone_step_is_not_part_of_the_record(tmp_path: Path) -> None:
    with GameStore.open(tmp_path) as store:
        events = random_game(7, 3)
        session = Session.start(store, events[0])
        for event in events[1:20]:
            session.submit(event)
        session.undo()
        record = parse_record(dumps(export_game(store, session.game_id)))
        assert list(record.events) == logged_events(session)


def test_importing_the_same_game_twice_is_refused(tmp_path: Path) -> None:
    with GameStore.open(tmp_path) as store:
        session = played_game(store, seed=3, players=2)
        record = parse_record(dumps(export_game(store, session.game_id)))
        with pytest.raises(StoreError, match=f"game {session.game_id} is already stored"):
            import_record(store, record)
        assert len(store.list_games()) == 1


def obj(value: JsonValue) -> dict[str, JsonValue]:
    """A JSON object of the replay report (narrowed for the reader and for mypy)."""
    assert isinstance(value, dict), value
    return value


def objs(value: JsonValue) -> list[dict[str, JsonValue]]:
    """A JSON list of objects of the replay report."""
    assert isinstance(value, list), value
    return [obj(item) for item in value]


def number(value: JsonValue) -> int:
    assert isinstance(value, int), value
    return value


def record_data(tmp_path: Path, players: int = 3) -> dict[str, Any]:
    with GameStore.open(tmp_path / "src") as store:
        session = played_game(store, seed=11, players=players)
        return json.loads(dumps(export_game(store, session.game_id)))


def test_a_record_whose_events_break_the_rules_names_the_event_and_the_rule(
        tmp_path: Path) -> None:
    """Dropping round 2's reveal of buildings makes the next step illegal (R-ROUND-*)."""
    data = record_data(tmp_path)
    reveals = [i for i, e in enumerate(data["events"]) if e["type"] == "BuildingsRevealed"]
    del data["events"][reveals[1]]
    with pytest.raises(RecordError, match=rf"^events\[{reveals[1]}\]: \w+ is refused by the "
                                          r"rules \(R-[A-Z]+-"):
        parse_record(json.dumps(data))


def test_a_record_with_a_mistyped_count_names_the_field(tmp_path: Path) -> None:
    data = record_data(tmp_path)
    index = next(i for i, e in enumerate(data["events"]) if e["type"] == "Entered")
    data["events"][index]["cards"] = "three"
    with pytest.raises(RecordError, match=rf"^events\[{index}\]\.cards: expected an integer"):
        parse_record(json.dumps(data))


def test_a_record_whose_header_disagrees_with_its_setup_is_refused(tmp_path: Path) -> None:
    data = record_data(tmp_path)
    data["house_rules"]["all_dead_variant"] = not data["house_rules"]["all_dead_variant"]
    with pytest.raises(RecordError, match="^house_rules: do not match"):
        parse_record(json.dumps(data))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_replay_shows_every_round_with_each_player_entering_once(tmp_path: Path,
                                                                    players: int) -> None:
    """R-ROUND-C: every player enters one building per round; R-SETUP-6: rounds by count."""
    events = random_game(200 + players, players)
    report = replay_report(events)
    assert len(objs(report["rounds"])) == ROUNDS[players]
    for round_ in objs(report["rounds"]):
        entered = [str(e["player"]) for b in objs(round_["buildings"]) for e in objs(b["entries"])]
        players_ = report["players"]
        assert isinstance(players_, list)
        assert sorted(entered) == sorted(str(p) for p in players_)
        for building in objs(round_["buildings"]):
            assert [e["slot"] for e in objs(building["entries"])] == list(
                range(1, len(objs(building["entries"])) + 1))


def test_the_replay_gives_each_premium_to_someone_in_that_building_with_a_reason(
        tmp_path: Path) -> None:
    """R-ROUND-D b: the premium goes to one of the entrants, the others take the normal."""
    report = replay_report(random_game(31, 4))
    for round_ in objs(report["rounds"]):
        for building in objs(round_["buildings"]):
            entrants = [str(e["player"]) for e in objs(building["entries"])]
            if building["premium"] is None:
                assert entrants == []
                continue
            premium = obj(building["premium"])
            assert premium["player"] in entrants
            assert premium["reason"] in (
                "most_cards", "first_in_on_tie", "alone", "two_player_rule")
            normal = [str(n["player"]) for n in objs(building["normal"])]
            assert sorted(normal + [str(premium["player"])]) == sorted(entrants)


def test_the_replay_says_why_each_other_entrant_took_only_the_normal_action() -> None:
    """R-ROUND-D b: fewer population + Joker cards, or as many but entered later."""
    report = replay_report(random_game(32, 3))
    reasons: set[JsonValue] = set()
    for round_ in objs(report["rounds"])[:-1]:
        for building in objs(round_["buildings"]):
            played = {str(e["player"]): number(e["influence"]) for e in objs(building["entries"])}
            slot = {str(e["player"]): number(e["slot"]) for e in objs(building["entries"])}
            for normal in objs(building["normal"]):
                premium = str(obj(building["premium"])["player"])
                player = str(normal["player"])
                reasons.add(normal["reason"])
                if normal["reason"] == "fewer_cards":
                    assert played[player] < played[premium]
                else:
                    assert normal["reason"] == "entered_later_on_tie"
                    assert played[player] == played[premium]
                    assert slot[player] > slot[premium]
    assert reasons


def test_the_last_round_has_no_actions_only_the_bonus(tmp_path: Path) -> None:
    """R-ROUND-D, last round: no actions; the would-be premium holder gains +1 influence."""
    report = replay_report(random_game(5, 3))
    last = objs(report["rounds"])[-1]
    for building in objs(last["buildings"]):
        assert building["actions"] == []
        if building["entries"]:
            assert building["last_round_bonus"] == obj(building["premium"])["player"]


def test_the_replay_of_a_finished_game_ends_with_its_scoring(tmp_path: Path) -> None:
    """R-SCORE-7: the winners are among the survivors."""
    events = random_game(8, 5)
    report = replay_report(events)
    assert report["finished"] is True
    scoring = obj(report["final_scoring"])
    survivors = [str(p["name"]) for p in objs(scoring["players"]) if p["survives"]]
    winners = scoring["winners"]
    assert isinstance(winners, list)
    assert {str(w) for w in winners} <= set(survivors)
    assert scoring["explanation"]


def test_export_import_and_replay_from_the_command_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with GameStore.open(tmp_path / "home") as store:
        session = played_game(store, seed=21, players=4)
    record = tmp_path / "game.json"
    assert main(["export", session.game_id[:5], "-o", str(record),
                 "--data-dir", str(tmp_path / "home")]) == 0
    assert main(["import", str(record), "--data-dir", str(tmp_path / "away")]) == 0
    assert capsys.readouterr().out == (
        f"imported game {session.game_id} ({len(logged_events(session))} events)\n")
    assert main(["replay", str(record)]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed == json.loads(json.dumps(replay_report(logged_events(session))))
    assert main(["games", "--data-dir", str(tmp_path / "away")]) == 0
    assert session.game_id in capsys.readouterr().out


def test_importing_a_record_replays_each_event_once(tmp_path: Path) -> None:
    """Reading, checking and storing a record costs one pass over its events (the check's
    replay gives the state the game list needs), so a long record costs in proportion."""
    from companion.store.session import Engine, default_engine

    real = default_engine()
    applied: list[ev.Event] = []

    def counting_apply(state: GameState | None, event: ev.Event) -> GameState:
        applied.append(event)
        return real.apply(state, event)

    engine = Engine(apply=counting_apply, violation=real.violation, describe=real.describe)
    data = record_data(tmp_path)
    with GameStore.open(tmp_path / "away") as away:
        import_record(away, parse_record(json.dumps(data), engine), engine)
        assert len(away.active_events(data["game_id"])) == len(data["events"])
    assert len(applied) == len(data["events"])


def test_the_replay_lists_only_the_rats_actually_given_or_discarded() -> None:
    """R-ROUND-D b (the ruling on discarding), R-SPECIAL-2: Red takes the Monastery's premium
    with 1 rat left and discards that one, not 2; Yellow wins the Flute at 0 rats and has none
    to give, so only Green's rat from the supply is listed."""
    game = Game(setup_for(4, method=SelectionMethod.CHOSEN, manual=with_buildings(
        Building.FARM, Building.MARKET, Building.MONASTERY, Building.CASTLE, Building.PALACE,
        Building.RAT_CATCHERS_HUT)))
    game.play(ev.RatsChanged(0, -9, ev.RatReason.SUPPLY_DISCARD),
              ev.RatsChanged(1, -10, ev.RatReason.SUPPLY_DISCARD))
    game.round((Building.MONASTERY, Building.RAT_CATCHERS_HUT, Building.FARM),
               [(0, 0, 1), (1, 1, 2), (2, 1, 1), (3, 2, 0)])
    game.play(ev.Revealed(0, 0, 1, 0), ev.BuildingResolved(0),
              ev.Revealed(1, 1, 0, 0, flutes=2), ev.Revealed(2, 1, 1, 0),
              ev.BuildingResolved(1), ev.BuildingResolved(2), ev.RoundEnded())
    assert game.state.rats[:3] == (0, 0, 11)

    monastery, hut, _ = objs(objs(replay_report(game.events)["rounds"])[0]["buildings"])
    assert monastery["rat_changes"] == [{"player": "Red", "delta": -1, "reason": "monastery"}]
    flute = obj(hut["flute"])
    assert flute["giver"] == "Yellow" and flute["receiver"] == "Green"
    assert hut["rat_changes"] == [{"player": "Green", "delta": 1, "reason": "flute"}]
