"""The phones' HTTP side, told as a game night: Anna, Ben and Carla pair their phones.

The game is the real one (`support.phones.TableNight`: the engine's events through a real
Session and store); `test_phone_integration.py` plays a whole random game through the phones.
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import threading
from dataclasses import replace

import pytest
import zxingcpp
from PIL import Image
from starlette.applications import Starlette
from starlette.testclient import TestClient
from support.phones import START_RATS, TableNight, hub_for, night_of

from companion.i18n import pick_language
from companion.phones.hub import Hub
from companion.phones.ledger import engine_rules
from companion.phones.limits import FailureLimiter
from companion.phones.routes import COOKIE, HOST_KEY_HEADER, phone_app
from companion.rules import events as ev

ANNA, BEN, CARLA = 0, 1, 2


night = night_of(3)


@pytest.fixture
def game(night: TableNight) -> str:
    return night.game_id


def phone(app: Starlette) -> TestClient:
    return TestClient(app, base_url="http://table.local:8550")


def paired(app: Starlette, hub: Hub, seat: int, game: str) -> TestClient:
    client = phone(app)
    token = hub.registry.issue_token(game, seat)
    response = client.post("/phone/api/join", json={"token": token})
    assert response.status_code == 200, response.text
    return client


# -- pairing ------------------------------------------------------------------------------


def test_anna_scans_her_code_and_gets_her_own_seat_in_an_httponly_cookie(app, hub, game) -> None:
    client = phone(app)
    token = hub.registry.issue_token(game, ANNA)
    response = client.post("/phone/api/join", json={"token": token})
    assert (response.json()["game"], response.json()["seat"]) == (game, ANNA)
    assert response.json()["view"]["player"] == ANNA
    cookie = response.headers["set-cookie"]
    assert cookie.startswith(f"{COOKIE}=")
    assert "HttpOnly" in cookie and "SameSite=strict" in cookie and "Path=/phone" in cookie
    assert token not in cookie
    state = client.get("/phone/api/state").json()
    assert state["seat"] == ANNA and state["view"]["rats"] == 10


def test_a_reload_reconnects_to_the_same_seat_without_scanning(app, hub, game) -> None:
    client = paired(app, hub, BEN, game)
    secret = client.cookies[COOKIE]
    fresh_tab = phone(app)
    fresh_tab.cookies.set(COOKIE, secret, domain="table.local", path="/phone")
    assert fresh_tab.get("/phone/api/state").json()["seat"] == BEN


def test_a_second_phone_scanning_the_same_code_is_refused(app, hub, game) -> None:
    token = hub.registry.issue_token(game, ANNA)
    assert phone(app).post("/phone/api/join", json={"token": token}).status_code == 200
    neighbour = phone(app)
    response = neighbour.post("/phone/api/join", json={"token": token})
    assert response.status_code == 409 and response.json()["error"] == "seat_taken"
    assert COOKIE not in neighbour.cookies
    assert neighbour.get("/phone/api/state").status_code == 401


@pytest.mark.parametrize("token", ["", "nonsense", "A" * 43, 42, None, ["x"]])
def test_a_forged_code_is_refused_without_detail_and_changes_nothing(app, hub, token, game) -> None:
    hub.registry.issue_token(game, ANNA)
    response = phone(app).post("/phone/api/join", json={"token": token})
    assert response.status_code == 403
    assert response.json()["error"] == "invalid_token"
    assert "set-cookie" not in response.headers
    assert not any(seat.paired for seat in hub.registry.status(game, 3))


def test_a_guesser_is_stopped_after_ten_wrong_codes(night, game) -> None:
    hub = hub_for(night)
    hub.limiter = FailureLimiter(max_failures=10, window=60)
    client = phone(phone_app(hub))
    token = hub.registry.issue_token(game, ANNA)
    for attempt in range(10):
        assert client.post("/phone/api/join", json={"token": f"guess-{attempt:040d}"}
                           ).status_code == 403
    blocked = client.post("/phone/api/join", json={"token": token})
    assert blocked.status_code == 429 and int(blocked.headers["retry-after"]) >= 1
    assert not hub.registry.status(game, 1)[0].paired


def test_a_forged_device_secret_is_refused(app) -> None:
    client = phone(app)
    client.cookies.set(COOKIE, "A" * 43, domain="table.local", path="/phone")
    response = client.get("/phone/api/state")
    assert response.status_code == 401 and response.json()["error"] == "unknown_device"
    assert "view" not in response.json()


def test_a_released_phone_forgets_its_secret_so_reloads_never_block_a_new_scan(app, hub
                                                                               , game) -> None:
    old_phone = paired(app, hub, ANNA, game)
    hub.registry.release(game, ANNA)
    for _ in range(15):
        assert old_phone.get("/phone/api/state").status_code == 401
    assert COOKIE not in old_phone.cookies
    token = hub.registry.issue_token(game, ANNA)
    assert old_phone.post("/phone/api/join", json={"token": token}).status_code == 200


def test_the_table_releases_a_lost_phone_and_it_is_locked_out(app, hub, game) -> None:
    lost = paired(app, hub, CARLA, game)
    secret = lost.cookies[COOKIE]
    hub.registry.release(game, CARLA)
    assert lost.get("/phone/api/state").status_code == 401
    lost.cookies.set(COOKIE, secret, domain="table.local", path="/phone")
    assert lost.post("/phone/api/rats", json={"delta": -1, "reason": "correction"}
                     ).status_code == 401
    new_phone = paired(app, hub, CARLA, game)
    assert new_phone.get("/phone/api/state").json()["seat"] == CARLA
    assert lost.get("/phone/api/state").status_code == 401


def test_a_phone_of_a_game_that_is_not_open_is_told_so(hub, game) -> None:
    client = paired(phone_app(hub), hub, ANNA, game)
    hub.open_session = {}.get
    response = client.get("/phone/api/state")
    assert response.status_code == 404 and response.json()["error"] == "no_game"


# -- secrecy ------------------------------------------------------------------------------


def test_annas_phone_never_sees_bens_ledger(app, hub, night, game) -> None:
    anna, ben = paired(app, hub, ANNA, game), paired(app, hub, BEN, game)
    ben.post("/phone/api/rats", json={"delta": 7, "reason": "correction"})
    ben.post("/phone/api/nuns", json={"position": 4, "nuns": 3})
    night.reveal_rats({BEN: 2})  # R-ROUND-D a: two cards of another estate, two rats

    for path in ("/phone/api/state", "/phone/api/state?seat=1", "/phone/api/state?player=1"):
        view = anna.get(path).json()["view"]
        assert view["player"] == ANNA and view["rats"] == START_RATS
        assert view["ledger"] == [] and view["nun_notes"] == [None] * 5
    sneaky = anna.post("/phone/api/rats",
                       json={"delta": -1, "reason": "correction", "player": BEN, "seat": BEN})
    assert sneaky.json()["view"]["rats"] == 9
    assert night.state.rats[BEN] == 19


def test_every_answer_to_a_phone_is_only_its_own_view(app, hub, game) -> None:
    anna = paired(app, hub, ANNA, game)
    secret_values = {"reason": "supply_discard", "delta": -3}
    carla = paired(app, hub, CARLA, game).post("/phone/api/rats", json=secret_values)
    assert carla.status_code == 200
    answers = [anna.get("/phone/api/state"),
               anna.post("/phone/api/nuns", json={"position": 1, "nuns": 2}),
               anna.post("/phone/api/undo", json={})]
    for answer in answers:
        view = answer.json().get("view") or {}
        assert "supply_discard" not in str(view.get("ledger", [])) and set(answer.json()) <= {
            "game", "seat", "view", "rows", "can_confirm", "end", "entered_at_table",
            "own_step", "undone", "error", "message", "rule"}


# -- the ledger ---------------------------------------------------------------------------


def test_ben_logs_a_supply_discard_and_sees_it_in_his_history(app, hub, night, game) -> None:
    # R-ROUND-B: a supply action's rat symbol discards a rat; R-SETUP-1: 10 rats at the start.
    ben = paired(app, hub, BEN, game)
    view = ben.post("/phone/api/rats", json={"delta": -1, "reason": "supply_discard"}
                    ).json()["view"]
    assert view["rats"] == 9
    assert [(e["delta"], e["reason"]) for e in view["ledger"]] == [(-1, "supply_discard")]
    assert night.state.rats[BEN] == 9


@pytest.mark.parametrize("body", [
    {"delta": 0, "reason": "correction"},
    {"delta": 21, "reason": "correction"},
    {"delta": -21, "reason": "correction"},
    {"delta": "2", "reason": "correction"},
    {"delta": 2.0, "reason": "correction"},
    {"delta": True, "reason": "correction"},
    {"reason": "correction"},
    {"delta": 1, "reason": "bribery"},
    {"delta": -2, "reason": "monastery"},
    {"delta": 1},
])
def test_values_out_of_range_are_refused_and_change_nothing(app, hub, night, body, game
                                                             ) -> None:
    ben = paired(app, hub, BEN, game)
    response = ben.post("/phone/api/rats", json=body)
    assert response.status_code == 422 and response.json()["error"] == "bad_value"
    assert len(night.events) == 1


def test_the_rules_refuse_fewer_than_zero_rats_and_name_the_rule(app, hub, night, game
                                                                  ) -> None:
    # R-SETUP-1: everyone starts with 10 rats, and nobody can have fewer than 0.
    ben = paired(app, hub, BEN, game)
    response = ben.post("/phone/api/rats", json={"delta": -11, "reason": "supply_discard"})
    assert response.status_code == 409
    assert response.json()["rule"] == "R-SETUP-1"
    assert night.state.rats[BEN] == START_RATS


def test_carla_notes_the_nun_cards_she_has_seen(app, hub, game) -> None:
    # R-SETUP-4: the nun row is 5 face-down cards, numbered 1-5 on the phone.
    carla = paired(app, hub, CARLA, game)
    carla.post("/phone/api/nuns", json={"position": 2, "nuns": 4})
    view = carla.post("/phone/api/nuns", json={"position": 5, "nuns": 3}).json()["view"]
    assert view["nun_notes"] == [None, 4, None, None, 3]


@pytest.mark.parametrize("body", [{"position": 0, "nuns": 1}, {"position": 6, "nuns": 1},
                                  {"position": 1, "nuns": 5}, {"position": 1, "nuns": -1},
                                  {"position": "1", "nuns": 1}, {"position": 1}])
def test_nun_notes_out_of_range_are_refused(app, hub, night, body, game) -> None:
    # R-SETUP-4: the nun row has 5 cards; R-COMP-2: a card shows 0 to 4 nuns.
    response = paired(app, hub, CARLA, game).post("/phone/api/nuns", json=body)
    assert response.status_code == 422
    assert len(night.events) == 1


def test_a_change_the_table_recorded_can_be_disputed_never_edited(app, hub, night, game
                                                                   ) -> None:
    anna = paired(app, hub, ANNA, game)
    night.reveal_rats({ANNA: 2})
    entry = anna.get("/phone/api/state").json()["view"]["ledger"][0]
    assert entry["public"] and not entry["disputed"]
    view = anna.post("/phone/api/dispute", json={"entry_id": entry["entry_id"]}).json()["view"]
    assert view["ledger"][0]["disputed"] is True
    assert view["rats"] == 12
    assert anna.post("/phone/api/rats", json={"delta": -2, "reason": "correction",
                                              "entry_id": entry["entry_id"]}
                     ).json()["view"]["ledger"][0]["delta"] == 2


# A well-formed id the ledger does not hold is the engine's refusal (409); anything that is not
# an entry id at all is refused by the request model (422).
@pytest.mark.parametrize(("entry_id", "status"), [("nope", 409), ("", 422), (3, 422),
                                                  (None, 422), ("x" * 65, 422)])
def test_disputing_an_unknown_entry_changes_nothing(app, hub, night, entry_id, status,
                                                    game) -> None:
    response = paired(app, hub, ANNA, game).post("/phone/api/dispute",
                                                 json={"entry_id": entry_id})
    assert response.status_code == status
    assert len(night.events) == 1


def test_a_hospital_discard_is_not_logged_on_a_phone(app, hub, night, game) -> None:
    # The table enters Hospital discards with the Hospital's actions, the one place.
    ben = paired(app, hub, BEN, game)
    response = ben.post("/phone/api/rats", json={"delta": -2, "reason": "hospital"})
    assert response.status_code == 422
    assert night.state.rats[BEN] == START_RATS
    assert ben.get("/phone/api/state").json()["view"]["reasons"] == ["supply_discard",
                                                                      "correction"]


def test_ben_undoes_his_own_last_entry_but_not_the_tables(app, hub, night, game) -> None:
    ben = paired(app, hub, BEN, game)
    night.reveal_rats({BEN: 1})
    ben.post("/phone/api/rats", json={"delta": -2, "reason": "supply_discard"})
    view = ben.post("/phone/api/undo", json={}).json()["view"]
    assert view["rats"] == 11
    again = ben.post("/phone/api/undo", json={})
    assert again.status_code == 409 and again.json()["error"] == "nothing_to_undo"
    assert night.state.rats[BEN] == 11


def test_confirming_is_refused_clearly_while_the_engine_has_no_such_event(hub, night, game
                                                                          ) -> None:
    """A version of the engine without `RatsConfirmed`: the phone is told so, at the end too."""
    night.play_to_the_end()
    before = len(night.events)
    app = phone_app(hub, replace(engine_rules(), rats_confirmed=None))
    response = paired(app, hub, ANNA, game).post("/phone/api/confirm", json={})
    assert response.status_code == 409 and response.json()["error"] == "unavailable"
    assert len(night.events) == before


# -- bad requests -------------------------------------------------------------------------


def test_malformed_requests_are_refused_and_change_nothing(app, hub, night, game) -> None:
    anna = paired(app, hub, ANNA, game)
    headers = {"content-type": "application/json"}
    assert anna.post("/phone/api/rats", content=b"{not json", headers=headers
                     ).status_code == 400
    assert anna.post("/phone/api/rats", content=b"[1, 2]", headers=headers).status_code == 400
    assert anna.post("/phone/api/rats", content=b"delta=1&reason=correction",
                     headers={"content-type": "application/x-www-form-urlencoded"}
                     ).status_code == 415
    huge = json.dumps({"delta": 1, "reason": "correction", "pad": "x" * 5000})
    assert anna.post("/phone/api/rats", content=huge, headers=headers).status_code == 413
    assert anna.get("/phone/api/rats").status_code == 405
    assert len(night.events) == 1


def test_a_request_from_another_site_is_refused(app, hub, night, game) -> None:
    anna = paired(app, hub, ANNA, game)
    response = anna.post("/phone/api/rats", json={"delta": 5, "reason": "correction"},
                         headers={"origin": "http://evil.example"})
    assert response.status_code == 403
    assert len(night.events) == 1


def test_concurrent_changes_from_phones_and_table_are_never_lost(app, hub, night, game,
                                                                  tmp_path) -> None:
    phones = [paired(app, hub, seat, game) for seat in (ANNA, BEN, CARLA)]

    def play_three_rounds(table: TableNight) -> None:
        for _ in range(3):
            table.reveal_rats({ANNA: 1, BEN: 1, CARLA: 1})
            table.finish_round()

    def log_rats(client: TestClient) -> None:
        for _ in range(10):
            assert client.post("/phone/api/rats", json={"delta": 1, "reason": "correction"}
                               ).status_code == 200

    workers = [threading.Thread(target=log_rats, args=(p,)) for p in phones]
    workers.append(threading.Thread(target=play_three_rounds, args=(night,)))
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    with TableNight(tmp_path / "without-phones", players=3) as quiet:
        play_three_rounds(quiet)
        assert night.state.rats == tuple(rats + 10 for rats in quiet.state.rats)
        assert len(night.events) == len(quiet.events) + 30
        assert sum(isinstance(e, ev.RatsChanged) for e in night.events) == 30


# -- host controls ------------------------------------------------------------------------


def test_host_controls_need_the_host_key(app, hub, game) -> None:
    table = phone(app)
    for headers in ({}, {HOST_KEY_HEADER: "guess"}, {HOST_KEY_HEADER: hub.host_key[:-1]}):
        assert table.post(f"/phone/host/{game}/seats/0/code", headers=headers).status_code == 403
        assert table.delete(f"/phone/host/{game}/seats/0", headers=headers).status_code == 403
        assert table.get(f"/phone/host/{game}/seats", headers=headers).status_code == 403
    assert not any(s.code_open for s in hub.registry.status(game, 3))


def test_the_table_shows_a_qr_that_a_phone_can_use(app, hub, game) -> None:
    table = phone(app)
    answer = table.post(f"/phone/host/{game}/seats/1/code", headers={HOST_KEY_HEADER: hub.host_key})
    url = answer.json()["url"]
    assert url.startswith("http://192.168.1.20:8550/phone/join/")
    image = Image.open(io.BytesIO(base64.b64decode(answer.json()["png"])))
    assert [code.text for code in zxingcpp.read_barcodes(image)] == [url]
    ben = phone(app)
    assert ben.get(url.removeprefix("http://192.168.1.20:8550")).status_code == 200
    assert ben.post("/phone/api/join", json={"token": url.rsplit("/", 1)[1]}).json()["seat"] == 1


def test_the_table_sees_who_is_paired_and_can_release(app, hub, game) -> None:
    ben = paired(app, hub, BEN, game)
    table = phone(app)
    key = {HOST_KEY_HEADER: hub.host_key}
    seats = table.get(f"/phone/host/{game}/seats?players=3", headers=key).json()
    assert [s["paired"] for s in seats] == [False, True, False]
    assert seats[1]["last_seen"] is not None and seats[1]["connected"] is False
    assert table.delete(f"/phone/host/{game}/seats/1", headers=key).status_code == 204
    assert ben.get("/phone/api/state").status_code == 401
    assert table.delete(f"/phone/host/{game}/seats/9", headers=key).status_code == 400
    assert table.get(f"/phone/host/{game}/seats?players=9", headers=key).status_code == 400


def test_no_code_is_shown_for_a_game_that_is_not_open(app, hub) -> None:
    response = phone(app).post("/phone/host/nope/seats/0/code",
                               headers={HOST_KEY_HEADER: hub.host_key})
    assert response.status_code == 404


# -- the page -----------------------------------------------------------------------------


def test_the_page_follows_the_phones_language(app) -> None:
    german = phone(app).get("/phone/", headers={"accept-language": "de-DE,de;q=0.9,en;q=0.8"})
    assert '<html lang="de">' in german.text and "Meine Ratten" in german.text
    french = phone(app).get("/phone/", headers={"accept-language": "fr-FR,en;q=0.5"})
    assert '<html lang="fr">' in french.text and "Mes rats" in french.text
    dutch = phone(app).get("/phone/", headers={"accept-language": "nl-BE,nl;q=0.9"})
    assert '<html lang="nl">' in dutch.text and "Mijn ratten" in dutch.text
    english = phone(app).get("/phone/", headers={"accept-language": "it-IT,en;q=0.5"})
    assert '<html lang="en">' in english.text and "My rats" in english.text


@pytest.mark.parametrize(("header", "language"), [
    (None, "en"), ("de", "de"), ("en-GB,de;q=0.9", "en"), ("fr,de;q=0.3,en;q=0.2", "fr"),
    ("it,de;q=0.3,en;q=0.2", "de"), ("nl-BE", "nl"), ("de;q=0,en", "en"), ("*", "en"),
    ("de;q=abc,en;q=0.1", "en"),
])
def test_accept_language_picks_one_of_the_boxs_four_languages(header, language) -> None:
    # The phones and the table negotiate with the one companion.i18n.pick_language.
    assert pick_language(header) == language


def test_the_page_comes_whole_in_one_gzipped_response(app, hub, game) -> None:
    token = hub.registry.issue_token(game, ANNA)
    page = phone(app).get(f"/phone/join/{token}", headers={"accept-encoding": "gzip"})
    assert page.status_code == 200 and page.headers["content-encoding"] == "gzip"
    assert "<style>*{box-sizing" in page.text and "function render(payload)" in page.text
    assert " src=" not in page.text and " href=\"/" not in page.text


def test_a_returning_phone_revalidates_the_page_and_downloads_nothing_again(app) -> None:
    client = phone(app)
    page = client.get("/phone/", headers={"accept-language": "de"})
    assert page.headers["cache-control"] == "no-cache"
    again = client.get("/phone/", headers={"accept-language": "de",
                                          "if-none-match": page.headers["etag"]})
    assert again.status_code == 304 and again.content == b""
    english = client.get("/phone/", headers={"accept-language": "en",
                                            "if-none-match": page.headers["etag"]})
    assert english.status_code == 200 and "My rats" in english.text


def _csp_hash(code: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(code.encode()).digest()).decode() + "'"


def test_only_the_pages_own_inline_script_and_styles_may_run(app) -> None:
    page = phone(app).get("/phone/")
    policy = dict(part.strip().split(" ", 1)
                  for part in page.headers["content-security-policy"].split(";"))
    script = page.text.split("<script>", 1)[1].split("</script>", 1)[0]
    style = page.text.split("<style>", 1)[1].split("</style>", 1)[0]
    assert policy["script-src"] == _csp_hash(script)
    assert policy["style-src"] == _csp_hash(style)
    assert policy["default-src"] == "'none'" and policy["connect-src"] == "'self'"
    assert page.text.count("<script>") == 1 and page.text.count("<style>") == 1
    assert page.headers["referrer-policy"] == "no-referrer"


def test_opening_a_pairing_link_does_not_use_the_code_up(app, hub, game) -> None:
    token = hub.registry.issue_token(game, ANNA)
    assert phone(app).get(f"/phone/join/{token}").status_code == 200
    assert phone(app).post("/phone/api/join", json={"token": token}).status_code == 200
