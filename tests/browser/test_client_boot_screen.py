"""The table's own server serves Flet's client without the English boot word (a German table
reads no English while it loads), once the copies it makes after it starts listening are
there; the first answer is not held up for them, so they cost the server's start nothing."""

from __future__ import annotations

import time
import urllib.request
from pathlib import Path

from support.harness import table_server

from companion.server.boot_screen import BLANK, WORD


def test_a_started_table_serves_the_client_without_the_boot_word(tmp_path: Path) -> None:
    with table_server(tmp_path / "data") as server:
        deadline = time.monotonic() + 60
        root = tmp_path / "data" / "web-client"
        while True:
            with urllib.request.urlopen(f"{server.base_url}/main.dart.js") as answer:
                script = answer.read()
            # the script's copy is made first, the wasm's after it: wait for both
            done = root.is_dir() and any((c / "main.dart.wasm").is_file() for c in root.iterdir())
            if (WORD not in script and done) or time.monotonic() > deadline:
                break
            time.sleep(0.2)  # a poll's pace, not a wait for something to settle
        assert WORD not in script and BLANK in script
        copies = list(root.iterdir())
        assert len(copies) == 1 and (copies[0] / "main.dart.wasm").is_file()
