"""Every event the engine defines can be stored and read back unchanged."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules.events import EVENT_TYPES
from companion.store.codec import event_from_json, event_to_json

any_event = st.sampled_from(sorted(EVENT_TYPES.values(), key=lambda c: c.__name__)).flatmap(
    st.from_type)


@settings(max_examples=100, deadline=None)
@given(any_event)
def test_any_engine_event_survives_the_trip_through_json_text(event: object) -> None:
    text = json.dumps(event_to_json(event))
    assert event_from_json(json.loads(text)) == event


def test_every_private_engine_event_names_its_owner() -> None:
    """Private events need a `player` so only the owner's device can undo them."""
    private = [cls for cls in EVENT_TYPES.values() if cls.PRIVATE]
    assert private
    for cls in private:
        assert "player" in cls.__dataclass_fields__
