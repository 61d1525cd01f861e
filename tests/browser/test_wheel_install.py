"""The wheel is the app: installed the ordinary way, started from any folder, served offline.

A player who runs `pipx install rattus-companion` gets no source checkout: everything the table
serves (fonts, the offline page, the Rive stand-in, the font manifest) must come from the
installed package. The story builds the wheel, installs it with the pinned dependencies into a
fresh virtual environment, starts `rattus-companion` from an empty temporary folder, and loads
the table in chromium with every request that would leave this machine failing the test.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import venv
from pathlib import Path
from typing import Any

import pytest
from support.harness import free_port, wait_until_serving

from browser.table import KEY_LINE, Offline, by_id, open_table, picture, table_context

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.slow


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
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment holding the built wheel and its pinned dependencies."""
    work = tmp_path_factory.mktemp("wheel")
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(work / "dist"),
          str(ROOT)], cwd=work)
    (wheel,) = (work / "dist").glob("rattus_companion-*.whl")
    # The tests' own pip installs into the new environment (`--python`), which so needs no pip
    # of its own, and leaves the byte-compiling to the first import: what is installed, and
    # from where, is what a player's install gives; ensurepip and compiling every module of
    # the dependencies were most of the minute this took under load.
    venv.create(work / "venv", with_pip=False)
    python = work / "venv" / "bin" / "python"
    _run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-compile",
          "--disable-pip-version-check", "-r", str(ROOT / "requirements" / "app.txt"),
          str(wheel)], cwd=work)
    return work / "venv"


def test_the_installed_package_holds_everything_it_serves(installed: Path,
                                                          tmp_path: Path) -> None:
    where = _run([str(installed / "bin" / "python"), "-c",
                  "import companion, importlib.resources as r;"
                  "print(companion.__file__);"
                  "print(sorted(p.name for p in (r.files('companion') / 'web').iterdir()))"],
                 cwd=tmp_path)
    module, listing = where.splitlines()
    assert Path(module).is_relative_to(installed)
    assert not Path(module).is_relative_to(ROOT)
    assert listing == str(sorted(["README.md", "assets", "fonts", "index.html", "offline"]))


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
