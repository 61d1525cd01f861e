"""Events to JSON and back, by reading the dataclasses themselves.

The engine promises that events hold only str, int, bool, None, StrEnum members, tuples and
nested frozen dataclasses of these, so one generic codec serves every event, present and
future, without a hand-written case per class. Decoding is strict because it is also the gate
for files from outside (imported records, a damaged database): anything that does not match
the dataclass exactly is refused with the path of the offending value.
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from collections.abc import Mapping
from enum import Enum
from typing import Any

from companion.store.problems import StoreProblem as P
from companion.store.worded import Worded

JsonValue = None | bool | int | str | list["JsonValue"] | dict[str, "JsonValue"]
EventTypes = Mapping[str, type]
"""Event class name -> event class (the engine's `EVENT_TYPES`)."""

TYPE_KEY = "type"
INT_LIMIT = 1 << 24
"""No number in any game reaches this: the largest an event holds is a setup seed, below the
engine's `SEED_LIMIT` (2**24); counts of cards, rats and VP are far smaller. Checking it here,
where every event from a file or the database is decoded, keeps a seed of 10**100 or a rat
change of 10**18 out of every game without a case per field."""


class RecordError(Worded, ValueError):
    """A value that cannot be decoded; the message starts with where it is (`events[3].cards`),
    `problem` is the rest of it (in English; `companion.i18n.store_words` words the code)."""

    def __init__(self, path: str, code: P, /, **values: object) -> None:
        super().__init__(code, **values)
        self.path = path
        self.problem = str(self.args[0])
        self.args = (f"{path}: {self.problem}",)


def engine_event_types() -> EventTypes:
    """The engine's registry, imported late so the store can be used without it (tests, tools)."""
    from companion.rules.events import EVENT_TYPES

    return EVENT_TYPES


def to_json(value: Any) -> JsonValue:
    """Any value allowed in an event, as plain JSON data (dataclasses without a type tag)."""
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, Enum):
        return to_json(value.value)
    if isinstance(value, int):
        return value
    if isinstance(value, tuple):
        return [to_json(item) for item in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {name: to_json(getattr(value, name)) for name in _field_names(type(value))}
    raise TypeError(f"{type(value).__name__} cannot be stored in an event")


def event_to_json(event: Any) -> dict[str, JsonValue]:
    """An event as `{"type": ClassName, ...fields}`."""
    data = to_json(event)
    assert isinstance(data, dict)
    return {TYPE_KEY: type(event).__name__, **data}


def event_from_json(data: Any, types_: EventTypes | None = None, path: str = "event") -> Any:
    """The event `data` describes; `RecordError` naming the path if it is not exactly one."""
    registry = engine_event_types() if types_ is None else types_
    if not isinstance(data, dict):
        raise RecordError(path, P.EXPECTED_OBJECT)
    name = data.get(TYPE_KEY)
    if not isinstance(name, str):
        raise RecordError(f"{path}.{TYPE_KEY}", P.TYPE_MISSING)
    cls = registry.get(name)
    if cls is None:
        raise RecordError(f"{path}.{TYPE_KEY}", P.UNKNOWN_EVENT_TYPE, name=repr(name))
    fields = {k: v for k, v in data.items() if k != TYPE_KEY}
    return dataclass_from_json(cls, fields, path)


def dataclass_from_json(cls: type, data: Any, path: str) -> Any:
    """An instance of the dataclass `cls` from its JSON object, every field required."""
    if not isinstance(data, dict):
        raise RecordError(path, P.EXPECTED_OBJECT)
    hints = _hints(cls)
    names = [f.name for f in dataclasses.fields(cls) if f.init]
    extra = sorted(set(data) - set(names))
    if extra:
        raise RecordError(f"{path}.{extra[0]}", P.UNEXPECTED_FIELD_FOR, kind=cls.__name__)
    values = {}
    for name in names:
        if name not in data:
            raise RecordError(f"{path}.{name}", P.MISSING_FIELD_OF, kind=cls.__name__)
        values[name] = _decode(hints[name], data[name], f"{path}.{name}")
    try:
        return cls(**values)
    except (TypeError, ValueError) as exc:
        raise RecordError(path, P.NOT_VALID, kind=cls.__name__, reason=str(exc)) from exc


@functools.cache
def _field_names(cls: type) -> tuple[str, ...]:
    """Read once per class: encoding runs for every event of a (possibly long) record."""
    return tuple(f.name for f in dataclasses.fields(cls))


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _decode(hint: Any, raw: Any, path: str) -> Any:
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return _decode_union(typing.get_args(hint), raw, path)
    if origin is tuple:
        return _decode_tuple(typing.get_args(hint), raw, path)
    if origin is typing.Literal:
        allowed = typing.get_args(hint)
        if any(raw == a and type(raw) is type(a) for a in allowed):
            return raw
        raise RecordError(path, P.EXPECTED_ONE_OF, allowed=str(list(allowed)))
    if hint is type(None):
        if raw is None:
            return None
        raise RecordError(path, P.EXPECTED_NULL)
    if isinstance(hint, type):
        return _decode_class(hint, raw, path)
    raise TypeError(f"{path}: the codec does not know the type {hint!r}")


def _decode_class(cls: type, raw: Any, path: str) -> Any:
    if issubclass(cls, Enum):
        try:
            return cls(raw)
        except ValueError:
            allowed = ", ".join(repr(m.value) for m in cls)
            raise RecordError(path, P.EXPECTED_ONE_OF, allowed=allowed) from None
    if cls is bool:
        if isinstance(raw, bool):
            return raw
        raise RecordError(path, P.EXPECTED_BOOL)
    if cls is int:
        if isinstance(raw, int) and not isinstance(raw, bool):
            if -INT_LIMIT < raw < INT_LIMIT:
                return raw
            raise RecordError(path, P.OUT_OF_RANGE, most=INT_LIMIT - 1)
        raise RecordError(path, P.EXPECTED_INTEGER)
    if cls is str:
        if isinstance(raw, str):
            return raw
        raise RecordError(path, P.EXPECTED_STRING)
    if dataclasses.is_dataclass(cls):
        return dataclass_from_json(cls, raw, path)
    raise TypeError(f"{path}: the codec does not know the type {cls.__name__}")


def _decode_union(options: tuple[Any, ...], raw: Any, path: str) -> Any:
    if raw is None and type(None) in options:
        return None
    candidates = [o for o in options if o is not type(None)]
    if len(candidates) == 1:
        return _decode(candidates[0], raw, path)
    errors = []
    for option in candidates:
        try:
            return _decode(option, raw, path)
        except RecordError as exc:
            errors.append(exc)
    raise RecordError(path, P.NONE_OF, problems=errors)


def _decode_tuple(args: tuple[Any, ...], raw: Any, path: str) -> tuple[Any, ...]:
    if not isinstance(raw, list):
        raise RecordError(path, P.EXPECTED_LIST)
    if len(args) == 2 and args[1] is Ellipsis:
        return tuple(_decode(args[0], item, f"{path}[{i}]") for i, item in enumerate(raw))
    if args == ((),) or not args:
        item_hints: tuple[Any, ...] = ()
    else:
        item_hints = args
    if len(raw) != len(item_hints):
        raise RecordError(path, P.LIST_LENGTH, count=len(item_hints))
    return tuple(_decode(hint, item, f"{path}[{i}]")
                 for i, (hint, item) in enumerate(zip(item_hints, raw, strict=True)))


def is_private(event: Any) -> bool:
    """Private events (a player's rat ledger, nun notes): only their owner's device undoes them."""
    return bool(getattr(type(event), "PRIVATE", False))


def private_owner(event: Any) -> Any:
    """The player a private event belongs to, or None for a public event."""
    return getattr(event, "player", None) if is_private(event) else None

