"""The event codec: every event survives the trip to JSON, and bad JSON is refused by path."""

from __future__ import annotations

import json
from typing import Any

import pytest
from support.stored_games import started

from companion.rules.events import EndValuesEntered, Entered, RatReason, RatsChanged
from companion.store.codec import (
    RecordError,
    event_from_json,
    event_to_json,
    is_private,
)


def test_an_event_with_a_nested_setup_and_enums_round_trips_through_json_text() -> None:
    event = started("Anna", "Ben")
    text = json.dumps(event_to_json(event))
    assert event_from_json(json.loads(text)) == event


def test_the_json_names_the_event_type_and_keeps_enums_as_their_values() -> None:
    data: Any = event_to_json(started("Anna", "Ben"))
    assert data["type"] == "GameStarted"
    assert data["setup"]["names"] == ["Anna", "Ben"]
    assert data["setup"]["colours"] == ["red", "yellow"]


def test_an_unknown_event_type_is_refused_by_name() -> None:
    with pytest.raises(RecordError, match=r"events\[3\]\.type: unknown event type 'Teleport'"):
        event_from_json({"type": "Teleport"}, path="events[3]")


def test_a_missing_field_is_refused_with_its_path() -> None:
    with pytest.raises(RecordError, match=r"events\[1\]\.cards: missing field of Entered"):
        event_from_json({"type": "Entered", "player": 0, "building": 1}, path="events[1]")


def test_an_extra_field_is_refused_rather_than_silently_dropped() -> None:
    with pytest.raises(RecordError, match=r"event\.bonus: unexpected field"):
        event_from_json({"type": "Entered", "player": 0, "building": 1, "cards": 3,
                         "bonus": 1})


@pytest.mark.parametrize(("value", "expected"), [("3", "an integer"), (True, "an integer"),
                                                  (2.5, "an integer"), (None, "an integer")])
def test_a_count_must_be_a_whole_number_not_text_bool_or_fraction(value: object,
                                                                  expected: str) -> None:
    with pytest.raises(RecordError, match=rf"event\.cards: expected {expected}"):
        event_from_json({"type": "Entered", "player": 0, "building": 1, "cards": value})


def test_a_wrong_enum_value_lists_the_allowed_ones() -> None:
    data: Any = event_to_json(started("Anna", "Ben"))
    data["setup"]["colours"][1] = "pink"
    with pytest.raises(RecordError,
                       match=r"event\.setup\.colours\[1\]: expected one of 'red'"):
        event_from_json(data)


def test_a_tuple_must_come_as_a_list() -> None:
    data: Any = event_to_json(started("Anna", "Ben"))
    data["setup"]["names"] = {"name": "Anna"}
    with pytest.raises(RecordError, match=r"event\.setup\.names: expected a list"):
        event_from_json(data)


def test_an_optional_count_accepts_null_and_a_number_but_nothing_else() -> None:
    """End values: rats are left out (null) when the phones already know them."""
    data: Any = event_to_json(EndValuesEntered(player=0, hand=3, rats=None))
    assert event_from_json(data).rats is None
    data["rats"] = 7
    assert event_from_json(data).rats == 7
    data["rats"] = "seven"
    with pytest.raises(RecordError, match=r"event\.rats: expected an integer"):
        event_from_json(data)


def test_an_event_that_is_not_an_object_is_refused() -> None:
    with pytest.raises(RecordError, match=r"events\[0\]: expected an object"):
        event_from_json(["Entered", 0, 3], path="events[0]")


def test_private_events_are_recognised_by_their_class_flag() -> None:
    assert is_private(RatsChanged(player=1, delta=2, reason=RatReason.CORRECTION))
    assert not is_private(Entered(player=1, building=0, cards=2))
