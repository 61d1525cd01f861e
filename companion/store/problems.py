"""What can go wrong with the games file, a game record, the seats file or the data folder's
lock, as codes with values, and each code's one English text (the msgid of the catalogs).

The store raises codes; `companion.store.worded` fills these texts in English for `str(exc)`
and the logs, and `companion.i18n.words` fills them in the person's language (the CLI,
the server's start, the table) through the catalogs, where its registry takes them from (with
the table's own words for an undo refused and a tap too late). Both compose the text with
`problem_text` below, so the English of the logs and a person's words cannot drift apart.

Stdlib only and importing nothing of the app: the leaf that the store's errors, the phones'
seats file and the words all import, so the store never imports the words (nor they the
store) -- `tests/test_architecture.py` checks it.
"""

from __future__ import annotations

import errno
import os
import re
from collections.abc import Callable, Mapping
from enum import StrEnum
from typing import Any, Protocol


class StoreProblem(StrEnum):
    # a value of a record or of a stored event that does not decode (`RecordError`)
    EXPECTED_OBJECT = "expected_object"
    EXPECTED_JSON_OBJECT = "expected_json_object"
    TYPE_MISSING = "type_missing"
    UNKNOWN_EVENT_TYPE = "unknown_event_type"
    UNEXPECTED_FIELD_FOR = "unexpected_field_for"
    MISSING_FIELD_OF = "missing_field_of"
    NOT_VALID = "not_valid"
    EXPECTED_ONE_OF = "expected_one_of"
    EXPECTED_NULL = "expected_null"
    EXPECTED_BOOL = "expected_bool"
    OUT_OF_RANGE = "out_of_range"
    EXPECTED_INTEGER = "expected_integer"
    EXPECTED_STRING = "expected_string"
    EXPECTED_LIST = "expected_list"
    LIST_LENGTH = "list_length"
    NONE_OF = "none_of"
    """A value that fits none of a field's types: `problems` holds each type's `RecordError`."""
    NOT_JSON = "not_json"
    """The JSON gate refused the document: `refused` is its `JsonRefused`."""
    # a game record as a whole
    NOT_A_RECORD = "not_a_record"
    VERSION_TOO_NEW = "version_too_new"
    NOT_A_VERSION = "not_a_version"
    MISSING = "missing"
    UNEXPECTED_RECORD_FIELD = "unexpected_record_field"
    BAD_GAME_ID = "bad_game_id"
    BAD_DATE = "bad_date"
    NO_EVENTS = "no_events"
    SETUP_MISMATCH = "setup_mismatch"
    HOUSE_RULES_MISMATCH = "house_rules_mismatch"
    REFUSED_BY_RULES = "refused_by_rules"
    """`violation` is the engine's `RuleViolation`, worded by `companion.i18n.words`."""
    NOT_TEXT = "not_text"
    STORED_AS = "stored_as"
    # the games database (`StoreError` and its kinds)
    GAME_EXISTS = "game_exists"
    NOTHING_TO_APPEND = "nothing_to_append"
    GAME_NOT_FOUND = "game_not_found"
    NO_GAME_LIKE = "no_game_like"
    NO_GAME_STARTING = "no_game_starting"
    SEVERAL_GAMES = "several_games"
    CANNOT_SAVE = "cannot_save"
    CHANGED_ELSEWHERE = "changed_elsewhere"
    NO_SUCH_EVENT = "no_such_event"
    GAME_DAMAGED = "game_damaged"
    """`damage` is the `RecordError` of the first stored event that does not decode."""
    FILE_BUSY = "file_busy"
    CANNOT_READ = "cannot_read"
    CANNOT_MAKE_FOLDER = "cannot_make_folder"
    FILE_EMPTY = "file_empty"
    FILE_DAMAGED = "file_damaged"
    FILE_TOO_NEW = "file_too_new"
    NOT_OUR_FILE = "not_our_file"
    CANNOT_OPEN = "cannot_open"
    NOT_A_DATABASE = "not_a_database"
    DOES_NOT_REPLAY = "does_not_replay"
    NOT_FINISHED = "not_finished"
    PRACTICE_GAME = "practice_game"
    # undo and redo (`UndoError`, `RequestRefused`)
    NOTHING_TO_UNDO = "nothing_to_undo"
    NOTHING_TO_REDO = "nothing_to_redo"
    NO_PRIVATE_UNDO = "no_private_undo"
    NO_PRIVATE_REDO = "no_private_redo"
    CORRECTION_AFTER_SCORING = "correction_after_scoring"
    ENTRIES_FINAL = "entries_final"
    UNDO_ILLEGAL_LATER = "undo_illegal_later"
    REDO_ILLEGAL_LATER = "redo_illegal_later"
    UNDO_NO_LONGER_LEGAL = "undo_no_longer_legal"
    OWN_STEP_CLOSED = "own_step_closed"
    # a deciding tap made for a step the table is no longer at (`StepPassed`)
    STEP_PASSED = "step_passed"
    STEP_NOT_REACHED = "step_not_reached"
    # exporting a record to a file
    SYMLINK_NOT_WRITTEN = "symlink_not_written"
    NOT_A_REGULAR_FILE = "not_a_regular_file"
    # the data folder's lock (`DataDirInUse`)
    CANNOT_USE_LOCK = "cannot_use_lock"
    CANNOT_LOCK = "cannot_lock"
    FOLDER_IN_USE = "folder_in_use"
    # the phones' seats file (`SeatsFileDamaged`)
    SEATS_EMPTY = "seats_empty"
    SEATS_DAMAGED = "seats_damaged"
    SEATS_NOT_OURS = "seats_not_ours"
    SEATS_CANNOT_OPEN = "seats_cannot_open"
    SEATS_NOT_A_DATABASE = "seats_not_a_database"


P = StoreProblem
"""The short name the tables below (and the store's modules) use."""


def N_(message: str) -> str:
    """Mark a text for extraction (`companion.i18n.catalogs` reads `N_("...")` anywhere in the
    package); the same as `companion.i18n.N_`, defined here so this leaf imports nothing."""
    return message


SEATS_WHAT_TO_DO = N_("Move it aside (or delete it) and start again: the games are not in "
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
    P.PRACTICE_GAME: N_("game {game} is a practice game: it is not sent to BG Stats"),
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
    P.OWN_STEP_CLOSED: N_("player {player}'s own last input is no longer the game's last "
                          "step: only the table can undo it now"),
    P.STEP_PASSED: N_("a tap for the step {prompt} of round {round} came after that step was "
                      "recorded; nothing was stored"),
    P.STEP_NOT_REACHED: N_("a tap for the step {prompt} of round {round} came after the table "
                           "went back before that step; nothing was stored"),
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
SYSTEM_REASONS: dict[str, str] = {
    "ENOENT": N_("there is no such file or folder"),
    "EACCES": N_("permission denied"),
    "EPERM": N_("the system does not allow it"),
    "EISDIR": N_("it is a folder, not a file"),
    "ENOTDIR": N_("part of the path is a file, not a folder"),
    "EEXIST": N_("a file of that name already exists"),
    "ENOSPC": N_("the disk is full"),
    "EROFS": N_("the disk is read-only"),
    "SQLITE_BUSY": N_("the database is locked by another program"),
    "SQLITE_READONLY": N_("the database may not be written"),
    "SQLITE_CANTOPEN": N_("the database file cannot be opened"),
    "SQLITE_IOERR": N_("the disk could not be read or written"),
    "SQLITE_FULL": N_("the disk is full"),
    "SQLITE_CORRUPT": N_("the database is damaged"),
    "SQLITE_NOTADB": N_("the file is not a database"),
}
"""A reason from the system (`{reason}`: an OSError's strerror or text, a sqlite3 error's
text), by its code (the errno name, the sqlite error name) and its words; `reason_code` finds
the code. The English of the logs keeps the system's own text."""
_ERRNO_TEXT = re.compile(r"\[Errno (?P<number>\d+)\] ")
_SQLITE_TEXTS = {
    "database is locked": "SQLITE_BUSY",
    "database table is locked": "SQLITE_BUSY",
    "attempt to write a readonly database": "SQLITE_READONLY",
    "unable to open database file": "SQLITE_CANTOPEN",
    "disk I/O error": "SQLITE_IOERR",
    "database or disk is full": "SQLITE_FULL",
    "database disk image is malformed": "SQLITE_CORRUPT",
    "file is not a database": "SQLITE_NOTADB",
}
"""sqlite's own texts of its error codes (sqlite3_errstr), as `str(exc)` gives them."""


def reason_code(reason: object) -> str | None:
    """The code of a reason from the system (`SYSTEM_REASONS`), or None for another text."""
    text = str(reason).strip()
    written = _ERRNO_TEXT.match(text)
    if written is not None:
        name = errno.errorcode.get(int(written["number"]))
        return name if name in SYSTEM_REASONS else None
    for name in SYSTEM_REASONS:
        number = getattr(errno, name, None)
        if number is not None and text == os.strerror(number):
            return name
    return _SQLITE_TEXTS.get(text)


HOLDER_UNKNOWN = N_("its pid and address are not written yet")
HOLDER = N_("pid {pid}, serving {address}")
"""What the lock file says (`companion.store.lock`: "pid 4711, serving http://..."), worded."""
_HOLDER_WRITTEN = re.compile(r"pid (?P<pid>\d+), serving (?P<address>\S+)")


class Words(Protocol):
    """What fills a text in a language: `companion.i18n.Translator`, or English as it stands."""

    def __call__(self, message: str, /, **params: Any) -> str: ...

    def plural(self, singular: str, plural: str, n: int, /, **params: Any) -> str: ...


ValueWords = Callable[[Any], Any]
"""How a value that is itself a problem (an inner record error, the JSON gate's refusal, the
engine's refusal) is said in the same language; any other value is returned as it is."""


def problem_text(t: Words, code: StoreProblem, values: Mapping[str, Any],
                 value_words: ValueWords, *, rule_ids: bool = False) -> str:
    """A problem in `t`'s language, from its code and values (`rule_ids`: the English of the
    logs, naming the broken rule)."""
    if code is P.NONE_OF:
        said = [problem_text(t, e.code, e.values, value_words)
                for e in values.get("problems", ())]
        text = said[0] if said else ""
        for other in said[1:]:
            text = t("{first} or {second}", first=text, second=other)
        return text
    words = {key: value_words(value) for key, value in values.items()}
    if code is P.FOLDER_IN_USE:
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
        text += " " + t(SEATS_WHAT_TO_DO)
    return text


def holder_words(t: Words, holder: str) -> str:
    """What the lock file says of the server that holds the folder ("pid 4711, serving
    http://..."), in `t`'s language, or that it has not written it yet."""
    written = _HOLDER_WRITTEN.fullmatch(holder.strip())
    if written is not None:
        return t(HOLDER, pid=written["pid"], address=written["address"])
    return holder or t(HOLDER_UNKNOWN)
