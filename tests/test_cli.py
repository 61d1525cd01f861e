"""The `rattus-companion` command hands each subcommand its own options."""

from __future__ import annotations

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
