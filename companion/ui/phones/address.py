"""Which of this machine's addresses goes into the pairing QR, and remembering that choice.

A laptop at the table often has several addresses (Wi-Fi, Ethernet, a VPN, a Docker bridge);
only the one on the players' Wi-Fi works from their phones, and no program can tell which
that is. So the table offers every address this server really answers on (a quick connect to
itself, which also rules out addresses the server is not listening on when started with
`--host`) and remembers the choice in the data directory, because the same laptop usually
sits on the same Wi-Fi the next evening.
"""

from __future__ import annotations

import logging
import socket
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import ifaddr

from companion.phones.network import lan_addresses

log = logging.getLogger(__name__)

CHOICE_FILE = "phone-address"
PROBE_SECONDS = 0.3

Reachable = Callable[[str, int], bool]


@dataclass(frozen=True)
class AddressOption:
    host: str
    """As written in a URL (IPv6 in brackets)."""
    interface: str | None
    """The network interface it belongs to, to help people recognise their Wi-Fi; None for
    the address the server was started with."""


def answers(host: str, port: int) -> bool:
    """Whether this server accepts a connection on `host`: the address it is bound to, or any
    of the machine's addresses when bound to all of them."""
    try:
        with socket.create_connection((host.strip("[]"), port), timeout=PROBE_SECONDS):
            return True
    except OSError:
        return False


def split_base(base_url: str) -> tuple[str, str, int]:
    """(scheme, host as in a URL, port) of a base URL such as `http://192.168.1.20:8550`."""
    parts = urlsplit(base_url)
    host = parts.netloc.rsplit(":", 1)[0] if parts.port is not None else parts.netloc
    port = parts.port or (443 if parts.scheme == "https" else 80)
    return parts.scheme or "http", host, port


def with_host(base_url: str, host: str) -> str:
    scheme, _, port = split_base(base_url)
    return f"{scheme}://{host}:{port}"


def address_options(base_url: str, adapters: list[ifaddr.Adapter] | None = None,
                    reachable: Reachable = answers) -> list[AddressOption]:
    """The configured address first, then every other LAN address this server answers on."""
    _, configured, port = split_base(base_url)
    options = [AddressOption(configured, None)]
    for candidate in lan_addresses(adapters):
        if candidate.url_host != configured and reachable(candidate.url_host, port):
            options.append(AddressOption(candidate.url_host, candidate.interface))
    return options


def remembered_host(data_dir: Path) -> str | None:
    try:
        value = (data_dir / CHOICE_FILE).read_text(encoding="utf-8").strip()
    except OSError:
        return None
    return value or None


def remember_host(data_dir: Path, host: str) -> None:
    """Kept for the next start; a read-only data directory only costs the memory of it."""
    try:
        data_dir.mkdir(parents=True, exist_ok=True)
        (data_dir / CHOICE_FILE).write_text(host + "\n", encoding="utf-8")
    except OSError:
        log.warning("cannot remember the phones' address in %s", data_dir, exc_info=True)


def chosen_host(options: list[AddressOption], remembered: str | None) -> str:
    """The remembered address while it is still on offer (same Wi-Fi), else the configured one."""
    hosts = [o.host for o in options]
    return remembered if remembered in hosts else hosts[0]
