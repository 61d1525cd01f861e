"""Comments, docstrings and messages say what holds and why, without an issue tracker's numbers.

The tracker is not in the repository, so "(issue 19)" tells a reader nothing; the story of a
decision and the figures that justified it are in docs/decisions.md. Every text file of the
package is read (the source, the page the table serves and its notes), and so is every text
file of the tests and the scripts, the README and pyproject.toml: a test's docstring is the
story a reader goes by. The one file left out is this one, by name: its examples cite the
tracker on purpose, as the data that shows the check sees every way of citing it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "companion"
THIS_FILE = Path(__file__).resolve()
TEXT_FILES = (".py", ".md", ".html", ".js", ".css", ".json", ".txt", ".po", ".pot", ".sh",
              ".toml", ".ini", ".cfg", ".yml", ".yaml", ".csv")
TRACKER_REF = re.compile(r"\bissues? #?\d", re.IGNORECASE)


def tracker_refs(text: str) -> list[int]:
    """The numbers of the lines that cite the tracker."""
    return [n for n, line in enumerate(text.splitlines(), 1) if TRACKER_REF.search(line)]


def text_files(folder: Path) -> list[Path]:
    return [path for path in sorted(folder.rglob("*")) if path.suffix in TEXT_FILES]


def cited(paths: Iterable[Path]) -> list[str]:
    """Each line of these files that cites the tracker, as `path:line` from the checkout's root."""
    found = []
    for path in paths:
        name = path.relative_to(ROOT).as_posix()
        found += [f"{name}:{n}" for n in tracker_refs(path.read_text(encoding="utf-8"))]
    return found


def test_no_file_of_the_package_cites_the_tracker() -> None:
    assert cited(text_files(PACKAGE)) == []


def test_no_test_script_or_readme_cites_the_tracker() -> None:
    files = [ROOT / "README.md", ROOT / "pyproject.toml", *text_files(ROOT / "tests"),
             *text_files(ROOT / "scripts")]
    assert cited(path for path in files if path.resolve() != THIS_FILE) == []


def test_the_check_sees_every_way_of_citing_the_tracker() -> None:
    text = ("a tenth of a second (issue 24)\n"
            "as the server does since Issue 19, item 15\n"
            "folded (issues 13 and 24)\n"
            "see issue #7\n"
            "token = seats.issue_token(game, seat)\n"
            "a QR code for this seat was issued\n")
    assert tracker_refs(text) == [1, 2, 3, 4]
