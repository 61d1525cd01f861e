"""The event codec: every event survives the trip to JSON, and bad JSON is refused by path."""

from __future__ import annotations

import json

import pytest

from companion.store.codec import RecordError, event_from_json, event_to_json, is_private
from helpers.toy_game import TOY_TYPES, Begin, Colour, Rats, Score, Seat, begin


def test_an_event_with_nested_seats_and_enums_round_trips_through_json_text() -> None:
    event = Begin((Seat("Anna", Colour.RED), Seat("Ben", Colour.BLUE)), rounds=9, note=None)
    text = json.dumps(event_to_json(event))
    assert event_from_json(json.loads(text), TOY_TYPES) == event


def test_the_json_names_the_event_type_and_keeps_enums_as_their_values() -> None:
    data = event_to_json(begin("Anna"))
    assert data["type"] == "Begin"
    assert data["seats"] == [{"name": "Anna", "colour": "red"}]


def test_an_unknown_event_type_is_refused_by_name() -> None:
    with pytest.raises(RecordError, match=r"events\[3\]\.type: unknown event type 'Teleport'"):
        event_from_json({"type": "Teleport"}, TOY_TYPES, "events[3]")


def test_a_missing_field_is_refused_with_its_path() -> None:
    with pytest.raises(RecordError, match=r"events\[1\]\.points: missing field of Score"):
        event_from_json({"type": "Score", "player": 0}, TOY_TYPES, "events[1]")


def test_an_extra_field_is_refused_rather_than_silently_dropped() -> None:
    with pytest.raises(RecordError, match=r"event\.bonus: unexpected field"):
        event_from_json({"type": "Score", "player": 0, "points": 3, "bonus": 1}, TOY_TYPES)


@pytest.mark.parametrize(("value", "expected"), [("3", "an integer"), (True, "an integer"),
                                                  (2.5, "an integer"), (None, "an integer")])
def test_a_count_must_be_a_whole_number_not_text_bool_or_fraction(value: object,
                                                                  expected: str) -> None:
    with pytest.raises(RecordError, match=rf"event\.points: expected {expected}"):
        event_from_json({"type": "Score", "player": 0, "points": value}, TOY_TYPES)


def test_a_wrong_enum_value_lists_the_allowed_ones() -> None:
    data = event_to_json(begin("Anna", "Ben"))
    data["seats"][1]["colour"] = "pink"
    with pytest.raises(RecordError, match=r"event\.seats\[1\]\.colour: expected one of 'red'"):
        event_from_json(data, TOY_TYPES)


def test_a_tuple_must_come_as_a_list() -> None:
    data = event_to_json(begin("Anna"))
    data["seats"] = {"name": "Anna"}
    with pytest.raises(RecordError, match=r"event\.seats: expected a list"):
        event_from_json(data, TOY_TYPES)


def test_an_optional_text_accepts_null_and_text_but_nothing_else() -> None:
    data = event_to_json(begin("Anna"))
    data["note"] = "house rules explained"
    assert event_from_json(data, TOY_TYPES).note == "house rules explained"
    data["note"] = 7
    with pytest.raises(RecordError, match=r"event\.note: expected a string"):
        event_from_json(data, TOY_TYPES)


def test_an_event_that_is_not_an_object_is_refused() -> None:
    with pytest.raises(RecordError, match=r"events\[0\]: expected an object"):
        event_from_json(["Score", 0, 3], TOY_TYPES, "events[0]")


def test_private_events_are_recognised_by_their_class_flag() -> None:
    assert is_private(Rats(player=1, rats=2))
    assert not is_private(Score(player=1, points=2))
