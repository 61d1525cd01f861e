"""A copy of the engine's scores of finished games, kept beside the games database.

Scoring the stored games replays every one of them, seconds for a long history at every server
start. The copy makes the first look at the History after a restart instant. It is only a copy:
each entry holds the key of the game's stored events it was made from (`key`: the store's
revision and count of events and time of the last write, `entry_key`) and the version of the
engine that scored it (`engine`, a hash of the engine's source), and the reader scores the game
again from its events whenever either differs. A file that is missing, unreadable or not a copy
we wrote is taken for an empty one: the scores are worked out again and nothing is said to the
players.

What an entry holds is the reader's (`companion.history.figures`); this module only keeps it.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.store.db import PRIVATE_FILE, GameSummary

SCORE_COPY_FILE = "history-scores.json"
FORMAT = 1
"""The layout of the file; a file of another layout is not read."""

log = logging.getLogger(__name__)

EntryKey = tuple[int, int, str]
"""(revision, active events, last write) of a game: any write to a game changes its revision."""


def entry_key(summary: GameSummary) -> EntryKey:
    return (summary.revision, summary.events, summary.updated)


def source_version(folders: Iterable[Path], salt: str = "") -> str:
    """A hash of every Python source file under `folders` (their paths and bytes): any change
    to the engine's code, a rules fix included, gives another version."""
    digest = hashlib.sha256(salt.encode())
    for folder in folders:
        for path in sorted(folder.rglob("*.py")):
            digest.update(path.relative_to(folder).as_posix().encode() + b"\0")
            digest.update(path.read_bytes())
            digest.update(b"\0")
    return digest.hexdigest()


@dataclass(frozen=True)
class Entry:
    key: EntryKey
    value: Any
    """JSON as the reader wrote it."""


def load(data_dir: Path, engine: str) -> dict[str, Entry]:
    """The entries kept for `engine`, by game id; none if the file is missing, damaged, of
    another layout or made by another engine."""
    path = data_dir / SCORE_COPY_FILE
    try:
        raw = json.loads(path.read_bytes())
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as exc:
        log.info("the scores kept in %s are not used: %s", path, exc)
        return {}
    if not (isinstance(raw, dict) and raw.get("format") == FORMAT
            and raw.get("engine") == engine and isinstance(raw.get("games"), dict)):
        return {}
    found: dict[str, Entry] = {}
    for game_id, item in raw["games"].items():
        key = item.get("key") if isinstance(item, dict) else None
        if (isinstance(key, list) and len(key) == 3 and isinstance(key[0], int)
                and isinstance(key[1], int) and isinstance(key[2], str) and "value" in item):
            found[game_id] = Entry((key[0], key[1], key[2]), item["value"])
    return found


def save(data_dir: Path, engine: str, entries: Mapping[str, Entry]) -> bool:
    """Write the copy whole or not at all (a private temporary file renamed over the old
    one); False, and logged, if it cannot be written: the scores are then worked out again
    at the next start, which is all a missing copy costs."""
    path = data_dir / SCORE_COPY_FILE
    temp = path.with_name(f"{path.name}.{os.getpid()}.part")
    text = json.dumps({"format": FORMAT, "engine": engine,
                       "games": {game_id: {"key": list(e.key), "value": e.value}
                                 for game_id, e in entries.items()}},
                      ensure_ascii=False, separators=(",", ":"))
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, PRIVATE_FILE)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(temp, path)
    except OSError as exc:
        log.info("cannot keep a copy of the scores in %s: %s", path, exc)
        try:
            temp.unlink(missing_ok=True)
        except OSError:
            pass
        return False
    return True
