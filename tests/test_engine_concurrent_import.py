"""The server's warm-up and a phone's first request load the engine at the same time.

Once the server listens, a thread loads the table's screens, which reach the engine through the
package (`from companion.rules import next_decision`), while the first request of a phone may
load a module of the engine directly. When the package's `__init__` loaded its own modules,
the two threads waited for each other and Python handed one a half-loaded module: "cannot
import name 'Now' from partially initialized module 'companion.rules.guide'", a 500 to the
phone and a warm-up that died (seen in CI). Here the two threads are made to meet exactly
there, in a fresh interpreter: an import hook holds the first thread as it starts on
`decision` until the second is loading `guide`.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

MEETING = textwrap.dedent("""
    import importlib, importlib.abc, json, sys, threading

    warm_up_inside = threading.Event()
    phone_inside = threading.Event()

    class Meeting(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path, target=None):
            me = threading.current_thread().name
            if me == "warm-up" and name == "companion.rules.decision":
                warm_up_inside.set()
                phone_inside.wait(10)
            if me == "phone" and name == "companion.rules.guide":
                phone_inside.set()
            return None

    sys.meta_path.insert(0, Meeting())
    failures = []

    def warm_up():
        try:
            from companion.rules import next_decision  # noqa: F401
        except Exception as exc:
            failures.append(repr(exc))

    def phone():
        warm_up_inside.wait(10)
        try:
            importlib.import_module("companion.rules.guide")
        except Exception as exc:
            failures.append(repr(exc))

    threads = [threading.Thread(target=warm_up, name="warm-up"),
               threading.Thread(target=phone, name="phone")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    print(json.dumps({"met": warm_up_inside.is_set() and phone_inside.is_set(),
                      "failures": failures}))
""")


def test_the_warm_up_and_a_phone_load_the_engine_at_once() -> None:
    done = subprocess.run([sys.executable, "-c", MEETING], capture_output=True, text=True,
                          timeout=120, check=True)
    outcome = json.loads(done.stdout)
    assert outcome["met"], "the two threads did not meet where the deadlock was"
    assert outcome["failures"] == []
