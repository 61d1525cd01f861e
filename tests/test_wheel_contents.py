"""The package is the app: the wheel a player installs holds what the table runs, nothing else.

The benchmark, the browser driver and the scripted stories (Playwright), the random-game maker
and the font subsetter (fontTools) serve the tests and the people who work on the app; they
live under `tests/` and `scripts/` and run from a checkout. Two checks, a cheap one and the
real one:

- no module of `companion/` imports a test tool (read from the source with `ast`);
- the wheel itself, built the way `pip` builds it for an install, holds no benchmark, no
  driver, no story, no random-game maker and no font subsetter, and none of its modules
  imports a test tool.
"""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Iterable
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
TEST_TOOLS = ("playwright", "fontTools", "pytest", "hypothesis", "PIL", "zxingcpp", "msgpack")
"""`[project.optional-dependencies] test` in pyproject.toml, by the names code imports them
with (babel is left out: the catalog tool, `companion.i18n.catalogs`, is in the package)."""
NOT_THE_APP = ("bench", "flutter", "story", "simulate", "font_subset", "hello")
"""Module and folder names of what the app never runs (the benchmark's yardstick is `hello`)."""


def imported_tools(source: str) -> set[str]:
    """The test tools a module's source imports, anywhere in it (in functions too, and those
    only for the type checker)."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level:
            names = [node.module or ""]
        else:
            continue
        found |= {name.split(".")[0] for name in names} & set(TEST_TOOLS)
    return found


def tool_importers(files: Iterable[tuple[str, str]]) -> dict[str, list[str]]:
    """Each (name, source) that imports a test tool -> the tools."""
    return {name: sorted(tools) for name, source in files if (tools := imported_tools(source))}


def not_the_app(names: Iterable[str]) -> list[str]:
    return sorted(name for name in names
                  if any(part.removesuffix(".py") in NOT_THE_APP for part in name.split("/")))


def test_the_checks_see_a_driver_and_a_benchmark() -> None:
    assert imported_tools("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                          "    from playwright.sync_api import Page\n"
                          "def cut():\n    from fontTools import subset\n") == {
        "playwright", "fontTools"}
    assert imported_tools("import flet\nfrom . import pytest_like\n") == set()
    assert not_the_app(["companion/bench/__init__.py", "companion/rules/simulate.py",
                        "companion/rules/story_words.py", "companion/web/index.html"]) == [
        "companion/bench/__init__.py", "companion/rules/simulate.py"]


def test_no_module_of_the_package_imports_a_test_tool() -> None:
    package = REPO / "companion"
    sources = ((p.relative_to(REPO).as_posix(), p.read_text(encoding="utf-8"))
               for p in sorted(package.rglob("*.py")))
    assert tool_importers(sources) == {}


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> zipfile.ZipFile:
    """The wheel as `pip` builds it, from a copy of what the build reads (pyproject.toml, the
    README, the package): a build in the checkout itself would add whatever an earlier build
    left in its `build/lib`."""
    work = tmp_path_factory.mktemp("wheel")
    source = work / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(REPO / name, source / name)
    shutil.copytree(REPO / "companion", source / "companion",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q",
                           "--disable-pip-version-check", "-w", str(work / "dist"),
                           str(source)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    (built,) = (work / "dist").glob("rattus_companion-*.whl")
    return zipfile.ZipFile(built)


@pytest.mark.slow
def test_the_wheel_holds_no_benchmark_driver_or_font_tool(wheel: zipfile.ZipFile) -> None:
    names = wheel.namelist()
    assert "companion/server/main.py" in names
    assert not_the_app(names) == []
    modules = ((name, wheel.read(name).decode("utf-8")) for name in names
               if name.endswith(".py"))
    assert tool_importers(modules) == {}
