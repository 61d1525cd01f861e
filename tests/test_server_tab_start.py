"""A tab's first connection loads the table's screens without stopping the server.

The screens are loaded when the first tab connects (not with the server, which then answers
sooner). They were loaded on the server's event loop, which an import stops: every other tab,
phone and file request waited until it ended, and when the warm-up thread was loading the same
modules the tab waited for the warm-up's whole import. A server restarted with three table tabs
open answered nothing for seconds, under load for more than thirty (a CI run failed on it).
Here, in a fresh interpreter, an import hook sees which thread imports the screens when a tab
starts (never the loop's), and holds that import until the loop has had another turn.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

HELD = textwrap.dedent("""
    import asyncio, contextlib, importlib.abc, json, sys, threading

    armed = threading.Event()
    loading = threading.Event()
    released = threading.Event()
    on_the_loop = []

    class HoldTheScreens(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path, target=None):
            if armed.is_set() and name == "companion.ui.routes" and not loading.is_set():
                on_the_loop.append(threading.current_thread() is threading.main_thread())
                loading.set()
                if not on_the_loop[-1]:  # held until the loop has had another turn
                    released.wait(120)
            return None

    sys.meta_path.insert(0, HoldTheScreens())
    from companion.server.main import make_main

    async def a_tab_connects():
        tab = asyncio.ensure_future(make_main(None, None)(None))
        await asyncio.to_thread(loading.wait, 120)
        await asyncio.sleep(0)  # another request's turn on the loop
        released.set()
        tab.cancel()
        with contextlib.suppress(BaseException):
            await tab

    armed.set()
    asyncio.run(a_tab_connects())
    print(json.dumps({"held": loading.is_set(), "on_the_loop": on_the_loop}))
""")



def test_a_tab_loading_the_screens_leaves_the_server_answering() -> None:
    done = subprocess.run([sys.executable, "-c", HELD], capture_output=True, text=True,
                          timeout=120, check=True)
    outcome = json.loads(done.stdout.splitlines()[-1])
    assert outcome["held"], "the tab did not load the screens"
    assert outcome["on_the_loop"] == [False], "the server's loop stopped while a tab loaded them"
