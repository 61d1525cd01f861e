"""One safe way to read JSON from outside: every phone request body goes through `load_json`.

Python's `json` trusts its input in ways a server must not: nesting deep enough raises
`RecursionError`, a key given twice silently keeps the last value (so `{"delta": 1, ...,
"delta": -1}` means something other than what a reviewer of the first key sees), and a number
of thousands of digits costs quadratic time and then a `ValueError`. Each of these is refused
here with a `BadJson` naming what is wrong, before any value reaches the rules.

The store's records use the same intent (`companion/safe_json.py` on the store's branch); the
limits differ only in size.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

MAX_BYTES = 2048
"""A phone's requests are a few small fields."""
MAX_DEPTH = 8
"""A phone's requests are flat objects; a little room for what a future field may need."""
MAX_INT_DIGITS = 20
"""Whole numbers beyond 64 bits mean nothing to this game."""

_STRINGS = re.compile(rb'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKETS = re.compile(rb"[\[\]{}]")


class BadJson(ValueError):
    """The bytes are not a JSON document this server accepts; `reason` is a stable code.

    Reasons: `too_large`, `not_utf8`, `too_deep`, `duplicate_key`, `number_too_long`,
    `not_a_number` (NaN, Infinity), `not_json`.
    """

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


def _depth(raw: bytes) -> int:
    """The deepest nesting of arrays and objects, counted without recursion (brackets inside
    strings do not count)."""
    deepest = depth = 0
    for bracket in _BRACKETS.findall(_STRINGS.sub(b'""', raw)):
        depth += 1 if bracket in (b"[", b"{") else -1
        deepest = max(deepest, depth)
    return deepest


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise BadJson("duplicate_key", f"The key {key[:40]!r} is given more than once.")
        result[key] = value
    return result


def load_json(raw: bytes, *, max_bytes: int = MAX_BYTES, max_depth: int = MAX_DEPTH,
              max_int_digits: int = MAX_INT_DIGITS) -> Any:
    """The JSON value in `raw`, or `BadJson`; never `RecursionError` or a slow huge number."""
    if len(raw) > max_bytes:
        raise BadJson("too_large", f"The document is larger than {max_bytes} bytes.")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise BadJson("not_utf8", "The document is not UTF-8.") from None
    if _depth(raw) > max_depth:
        raise BadJson("too_deep", f"The document is nested deeper than {max_depth} levels.")

    def whole_number(digits: str) -> int:
        if len(digits.lstrip("-")) > max_int_digits:
            raise BadJson("number_too_long",
                          f"A number has more than {max_int_digits} digits.")
        return int(digits)

    def finite(digits: str) -> float:
        if len(digits) > max_int_digits + 20:
            raise BadJson("number_too_long", "A number is written with too many digits.")
        value = float(digits)
        if not math.isfinite(value):
            raise BadJson("not_a_number", f"{digits[:40]} is too large for a number.")
        return value

    def no_constant(name: str) -> Any:
        raise BadJson("not_a_number", f"{name} is not a number JSON allows.")

    try:
        return json.loads(text, object_pairs_hook=_object, parse_int=whole_number,
                          parse_float=finite, parse_constant=no_constant)
    except BadJson:
        raise
    except (ValueError, RecursionError):
        raise BadJson("not_json", "The document is not valid JSON.") from None
