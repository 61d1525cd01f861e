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
from collections.abc import Callable, Mapping
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
    `problem` is the rest of it (in English; `companion.i18n.words` words the code)."""

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
    return _dataclass_decoder(cls)(data, path)


Decoder = Callable[[Any, str], Any]
"""Decodes a raw JSON value found at a path (the path is for the error only)."""


@functools.cache
def _decoder(hint: Any) -> Decoder:
    """The decoder of one type, worked out once per type from its hints, not again for every
    value (reading the hints dominated decoding a long history's events). Every check and
    refusal is the same."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return _union_decoder(typing.get_args(hint))
    if origin is tuple:
        return _tuple_decoder(typing.get_args(hint))
    if origin is typing.Literal:
        return _literal_decoder(typing.get_args(hint))
    if hint is type(None):
        return _decode_null
    if isinstance(hint, type):
        return _class_decoder(hint)

    def unknown(raw: Any, path: str) -> Any:
        raise TypeError(f"{path}: the codec does not know the type {hint!r}")
    return unknown


def _decode(hint: Any, raw: Any, path: str) -> Any:
    return _decoder(hint)(raw, path)


def _decode_null(raw: Any, path: str) -> None:
    if raw is None:
        return None
    raise RecordError(path, P.EXPECTED_NULL)


def _literal_decoder(allowed: tuple[Any, ...]) -> Decoder:
    def decode(raw: Any, path: str) -> Any:
        if any(raw == a and type(raw) is type(a) for a in allowed):
            return raw
        raise RecordError(path, P.EXPECTED_ONE_OF, allowed=str(list(allowed)))
    return decode


def _decode_bool(raw: Any, path: str) -> bool:
    if isinstance(raw, bool):
        return raw
    raise RecordError(path, P.EXPECTED_BOOL)


def _decode_int(raw: Any, path: str) -> int:
    if isinstance(raw, int) and not isinstance(raw, bool):
        if -INT_LIMIT < raw < INT_LIMIT:
            return raw
        raise RecordError(path, P.OUT_OF_RANGE, most=INT_LIMIT - 1)
    raise RecordError(path, P.EXPECTED_INTEGER)


def _decode_str(raw: Any, path: str) -> str:
    if isinstance(raw, str):
        return raw
    raise RecordError(path, P.EXPECTED_STRING)


def _class_decoder(cls: type) -> Decoder:
    if issubclass(cls, Enum):
        enum = cls
        members = cls._value2member_map_

        def decode_enum(raw: Any, path: str) -> Any:
            try:
                return members[raw]  # what `enum(raw)` looks up first
            except (KeyError, TypeError):
                pass
            try:
                return enum(raw)
            except ValueError:
                allowed = ", ".join(repr(m.value) for m in enum)
                raise RecordError(path, P.EXPECTED_ONE_OF, allowed=allowed) from None
        return decode_enum
    if cls is bool:
        return _decode_bool
    if cls is int:
        return _decode_int
    if cls is str:
        return _decode_str
    if dataclasses.is_dataclass(cls):
        return _dataclass_decoder(cls)

    def unknown(raw: Any, path: str) -> Any:
        raise TypeError(f"{path}: the codec does not know the type {cls.__name__}")
    return unknown


@functools.cache
def _dataclass_decoder(cls: type) -> Decoder:
    """Its fields' decoders are looked up at the first value, so a dataclass that holds
    itself (or a type the codec does not know) costs nothing until it is met."""
    plan: tuple[frozenset[str], tuple[tuple[str, str, Decoder], ...]] | None = None

    def decode(data: Any, path: str) -> Any:
        nonlocal plan
        if not isinstance(data, dict):
            raise RecordError(path, P.EXPECTED_OBJECT)
        if plan is None:
            hints = _hints(cls)
            names = [f.name for f in dataclasses.fields(cls) if f.init]
            plan = (frozenset(names),
                    tuple((name, "." + name, _decoder(hints[name])) for name in names))
        allowed, fields = plan
        extra = data.keys() - allowed
        if extra:
            raise RecordError(f"{path}.{sorted(extra)[0]}", P.UNEXPECTED_FIELD_FOR,
                              kind=cls.__name__)
        values = {}
        for name, suffix, decoder in fields:
            if name not in data:
                raise RecordError(path + suffix, P.MISSING_FIELD_OF, kind=cls.__name__)
            values[name] = decoder(data[name], path + suffix)
        try:
            return cls(**values)
        except (TypeError, ValueError) as exc:
            raise RecordError(path, P.NOT_VALID, kind=cls.__name__, reason=str(exc)) from exc
    return decode


@functools.cache
def _field_names(cls: type) -> tuple[str, ...]:
    """Read once per class: encoding runs for every event of a (possibly long) record."""
    return tuple(f.name for f in dataclasses.fields(cls))


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _union_decoder(options: tuple[Any, ...]) -> Decoder:
    nullable = type(None) in options
    candidates = [o for o in options if o is not type(None)]
    if len(candidates) == 1:
        only = _decoder(candidates[0])

        def decode_one(raw: Any, path: str) -> Any:
            if raw is None and nullable:
                return None
            return only(raw, path)
        return decode_one

    def decode_any(raw: Any, path: str) -> Any:
        if raw is None and nullable:
            return None
        errors = []
        for option in candidates:
            try:
                return _decoder(option)(raw, path)
            except RecordError as exc:
                errors.append(exc)
        raise RecordError(path, P.NONE_OF, problems=errors)
    return decode_any


def _tuple_decoder(args: tuple[Any, ...]) -> Decoder:
    if len(args) == 2 and args[1] is Ellipsis:
        item = _decoder(args[0])

        def decode_all(raw: Any, path: str) -> tuple[Any, ...]:
            if not isinstance(raw, list):
                raise RecordError(path, P.EXPECTED_LIST)
            return tuple([item(value, f"{path}[{i}]") for i, value in enumerate(raw)])
        return decode_all
    hints: tuple[Any, ...] = () if args == ((),) or not args else args
    items = tuple(_decoder(hint) for hint in hints)

    def decode_fixed(raw: Any, path: str) -> tuple[Any, ...]:
        if not isinstance(raw, list):
            raise RecordError(path, P.EXPECTED_LIST)
        if len(raw) != len(items):
            raise RecordError(path, P.LIST_LENGTH, count=len(items))
        return tuple([decoder(value, f"{path}[{i}]")
                      for i, (decoder, value) in enumerate(zip(items, raw, strict=True))])
    return decode_fixed


def is_private(event: Any) -> bool:
    """Private events (a player's rat ledger, nun notes): only their owner's device undoes them."""
    return bool(getattr(type(event), "PRIVATE", False))


def private_owner(event: Any) -> Any:
    """The player a private event belongs to, or None for a public event."""
    return getattr(event, "player", None) if is_private(event) else None

