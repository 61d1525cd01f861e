"""The engine's package gives its public names on first use, and its three lists agree.

`companion/rules/__init__.py` names each public name three times: imported for mypy under
`TYPE_CHECKING`, in `_HOMES` (where `__getattr__` finds it) and in `__all__`. A name in one list
and not another would fail only when a screen first asked for it, at a table.
"""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path

import companion.rules as rules

INIT = Path(rules.__file__)


def typing_imports() -> dict[str, str]:
    """The names imported under `if TYPE_CHECKING:`, each with its module of the engine."""
    found: dict[str, str] = {}
    for node in ast.parse(INIT.read_text()).body:
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            for imported in node.body:
                assert isinstance(imported, ast.ImportFrom) and imported.module
                for alias in imported.names:
                    home = imported.module.removeprefix("companion.rules").lstrip(".")
                    found[alias.name] = home or alias.name
    return found


def test_the_three_lists_of_the_engines_names_agree() -> None:
    assert typing_imports() == rules._HOMES
    assert sorted(rules.__all__) == sorted(rules._HOMES)
    assert len(set(rules.__all__)) == len(rules.__all__)


def test_every_public_name_is_its_home_modules_own() -> None:
    for name, home in rules._HOMES.items():
        module = importlib.import_module(f"companion.rules.{home}")
        expected = module if name == home else getattr(module, name)
        assert getattr(rules, name) is expected, name


def test_a_name_the_engine_does_not_give_is_refused_plainly() -> None:
    try:
        rules.next_move  # noqa: B018
    except AttributeError as refused:
        assert "next_move" in str(refused)
    else:
        raise AssertionError("the package gave a name it does not have")


def test_importing_the_package_loads_no_module_of_the_engine() -> None:
    done = subprocess.run(
        [sys.executable, "-c", "import sys, companion.rules; "
         "print(sorted(m for m in sys.modules if m.startswith('companion.rules.')))"],
        capture_output=True, text=True, timeout=60, check=True)
    assert done.stdout.strip() == "[]"
