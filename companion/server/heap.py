"""Memory the server has freed, given back to the system.

glibc keeps what a thread's `free` releases in that thread's own heap for the next `malloc`,
so the server's resident size stays at its highest point: compressing the web client for the
first tablet (a few MB per file) and loading the table's screens leave several MB that the
server never uses again (issue 24's memory row). `malloc_trim` hands whole free pages back;
it exists only in glibc, so elsewhere this does nothing.
"""

from __future__ import annotations

import ctypes
import functools
import sys
from collections.abc import Callable


@functools.cache
def _malloc_trim() -> Callable[[int], int] | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        trim = ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError):
        return None
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    return trim


def give_back_freed_memory() -> bool:
    """True if some memory went back to the system."""
    trim = _malloc_trim()
    return bool(trim(0)) if trim is not None else False
