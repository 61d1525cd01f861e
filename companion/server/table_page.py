"""What the table's page (`companion/web/index.html`) knows before Flet's client answers.

Two things happen in the page's own script, before the Flutter client has started or while it
cannot reach the server at all:

- **The server is down.** The client then shows its boot screen, a small spinner on a blank
  page, and retries by itself. The page says in words, in the table's language, that the
  server is not answering and that the page reconnects by itself. Those words cannot come
  from the server at that moment, so the page loads them at start from `WORDS_PATH`: a small
  script with the sentences in every language of the box and the language the server was
  told to speak (`--lang`), if any. Otherwise the page takes the one the table's tab chose
  (stored by the app in the browser, `LANG_STORAGE`), else the browser's, as the table does.
- **The table's key.** The address printed at start carries the host key; the app stores it
  in the browser once its session has asked the browser's storage, a second or more after
  the page loads. A reload (or the start address opened) in that second found no key: the
  locked page. The page stores the key from its address itself, at once (`KEY_STORAGE`),
  and asks `KEY_CHECK_PATH` whether it is the table's; a key that is not is taken back out,
  so a mistyped address never replaces the key the table's browser already holds.
"""

from __future__ import annotations

import json
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from companion.i18n import LANGUAGES, N_, passing_translator
from companion.server.config import TableConfig

WORDS_PATH = "/table-page.js"
KEY_CHECK_PATH = "/table-page/key"
STORAGE_PREFIX = "flutter."
"""Where Flutter's shared preferences keep a key in the browser's `localStorage` (its value
JSON-encoded)."""
KEY_STORAGE = STORAGE_PREFIX + "rattus_companion.table_key"
"""`companion.ui.shell.PREF_KEY` as the browser stores it."""
LANG_STORAGE = STORAGE_PREFIX + "rattus_companion.lang"
"""`companion.ui.shell.PREF_LANG` as the browser stores it."""

SERVER_DOWN = N_("The table's server is not answering.")
RECONNECTS = N_("This page reconnects by itself as soon as the server answers again. The game "
                "is saved up to the last step entered.")
STILL_DOWN = N_("If this lasts, check that the app is still running in its terminal window on "
                "the computer where it was started.")
WORDS = {"down": SERVER_DOWN, "reconnects": RECONNECTS, "check": STILL_DOWN}


def page_words(config: TableConfig) -> str:
    """The script at `WORDS_PATH`: `window.rattusTable` with the words in every language."""
    words = {t.lang: {name: t(text) for name, text in WORDS.items()}
             for t in map(passing_translator, LANGUAGES)}
    table: dict[str, Any] = {
        "lang": config.lang if config.lang in LANGUAGES else None,
        "languages": list(LANGUAGES),
        "words": words,
        "keyStorage": KEY_STORAGE,
        "langStorage": LANG_STORAGE,
        "keyCheck": KEY_CHECK_PATH,
    }
    # `</` never closes a script element that holds this text
    data = json.dumps(table, ensure_ascii=False, sort_keys=True).replace("</", "<\\/")
    return f"window.rattusTable = {data};\n"


def page_routes(config: TableConfig) -> list[Route]:
    script = page_words(config).encode()

    async def words(_request: Request) -> Response:
        return Response(script, media_type="text/javascript; charset=utf-8",
                        headers={"cache-control": "no-cache"})

    async def key_check(request: Request) -> Response:
        """204 for the table's key, 403 for any other: the page keeps only the table's key.
        The key is 192 random bits, so answering whether a guess is right gives nothing
        away."""
        given = request.query_params.get("key")
        status = 204 if config.is_host_key(given) else 403
        return Response(status_code=status, headers={"cache-control": "no-store"})

    return [Route(WORDS_PATH, words, methods=["GET"]),
            Route(KEY_CHECK_PATH, key_check, methods=["GET"])]
