"""Every event the engine defines can be stored and read back unchanged."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from companion.rules.events import EVENT_TYPES, RatReason, RatsChanged
from companion.rules.setup import SEED_LIMIT
from companion.store.codec import INT_LIMIT, RecordError, event_from_json, event_to_json

any_event = st.sampled_from(sorted(EVENT_TYPES.values(), key=lambda c: c.__name__)).flatmap(
    st.from_type)


@settings(max_examples=100, deadline=None)
@given(any_event)
def test_any_engine_event_survives_the_trip_through_json_text(event: object) -> None:
    data = event_to_json(event)
    assume(all(-INT_LIMIT < n < INT_LIMIT for n in _ints(data)))
    text = json.dumps(data)
    assert event_from_json(json.loads(text)) == event


def _ints(value: Any) -> list[int]:
    if isinstance(value, bool):
        return []
    if isinstance(value, int):
        return [value]
    if isinstance(value, dict):
        return [n for item in value.values() for n in _ints(item)]
    if isinstance(value, list):
        return [n for item in value for n in _ints(item)]
    return []


def test_the_largest_number_an_event_holds_is_a_seed_and_it_fits() -> None:
    """The codec's bound is the engine's own: every seed the app draws is accepted."""
    assert SEED_LIMIT <= INT_LIMIT


@pytest.mark.parametrize("delta", [10**18, -(10**18), INT_LIMIT])
def test_a_rat_change_no_game_could_hold_is_refused_where_it_is_read(delta: int) -> None:
    data = event_to_json(RatsChanged(player=0, delta=1, reason=RatReason.CORRECTION))
    data["delta"] = delta
    with pytest.raises(RecordError, match=r"^events\[4\]\.delta: is out of range for any game"):
        event_from_json(data, path="events[4]")


def test_every_private_engine_event_names_its_owner() -> None:
    """Private events need a `player` so only the owner's device can undo them."""
    private = [cls for cls in EVENT_TYPES.values() if cls.PRIVATE]
    assert private
    for cls in private:
        assert "player" in cls.__dataclass_fields__
