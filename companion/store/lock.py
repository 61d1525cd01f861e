"""One server per data folder: a lock held for the life of the process that serves it.

Two servers on one folder would both hand out the same host key, and every phone write
through the one that lost the race would fail as "changed elsewhere" while it showed stale
rats. So a server takes an exclusive `flock` on `server.lock` in the data folder before it
opens anything, and writes its pid and address there; a second start finds the lock taken
and refuses, naming the one that runs. The kernel drops the lock when the process ends,
however it ends (even `kill -9`), so a stale file never blocks the next start.
"""

from __future__ import annotations

import fcntl
import os
import weakref
from pathlib import Path
from typing import Self

from companion.store.db import PRIVATE_FILE, StoreError, make_data_dir
from companion.store.problems import StoreProblem as P

LOCK_FILENAME = "server.lock"


class DataDirInUse(StoreError):
    """Another running server holds the data folder: `folder`, and `holder` as that server
    wrote it in the lock file ("pid 4711, serving http://...", or "" while it is being
    written), for words in any language (`companion.store.problems.holder_words`)."""

    def __init__(self, folder: Path, holder: str) -> None:
        super().__init__(P.FOLDER_IN_USE, folder=folder, holder=holder)
        self.folder = folder
        self.holder = holder


class DataDirLock:
    """The held lock; `release` (or the end of the process) lets the next server start."""

    def __init__(self, path: Path, fd: int) -> None:
        self.path = path
        self._close = weakref.finalize(self, os.close, fd)
        """Also run if the holder is dropped without `release` (a start that failed later)."""

    @classmethod
    def acquire(cls, folder: Path, address: str) -> DataDirLock:
        """Hold `folder` for this process, serving at `address`, or `DataDirInUse`."""
        make_data_dir(folder)
        path = Path(folder) / LOCK_FILENAME
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC | os.O_NOFOLLOW,
                         PRIVATE_FILE)
        except OSError as exc:
            raise StoreError(P.CANNOT_USE_LOCK, path=path, reason=exc.strerror) from exc
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = _read_holder(fd)
            os.close(fd)
            raise DataDirInUse(Path(folder), holder) from None
        except OSError as exc:
            os.close(fd)
            raise StoreError(P.CANNOT_LOCK, path=path, reason=exc.strerror) from exc
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"pid {os.getpid()}, serving {address}\n".encode(), 0)
        return cls(path, fd)

    def release(self) -> None:
        self._close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


def _read_holder(fd: int) -> str:
    """What the running server wrote about itself ("" while it is mid-write)."""
    text = os.pread(fd, 200, 0).decode("utf-8", "replace").strip()
    printable = "".join(c for c in text if c.isprintable())
    return printable
