"""The store's problems in the person's language: a damaged games file or record, an import or
export refused, the data folder held by another server, the phones' seats file.

Every `StoreProblem` has exactly one msgid, beside its code in the leaf
`companion.store.problems` (a test checks that none is missing; a problem that shows a count
has its plural msgids in `COUNTED`); this module says them through the catalogs, with the
inner problems (the JSON gate's, the engine's refusal) in the same language. English
`str(exc)` comes from the same texts (`companion.store.worded`). Of the store this module
imports only that leaf.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.i18n import Translator
from companion.i18n.input_words import json_refusal
from companion.i18n.undo_words import undo_refusal
from companion.safe_json import JsonRefused
from companion.store.problems import (
    COUNTED,
    HOLDER,
    HOLDER_UNKNOWN,
    PROBLEMS,
    SEATS_ADVICE,
    SYSTEM_REASONS,
    WITH_RULE,
    holder_words,
    reason_code,
)
from companion.store.problems import StoreProblem as P
from companion.store.problems import problem_text as compose

__all__ = ["COUNTED", "HOLDER", "HOLDER_UNKNOWN", "PROBLEMS", "SEATS_ADVICE", "SYSTEM_REASONS",
           "WITH_RULE", "error_text", "holder_words", "os_error_reason", "problem_text",
           "system_reason"]


def system_reason(t: Translator, reason: Any) -> Any:
    """A reason from the system ("No such file or directory", "database is locked") in `t`'s
    language, from its code (errno or sqlite error name); another reason as it is."""
    code = reason_code(reason) if isinstance(reason, str) else None
    return t(SYSTEM_REASONS[code]) if code is not None else reason


def os_error_reason(t: Translator, exc: OSError) -> Any:
    """Why the system refused a file (`exc`), in `t`'s language: an OSError's strerror is the
    system's English, worded here from its errno like the store's own problems."""
    return system_reason(t, exc.strerror or str(exc))


def _value_words(t: Translator, value: Any) -> Any:
    """A value that is itself a problem (an event's decoding inside a damaged game, the
    engine's refusal inside a refused record) in the same language."""
    if isinstance(value, JsonRefused):
        return json_refusal(t, value)
    code = getattr(value, "code", None)
    if isinstance(code, P) and isinstance(getattr(value, "values", None), dict):
        return error_text(t, value)
    if type(value).__name__ == "RuleViolation":
        from companion.i18n.codes import refusal_text  # the engine's words, only when needed

        return refusal_text(t, value)
    return value


def problem_text(t: Translator, code: P, values: Mapping[str, Any], *,
                 rule_ids: bool = False, names: Sequence[str] | None = None) -> str:
    """A problem in `t`'s language, from its code and values (`rule_ids`: naming the broken
    rule, as the English of the logs does; `names`: the game's players, by which an undo's
    refusal names a seat)."""
    if not rule_ids:
        refused = undo_refusal(t, code, values, lambda value: _value_words(t, value), names)
        if refused is not None:
            return refused
    said = {key: system_reason(t, value) if key == "reason" else value
            for key, value in values.items()}
    return compose(t, code, said, lambda value: _value_words(t, value), rule_ids=rule_ids)


def error_text(t: Translator, exc: BaseException, names: Sequence[str] | None = None) -> str:
    """Any error of the store (or the JSON gate, or the engine's refusal) in `t`'s language;
    another error as its own message (`names`: the game's players, see `problem_text`)."""
    code = getattr(exc, "code", None)
    values = getattr(exc, "values", None)
    if not isinstance(code, P) or not isinstance(values, dict):
        said = _value_words(t, exc)
        return said if isinstance(said, str) else str(exc)
    text = problem_text(t, code, values, names=names)
    path = getattr(exc, "path", None)
    return f"{path}: {text}" if isinstance(path, str) and path else text
