"""The `rattus-companion` command hands each subcommand its own options."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.cli import main


def test_an_unknown_subcommand_option_is_refused_without_a_traceback(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["games", "--no-such-flag"])
    assert stopped.value.code == 2
    assert "unrecognized arguments" in capsys.readouterr().err


@pytest.mark.parametrize("port", ["99999999999999999999", "70000", "0", "-1", "８５５０", "80a"])
def test_a_port_no_socket_takes_is_refused_by_name_before_anything_starts(
        port: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["--no-browser", "--port", port])
    assert stopped.value.code == 2
    assert "argument --port: " in capsys.readouterr().err


README = Path(__file__).resolve().parents[1] / "README.md"


def readme_commands() -> list[str]:
    """The subcommands the README's "Using it" lists, one `rattus-companion NAME ...` a line."""
    text = README.read_text(encoding="utf-8")
    usage = text[text.index("## Using it"):]
    usage = usage[:usage.index("\n## ", 1)]
    return re.findall(r"^ {4}rattus-companion ([a-z]+)\b", usage, flags=re.MULTILINE)


def test_the_help_lists_every_command_the_readme_lists(
        capsys: pytest.CaptureFixture[str]) -> None:
    names = readme_commands()
    assert {"score", "history"} <= set(names)
    with pytest.raises(SystemExit) as stopped:
        main(["--help"])
    assert stopped.value.code == 0
    shown = capsys.readouterr().out
    listed = re.findall(r"^ {2}([a-z]+)\b", shown[shown.index("commands"):], flags=re.MULTILINE)
    assert listed == names
    for name in names:  # and each one listed answers its own --help
        with pytest.raises(SystemExit) as stopped:
            main([name, "--help"])
        assert stopped.value.code == 0, name
        assert name in capsys.readouterr().out, name
