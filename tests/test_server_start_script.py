"""`bash scripts/start.sh` installs only when the lock file or pyproject.toml changed (an install
on every start costs 13 s), says what it does during an install instead of 90 s of silence, and
passes every argument to the app.

The script runs for real, in a copy of the checkout whose `.venv` holds a stand-in Python:
a `-m pip` call is written down (and "installs" the app's command), anything else goes to
the real interpreter, so the story takes no download."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

PYTHON = f"""#!/usr/bin/env bash
if [ "$1" = "-m" ] && [ "$2" = "pip" ]; then
  echo "$*" >> pip-calls.log
  printf '#!/usr/bin/env bash\\necho "app got: $*"\\n' > .venv/bin/rattus-companion
  chmod +x .venv/bin/rattus-companion
  exit 0
fi
exec {sys.executable} "$@"
"""


def checkout(tmp_path: Path) -> Path:
    root = tmp_path / "checkout"
    (root / "scripts").mkdir(parents=True)
    (root / "requirements").mkdir()
    shutil.copy(ROOT / "scripts" / "start.sh", root / "scripts" / "start.sh")
    shutil.copy(ROOT / "requirements" / "app.txt", root / "requirements" / "app.txt")
    shutil.copy(ROOT / "pyproject.toml", root / "pyproject.toml")
    python = root / ".venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text(PYTHON)
    python.chmod(python.stat().st_mode | stat.S_IXUSR)
    return root


def start(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["bash", "scripts/start.sh", *args], cwd=root, capture_output=True,
                          text=True, check=True, timeout=60,
                          env={**os.environ, "PATH": os.environ.get("PATH", "/usr/bin:/bin")})


def pip_calls(root: Path) -> list[str]:
    log = root / "pip-calls.log"
    return log.read_text().splitlines() if log.exists() else []


def test_the_first_start_installs_and_says_so_then_starts_go_straight_to_the_app(
        tmp_path: Path) -> None:
    root = checkout(tmp_path)
    first = start(root, "--lang", "fr", "--port", "8600")
    assert len(pip_calls(root)) == 1
    install = pip_calls(root)[0]
    assert "-r requirements/app.txt" in install and "-e ." in install
    assert "-q" not in install.split()  # pip shows its progress on the first install
    assert "installing the app and its pinned dependencies" in first.stdout
    assert first.stdout.strip().endswith("app got: --lang fr --port 8600")

    again = start(root, "--no-browser")
    assert len(pip_calls(root)) == 1  # nothing changed: no pip at all
    assert again.stdout.strip() == "app got: --no-browser"


def test_a_changed_lock_file_or_pyproject_installs_again(tmp_path: Path) -> None:
    root = checkout(tmp_path)
    start(root)
    lock = root / "requirements" / "app.txt"
    lock.write_text(lock.read_text() + "# a new pin\n")
    updated = start(root)
    assert len(pip_calls(root)) == 2
    assert "requirements/app.txt or pyproject.toml changed" in updated.stdout
    start(root)
    assert len(pip_calls(root)) == 2
    (root / "pyproject.toml").write_text((root / "pyproject.toml").read_text() + "\n")
    start(root)
    assert len(pip_calls(root)) == 3


def test_an_install_that_failed_is_tried_again(tmp_path: Path) -> None:
    root = checkout(tmp_path)
    python = root / ".venv" / "bin" / "python"
    python.write_text(PYTHON.replace("exit 0", "exit 1", 1))
    failed = subprocess.run(["bash", "scripts/start.sh"], cwd=root, capture_output=True,
                            text=True, timeout=60)
    assert failed.returncode != 0
    python.write_text(PYTHON)
    start(root)
    assert len(pip_calls(root)) == 2
