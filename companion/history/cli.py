"""`rattus-companion history`: the group's and each player's figures, or `--csv` the rows.

Printed in the terminal's language (or `--lang`), like the store's commands; names from the
database go through `printable`, so a name cannot drive the terminal. Failures are one line on
stderr and exit code 2.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import unicodedata
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from companion.i18n import LANGUAGES, Translator, terminal_language, translator

EXIT_ERROR = 2


def printable(text: str) -> str:
    """`text` with every control or format character escaped (ESC as `\\x1b`): a name from
    the database is shown, never obeyed by the terminal (as the other commands print)."""
    return "".join(c if c.isprintable() or unicodedata.category(c) == "Zs"
                   else c.encode("unicode_escape", "backslashreplace").decode("ascii")
                   for c in text)


def write_whole(path: Path, text: str) -> None:
    """The CSV written whole or not at all; a symbolic link or a non-file at `path` is refused
    (the rename replaces a name, never what a link points to)."""
    if path.is_symlink() or (path.exists() and not path.is_file()):
        raise OSError(0, "not a regular file", str(path))
    folder = path.parent if str(path.parent) else Path(".")
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def parser() -> argparse.ArgumentParser:
    made = argparse.ArgumentParser(
        prog="rattus-companion history",
        description="The figures of every finished game: the group's and each player's.")
    made.add_argument("--csv", action="store_true",
                      help="write one CSV row per player per game instead")
    made.add_argument("-o", "--output", default="-",
                      help="with --csv: the file to write (default: stdout)")
    made.add_argument("--players", default=None,
                      help="tonight's players, comma-separated, for their head to head")
    made.add_argument("--data-dir", type=Path, default=None,
                      help="where games are stored (default: the user's data directory)")
    made.add_argument("--lang", choices=LANGUAGES, default=None,
                      help="language of what is printed (default: the terminal's)")
    return made


def main(argv: Sequence[str] | None = None, out: TextIO | None = None,
         err: TextIO | None = None) -> int:
    from companion.history.figures import csv_text, load_history
    from companion.i18n.words import os_error_reason, words
    from companion.store.db import GameStore, StoreError

    args = parser().parse_args(list(sys.argv[1:] if argv is None else argv))
    stdout = sys.stdout if out is None else out
    stderr = sys.stderr if err is None else err
    t = translator(args.lang or terminal_language())
    try:
        with GameStore.open(args.data_dir) as store:
            games = load_history(store)
            path = store.path
        if args.csv:
            text = csv_text(games)
            if args.output == "-":
                stdout.write(text)
            else:
                write_whole(Path(args.output), text)
            return 0
        tonight = [n.strip() for n in (args.players or "").split(",") if n.strip()]
        for line in report(t, games, tonight, str(path)):
            print(printable(line), file=stdout)
    except StoreError as exc:
        print(printable(f"rattus-companion history: {words(t, exc)}"), file=stderr)
        return EXIT_ERROR
    except OSError as exc:
        said = t("cannot use {file}: {reason}", file=exc.filename,
                 reason=os_error_reason(t, exc))
        print(printable(f"rattus-companion history: {said}"), file=stderr)
        return EXIT_ERROR
    return 0


def report(t: Translator, games: Sequence[object], tonight: Sequence[str], where: str
           ) -> list[str]:
    """The printed figures: the group's, then every player's, then tonight's head to head."""
    from companion.history.figures import (
        Played,
        group_figures,
        head_to_head,
        player_figures,
        players_of,
    )
    from companion.history.words import group_lines, head_to_head_line, player_lines

    played = [g for g in games if isinstance(g, Played)]
    if not played:
        return [t("No finished games stored in {path}.", path=where)]
    lines = [t("The group"), *("  " + line for line in group_lines(t, group_figures(played)))]
    for name in players_of(played):
        lines += ["", name, *("  " + line for line in player_lines(t, player_figures(played,
                                                                                      name)))]
    if len(tonight) > 1:
        lines += ["", t("Head to head")]
        lines += ["  " + head_to_head_line(t, h) for h in head_to_head(played, tonight)]
    return lines
