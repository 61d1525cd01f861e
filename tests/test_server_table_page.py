"""What the table's page knows before Flet's client answers: its
words for a server that is down, in every language of the box, and whether the key in its
address is the table's (the page stores it itself, and takes a wrong one back out)."""

from __future__ import annotations

import json
from pathlib import Path

from starlette.applications import Starlette
from starlette.testclient import TestClient

from companion.i18n import LANGUAGES, translator
from companion.server.config import TableConfig, load_or_create_host_key
from companion.server.table_page import (
    KEY_CHECK_PATH,
    KEY_STORAGE,
    LANG_STORAGE,
    SERVER_DOWN,
    STORAGE_PREFIX,
    WORDS_PATH,
    page_routes,
)
from companion.ui.shell import PREF_KEY, PREF_LANG

KEY = "k" * 32


def page(tmp_path: Path, lang: str | None = None) -> TestClient:
    config = TableConfig(data_dir=tmp_path, host_key=KEY, lang=lang)
    return TestClient(Starlette(routes=page_routes(config)))


def table_of(script: str) -> dict[str, object]:
    prefix = "window.rattusTable = "
    assert script.startswith(prefix)
    return json.loads(script[len(prefix):].rstrip().rstrip(";"))


def test_the_page_reads_and_writes_the_browser_storage_the_app_uses() -> None:
    assert KEY_STORAGE == STORAGE_PREFIX + PREF_KEY
    assert LANG_STORAGE == STORAGE_PREFIX + PREF_LANG


def test_the_words_come_in_every_language_and_with_the_servers_language(tmp_path) -> None:
    answer = page(tmp_path, lang="nl").get(WORDS_PATH)
    assert answer.status_code == 200 and "javascript" in answer.headers["content-type"]
    table = table_of(answer.text)
    assert table["lang"] == "nl"
    words = table["words"]
    assert isinstance(words, dict) and sorted(words) == sorted(LANGUAGES)
    for lang in LANGUAGES:
        assert words[lang]["down"] == translator(lang)(SERVER_DOWN)
    assert words["fr"]["down"] != words["en"]["down"]
    assert table_of(page(tmp_path).get(WORDS_PATH).text)["lang"] is None  # the browser's


def test_only_the_tables_key_is_kept(tmp_path) -> None:
    client = page(tmp_path)
    assert client.get(KEY_CHECK_PATH, params={"key": KEY}).status_code == 204
    assert client.get(KEY_CHECK_PATH, params={"key": KEY[:-1] + "x"}).status_code == 403
    assert client.get(KEY_CHECK_PATH).status_code == 403


def test_the_tables_key_is_the_same_at_every_start_of_its_data_folder(tmp_path) -> None:
    """A table's tabs keep the key they were given (`KEY_STORAGE`): a restarted server must
    take it, and another data folder is another table with a key of its own."""
    first = load_or_create_host_key(tmp_path / "table")
    assert len(first) >= 16
    assert load_or_create_host_key(tmp_path / "table") == first
    assert load_or_create_host_key(tmp_path / "other") != first
