"""`rattus-companion score FILE`: score an end state typed in by hand, as JSON.

This is for a group that played without the app and wants the argument settled. The JSON shape
mirrors `EndState` (see the README); this module only checks the shape and the types, and
leaves every rule to `companion.rules.scoring`, so the command and the app can never disagree.
Bad input ends with exit status 2 and one line on stderr naming the field, never a traceback,
in the language asked for: the engine decides what is wrong (`ScoringInputError` names the
field, the problem's code and its values), and `companion.i18n.words` words that code, so
no rule is checked twice.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from typing import Any, NoReturn

from companion.i18n import DEFAULT_LANGUAGE, N_, Translator, terminal_language, translator
from companion.i18n.words import field_problem, kind, os_error_reason, words
from companion.rules.catalog import Estate
from companion.rules.house_rules import HouseRules, TrackTie
from companion.rules.scoring import (
    SCORED_SPECIALS,
    EndState,
    ScoreResult,
    ScoringInputError,
    score,
)
from companion.rules.scoring.input import one_line
from companion.safe_json import JsonRefused, dumps_printable, load_json, read_capped

EXIT_OK, EXIT_BAD_INPUT = 0, 2

_PLAYER_MAPS = ("hand", "gold", "markers", "rats")
_KEYS = ("players", "rules", "in_play", "influence", "arrival", "specials", *_PLAYER_MAPS,
         "nuns")
_REQUIRED = {
    "players": N_("missing: who played"),
    "nuns": N_("missing: the plague check needs the nuns of the Nun-row"),
}
"""Every other map may be left out (everyone has 0 there). The nuns have no such default: 0 would
silently kill everyone holding a rat."""
_RULE_KEYS = ("track_tie", "all_dead_variant")


ENGLISH = translator(DEFAULT_LANGUAGE)


class _Worded(ScoringInputError):
    """A problem with the document's shape, which this module found and already said in the
    person's language; the engine never sees such a document, so it has no code for it."""

    def __init__(self, field: str, message: str) -> None:
        field = one_line(field)  # a typed key may hold a line break, as the engine's fields
        ValueError.__init__(self, f"{field}: {message}")
        self.field, self.message, self.rule, self.params = field, message, None, {}


def _fail(field: str, message: str) -> NoReturn:
    raise _Worded(field, message)


def _object(t: Translator, field: str, value: object) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        _fail(field, t("must be a JSON object, not {kind}", kind=kind(t, value)))
    return value


def _list_of_names(t: Translator, field: str, value: object) -> tuple[str, ...]:
    if not isinstance(value, list):
        _fail(field, t("must be a list of names, not {kind}", kind=kind(t, value)))
    for index, item in enumerate(value):
        if not isinstance(item, str):
            _fail(f"{field}[{index}]", t("must be a name, not {value}", value=kind(t, item)))
    return tuple(value)


def _check_keys(t: Translator, field: str, given: Mapping[str, Any],
                allowed: tuple[str, ...]) -> None:
    for key in given:
        if key not in allowed:
            _fail(f"{field}.{key}" if field else key,
                  t("unknown key (allowed: {keys})", keys=", ".join(allowed)))


def _rules(t: Translator, value: object) -> HouseRules:
    given = _object(t, "rules", value)
    _check_keys(t, "rules", given, _RULE_KEYS)
    track_tie = given.get("track_tie", HouseRules().track_tie.value)
    try:
        tie = TrackTie(track_tie)
    except ValueError:
        _fail("rules.track_tie", t("must be one of {choices}, not {value}",
                                   choices=", ".join(rule.value for rule in TrackTie),
                                   value=repr(track_tie)))
    variant = given.get("all_dead_variant", HouseRules().all_dead_variant)
    if not isinstance(variant, bool):
        _fail("rules.all_dead_variant",
              t("must be true or false, not {kind}", kind=kind(t, variant)))
    return HouseRules(track_tie=tie, all_dead_variant=variant)


def _nested(t: Translator, field: str, value: object) -> dict[str, Mapping[str, Any]]:
    return {key: _object(t, f"{field}.{key}", inner)
            for key, inner in _object(t, field, value).items()}


def end_state_from_json(data: object, t: Translator = ENGLISH) -> EndState:
    """Build the `EndState` that a parsed JSON document describes.

    Raises `ScoringInputError` naming the JSON field at fault; what this module checks (the
    document's shape) it says in the language of `t`, what the engine checks comes as the
    engine's code (see `problem_words`).
    """
    doc = _object(t, t("(top level)"), data)
    _check_keys(t, "", doc, _KEYS)
    for key, why in _REQUIRED.items():
        if key not in doc:
            _fail(key, t(why))
    in_play = doc.get("in_play", [])
    if not isinstance(in_play, list) or not all(isinstance(item, str) for item in in_play):
        _fail("in_play", t("must be a list of special-card types such as \"sword\""))
    return EndState(
        players=_list_of_names(t, "players", doc["players"]),
        house_rules=_rules(t, doc.get("rules", {})),
        in_play=frozenset(in_play),
        influence=_nested(t, "influence", doc.get("influence", {})),  # type: ignore[arg-type]
        arrival={key: _list_of_names(t, f"arrival.{key}", order)  # type: ignore[misc]
                 for key, order in _object(t, "arrival", doc.get("arrival", {})).items()},
        specials=_nested(t, "specials", doc.get("specials", {})),  # type: ignore[arg-type]
        **{key: _object(t, key, doc.get(key, {})) for key in _PLAYER_MAPS},
        nuns=doc["nuns"],
    )


def result_to_json(result: ScoreResult, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    """The documented output shape: estates in rulebook order, players in input order."""
    return {
        "players": [
            {
                "name": p.name,
                "estates": {estate.value: p.estates[estate] for estate in Estate},
                "hand": p.hand,
                "specials": {special.value: p.specials[special] for special in SCORED_SPECIALS},
                "gold": p.gold,
                "markers": p.markers,
                "total": p.total,
                "rats": p.rats,
                "survives": p.survives,
            }
            for p in result.players
        ],
        "winners": list(result.winners),
        "everyone_died": result.everyone_died,
        "explanation": [words(translator(lang), line) for line in result.explanation],
    }


MAX_NUMBER = 1 << 24
"""No count at the end of a game comes near this (the same bound as a game record's, see
`companion.store.codec.INT_LIMIT`); a larger one is a typo, refused before any scoring."""


def _numbers_in_range(t: Translator, value: object, field: str = "") -> None:
    if isinstance(value, int) and not isinstance(value, bool):
        if not -MAX_NUMBER < value < MAX_NUMBER:
            _fail(field or t("(top level)"),
                  t("{value} is out of range for any game", value=value))
    elif isinstance(value, dict):
        for key, inner in value.items():
            _numbers_in_range(t, inner, f"{field}.{key}" if field else key)
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            _numbers_in_range(t, inner, f"{field}[{index}]")


def problem_words(t: Translator, error: ScoringInputError) -> str:
    """What is wrong with the document, in the language of `t`: the engine's verdict (its code
    and values) in words, or this module's own, already worded."""
    return str(error) if isinstance(error, _Worded) else field_problem(t, error)


def _read(path: str) -> bytes:
    if path == "-":
        return read_capped(sys.stdin.buffer)
    with open(path, "rb") as file:
        return read_capped(file)


def run_score(path: str, lang: str | None = None) -> int:
    """`lang`: the language of the explanation and of any error (`--lang`), the terminal's
    when None."""
    lang = lang or terminal_language()
    t = translator(lang)
    source = t("stdin") if path == "-" else path
    try:
        data = load_json(_read(path))
    except OSError as error:
        return _error(t("{source}: cannot read ({reason})", source=source,
                        reason=os_error_reason(t, error)))
    except JsonRefused as error:
        return _error(words(t, error) if error.where
                      else f"{source}: {words(t, error)}")
    try:
        _numbers_in_range(t, data)
        result = score(end_state_from_json(data, t))
    except _Worded as error:
        return _error(str(error))
    except ScoringInputError as error:
        return _error(problem_words(t, error))
    try:
        sys.stdout.write(dumps_printable(result_to_json(result, lang)) + "\n")
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader (say `| head`) stopped early; that is its choice, not an error.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return EXIT_OK


def _error(message: str) -> int:
    print(f"rattus-companion score: {message}", file=sys.stderr)
    return EXIT_BAD_INPUT
