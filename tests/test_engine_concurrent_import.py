"""The server's warm-up and a phone's first request at once find the engine loaded.

Once the server listens, a thread loads the table's screens, which reach the engine through its
package (`from companion.rules import next_step`), while a phone's first request builds the
phones' routes, which reach modules of the engine directly. Two threads loading the engine's
package at once wait for each other, and Python breaks that by handing one a half-loaded module
("cannot import name 'Now' from partially initialized module", a 500 to a phone and a warm-up
that died, once seen in CI). The server imports the engine with itself
(`companion.server.games`), before it starts any thread, so neither thread loads a module of
it. Here the two run at once, in a fresh interpreter that has imported what
`rattus-companion` imports before it serves.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

AT_ONCE = textwrap.dedent("""
    import importlib.abc, json, sys, threading

    loaded_by = {}

    class Watch(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path, target=None):
            if name.startswith("companion.rules"):
                loaded_by.setdefault(name, threading.current_thread().name)
            return None

    sys.meta_path.insert(0, Watch())
    import companion.server.app  # noqa: F401  # the server, before it starts a thread

    both_ready = threading.Barrier(2, timeout=30)
    failures = []

    def warm_up():
        both_ready.wait()
        try:
            from companion.ui.routes import load_first_screen
            load_first_screen()
        except Exception as exc:
            failures.append(repr(exc))

    def phone():
        both_ready.wait()
        try:
            from companion.phones.routes import phone_api  # noqa: F401
            from companion.rules.guide import step_at  # noqa: F401
        except Exception as exc:
            failures.append(repr(exc))

    threads = [threading.Thread(target=warm_up, name="warm-up"),
               threading.Thread(target=phone, name="phone")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    print(json.dumps({"failures": failures,
                      "in_threads": sorted(name for name, thread in loaded_by.items()
                                           if thread != "MainThread")}))
""")


def test_the_warm_up_and_a_phone_at_once_find_the_engine_loaded() -> None:
    done = subprocess.run([sys.executable, "-c", AT_ONCE], capture_output=True, text=True,
                          timeout=120, check=True)
    outcome = json.loads(done.stdout.strip().splitlines()[-1])
    assert outcome["failures"] == []
    assert outcome["in_threads"] == [], "a thread loaded a module of the engine"
