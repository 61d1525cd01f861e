"""The store's problems in words: a damaged games file or record, an import or export refused,
the data folder held by another server, the phones' seats file (`companion.store.problems`).

Every `StoreProblem` has exactly one msgid here (a test checks that none is missing); a
problem that shows a count has its plural msgids in `COUNTED`. English `str(exc)` comes from
these same texts (`companion.store.worded`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from companion.i18n import N_, Translator
from companion.i18n.input_words import json_refusal
from companion.safe_json import JsonRefused
from companion.store.problems import StoreProblem as P

_SEATS_WHAT_TO_DO = N_("Move it aside (or delete it) and start again: the games are not in "
                       "it, only which phone holds which seat, so every phone then scans its "
                       "code again.")

PROBLEMS: dict[P, str] = {
    P.EXPECTED_OBJECT: N_("expected an object"),
    P.EXPECTED_JSON_OBJECT: N_("expected a JSON object"),
    P.TYPE_MISSING: N_("missing or not a string"),
    P.UNKNOWN_EVENT_TYPE: N_("unknown event type {name}"),
    P.UNEXPECTED_FIELD_FOR: N_("unexpected field for {kind}"),
    P.MISSING_FIELD_OF: N_("missing field of {kind}"),
    P.NOT_VALID: N_("not a valid {kind}: {reason}"),
    P.EXPECTED_ONE_OF: N_("expected one of {allowed}"),
    P.EXPECTED_NULL: N_("expected null"),
    P.EXPECTED_BOOL: N_("expected true or false"),
    P.OUT_OF_RANGE: N_("is out of range for any game (at most {most} either way)"),
    P.EXPECTED_INTEGER: N_("expected an integer"),
    P.EXPECTED_STRING: N_("expected a string"),
    P.EXPECTED_LIST: N_("expected a list"),
    P.LIST_LENGTH: "expected a list of {count} items",
    P.NONE_OF: "{problems}",
    P.NOT_JSON: "{refused}",
    P.NOT_A_RECORD: N_("expected '{format}': this is not a game record"),
    P.VERSION_TOO_NEW: N_("{version} is newer than this app reads ({latest}); please update "
                          "rattus-companion"),
    P.NOT_A_VERSION: N_("{version} is not a record version"),
    P.MISSING: N_("missing"),
    P.UNEXPECTED_RECORD_FIELD: N_("unexpected field in a game record"),
    P.BAD_GAME_ID: N_("expected 1 to 64 letters, digits, '-' or '_'"),
    P.BAD_DATE: N_("expected an ISO date and time"),
    P.NO_EVENTS: N_("expected a non-empty list of events"),
    P.SETUP_MISMATCH: N_("does not match the setup in events[0]"),
    P.HOUSE_RULES_MISMATCH: N_("do not match the house rules in events[0]"),
    P.REFUSED_BY_RULES: N_("{event} is refused by the rules: {violation}"),
    P.NOT_TEXT: N_("is not stored as text"),
    P.STORED_AS: N_("is {event} but stored as '{kind}'"),
    P.GAME_EXISTS: N_("game {game} is already stored in {path}"),
    P.NOTHING_TO_APPEND: N_("nothing to append"),
    P.GAME_NOT_FOUND: N_("no game {game} in {path}"),
    P.NO_GAME_LIKE: N_("no game {text} in {path} (ids are letters and digits; see "
                       "`rattus-companion games`)"),
    P.NO_GAME_STARTING: N_("no game {text} in {path} (see `rattus-companion games`)"),
    P.SEVERAL_GAMES: N_("{text} matches several games: {ids}"),
    P.CANNOT_SAVE: N_("could not save to {path}: {reason}"),
    P.CHANGED_ELSEWHERE: N_("game {game} was changed in another window or program; reopen it "
                            "to see those changes and continue"),
    P.NO_SUCH_EVENT: N_("game {game} has no event #{seq}"),
    P.GAME_DAMAGED: N_("game {game} in {path} is damaged and cannot be read: {damage}; it was "
                       "left as it is"),
    P.FILE_BUSY: N_("{path} is locked by another program; close it (or wait for it) and try "
                    "again"),
    P.CANNOT_READ: N_("cannot read {path}: {reason}"),
    P.CANNOT_MAKE_FOLDER: N_("cannot create the data directory {folder}: {reason}"),
    P.FILE_EMPTY: N_("{path} is empty (truncated?); it was left as it is"),
    P.FILE_DAMAGED: N_("{path} is damaged ({reason}); it was left as it is"),
    P.FILE_TOO_NEW: N_("{path} was written by a newer version of rattus-companion (schema "
                       "{version}, this version reads up to {latest}); please update the app"),
    P.NOT_OUR_FILE: N_("{path} is not a rattus-companion games database; it was left as it is"),
    P.CANNOT_OPEN: N_("cannot open {path}: {reason}"),
    P.NOT_A_DATABASE: N_("{path} is damaged or not a database ({reason}); it was left as it "
                         "is"),
    P.DOES_NOT_REPLAY: N_("game {game} does not replay: event {index} ({event}) is refused: "
                          "{violation}"),
    P.NOT_FINISHED: N_("game {game} is not finished yet: nothing to send to BG Stats"),
    P.NOTHING_TO_UNDO: N_("nothing to undo: the game is at its start"),
    P.NOTHING_TO_REDO: N_("nothing to redo"),
    P.NO_PRIVATE_UNDO: N_("player {player} has no private entry to undo"),
    P.NO_PRIVATE_REDO: N_("player {player} has no private entry to redo"),
    P.CORRECTION_AFTER_SCORING: N_("a correction is asked for only after the scoring"),
    P.ENTRIES_FINAL: N_("the game is scored: player {player}'s entries are final"),
    P.UNDO_ILLEGAL_LATER: N_("cannot undo {event}: the later steps would no longer be legal "
                             "({violation})"),
    P.REDO_ILLEGAL_LATER: N_("cannot redo {event}: the later steps would no longer be legal "
                             "({violation})"),
    P.UNDO_NO_LONGER_LEGAL: N_("cannot undo: {event} would no longer be legal ({violation})"),
    P.SYMLINK_NOT_WRITTEN: N_("{path} is a symbolic link; not written (give the file it "
                              "points to, or another name)"),
    P.NOT_A_REGULAR_FILE: N_("{path} is not a regular file; not written"),
    P.CANNOT_USE_LOCK: N_("cannot use the lock file {path}: {reason}"),
    P.CANNOT_LOCK: N_("cannot lock {path}: {reason}"),
    P.FOLDER_IN_USE: N_("the data folder {folder} is already served by another "
                        "rattus-companion ({holder}); stop that one first, or start with "
                        "another --data-dir"),
    P.SEATS_EMPTY: N_("{path} is empty (truncated?); it was left as it is."),
    P.SEATS_DAMAGED: N_("{path} is damaged ({reason}); it was left as it is."),
    P.SEATS_NOT_OURS: N_("{path} is not a rattus-companion seats file; it was left as it is."),
    P.SEATS_CANNOT_OPEN: N_("cannot open {path}: {reason}"),
    P.SEATS_NOT_A_DATABASE: N_("{path} is damaged or not a database ({reason}); it was left "
                               "as it is."),
}
"""The one text of each problem: an English msgid with the problem's values as placeholders
(`{path}`, `{reason}` from the system and the like are shown as they are)."""


def plural(one: str, many: str) -> tuple[str, str]:
    """A counted text's two msgids, marked for extraction like `t.plural`."""
    return one, many


COUNTED: dict[P, tuple[str, tuple[str, str]]] = {
    P.LIST_LENGTH: ("count", plural("expected a list of {count} item",
                                    "expected a list of {count} items")),
}
"""Problems that show a count, by the value that counts."""

SEATS_ADVICE = frozenset({P.SEATS_EMPTY, P.SEATS_DAMAGED, P.SEATS_NOT_OURS,
                          P.SEATS_NOT_A_DATABASE})
"""The seats file's damage ends with what to do about it."""

WITH_RULE: dict[P, str] = {
    P.REFUSED_BY_RULES: "{event} is refused by the rules ({rule}): {violation}",
    P.UNDO_ILLEGAL_LATER: "cannot undo {event}: the later steps would no longer be legal "
                          "({violation} {rule})",
    P.REDO_ILLEGAL_LATER: "cannot redo {event}: the later steps would no longer be legal "
                          "({violation} {rule})",
    P.UNDO_NO_LONGER_LEGAL: "cannot undo: {event} would no longer be legal ({violation} {rule})",
    P.DOES_NOT_REPLAY: "game {game} does not replay: event {index} ({event}) is refused: "
                       "{violation} ({rule})",
}
"""The English of the logs and `str(exc)` names the rule an event broke, for the developer
who reads them; what a person reads leaves rule IDs out, like the engine's refusals."""
HOLDER_UNKNOWN = N_("its pid and address are not written yet")
HOLDER = N_("pid {pid}, serving {address}")
"""What the lock file says (`companion.store.lock`: "pid 4711, serving http://..."), worded."""
_HOLDER_WRITTEN = re.compile(r"pid (?P<pid>\d+), serving (?P<address>\S+)")


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
                 rule_ids: bool = False) -> str:
    """A problem in `t`'s language, from its code and values (`rule_ids`: the English of the
    logs, naming the broken rule)."""
    if code is P.NONE_OF:
        said = [problem_text(t, e.code, e.values) for e in values.get("problems", ())]
        text = said[0] if said else ""
        for other in said[1:]:
            text = t("{first} or {second}", first=text, second=other)
        return text
    words = {key: _value_words(t, value) for key, value in values.items()}
    if code in (P.FOLDER_IN_USE,):
        words["holder"] = holder_words(t, str(values.get("holder", "")))
    if rule_ids and values.get("rule") and code in WITH_RULE:
        return WITH_RULE[code].format(**words)
    counted = COUNTED.get(code)
    count = values.get(counted[0]) if counted is not None else None
    if counted is not None and isinstance(count, int):
        text = t.plural(*counted[1], count, **{k: v for k, v in words.items() if k != "n"})
    else:
        text = t(PROBLEMS[code], **words)
    if code in SEATS_ADVICE:
        text += " " + t(_SEATS_WHAT_TO_DO)
    return text


def holder_words(t: Translator, holder: str) -> str:
    """What the lock file says of the server that holds the folder ("pid 4711, serving
    http://..."), in `t`'s language, or that it has not written it yet."""
    written = _HOLDER_WRITTEN.fullmatch(holder.strip())
    if written is not None:
        return t(HOLDER, pid=written["pid"], address=written["address"])
    return holder or t(HOLDER_UNKNOWN)


def error_text(t: Translator, exc: BaseException) -> str:
    """Any error of the store (or the JSON gate, or the engine's refusal) in `t`'s language;
    another error as its own message."""
    code = getattr(exc, "code", None)
    values = getattr(exc, "values", None)
    if not isinstance(code, P) or not isinstance(values, dict):
        said = _value_words(t, exc)
        return said if isinstance(said, str) else str(exc)
    text = problem_text(t, code, values)
    path = getattr(exc, "path", None)
    return f"{path}: {text}" if isinstance(path, str) and path else text
