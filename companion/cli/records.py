"""The `games`, `export`, `import` and `replay` subcommands and what they print.

They drive the store (`companion.store`) and say its answers and its errors in the language of
the terminal (`companion.i18n`); the store itself holds no words.

Every failure is one line on stderr and exit code 2, never a traceback: these commands are run
by players after a game night, not by developers. Everything printed that came from a file or
the database (player names, paths, ids) goes through `printable`, so a name holding terminal
escape sequences is shown as text, never run by the terminal.
"""

from __future__ import annotations

import argparse
import os
import re
import stat
import sys
import tempfile
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from companion.i18n import N_, Translator, terminal_language, translator
from companion.i18n.dates import when
from companion.i18n.words import os_error_reason, winners_words, words
from companion.rules.state import Phase
from companion.safe_json import JsonRefused, dumps_printable, read_capped
from companion.store.bgstats import winners_values
from companion.store.codec import RecordError
from companion.store.db import PRIVATE_FILE, GameStore, GameSummary, StoreError
from companion.store.problems import StoreProblem as P

EXIT_ERROR = 2

PHASE_WORDS = {
    Phase.A: N_("revealing buildings"),
    Phase.B: N_("supply"),
    Phase.C: N_("entering buildings"),
    Phase.D: N_("resolving buildings"),
    Phase.E: N_("end of round"),
    Phase.END: N_("entering the end values"),
    Phase.FINISHED: N_("finished"),
}
"""The store's progress words (`companion.store.gamemeta.PHASE_WORDS`, stored in English) as
msgids, so a terminal says them in its language; a test keeps the two the same."""
_PROGRESS = re.compile(r"round ([0-9]{1,3}) of ([0-9]{1,3}), (.+)")


def run(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    stdout = sys.stdout if out is None else out
    stderr = sys.stderr if err is None else err
    commands: dict[str, Callable[[argparse.Namespace, TextIO], None]] = {
        "games": _games, "export": _export, "import": _import, "replay": _replay,
    }
    try:
        commands[args.command](args, stdout)
    except (StoreError, RecordError) as exc:
        print(printable(f"rattus-companion {args.command}: {words(_t(args), exc)}"),
              file=stderr)
        return EXIT_ERROR
    except JsonRefused as exc:
        print(printable(f"rattus-companion {args.command}: record: "
                        f"{words(_t(args), exc)}"), file=stderr)
        return EXIT_ERROR
    except OSError as exc:
        t = _t(args)
        reason = os_error_reason(t, exc)
        said = (t("cannot use {file}: {reason}", file=exc.filename, reason=reason)
                if exc.filename else t("cannot use: {reason}", reason=reason))
        print(printable(f"rattus-companion {args.command}: {said}"), file=stderr)
        return EXIT_ERROR
    return 0


def printable(text: str) -> str:
    """`text` on one line with every control, format or unpaired character escaped (ESC as
    `\\x1b`): what a file says is shown, never obeyed by the terminal. Spaces stay spaces,
    the no-break ones too (French puts one before every colon)."""
    return "".join(c if c.isprintable() or unicodedata.category(c) == "Zs"
                   else c.encode("unicode_escape", "backslashreplace").decode("ascii")
                   for c in text)


def _open(args: argparse.Namespace) -> GameStore:
    return GameStore.open(getattr(args, "data_dir", None))


def _t(args: argparse.Namespace) -> Translator:
    """The language the person at the terminal asked for (`--lang`), else their terminal's."""
    return translator(getattr(args, "lang", None) or terminal_language())


def _games(args: argparse.Namespace, out: TextIO) -> None:
    t = _t(args)
    with _open(args) as store:
        games = store.list_games()
    if not games:
        print(printable(t("no games stored in {path}", path=store.path)), file=out)
        return
    for game in games:
        print(printable(_game_line(t, game)), file=out)


def _game_line(t: Translator, game: GameSummary) -> str:
    start = f"{game.game_id}  {when(t, game.created)}  {', '.join(game.players)}"
    if game.practice:
        start += "  " + t("[practice, not counted]")
    if game.damage is not None:
        said = game.damage if game.damage_problem is None else words(t, game.damage_problem)
        return f"{start}  " + t("DAMAGED: {damage}", damage=said)
    if game.finished:
        winners = winners_values(game.winner)
        outcome = (t("finished, nobody won") if not game.winner
                   else t("won by {winner}", winner=game.winner) if winners is None
                   else t("won by {winner}", winner=winners_words(t, winners)))
    elif game.progress:
        outcome = t("unfinished ({progress})", progress=progress_words(t, game.progress))
    else:
        outcome = t("unfinished")
    return f"{start}  {outcome}"


def progress_words(t: Translator, stored: str) -> str:
    """A stored progress summary ("round 3 of 8, supply") in the language of `t`; as stored
    if it is not in that form."""
    known = set(PHASE_WORDS.values())
    if stored in known:
        return t(stored)
    found = _PROGRESS.fullmatch(stored)
    if found is None or found[3] not in known:
        return stored
    return t("round {round} of {rounds}, {phase}", round=int(found[1]), rounds=int(found[2]),
             phase=t(found[3]))


def _export(args: argparse.Namespace, out: TextIO) -> None:
    from companion.store.records import dumps, export_game

    with _open(args) as store:
        text = dumps(export_game(store, store.resolve_id(args.game)))
    if args.output == "-":
        out.write(text)
    else:
        _write_atomically(Path(args.output), text)


def _write_atomically(path: Path, text: str) -> None:
    """Write a regular file, whole or not at all: a crash mid-export leaves the old file or
    the new one, never half of one.

    Only a regular file is ever replaced: a symbolic link, a device (`/dev/full`), a folder or
    a pipe at `path` is refused, not followed and not replaced by a file. The rename replaces
    a name, never what a link points to, so a link slipped in after the check is not followed
    either. The file is private to the user (a record holds every player's secret rats).
    """
    try:
        kind = os.lstat(path).st_mode
    except FileNotFoundError:
        kind = None
    if kind is not None and stat.S_ISLNK(kind):
        raise StoreError(P.SYMLINK_NOT_WRITTEN, path=path)
    if kind is not None and not stat.S_ISREG(kind):
        raise StoreError(P.NOT_A_REGULAR_FILE, path=path)
    folder = path.parent if str(path.parent) else Path(".")
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=folder)
    try:
        os.fchmod(fd, PRIVATE_FILE)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def _read(file: str) -> bytes:
    if file == "-":
        return read_capped(sys.stdin.buffer)
    with open(file, "rb") as handle:
        return read_capped(handle)


def _import(args: argparse.Namespace, out: TextIO) -> None:
    from companion.store.records import import_record, parse_record

    record = parse_record(_read(args.file))
    with _open(args) as store:
        game_id = import_record(store, record)
    print(printable(_t(args).plural("imported game {game} ({n} event)",
                                     "imported game {game} ({n} events)", len(record.events),
                                     game=game_id)), file=out)


def _replay(args: argparse.Namespace, out: TextIO) -> None:
    from companion.cli.replay import replay_report
    from companion.store.records import parse_record

    record = parse_record(_read(args.file))
    lang = getattr(args, "lang", None) or terminal_language()
    out.write(dumps_printable(replay_report(record.events, lang=lang)) + "\n")
