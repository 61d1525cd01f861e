"""Slowing down guessers: repeated wrong tokens or device secrets from one address get a 429.

Tokens carry 256 random bits, so guessing cannot succeed anyway; the limit keeps a misbehaving
device from flooding the table's small machine and makes probing visible.

An attempt is counted as a failure *before* its secret is checked and taken back only when it
succeeds, all under one lock: so however many guesses arrive at once, at most `max_failures`
of them reach the check. The address is the socket's peer, never a forwarding header (no
proxy stands in front of this server; see `companion.server.limits`).
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager

MAX_FAILURES = 10
WINDOW_SECONDS = 60.0


class TooManyAttempts(Exception):
    code = "too_many_attempts"

    def __init__(self, retry_after: int) -> None:
        super().__init__("Too many wrong codes from this device. Wait a minute and try again.")
        self.retry_after = retry_after


class FailureLimiter:
    """At most `max_failures` refused attempts per client address within a sliding window."""

    def __init__(self, max_failures: int = MAX_FAILURES, window: float = WINDOW_SECONDS,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._max = max_failures
        self._window = window
        self._clock = clock
        self._failures: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def _recent(self, address: str, now: float) -> deque[float]:
        stamps = self._failures.setdefault(address, deque())
        while stamps and now - stamps[0] >= self._window:
            stamps.popleft()
        return stamps

    def check(self, address: str) -> None:
        """Raise `TooManyAttempts` if this address is blocked right now."""
        now = self._clock()
        with self._lock:
            stamps = self._recent(address, now)
            if len(stamps) >= self._max:
                raise TooManyAttempts(max(1, int(self._window - (now - stamps[0])) + 1))
            if not stamps:
                self._failures.pop(address, None)

    def record_failure(self, address: str) -> None:
        now = self._clock()
        with self._lock:
            self._recent(address, now).append(now)

    def _reserve(self, address: str) -> float:
        now = self._clock()
        with self._lock:
            stamps = self._recent(address, now)
            if len(stamps) >= self._max:
                raise TooManyAttempts(max(1, int(self._window - (now - stamps[0])) + 1))
            stamps.append(now)
        return now

    def _refund(self, address: str, stamp: float) -> None:
        with self._lock:
            stamps = self._failures.get(address)
            if stamps is not None:
                if stamp in stamps:
                    stamps.remove(stamp)
                if not stamps:
                    del self._failures[address]

    @contextmanager
    def attempt(self, address: str) -> Iterator[Attempt]:
        """One try at a secret, counted as a failure until it is known to be right.

        Raises `TooManyAttempts` at once if the address is blocked. Inside the block, call
        `.failed()` when the secret was wrong; any other way out takes the count back.
        """
        stamp = self._reserve(address)
        outcome = Attempt()
        try:
            yield outcome
        finally:
            if not outcome.wrong:
                self._refund(address, stamp)


class Attempt:
    """Whether a reserved attempt turned out to be a wrong secret."""

    wrong = False

    def failed(self) -> None:
        self.wrong = True
