"""Reading JSON that came from outside (a file, stdin, a phone): one gate with firm limits.

Python's `json` accepts documents that are valid but hostile or meaningless for us: nesting
deep enough to exhaust the stack, integers of thousands of digits (slow to convert, then
refused with a bare ValueError), `NaN`, lone UTF-16 surrogates that crash the first print,
and the same key twice (where the last one silently wins, so a reader and a writer can
disagree about what a document says). Every entry point that reads JSON from outside goes
through `load_json`, so each of these is refused the same way, with one line saying what.

Stdlib only, and importing nothing from the app, so any layer may use it without a cycle.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any, BinaryIO

_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
"""Valid UTF-8 holds no surrogate; only a `\\uD800`-style escape can make one."""

MAX_BYTES = 20 * 1024 * 1024
"""Far above any real document of this app (a game record of a few hundred events is ~50 KB)."""
MAX_DEPTH = 32
"""A game record nests 6 levels deep; nothing we read needs more."""
MAX_INT_DIGITS = 20
"""Every number the app reads fits in 64 bits; longer ones are refused before converting."""


class JsonRefused(ValueError):
    """A document refused at the gate. `where` is the key at fault when there is one."""

    def __init__(self, problem: str, where: str | None = None) -> None:
        super().__init__(f"{where}: {problem}" if where else problem)
        self.problem = problem
        self.where = where


def read_capped(stream: BinaryIO, max_bytes: int = MAX_BYTES) -> bytes:
    """At most `max_bytes` from `stream`: a wrong file (a disk image, /dev/zero) is refused
    without filling memory first."""
    data = stream.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise JsonRefused(f"is larger than {_size(max_bytes)}")
    return data


def load_json(data: bytes | str, *, max_bytes: int = MAX_BYTES, max_depth: int = MAX_DEPTH,
              max_int_digits: int = MAX_INT_DIGITS) -> Any:
    """The document in `data`, or `JsonRefused` saying in one line why it is not accepted."""
    if len(data) > max_bytes:
        raise JsonRefused(f"is larger than {_size(max_bytes)}")
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise JsonRefused(f"is not UTF-8 text (byte {exc.start})") from None
    else:
        text = data
        _check_text(text)
    text = text.removeprefix("\ufeff")

    def parse_int(digits: str) -> int:
        if len(digits.lstrip("-")) > max_int_digits:
            raise JsonRefused(f"has a number of {len(digits)} digits "
                              f"(at most {max_int_digits})")
        return int(digits)

    def parse_float(digits: str) -> float:
        value = float(digits)
        if not math.isfinite(value):
            raise JsonRefused(f"has a number too large to use ({digits[:20]})")
        return value

    def parse_constant(name: str) -> Any:
        raise JsonRefused(f"has {name}, which is not a JSON number")

    try:
        value = json.loads(text, object_pairs_hook=_unique_keys, parse_int=parse_int,
                           parse_float=parse_float, parse_constant=parse_constant)
    except json.JSONDecodeError as exc:
        raise JsonRefused(f"is not valid JSON (line {exc.lineno}, column {exc.colno}: "
                          f"{exc.msg})") from None
    except RecursionError:
        raise JsonRefused(f"is nested more than {max_depth} levels deep") from None
    _check_tree(value, max_depth, texts=_SURROGATE_ESCAPE.search(text) is not None)
    return value


def dumps_printable(value: Any, indent: int | None = 2) -> str:
    """`value` as JSON text that is safe to show in a terminal, with the characters readable.

    `json.dumps(..., ensure_ascii=False)` keeps names readable ("Béa") but passes through
    characters a terminal may obey: C1 controls (U+009B starts an escape sequence on some),
    bidi overrides, line separators. Outside its strings JSON text is printable ASCII and
    whitespace, so escaping every other unprintable character as `\\uXXXX` changes nothing a
    JSON reader sees.
    """
    text = json.dumps(value, indent=indent, ensure_ascii=False)
    return _UNPRINTABLE.sub(_escape, text)


_UNPRINTABLE = re.compile(r"[^\n -~]")
"""Candidates only: every character outside printable ASCII is looked at one by one."""


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    if char.isprintable() and not 0x80 <= ord(char) < 0xA0:
        return char
    return json.dumps(char)[1:-1]


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise JsonRefused("given twice in the same JSON object", _printable(key))
        result[key] = value
    return result


def _check_tree(root: Any, max_depth: int, texts: bool) -> None:
    """Depth (and, if an escape may have made one, lone surrogates) in one walk without
    recursion: the depth is what is being checked."""
    stack: list[tuple[Any, int]] = [(root, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, str):
            if texts:
                _check_text(value)
            continue
        if not isinstance(value, (dict, list)):
            continue
        if depth > max_depth:
            raise JsonRefused(f"is nested more than {max_depth} levels deep")
        if isinstance(value, dict):
            for key, item in value.items():
                if texts:
                    _check_text(key)
                stack.append((item, depth + 1))
        else:
            stack.extend((item, depth + 1) for item in value)


def _check_text(text: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise JsonRefused("has text with a lone UTF-16 surrogate (\\ud800-\\udfff), "
                          "which no character is") from None


def _printable(text: str) -> str:
    return text.encode("unicode_escape").decode("ascii") if not text.isprintable() else text


def _size(max_bytes: int) -> str:
    return f"{max_bytes // (1024 * 1024)} MB" if max_bytes >= 1024 * 1024 else f"{max_bytes} bytes"
