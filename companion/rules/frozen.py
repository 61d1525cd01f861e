"""`replace` for the engine's frozen states, without `dataclasses.replace`'s generic work.

Every event makes a new `GameState` and `RoundRecord` with a few fields changed. The standard
`dataclasses.replace` reads every field, builds the keyword arguments and runs the frozen
`__init__` (one `object.__setattr__` per field): half of the time a replay took, and replaying
1,000 stored games is how the history is scored cold (issue 23). The states hold only their
fields (no `__post_init__`, no field left out of `__init__`, no `cached_property`, whose value
kept in the attributes would be copied into a state it no longer describes), so the copy of
their attributes with the changes over them is the same object `dataclasses.replace` would
make; any other dataclass goes through `dataclasses.replace` itself.
"""

from __future__ import annotations

import dataclasses
from functools import cached_property
from typing import Any, TypeVar, cast

T = TypeVar("T")

_PLAIN: dict[type, frozenset[str] | None] = {}
"""Per class: its field names if a copy of its attributes is a faithful replace, else None."""


def _plain_fields(cls: type) -> frozenset[str] | None:
    if cls not in _PLAIN:
        fields = dataclasses.fields(cls)
        plain = (hasattr(cls, "__dict__") and not hasattr(cls, "__slots__")
                 and not hasattr(cls, "__post_init__") and all(f.init for f in fields)
                 and not any(isinstance(attribute, cached_property)
                             for c in cls.__mro__ for attribute in vars(c).values()))
        _PLAIN[cls] = frozenset(f.name for f in fields) if plain else None
    return _PLAIN[cls]


def replace(obj: T, /, **changes: Any) -> T:
    """`dataclasses.replace(obj, **changes)`, made quicker for the plain frozen states."""
    cls = type(obj)
    names = _plain_fields(cls)
    if names is None or not changes.keys() <= names:
        same: T = dataclasses.replace(cast(Any, obj), **changes)
        return same
    new: T = object.__new__(cls)
    attributes = new.__dict__
    attributes.update(obj.__dict__)
    attributes.update(changes)
    return new
