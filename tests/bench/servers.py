"""Our table server and the bare Flet hello-world, each started as the user starts it.

Both run as a fresh Python process so that every import, every file read and the socket
setup count, exactly as when someone types the command at the table. A server is "up" when
its table page answers HTTP 200.
"""

from __future__ import annotations

import collections
import contextlib
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

START_TIMEOUT = 60.0
HELLO = Path(__file__).with_name("hello.py")
"""The bare Flet app, started as a script: it imports nothing of the benchmark's."""


class Kind(StrEnum):
    BARE = "bare Flet"
    OURS = "table app"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Server:
    kind: Kind
    process: subprocess.Popen[bytes]
    base_url: str
    page_url: str
    """The page a browser opens: the bare app's `/`, or the table's `/?key=...`."""
    data_dir: Path | None
    seconds_to_serve: float
    cpu_seconds_to_serve: float = 0.0
    """CPU time the server process had used when its page first answered: steadier than the
    wall clock on a busy machine, so it helps tell noise from a real difference."""

    def rss_bytes(self) -> int:
        """Resident memory of the server process and any process it started."""
        return sum(_rss(pid) for pid in [self.process.pid, *_descendants(self.process.pid)])

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)


def command(kind: Kind, port: int, data_dir: Path | None) -> list[str]:
    if kind is Kind.BARE:
        return [sys.executable, str(HELLO), "--port", str(port)]
    return [sys.executable, "-m", "companion", "--no-browser", "--host", "127.0.0.1",
            "--port", str(port), "--data-dir", str(data_dir)]


@contextlib.contextmanager
def running(kind: Kind, data_dir: Path | None = None) -> Iterator[Server]:
    """Start the server, wait until its page answers 200, stop it when the block ends.

    For our server `data_dir` is where the games live (a fresh temporary folder if None).
    """
    with contextlib.ExitStack() as stack:
        if kind is Kind.OURS and data_dir is None:
            data_dir = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="bench-")))
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        args = command(kind, port, data_dir)
        started = time.perf_counter()
        process = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.PIPE, env=dict(os.environ,
                                                                    PYTHONUNBUFFERED="1"))
        server = Server(kind, process, base, base + "/", data_dir, 0.0)
        stack.callback(server.stop)
        errors: collections.deque[bytes] = collections.deque(maxlen=200)
        reader = threading.Thread(target=_keep_reading, args=(process, errors), daemon=True)
        reader.start()
        server.seconds_to_serve = _wait_for_page(process, base + "/", started, errors, reader)
        server.cpu_seconds_to_serve = cpu_seconds(process.pid)
        if kind is Kind.OURS:
            assert data_dir is not None
            from companion.server.config import HOST_KEY_FILE

            key = (data_dir / HOST_KEY_FILE).read_text(encoding="ascii").strip()
            server.page_url = f"{base}/?key={key}"
        yield server


def _keep_reading(process: subprocess.Popen[bytes], lines: collections.deque[bytes]) -> None:
    """Keep the server's error output flowing: a pipe nobody reads fills up (64 KiB) and then
    stops the server at its next log line, in the middle of a scripted game."""
    assert process.stderr is not None
    for line in process.stderr:
        lines.append(line)


def _wait_for_page(process: subprocess.Popen[bytes], url: str, started: float,
                   errors: collections.deque[bytes], reader: threading.Thread) -> float:
    while time.perf_counter() - started < START_TIMEOUT:
        if process.poll() is not None:
            reader.join(timeout=5)
            error = b"".join(errors).decode(errors="replace")
            raise RuntimeError(f"the server exited with {process.returncode}: {error[-500:]}")
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                if response.status == 200:
                    return time.perf_counter() - started
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.01)
    raise RuntimeError(f"{url} did not answer within {START_TIMEOUT:.0f} s")


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of a running process (0.0 if it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _rss(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def _descendants(pid: int) -> list[int]:
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parent = int(stat.rsplit(")", 1)[1].split()[1])
            children.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


@contextlib.contextmanager
def serving_in_thread(app: Any) -> Iterator[str]:
    """An ASGI app on a free loopback port, in this process: for benchmarks that time what
    happens after start-up, not start-up itself."""
    import uvicorn

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port,
                                           log_level="warning", timeout_graceful_shutdown=1))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        if not thread.is_alive():
            raise RuntimeError("the benchmark server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
