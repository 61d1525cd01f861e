"""What is wrong with a document a person handed a command, in their language: the JSON gate's
refusals (`companion.safe_json.JsonRefused`, by its reason) and the kinds of JSON values."""

from __future__ import annotations

from companion.i18n import N_, Translator
from companion.safe_json import JsonRefused

REFUSALS: dict[str, str] = {
    "too_large": N_("is larger than {size}"),
    "not_utf8": N_("is not UTF-8 text (byte {byte})"),
    "too_deep": N_("is nested more than {levels} levels deep"),
    "number_too_long": N_("has a number of {length} digits (at most {most})"),
    "not_a_number": N_("has {name}, which is not a JSON number"),
    "not_json": N_("is not valid JSON (line {line}, column {column})"),
    "duplicate_key": N_("given twice in the same JSON object"),
    "lone_surrogate": N_("has text with a lone UTF-16 surrogate (\\ud800-\\udfff), which no "
                         "character is"),
}
"""The one text of each reason the JSON gate refuses a document for."""

OTHER_FORMS: dict[str, str] = {
    "characters": N_("has a number written with {characters} characters (at most {most})"),
    "number": N_("has a number too large to use ({number})"),
}
"""A reason's other case, by the value only it names (a decimal number, not an integer)."""


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
    message = next((text for key, text in OTHER_FORMS.items() if key in exc.values),
                   REFUSALS.get(exc.reason))
    try:
        words = t(message, **exc.values) if message else exc.problem
    except (KeyError, IndexError):  # a refusal raised without the values its text names
        words = exc.problem
    return f"{exc.where}: {words}" if exc.where else words


def kind(t: Translator, value: object) -> str:
    """What a JSON value is, for "must be ..., not a string"."""
    if value is None:
        return "null"
    return t(KINDS[type(value)]) if type(value) in KINDS else type(value).__name__
