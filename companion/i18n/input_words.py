"""What is wrong with a document a person handed a command, in their language: the JSON gate's
refusals (`companion.safe_json.JsonRefused`, by its reason) and the kinds of JSON values."""

from __future__ import annotations

from companion.i18n import N_, Translator
from companion.safe_json import JsonRefused

REFUSALS: dict[str, str] = {
    "too_large": N_("is too large for a game's document"),
    "not_utf8": N_("is not UTF-8 text"),
    "too_deep": N_("is nested too deeply"),
    "number_too_long": N_("has a number with too many digits"),
    "not_a_number": N_("has a value that is not a JSON number"),
    "not_json": N_("is not valid JSON"),
    "duplicate_key": N_("given twice in the same JSON object"),
    "lone_surrogate": N_("has text with a character that does not exist"),
}
"""The one text of each reason the JSON gate refuses a document for."""

KINDS: dict[type, str] = {
    bool: N_("true/false"),
    str: N_("a string"),
    int: N_("a number"),
    float: N_("a number"),
    list: N_("a list"),
    dict: N_("an object"),
}


def json_refusal(t: Translator, exc: JsonRefused) -> str:
    """The gate's refusal in words, after the key at fault when there is one."""
    message = REFUSALS.get(getattr(exc, "reason", ""))
    words = t(message) if message else exc.problem
    return f"{exc.where}: {words}" if exc.where else words


def kind(t: Translator, value: object) -> str:
    """What a JSON value is, for "must be ..., not a string"."""
    if value is None:
        return "null"
    return t(KINDS[type(value)]) if type(value) in KINDS else type(value).__name__
