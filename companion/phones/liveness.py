"""When a phone counts as connected: its live stream is open and it answered lately.

An open stream alone says little. A phone whose Wi-Fi goes, that falls asleep, or whose tab
the browser freezes closes nothing: the server's writes land in its own kernel's buffer, and
TCP gives the connection up only many minutes later, while the table would keep waiting for a
phone nobody looks at. So each stream beats every `BEAT_SECONDS` (`routes.Phones.live`), the
phone answers every beat (`POST /phone/api/beat`, from `phone.js`), and a seat counts as
connected only while one of its open streams was heard within `SILENT_AFTER`
(`seats.SeatRegistry`). A stream that ends is seen at once, as before; only a silence waits
for the limit.

The two numbers are the only ones; the phone learns `SILENT_AFTER` from each beat (`within`)
and takes a stream that stays quiet that long for dead, opening a new one.
"""

from __future__ import annotations

BEAT_SECONDS = 10.0
"""How often a stream beats. Well under the idle timeouts of Wi-Fi routers, NATs and proxies
(30 s and more), so a stream is never idled out during a quiet spell of the game; and five
phones answering a tiny request each every 10 s is nothing for the table's small machine. The
phone answers from the beat's own message, not from a timer of its own: a browser throttles a
hidden page's timers (down to once a minute), but still delivers its network events, so a
phone in a pocket with the page running answers in time, and a frozen page answers nothing,
which is what the table should see."""

SILENT_AFTER = 25.0
"""How long a seat may go unheard before the table stops waiting for its phone: two beats and
five seconds for a slow Wi-Fi's round trip. One lost or late answer never turns the seat over,
so the table does not flicker between "Waiting for Anna's phone" and entering for her; a phone
that dropped is let go within about half a minute (the silence is looked at on the stream's
beats, so at most one beat after the limit). The next answer brings the seat back at once."""


def heard_lately(last_heard: float, now: float) -> bool:
    """Whether a stream last heard at `last_heard` still counts at `now` (monotonic seconds)."""
    return now - last_heard <= SILENT_AFTER
