"""Memory the server freed goes back to the system (issue 24's memory row).

The story of a tablet's first load: a worker thread compresses the web client, megabytes pass
through its heap, and a few of its objects outlive the rest; glibc keeps the freed pages
around them for good unless the server hands them back (`give_back_freed_memory`).
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

A_WORKER_THAT_CHURNED = textwrap.dedent("""
    import json, sys, threading
    from companion.server.heap import give_back_freed_memory

    def resident_mb():
        return int(open("/proc/self/statm").read().split()[1]) * 4096 / 1e6

    kept = []

    def compress_for_the_first_tablet():
        passing = [bytes(1000 + i % 7) for i in range(40_000)]
        kept.extend(passing[::50])

    start = resident_mb()
    worker = threading.Thread(target=compress_for_the_first_tablet)
    worker.start()
    worker.join()
    grown = resident_mb()
    gave_back = give_back_freed_memory() if sys.argv[1] == "give back" else False
    print(json.dumps({"grown": grown - start, "returned": grown - resident_mb(),
                      "gave_back": gave_back}))
""")


def run(mode: str) -> dict[str, float]:
    done = subprocess.run([sys.executable, "-c", A_WORKER_THAT_CHURNED, mode],
                          capture_output=True, text=True, timeout=120, check=True)
    outcome: dict[str, float] = json.loads(done.stdout)
    return outcome


def test_the_pages_a_worker_freed_go_back_to_the_system() -> None:
    given = run("give back")
    assert given["grown"] > 35
    assert given["gave_back"]
    assert given["returned"] > 30


def test_without_giving_back_they_stay_with_the_server() -> None:
    kept = run("keep")
    assert kept["grown"] > 35
    assert kept["returned"] < 5
