"""What the table says about one seat's phone: paired, connected now, last seen.

Worded coarsely ("3 minutes ago", not a clock time to the second) so the line changes only a
few times an hour and the panel, which redraws a seat when its line changes, stays calm.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import flet as ft

from companion.i18n import Translator
from companion.phones.seats import SeatStatus


@dataclass(frozen=True)
class SeatLine:
    text: str
    icon: ft.IconData
    colour: str


CONNECTED = "#2E7D32"
AWAY = "#B26A00"
NO_PHONE = "#5F5F5F"


def seen_ago(t: Translator, last_seen: float | None, now: float) -> str:
    if last_seen is None:
        return t("not seen since pairing")
    seconds = max(0.0, now - last_seen)
    if seconds < 60:
        return t("last seen less than a minute ago")
    if seconds < 3600:
        return t.plural("last seen {n} minute ago", "last seen {n} minutes ago",
                        int(seconds // 60))
    return t("last seen at {time}", time=time.strftime("%H:%M", time.localtime(last_seen)))


def seat_line(t: Translator, status: SeatStatus, now: float) -> SeatLine:
    if not status.paired:
        return SeatLine(t("No phone paired."), ft.Icons.PHONELINK_OFF, NO_PHONE)
    if status.connected:
        return SeatLine(t("Phone paired and connected now."), ft.Icons.PHONE_ANDROID, CONNECTED)
    return SeatLine(t("Phone paired, not connected: {seen}.",
                      seen=seen_ago(t, status.last_seen, now)),
                    ft.Icons.PHONE_DISABLED, AWAY)
