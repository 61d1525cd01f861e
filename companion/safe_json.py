"""Reading JSON that came from outside (a file, stdin, a phone): one gate with firm limits.

Python's `json` accepts documents that are valid but hostile or meaningless for us: nesting
deep enough to exhaust the stack, integers of thousands of digits (slow to convert, then
refused with a bare ValueError), `NaN`, lone UTF-16 surrogates that crash the first print,
and the same key twice (where the last one silently wins, so a reader and a writer can
disagree about what a document says). Every entry point that reads JSON from outside (records,
score input, the phones' request bodies through `companion.phones.body`) goes through
`load_json`, so each of these is refused the same way: one line saying what, and a stable
`reason` code a server can answer with.

Stdlib only, and importing nothing from the app, so any layer may use it without a cycle.
"""

from __future__ import annotations

import functools
import json
import math
import re
from typing import Any, BinaryIO

_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
"""Valid UTF-8 holds no surrogate; only a `\\uD800`-style escape can make one."""
_NOT_STRUCTURE = bytes(b for b in range(256) if b not in b'"[]{}')

MAX_BYTES = 20 * 1024 * 1024
"""Far above any real document of this app (a game record of a few hundred events is ~50 KB)."""
MAX_DEPTH = 32
"""A game record nests 6 levels deep; nothing we read needs more."""
MAX_INT_DIGITS = 20
"""Every number the app reads fits in 64 bits; longer ones are refused before converting."""


class JsonRefused(ValueError):
    """A document refused at the gate. `where` is the key at fault when there is one;
    `reason` is a stable code for programs (the phones' answers, tests):

    `too_large`, `not_utf8`, `lone_surrogate`, `too_deep`, `duplicate_key`, `number_too_long`,
    `not_a_number` (NaN, Infinity, 1e999), `not_json`; a caller refusing the shape of a valid
    document names its own. `values` are what the problem names (a limit, the line and column
    of a syntax error), so a caller can say it in a person's language
    (`companion.i18n.words`).
    """

    def __init__(self, problem: str, where: str | None = None, *, reason: str,
                 **values: int | str) -> None:
        super().__init__(f"{where}: {problem}" if where else problem)
        self.problem = problem
        self.where = where
        self.reason = reason
        self.values = values


def read_capped(stream: BinaryIO, max_bytes: int = MAX_BYTES) -> bytes:
    """At most `max_bytes` from `stream`: a wrong file (a disk image, /dev/zero) is refused
    without filling memory first."""
    data = stream.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise JsonRefused(f"is larger than {_size(max_bytes)}", reason="too_large",
                          size=_size(max_bytes))
    return data


def load_json(data: bytes | str, *, max_bytes: int = MAX_BYTES, max_depth: int = MAX_DEPTH,
              max_int_digits: int = MAX_INT_DIGITS) -> Any:
    """The document in `data`, or `JsonRefused` saying in one line why it is not accepted."""
    if len(data) > max_bytes:
        raise JsonRefused(f"is larger than {_size(max_bytes)}", reason="too_large",
                          size=_size(max_bytes))
    if isinstance(data, bytes):
        raw = data
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise JsonRefused(f"is not UTF-8 text (byte {exc.start})",
                              reason="not_utf8", byte=exc.start) from None
    else:
        text = data
        raw = _utf8(text)
    if _too_deep(raw, max_depth):
        raise JsonRefused(f"is nested more than {max_depth} levels deep", reason="too_deep",
                          levels=max_depth)
    text = text.removeprefix("\ufeff")

    try:
        value = _decoder(max_int_digits, _long_digits(max_int_digits).search(text) is not None
                         ).decode(text)
    except json.JSONDecodeError as exc:
        raise JsonRefused(f"is not valid JSON (line {exc.lineno}, column {exc.colno}: "
                          f"{exc.msg})", reason="not_json", line=exc.lineno,
                          column=exc.colno) from None
    except RecursionError:  # only if a caller allows more levels than the stack holds
        raise JsonRefused(f"is nested more than {max_depth} levels deep",
                          reason="too_deep", levels=max_depth) from None
    if _SURROGATE_ESCAPE.search(text) is not None:
        _check_texts(value)
    return value


@functools.cache
def _long_digits(max_int_digits: int) -> re.Pattern[str]:
    return re.compile(rf"\d{{{max_int_digits + 1},}}")


@functools.cache
def _decoder(max_int_digits: int, long_digits: bool) -> json.JSONDecoder:
    """One decoder per limit, made once, not one per document (the store reads a document per
    event). Integers are converted by the parser itself
    unless the text has a run of more digits than allowed (in a number or, harmlessly, in a
    string): only then is each integer looked at first."""
    def parse_int(digits: str) -> int:
        if len(digits.lstrip("-")) > max_int_digits:
            raise JsonRefused(f"has a number of {len(digits)} digits "
                              f"(at most {max_int_digits})", reason="number_too_long",
                              length=len(digits), most=max_int_digits)
        return int(digits)

    def parse_float(digits: str) -> float:
        if len(digits) > max_int_digits + 20:
            raise JsonRefused(f"has a number written with {len(digits)} characters "
                              f"(at most {max_int_digits + 20})", reason="number_too_long",
                              characters=len(digits), most=max_int_digits + 20)
        value = float(digits)
        if not math.isfinite(value):
            raise JsonRefused(f"has a number too large to use ({digits[:20]})",
                              reason="not_a_number", number=digits[:20])
        return value

    def parse_constant(name: str) -> Any:
        raise JsonRefused(f"has {name}, which is not a JSON number", reason="not_a_number",
                          name=name)

    return json.JSONDecoder(object_pairs_hook=_unique_keys,
                            parse_int=parse_int if long_digits else None,
                            parse_float=parse_float, parse_constant=parse_constant)


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
            raise JsonRefused("given twice in the same JSON object", _printable(key),
                              reason="duplicate_key")
        result[key] = value
    return result


def _too_deep(raw: bytes, max_depth: int) -> bool:
    """Whether arrays and objects nest deeper than `max_depth`, read from the bytes before
    parsing: the parser would recurse once per level (a `RecursionError` deep in C), and a
    document is refused the same way whether or not it is valid JSON further on."""
    # Escaped backslashes, then escaped quotes, go first (left to right, as a parser reads
    # them); then everything but quotes and brackets. Two quotes in a row then hold nothing
    # between them, inside or outside a string, so they go too; what remains between quotes
    # is the text of strings that hold brackets. Each step runs in C: a 20 MB record is
    # scanned in a fraction of the time `json.loads` takes. A document with no more brackets
    # than levels allowed cannot nest deeper (a stored event: the store reads thousands).
    if raw.count(b"[") + raw.count(b"{") <= max_depth:
        return False
    structure = (raw.replace(b"\\\\", b"").replace(b'\\"', b"")
                 .translate(None, _NOT_STRUCTURE).replace(b'""', b""))
    if b'"' in structure:
        structure = b"".join(structure.split(b'"')[::2])
    depth = 0
    for byte in structure:
        if byte in b"[{":
            depth += 1
            if depth > max_depth:
                return True
        else:
            depth -= 1
    return False


def _check_texts(root: Any) -> None:
    """No lone surrogate in any key or text (only an escape can make one), without recursion;
    the depth was checked before parsing."""
    stack = [root]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            _utf8(value)
        elif isinstance(value, dict):
            for key in value:
                _utf8(key)
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)


def _utf8(text: str) -> bytes:
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        raise JsonRefused("has text with a lone UTF-16 surrogate (\\ud800-\\udfff), "
                          "which no character is", reason="lone_surrogate") from None


def _printable(text: str) -> str:
    return text.encode("unicode_escape").decode("ascii") if not text.isprintable() else text


def _size(max_bytes: int) -> str:
    return f"{max_bytes // (1024 * 1024)} MB" if max_bytes >= 1024 * 1024 else f"{max_bytes} bytes"
