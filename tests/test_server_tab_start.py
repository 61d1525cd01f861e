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


STOPPED = textwrap.dedent("""
    import asyncio, contextlib, importlib.abc, json, sys, threading

    armed = threading.Event()
    loading = threading.Event()
    stopped = threading.Event()
    released = threading.Event()

    class HoldTheScreens(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path, target=None):
            if armed.is_set() and name == "companion.ui.routes":
                loading.set()
                released.wait(60)
            return None

    sys.meta_path.insert(0, HoldTheScreens())
    from companion.server.main import make_main

    def watchdog():
        stopped.wait(60)  # only there to end a stop that waits for the import
        released.set()

    async def a_tab_connects_then_ctrl_c():
        tab = asyncio.ensure_future(make_main(None, None)(None))
        await asyncio.get_running_loop().run_in_executor(None, loading.wait, 30)
        tab.cancel()  # the server stops: uvicorn's tasks end, then asyncio.run's loop
        with contextlib.suppress(BaseException):
            await tab

    threading.Thread(target=watchdog, daemon=True).start()
    armed.set()
    asyncio.run(a_tab_connects_then_ctrl_c())
    ended_while_held = not released.is_set()
    stopped.set()
    print(json.dumps({"held": loading.is_set(), "ended_while_held": ended_while_held}))
""")


def test_a_stop_while_a_tab_loads_the_screens_does_not_wait_for_them() -> None:
    # A Ctrl+C right after a restart, while the tabs that reconnected at once load the
    # screens: the server's loop ends (asyncio.run, as uvicorn runs it) while the import is
    # still held, instead of waiting for it as it did for a worker thread of the loop's own
    # (10.6 s under load).
    done = subprocess.run([sys.executable, "-c", STOPPED], capture_output=True, text=True,
                          timeout=180, check=True)
    outcome = json.loads(done.stdout.splitlines()[-1])
    assert outcome["held"], "the tab did not load the screens"
    assert outcome["ended_while_held"], "the stop waited for the screens' import"
