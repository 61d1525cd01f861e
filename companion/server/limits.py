"""How the server keeps answering when a device on the Wi-Fi misbehaves.

uvicorn closes idle keep-alive connections, but not one whose request never arrives whole: a
device that opens a thousand connections and sends half a header to each holds a thousand
open files until the process cannot accept the table's own connection any more. So:

- a request must arrive whole (head and body) within `REQUEST_TIMEOUT` seconds of its first
  byte, or of the connection's opening; otherwise the connection is closed;
- each address may hold `PER_ADDRESS` connections, and all of them together stay well below
  the process's open-file limit, with `TABLE_RESERVE` places kept for the table's own
  addresses (the machine itself); when the places are taken, the connection that has waited
  longest for a whole request makes room, never one that is being answered (a phone's live
  stream, the table's WebSocket);
- no forwarding header is trusted (`proxy_headers=False`): no proxy stands in front of this
  server, so `X-Forwarded-For` is just text a device sends, and the failure limiter counts
  the socket's own peer address.

`uvicorn_options()` gives the settings for `uvicorn.run`/`uvicorn.Config`.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

try:
    import resource
except ImportError:  # Windows: no open-file limit of this kind to stay below
    resource = None  # type: ignore[assignment]

try:
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
except ImportError:  # httptools has no wheel for Windows on ARM: uvicorn runs unguarded
    HttpToolsProtocol = asyncio.Protocol  # type: ignore[misc,assignment]
    GUARDED = False
else:
    GUARDED = True

log = logging.getLogger(__name__)

REQUEST_TIMEOUT = 10.0
"""Seconds for a whole request to arrive: a phone sends its few hundred bytes at once."""
PER_ADDRESS = 32
"""A browser opens up to 6 connections per site, plus a live stream: room for a few tabs."""
MAX_CONNECTIONS = 1000
FILE_HEADROOM = 64
"""Open files the process needs besides connections: databases, their journals, assets."""
TABLE_ADDRESSES = frozenset({"127.0.0.1", "::1", "::ffff:127.0.0.1"})
"""The table's own device: the browser the server opens for it connects over loopback."""
TABLE_RESERVE = 16
PHONES_PATH = "/phone/"
"""Where the phones' pages, requests and live streams are served (`companion.phones`)."""


@dataclass(frozen=True)
class ConnectionLimits:
    request_timeout: float = REQUEST_TIMEOUT
    per_address: int = PER_ADDRESS
    total: int = MAX_CONNECTIONS
    table_reserve: int = TABLE_RESERVE
    table_addresses: frozenset[str] = TABLE_ADDRESSES

    @classmethod
    def for_this_process(cls, **options: Any) -> ConnectionLimits:
        """Limits whose total stays below this process's open-file limit (1024 is a common
        desktop default)."""
        total = MAX_CONNECTIONS
        if resource is not None:
            soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
            if soft != resource.RLIM_INFINITY:
                total = max(8, min(total, soft - FILE_HEADROOM))
        options.setdefault("total", total)
        options.setdefault("table_reserve", min(TABLE_RESERVE, options["total"] // 4))
        return cls(**options)


class ConnectionTable:
    """The open connections of one server, by address, and which of them wait for a request.

    Used only from the server's event loop, so it needs no lock.
    """

    def __init__(self, limits: ConnectionLimits) -> None:
        self.limits = limits
        self._by_address: dict[str, set[GuardedProtocol]] = {}
        self._count = 0
        self._waiting: OrderedDict[GuardedProtocol, None] = OrderedDict()
        """Connections with no request being answered, the longest waiting first."""

    def open_from(self, address: str) -> int:
        return len(self._by_address.get(address, ()))

    def admit(self, connection: GuardedProtocol, address: str) -> bool:
        limits = self.limits
        is_table = address in limits.table_addresses
        if not is_table and self.open_from(address) >= limits.per_address:
            return False
        room = limits.total if is_table else limits.total - limits.table_reserve
        if self._count >= room and not self._evict_one():
            return False
        self._by_address.setdefault(address, set()).add(connection)
        self._count += 1
        self._waiting[connection] = None
        return True

    def _evict_one(self) -> bool:
        for connection in self._waiting:
            if connection.address not in self.limits.table_addresses:
                connection.drop("making room for a new connection")
                self.forget(connection)
                return True
        return False

    def forget(self, connection: GuardedProtocol) -> None:
        peers = self._by_address.get(connection.address)
        if peers is None or connection not in peers:
            return
        peers.discard(connection)
        if not peers:
            del self._by_address[connection.address]
        self._count -= 1
        self._waiting.pop(connection, None)

    def waiting(self, connection: GuardedProtocol) -> None:
        if connection in self._by_address.get(connection.address, ()):
            self._waiting[connection] = None
            self._waiting.move_to_end(connection)

    def answering(self, connection: GuardedProtocol) -> None:
        self._waiting.pop(connection, None)


class GuardedProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol, admitted by a `ConnectionTable` and timed while a request
    is incomplete. `guarded_protocol` makes one subclass (one table) per server."""

    table: ConnectionTable
    address = ""
    _timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self.address = self.client[0] if self.client else "unknown"
        if not self.table.admit(self, self.address):
            transport.abort()
            return
        self._start_clock()

    def _start_clock(self) -> None:
        if self._timer is None:
            self._timer = self.loop.call_later(self.table.limits.request_timeout,
                                               self.drop, "no whole request in time")

    def _stop_clock(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def drop(self, why: str) -> None:
        log.debug("closing a connection from %s: %s", self.address, why)
        self._stop_clock()
        if not self.transport.is_closing():
            self.transport.abort()

    def shutdown(self) -> None:
        """The server stops: a GET of the table's files still being answered is cut off, any
        other request is answered to its end (uvicorn's way). Such a GET changes nothing and
        its answer is a file a loading tab reads as fast as it can (megabytes of the web
        client), which uvicorn waited for until its graceful timeout, then cancelled with an
        ERROR; the tab loads it again from the next server. The phones' requests are left to
        end: their live streams end when the hub says the server stops (`Hub.stop`), with a
        last word for the phone."""
        cycle = self.cycle
        if cycle is not None and not cycle.response_complete \
                and cycle.scope["method"] in ("GET", "HEAD") \
                and not cycle.scope["path"].startswith(PHONES_PATH):
            self.drop("the server stops")
            return
        super().shutdown()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self.table.waiting(self)
        self._start_clock()

    def on_message_complete(self) -> None:
        self._stop_clock()
        self.table.answering(self)
        super().on_message_complete()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self.table.waiting(self)

    def handle_websocket_upgrade(self) -> None:
        self._stop_clock()
        self.table.answering(self)
        super().handle_websocket_upgrade()
        websocket = self.transport.get_protocol()
        closed = websocket.connection_lost

        def connection_lost(exc: Exception | None) -> None:
            try:
                closed(exc)
            finally:
                self.table.forget(self)

        websocket.connection_lost = connection_lost  # type: ignore[method-assign]

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_clock()
        self.table.forget(self)
        super().connection_lost(exc)


def guarded_protocol(limits: ConnectionLimits | None = None) -> type[GuardedProtocol]:
    """A protocol class for one server, with its own connection table."""
    table = ConnectionTable(limits or ConnectionLimits.for_this_process())
    return type("TableGuardedProtocol", (GuardedProtocol,), {"table": table})


def uvicorn_options(limits: ConnectionLimits | None = None) -> dict[str, Any]:
    """Keyword arguments for `uvicorn.run`/`uvicorn.Config`: guarded connections, and no
    forwarding header trusted."""
    options: dict[str, Any] = {"proxy_headers": False}
    if GUARDED:
        options["http"] = guarded_protocol(limits)
    else:
        log.warning("httptools is missing: connections are not timed or capped")
    return options
