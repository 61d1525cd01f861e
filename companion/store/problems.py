"""What can go wrong with the games file, a game record, the seats file or the data folder's
lock, as codes with values: the store never builds a sentence. The words, in each of the box's
languages, live in `companion.i18n.store_words` (English for `str(exc)` and the logs, the
person's language for the CLI, the server's start and the table).

Stdlib only and importing nothing of the app, so the store's errors, the phones' seats file
and the words can all import it without a cycle.
"""

from __future__ import annotations

from enum import StrEnum


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
    """`violation` is the engine's `RuleViolation`, worded by `companion.i18n.codes`."""
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

