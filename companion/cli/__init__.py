"""The `rattus-companion` command: with no subcommand it starts the table app.

This package holds the commands and what they print (`score`; `records`: games, export, import
and replay; `replay`: the replay's report), so the store they drive stays storage only. This
module only parses arguments and imports a command lazily, so `rattus-companion score` starts
without loading Flet.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from companion.i18n import LANGUAGES

COMMANDS: tuple[tuple[str, str, str], ...] = (
    ("score", "FILE|-", "score an end state given as JSON (FILE or - for stdin)"),
    ("games", "", "list stored games"),
    ("export", "GAME [-o FILE]", "write a game record as JSON"),
    ("import", "FILE", "load a game record into the store"),
    ("replay", "FILE", "print each round's resolution of a game record"),
    ("history", "[--csv [-o FILE]] [--players A,B]",
     "the group's and each player's figures of the finished games"),
)
"""Every subcommand: its name, its arguments in short and what it does. The one list the
help shows (`rattus-companion --help`) and the subcommands' parsers take their words from,
so a command cannot be served and left out of the help (the README lists the same)."""

SUBCOMMANDS = tuple(name for name, _, _ in COMMANDS)


def _commands_help() -> str:
    """The commands as the help's closing paragraph: each with its arguments, then what it
    does on a line of its own (a terminal's 80 columns hold both)."""
    lines = ["commands (rattus-companion COMMAND --help tells more):"]
    for name, arguments, what in COMMANDS:
        lines += [f"  {name} {arguments}".rstrip(), f"      {what}"]
    return "\n".join(lines)


def _serve_parser(prog: str = "rattus-companion") -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=prog,
        description="Start the table app on the local network, or run one of the commands "
        "below.",
        epilog=_commands_help(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--host", default=None,
                        help="address to listen on (default: all interfaces)")
    parser.add_argument("--port", type=_port, default=8550, help="TCP port (1-65535)")
    parser.add_argument("--data-dir", type=Path, default=None,
                        help="where games are stored (default: the user's data directory)")
    parser.add_argument("--lang", choices=LANGUAGES, default=None,
                        help="language of the table (default: the browser's)")
    parser.add_argument("--no-browser", action="store_true",
                        help="do not open a browser on this machine")
    return parser


def _port(text: str) -> int:
    """A TCP port, refused by argparse (exit 2, naming the option) rather than by the socket."""
    if not text.isascii() or not text.isdigit() or len(text) > 5 or not 1 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"{text[:20]!r} is not a port (1-65535)")
    return int(text)


def _data_dir_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--data-dir", type=Path, default=None,
                        help="where games are stored (default: the user's data directory)")


def _lang_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lang", choices=LANGUAGES, default=None,
                        help="language of what is printed (default: the terminal's)")


def _subcommands() -> argparse.ArgumentParser:
    """The commands parsed here; `history` parses its own arguments."""
    parser = argparse.ArgumentParser(prog="rattus-companion")
    sub = parser.add_subparsers(dest="command", required=True)
    said = {name: what for name, _, what in COMMANDS}

    score = sub.add_parser("score", help=said["score"])
    score.add_argument("file")
    _lang_option(score)

    games = sub.add_parser("games", help=said["games"])
    _data_dir_option(games)
    _lang_option(games)

    export = sub.add_parser("export", help=said["export"])
    export.add_argument("game", help="game id (see `games`)")
    export.add_argument("-o", "--output", default="-", help="file to write (default: stdout)")
    _data_dir_option(export)
    _lang_option(export)

    imp = sub.add_parser("import", help=said["import"])
    imp.add_argument("file")
    _data_dir_option(imp)
    _lang_option(imp)

    replay = sub.add_parser("replay", help=said["replay"])
    replay.add_argument("file")
    _lang_option(replay)
    return parser


INTERRUPTED = 130
"""The exit status of a command stopped with Ctrl+C (128 + SIGINT), as a shell reports it."""


def main(argv: Sequence[str] | None = None) -> int:
    """Ctrl+C stops any command without a traceback, at any moment: the table's server says
    "Stop with Ctrl+C", and uvicorn, once it has stopped, raises the
    interrupt again for whoever started it."""
    try:
        return _main(argv)
    except KeyboardInterrupt:
        return INTERRUPTED


def _main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    if args_list[:1] == ["history"]:
        from companion.history.cli import main as history_main

        return history_main(args_list[1:])
    if args_list and args_list[0] in SUBCOMMANDS:  # every other one parsed here
        args = _subcommands().parse_args(args_list)
        if args.command == "score":
            from companion.cli.score import run_score

            return run_score(args.file, args.lang)
        from companion.cli import records

        return records.run(args)

    args = _serve_parser().parse_args(args_list)
    from companion.server.app import serve

    return serve(host=args.host, port=args.port, data_dir=args.data_dir, lang=args.lang,
                 open_browser=not args.no_browser)
