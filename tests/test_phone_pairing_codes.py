"""The pairing QR: the table's LAN address plus a seat token, readable by a phone camera."""

from __future__ import annotations

import io

import ifaddr
import zxingcpp
from PIL import Image

from companion.phones.network import base_url, choose_host, lan_addresses
from companion.phones.qr import pairing_url
from companion.qr import qr_png


def _adapter(name: str, *ips: str) -> ifaddr.Adapter:
    return ifaddr.Adapter(name, name, [ifaddr.IP(ip, 24, name) for ip in ips])


def test_the_qr_decodes_back_to_the_pairing_url() -> None:
    url = pairing_url("http://192.168.178.20:8550/", "k" * 43)
    assert url == "http://192.168.178.20:8550/phone/join/" + "k" * 43
    decoded = zxingcpp.read_barcodes(Image.open(io.BytesIO(qr_png(url))))
    assert [code.text for code in decoded] == [url]


def test_the_lan_address_skips_loopback_and_link_local() -> None:
    adapters = [_adapter("lo", "127.0.0.1"), _adapter("wlan0", "169.254.3.3", "192.168.1.40")]
    assert [a.address for a in lan_addresses(adapters)] == ["192.168.1.40"]


def test_a_private_address_on_wifi_beats_a_docker_bridge_and_a_public_one() -> None:
    adapters = [_adapter("docker0", "172.17.0.1"), _adapter("eth1", "81.2.69.160"),
                _adapter("wlan0", "10.0.0.7")]
    assert [a.address for a in lan_addresses(adapters)] == ["10.0.0.7", "172.17.0.1",
                                                             "81.2.69.160"]
    assert choose_host(None, adapters) == "10.0.0.7"


def test_the_host_option_overrides_the_choice() -> None:
    adapters = [_adapter("wlan0", "10.0.0.7")]
    assert choose_host("192.168.5.5", adapters) == "192.168.5.5"
    assert choose_host("0.0.0.0", adapters) == "10.0.0.7"
    assert base_url(8550, "fd00::7") == "http://[fd00::7]:8550"


def test_without_any_network_the_table_falls_back_to_itself() -> None:
    assert choose_host(None, [_adapter("lo", "127.0.0.1")]) == "127.0.0.1"
