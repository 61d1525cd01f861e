"""A QR code on the table's screen reads as exactly one code, whatever the link holds.

A phone's camera app offers whatever it decodes: a long link drawn densely once decoded as a
QR code *and* a Codabar hidden inside it. Links of the lengths the table draws (a pairing link,
a BG Stats play of 2 to 5 players with long names) must each read back as one QR code.
"""

from __future__ import annotations

import io
import json
import random
import string

import zxingcpp
from PIL import Image
from qrcode.constants import ERROR_CORRECT_L, ERROR_CORRECT_M

from companion.qr import correction_for, qr_png


def _decoded(link: str) -> list[tuple[str, str]]:
    image = Image.open(io.BytesIO(qr_png(link)))
    return [(str(code.format), code.text) for code in zxingcpp.read_barcodes(image)]


def _play_link(rng: random.Random) -> str:
    names = ["".join(rng.choices(string.ascii_letters + "äöüéß ", k=rng.randint(3, 14)))
             for _ in range(rng.randint(2, 5))]
    play = {"playDate": f"2026-12-{rng.randint(1, 28):02d} {rng.randint(10, 23)}:00:00",
            "uuid": "".join(rng.choices(string.hexdigits, k=32)),
            "players": [{"name": n, "score": rng.randint(0, 90), "winner": i == 0}
                        for i, n in enumerate(names)]}
    return "bgstats://app.bgstatsapp.com/createPlay.html?data=" + json.dumps(play)


def test_every_long_link_reads_as_one_qr_code_and_nothing_else() -> None:
    rng = random.Random(2026)
    for _ in range(60):
        link = _play_link(rng)
        assert correction_for(link) == ERROR_CORRECT_L
        assert _decoded(link) == [("QR Code", link)]


def test_a_pairing_link_keeps_medium_correction_for_a_glossy_screen() -> None:
    link = "http://192.168.1.20:8550/phone/join#" + "A" * 43
    assert correction_for(link) == ERROR_CORRECT_M
    assert _decoded(link) == [("QR Code", link)]
