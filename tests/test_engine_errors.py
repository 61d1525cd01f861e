"""Malformed and illegal events: a clear error naming the rule (or "EVENT"), with a code and
params the UI can translate, and the state untouched."""

import pytest
from support.engine_games import Game, setup_for

from companion.i18n import translator
from companion.i18n.words import words
from companion.rules import RuleViolation, apply, replay
from companion.rules import events as ev
from companion.rules.catalog import Building
from companion.rules.guide import ANYTIME_PRIVATE_EVENTS, PRIVATE_EVENTS, step_at


def test_a_game_begins_with_its_setup():
    with pytest.raises(RuleViolation) as info:
        apply(None, ev.SupplyDone())
    assert (info.value.rule, info.value.code) == ("EVENT", "not_started")
    game = Game(setup_for(2))
    game.refuse(ev.GameStarted(setup_for(3)), "EVENT", "already_started")
    assert replay([]) is None


def test_malformed_events_name_the_field():
    game = Game(setup_for(3))
    game.play(ev.BuildingsRevealed((Building.FARM, Building.CASTLE)), ev.SupplyDone())
    error = game.refuse(ev.Entered("0", 0, 1), "EVENT", "malformed_event")  # type: ignore[arg-type]
    assert error.params == {"event": "Entered", "field": "player"}
    game.refuse(ev.Entered(0, 0, True), "EVENT", "malformed_event")
    game.refuse(ev.Entered(0, 0, 1.0), "EVENT", "malformed_event")  # type: ignore[arg-type]
    game.refuse(ev.Entered(0, 0, -1), "EVENT", "bad_number")
    game.refuse(ev.Entered(7, 0, 1), "EVENT", "no_such_player")
    game.refuse(ev.Entered(0, 2, 1), "EVENT", "no_such_building")
    game.refuse(ev.BuildingsRevealed(["farm"]), "EVENT", "malformed_event")  # type: ignore[arg-type]
    game.refuse(ev.SpecialTargetChosen(0, "sword", 1), "EVENT", "malformed_event")  # type: ignore[arg-type]
    game.refuse(object(), "EVENT", "unknown_event")  # type: ignore[arg-type]


def test_out_of_turn_errors_say_what_is_expected():
    game = Game(setup_for(3, start=1))
    game.play(ev.BuildingsRevealed((Building.FARM, Building.CASTLE)), ev.SupplyDone())
    error = game.refuse(ev.Entered(2, 0, 1), "R-ROUND-C", "not_your_turn")
    assert error.params["player"] == "Green"
    assert "Yellow is to enter a building" in words(translator("en"), error)
    error = game.refuse(ev.RoundEnded(), "R-ROUND-E", "not_allowed_now")
    assert error.params["prompt"] == "enter"


def test_private_events_are_marked_and_notes_always_allowed():
    # R-SETUP-1 (rats kept secret); R-SCORE-6: the rats are confirmed only at the end.
    assert {cls.__name__ for cls in PRIVATE_EVENTS} == {
        "RatsChanged", "NunCardNoted", "RatChangeDisputed", "RatsConfirmed"}
    assert ANYTIME_PRIVATE_EVENTS == PRIVATE_EVENTS - {ev.RatsConfirmed}
    for cls in ev.EVENT_TYPES.values():
        if cls.PRIVATE:
            assert "player" in cls.__dataclass_fields__
    game = Game(setup_for(2))
    allowed = step_at(game.state).allowed
    assert ANYTIME_PRIVATE_EVENTS <= allowed and ev.RatsConfirmed not in allowed


def test_event_fields_are_codec_friendly():
    # Only str, int, bool, None, StrEnum, tuples and nested frozen dataclasses of these.
    import dataclasses
    import typing
    from enum import StrEnum

    def ok(tp) -> bool:
        origin = typing.get_origin(tp)
        if origin in (typing.Union, __import__("types").UnionType):
            return all(ok(a) for a in typing.get_args(tp))
        if origin is tuple:
            args = typing.get_args(tp)
            return len(args) == 2 and args[1] is Ellipsis and ok(args[0])
        if tp in (str, int, bool, type(None)):
            return True
        if isinstance(tp, type) and issubclass(tp, StrEnum):
            return True
        if dataclasses.is_dataclass(tp):
            # typeshed's DataclassInstance declares no __dataclass_params__
            return tp.__dataclass_params__.frozen and all(  # type: ignore[union-attr]
                ok(t) for t in typing.get_type_hints(tp).values())
        return False

    assert set(ev.EVENT_TYPES) == {cls.__name__ for cls in ev.EVENT_TYPES.values()}
    for cls in ev.EVENT_TYPES.values():
        assert cls.__dataclass_params__.frozen  # type: ignore[attr-defined]
        hints = typing.get_type_hints(cls)
        for field in dataclasses.fields(cls):
            assert ok(hints[field.name]), (cls.__name__, field.name)
