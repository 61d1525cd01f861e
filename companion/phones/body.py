"""The phones' limits on the one JSON gate (`companion.safe_json`), and their words for it.

Every phone request body is read by `load_json` here: the same checks as a game record (size,
nesting counted before parsing, a key given twice, numbers of too many digits, NaN, lone
surrogates), with limits that fit a phone's few small fields. A refusal is `BadJson` (the
gate's `JsonRefused`) with its stable `.reason`; `phone_message` says it to a person.
"""

from __future__ import annotations

from typing import Any

from companion.safe_json import JsonRefused
from companion.safe_json import load_json as _load_json

BadJson = JsonRefused

MAX_BYTES = 2048
"""A phone's requests are a few small fields."""
MAX_DEPTH = 8
"""A phone's requests are flat objects; a little room for what a future field may need."""
MAX_INT_DIGITS = 20
"""Whole numbers beyond 64 bits mean nothing to this game."""

_MESSAGES = {
    "too_large": "The document is larger than {max_bytes} bytes.",
    "not_utf8": "The document is not UTF-8.",
    "lone_surrogate": "A text holds a lone UTF-16 surrogate, which is no character.",
    "too_deep": "The document is nested deeper than {max_depth} levels.",
    "duplicate_key": "The key {where!r} is given more than once.",
    "number_too_long": "A number has more than {max_int_digits} digits.",
    "not_a_number": "A number is too large or not a number JSON allows.",
    "not_json": "The document is not valid JSON.",
}


def load_json(raw: bytes, *, max_bytes: int = MAX_BYTES, max_depth: int = MAX_DEPTH,
              max_int_digits: int = MAX_INT_DIGITS) -> Any:
    """The JSON value in `raw`, or `BadJson`; never `RecursionError` or a slow huge number."""
    return _load_json(raw, max_bytes=max_bytes, max_depth=max_depth,
                      max_int_digits=max_int_digits)


def phone_message(refused: JsonRefused) -> str:
    """What is wrong with a phone's body, in one sentence (the phones' own limits named)."""
    template = _MESSAGES.get(refused.reason)
    if template is None:
        return str(refused)
    return template.format(max_bytes=MAX_BYTES, max_depth=MAX_DEPTH,
                           max_int_digits=MAX_INT_DIGITS, where=(refused.where or "")[:40])
