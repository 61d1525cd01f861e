"""The cue when it is a player's turn (R-ROUND-C), as far as it can be checked without a phone:
the page carries its words in every language, the sound is a switch that starts off and is a
beep the page makes itself (no sound file), the screen is kept on with the Screen Wake Lock
API, and the page stays light. What the phone then does (vibrate, beep, stay awake, say once
that it cannot) is the browser's, looked at in chromium."""

from __future__ import annotations

import re

import pytest
from starlette.testclient import TestClient
from support.phones import TableNight, hub_for, night_of

from companion.phones.routes import phone_app
from companion.phones.texts import texts

night = night_of(3)
CUE_WORDS = ("cue.sound", "cue.no_wake")


@pytest.fixture
def phone(night: TableNight) -> TestClient:
    return TestClient(phone_app(hub_for(night)), base_url="http://table.local:8550")


@pytest.mark.parametrize("language", ["en", "de", "fr", "nl"])
def test_the_page_says_the_cue_in_its_language_and_stays_light(phone, language) -> None:
    page = phone.get("/phone/", headers={"Accept-Language": language,
                                         "Accept-Encoding": "identity"})
    assert page.status_code == 200 and len(page.content) < 100_000
    for key in CUE_WORDS:
        said = texts(language)[key]
        assert isinstance(said, str) and said and said in page.text
        if language != "en":
            assert said != texts("en")[key], f"{key} is not translated into {language}"


def test_the_sound_starts_off_and_is_made_by_the_page_itself(phone) -> None:
    page = phone.get("/phone/").text
    switch = re.search(r"<input id=\"sound\"[^>]*>", page)
    assert switch is not None and "checked" not in switch.group(0)
    assert "AudioContext" in page and "localStorage" in page
    assert not re.search(r"<audio|\.(mp3|ogg|wav)\b", page)


def test_the_screen_is_kept_on_with_the_wake_lock_where_the_page_may_use_it(phone) -> None:
    page = phone.get("/phone/").text
    assert 'navigator.wakeLock.request("screen")' in page
    assert "window.isSecureContext" in page  # plain http on the Wi-Fi: said, not tried
    assert re.search(r'<p id="awake-note"[^>]*hidden', page)  # said only when refused
