"""The package's comments and docstrings say what holds and why, without an issue tracker's numbers.

The tracker is not in the repository, so "(issue 19)" tells a reader nothing; the story of a
decision and the figures that justified it are in docs/decisions.md. Every text file of the
package is read: the source, the page the table serves and its notes.
"""

from __future__ import annotations

import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "companion"
TEXT_FILES = (".py", ".md", ".html", ".js", ".css", ".json", ".txt", ".po", ".pot")
TRACKER_REF = re.compile(r"\bissues? #?\d", re.IGNORECASE)

def tracker_refs(text: str) -> list[int]:
    """The numbers of the lines that cite the tracker."""
    return [n for n, line in enumerate(text.splitlines(), 1) if TRACKER_REF.search(line)]


def test_no_file_of_the_package_cites_the_tracker() -> None:
    found = []
    for path in sorted(PACKAGE.rglob("*")):
        name = path.relative_to(PACKAGE).as_posix()
        if path.suffix in TEXT_FILES:
            found += [f"{name}:{n}" for n in tracker_refs(path.read_text(encoding="utf-8"))]
    assert found == []


def test_the_check_sees_every_way_of_citing_the_tracker() -> None:
    text = ("a tenth of a second (issue 24)\n"
            "as the server does since Issue 19, item 15\n"
            "folded (issues 13 and 24)\n"
            "see issue #7\n"
            "token = seats.issue_token(game, seat)\n"
            "a QR code for this seat was issued\n")
    assert tracker_refs(text) == [1, 2, 3, 4]
