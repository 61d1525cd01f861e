"""What the phones panel and the private view keep between redraws, per table tab.

The shell rebuilds every screen on every change of the game (a phone's entry is such a
change), so what must outlive a drawing -- the QR on show, the address chosen, when the rats
hide again, a half-typed entry -- lives here, in the tab's `TabState`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from companion.ui.phones.address import AddressOption
from companion.ui.shared.ticker import Ticking

AFTER_TAP = 5.0
AFTER_LIFT = 1.5
LONGEST_HOLD = 30.0


@dataclass
class ShownCode:
    game_id: str
    seat: int
    url: str
    closes_at: float
    """On `PanelMemory.clock`."""


@dataclass
class PanelMemory:
    """What one table tab's panel keeps between redraws (the shell rebuilds every screen on
    every change of the game, and a phone's entry is such a change)."""

    shown: ShownCode | None = None
    options: list[AddressOption] | None = None
    host: str | None = None
    lines: tuple[str, ...] = ()
    panel: Ticking | None = None
    ticking: bool = False
    clock: Callable[[], float] = time.monotonic
    wall: Callable[[], float] = time.time
    """Unix time, as the registry's `last_seen`."""


@dataclass
class Reveal:
    """When the secret is on screen, on a monotonic clock."""

    held_since: float | None = None
    until: float | None = None

    def press(self, now: float) -> None:
        self.held_since = now

    def lift(self, now: float) -> None:
        if self.held_since is not None:
            self.held_since = None
            self.until = max(self.until or now, now + AFTER_LIFT)

    def tap(self, now: float) -> None:
        self.until = max(self.until or now, now + AFTER_TAP)

    def hide(self) -> None:
        self.held_since = None
        self.until = None

    def held(self, now: float) -> bool:
        return self.held_since is not None and now - self.held_since < LONGEST_HOLD

    def visible(self, now: float) -> bool:
        return self.held(now) or (self.until is not None and now < self.until)

    def seconds_left(self, now: float) -> int | None:
        """Whole seconds until it hides itself; None while held (or hidden)."""
        if self.held(now) or self.until is None or now >= self.until:
            return None
        return int(self.until - now + 0.999)


@dataclass
class PrivateMemory:
    """One table tab's private view between redraws."""

    key: tuple[str, int] | None = None
    """(game, player) the reveal and the half-typed entries belong to."""
    reveal: Reveal = field(default_factory=Reveal)
    amount: int = 1
    position: int = 1
    nuns: int = 0
    screen: Ticking | None = None
    ticking: bool = False
    clock: Callable[[], float] = time.monotonic
    back: str | None = None
    """The screen the private view was opened from and goes back to (`open_private`); None:
    the phones panel."""

    def belong_to(self, key: tuple[str, int]) -> None:
        if self.key != key:
            self.key = key
            self.reveal.hide()
            self.amount, self.position, self.nuns = 1, 1, 0
