"""The package is the app: the wheel a player installs holds what the table runs, nothing else,
and installed the ordinary way it starts from any folder and serves the table offline.

The benchmark, the browser driver and the scripted stories (Playwright), the random-game maker
and the font subsetter (fontTools) serve the tests and the people who work on the app; they
live under `tests/` and `scripts/` and run from a checkout. The checks:

- no module of `companion/` imports a test tool (read from the source with `ast`: the quick
  loop's);
- the wheel itself, built the way `pip` builds it for an install (once for the file), holds no
  benchmark, no driver, no story, no random-game maker and no font subsetter, and none of its
  modules imports a test tool;
- a player who runs `pipx install rattus-companion` gets no source checkout: everything the
  table serves (fonts, the offline page, the Rive stand-in, the font manifest) must come from
  the installed package. The wheel is installed with the pinned dependencies into a fresh
  virtual environment, `rattus-companion` started from an empty temporary folder, and the
  table loaded in chromium with every request that would leave this machine failing the test.
"""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
import time
import venv
import zipfile
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest
from support.flutter import by_id, open_table
from support.harness import (
    KEY_LINE,
    Offline,
    chromium_browser,
    free_port,
    picture,
    requires_chromium,
    table_context,
    wait_until_serving,
)

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
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
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
    (wheel,) = (work / "dist").glob("rattus_companion-*.whl")
    return wheel


@pytest.mark.slow
def test_the_wheel_holds_no_benchmark_driver_or_font_tool(built: Path) -> None:
    wheel = zipfile.ZipFile(built)
    names = wheel.namelist()
    assert "companion/server/main.py" in names
    assert not_the_app(names) == []
    modules = ((name, wheel.read(name).decode("utf-8")) for name in names
               if name.endswith(".py"))
    assert tool_importers(modules) == {}


def _run(args: list[str], cwd: Path) -> str:
    done = subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=600,
                          env=_clean_env())
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    return done.stdout


def _clean_env() -> dict[str, str]:
    """No trace of the checkout or of the test's own environment."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    env["PYTHONUNBUFFERED"] = "1"
    return env


@pytest.fixture(scope="module")
def installed(built: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment holding the built wheel and its pinned dependencies."""
    work = tmp_path_factory.mktemp("venv")
    # The tests' own pip installs into the new environment (`--python`), which so needs no pip
    # of its own, and leaves the byte-compiling to the first import: what is installed, and
    # from where, is what a player's install gives; ensurepip and compiling every module of
    # the dependencies were most of the minute this took under load.
    venv.create(work / "venv", with_pip=False)
    python = work / "venv" / "bin" / "python"
    _run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-compile",
          "--disable-pip-version-check", "-r", str(REPO / "requirements" / "app.txt"),
          str(built)], cwd=work)
    return work / "venv"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium_browser() as launched:
        yield launched


@pytest.mark.slow
def test_the_installed_package_holds_everything_it_serves(installed: Path,
                                                          tmp_path: Path) -> None:
    where = _run([str(installed / "bin" / "python"), "-c",
                  "import companion, importlib.resources as r;"
                  "print(companion.__file__);"
                  "print(sorted(p.name for p in (r.files('companion') / 'web').iterdir()))"],
                 cwd=tmp_path)
    module, listing = where.splitlines()
    assert Path(module).is_relative_to(installed)
    assert not Path(module).is_relative_to(REPO)
    assert listing == str(sorted(["README.md", "assets", "fonts", "index.html", "offline"]))


@pytest.mark.slow
@pytest.mark.browser
@requires_chromium
def test_the_installed_app_serves_the_table_from_any_folder_offline(
        installed: Path, tmp_path: Path, browser: Any) -> None:
    folder = tmp_path / "somewhere"
    folder.mkdir()
    port = free_port()
    process = subprocess.Popen(
        [str(installed / "bin" / "rattus-companion"), "--no-browser", "--host", "127.0.0.1",
         "--port", str(port), "--data-dir", str(tmp_path / "data"), "--lang", "en"],
        cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=_clean_env())
    try:
        assert process.stdout is not None
        printed: list[str] = []
        for line in process.stdout:
            printed.append(line)
            if KEY_LINE.search(line):
                break
        found = KEY_LINE.search(printed[-1]) if printed else None
        assert found, "".join(printed)
        key = found.group(1).split("key=", 1)[1]
        wait_until_serving(f"http://127.0.0.1:{port}", time.monotonic() + 30)
        offline = Offline()
        context = table_context(browser, offline, "en-GB", {"width": 1366, "height": 768})
        page = context.new_page()
        offline.watch(page)
        open_table(page, f"http://127.0.0.1:{port}/?key={key}")
        by_id(page, "home").wait_for()
        page.get_by_text("New game").first.wait_for()
        picture(page, "wheel-home")
        context.close()
        assert offline.outside == []
        assert offline.missing == []
    finally:
        process.terminate()
        process.wait(timeout=15)
