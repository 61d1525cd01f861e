"""This machine's addresses on the local network, for the pairing QR.

The phones reach the table over Wi-Fi, so the QR must carry an address they can route to:
a private IPv4 address of a real interface, not loopback or link-local. A laptop often has
several (Wi-Fi, Ethernet, VPN, Docker bridges), so all candidates are offered, best first, and
`--host` overrides the choice.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass

import ifaddr

_VIRTUAL_PREFIXES = ("docker", "br-", "veth", "virbr", "vmnet", "vboxnet", "tun", "tap", "wg",
                     "utun", "zt", "tailscale", "lo")


@dataclass(frozen=True, order=True)
class LanAddress:
    rank: int
    """Lower is better: private IPv4 on a physical-looking interface comes first."""
    address: str
    interface: str

    @property
    def url_host(self) -> str:
        return f"[{self.address}]" if ":" in self.address else self.address


def _rank(ip: ipaddress.IPv4Address | ipaddress.IPv6Address, interface: str) -> int | None:
    if ip.is_loopback or ip.is_link_local or ip.is_multicast or ip.is_unspecified:
        return None
    virtual = interface.lower().startswith(_VIRTUAL_PREFIXES)
    if ip.version == 4:
        rank = 0 if ip.is_private else 2
    else:
        rank = 4 if ip.is_private else 5
    return rank + (1 if virtual else 0)


def lan_addresses(adapters: list[ifaddr.Adapter] | None = None) -> list[LanAddress]:
    """Every usable address of this machine, best candidate first."""
    found: set[LanAddress] = set()
    for adapter in ifaddr.get_adapters() if adapters is None else adapters:
        for entry in adapter.ips:
            raw = entry.ip if isinstance(entry.ip, str) else entry.ip[0]
            try:
                ip = ipaddress.ip_address(raw.split("%")[0])
            except ValueError:
                continue
            rank = _rank(ip, adapter.nice_name or adapter.name)
            if rank is not None:
                found.add(LanAddress(rank, str(ip), adapter.nice_name or adapter.name))
    return sorted(found)


def choose_host(override: str | None = None,
                adapters: list[ifaddr.Adapter] | None = None) -> str:
    """The host to put into pairing URLs: the override if given (and usable), else the best LAN
    address, else loopback so a single machine still works for trying the app out.
    """
    if override and override not in ("0.0.0.0", "::"):
        return f"[{override}]" if ":" in override and not override.startswith("[") else override
    candidates = lan_addresses(adapters)
    return candidates[0].url_host if candidates else "127.0.0.1"


def base_url(port: int, host_override: str | None = None, scheme: str = "http") -> str:
    return f"{scheme}://{choose_host(host_override)}:{port}"
