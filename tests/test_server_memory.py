"""What the server keeps in memory for good (the memory row: the table with five phones at
most 1.5x a bare Flet app's server).

Each probe runs in a fresh interpreter, so nothing an earlier test loaded hides what the
server itself would keep.
"""

from __future__ import annotations

import subprocess
import sys


def _probe(script: str) -> str:
    return subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True).stdout.strip().splitlines()[-1]


def test_the_table_pages_words_in_every_language_leave_no_catalog_behind() -> None:
    """The page's words for a server that is down are read in all four languages at start;
    the table itself speaks one, so the other catalogs (0.9 MB) must not stay."""
    kept = _probe(
        "import gettext\n"
        "from companion.i18n import _kept_catalog\n"
        "from companion.server.table_page import page_words\n"
        "class Config: lang = None\n"
        "assert 'Der Server des Tisches antwortet nicht.' in page_words(Config())\n"
        "print(_kept_catalog.cache_info().currsize, len(gettext._translations))")
    assert kept == "0 0"


def test_the_tables_own_language_is_read_once_and_kept() -> None:
    kept = _probe(
        "from companion.i18n import _kept_catalog, printing, translator\n"
        "t = translator('de')\n"
        "assert printing(t, 'fr')('Undo') == t('Undo')\n"
        "print(_kept_catalog.cache_info().currsize)")
    assert kept == "1"
