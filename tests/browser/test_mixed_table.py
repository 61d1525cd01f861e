"""A 5-player mixed table: three phones, two seats entered at the table, one round played
through a server restart and a dropped phone, the result checked against the engine's replay.

Anna, Ben and Cleo pair their phones (390x844) by the codes on the table's phones panel; Dario
and Eva have none, so the table enters and reveals for them. The game before round 2 was
played before the server started (stored events: its setup is not what is told here). In round
2 every player enters in turn (R-ROUND-C): a phone seat on its phone while the table says it
waits for that phone, a table seat at the table. In the middle of the entries the host stops
the server and starts it again on the same data directory: the table's tab and every phone come
back by themselves, each phone on the step it left (the player whose turn it was still has it).
Then the next phone player's page is closed on their turn (the phone drops, and the table stops
saying it waits for it) and opened again with the same cookies: the turn is where it was left.
At each building the phone players reveal on their phones and the table reveals for Dario and
Eva (R-ROUND-D a). At the round's end the stored events are replayed by the engine: the entries
are the ones tapped, where they were tapped; the rats each phone shows are the engine's, and
so are the table's influence tracks.
"""

from __future__ import annotations

import contextlib
import json
import random
import time
from pathlib import Path
from typing import Any

from support.flutter import TIMEOUT_MS, by_id, enable_semantics, open_table, tap
from support.harness import (
    Offline,
    TableServer,
    free_port,
    phone_shown,
    table_context,
    table_server,
)
from support.screen_result import stored_game
from support.sessions import game_state
from support.story import Table

from browser.test_table_phones import TABLET_PORTRAIT, codes_on_screen, rats_on, scan, seat_says

SEED = 5
ROUND = 2
PHONES = (0, 1, 2)
AT_THE_TABLE = (3, 4)
PHONE = {"width": 390, "height": 844}


def round_ahead(data_dir: Path) -> tuple[str, tuple[str, ...]]:
    """A stored 5-player game whose round 2 waits for its first entry (R-ROUND-C)."""
    from support.simulate import random_game

    from companion.rules import apply
    from companion.rules.guide import Prompt, step_at
    from companion.rules.setup import DeckMode, SelectionMethod
    from companion.store.db import GameStore
    from companion.store.session import Session

    events = random_game(SEED, 5, deck_mode=DeckMode.DIGITAL,
                         method=SelectionMethod.FIRST_GAME, private=False)
    state: Any = None
    played = 0
    for played, event in enumerate(events):  # noqa: B007
        if state is not None and state.round == ROUND \
                and step_at(state).prompt is Prompt.ENTER:
            break
        state = apply(state, event)
    with GameStore.open(data_dir) as store:
        session = Session.start(store, events[0])
        for event in events[1:played]:
            session.submit(event)
        return session.game_id, tuple(game_state(session).setup.names)


def shown_state(phone: Any) -> dict[str, Any]:
    """What the phone's page was sent: its own seat's view, with its own cookies."""
    answer: dict[str, Any] = phone.evaluate(
        "() => fetch('/phone/api/state').then(r => r.json())")
    return answer


def turn_steps(phones: dict[int, Any]) -> dict[int, str]:
    """The step the server hands each phone's turn box (the one the phone's tap sends back),
    and whether it is that phone's own turn."""
    return {seat: json.dumps([(turn := shown_state(phone)["view"]["turn"])["step"],
                              turn["yours"]])
            for seat, phone in phones.items()}


def actor(page: Any) -> int:
    """The seat whose turn the table shows (its chip marked `-now`)."""
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while time.monotonic() < deadline:
        ids = page.evaluate("""() => Array.from(document.querySelectorAll(
            "[flt-semantics-identifier^='seat-chip-'][flt-semantics-identifier$='-now']"),
            e => e.getAttribute('flt-semantics-identifier'))""")
        if ids:
            return int(ids[0].split("-")[2])
        page.wait_for_timeout(50)
    raise AssertionError("the table shows nobody's turn")


def entries_made(data_dir: Path) -> int:
    """The entries and passes of the round under way that the store holds."""
    state, _ = stored_game(data_dir)
    return len(state.rounds[ROUND - 1].turns) if len(state.rounds) >= ROUND else 0


def until(done: Any, what: str, timeout: float = 30) -> None:
    end = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < end, what
        time.sleep(0.1)


def turn_on(phone: Any, names: tuple[str, ...], seat: int, now: int) -> None:
    """The phone shows whose turn it is: its own, with the row's count buttons, or another's."""
    words = "Your turn" if seat == now else f"{names[now]}'s turn"
    phone.locator("#turn-who").filter(has_text=words).wait_for(timeout=60_000)


def step_shown(page: Any) -> None:
    page.locator("[flt-semantics-identifier^='step-']").first.wait_for(timeout=60_000)


def pair(browser: Any, offline: Offline, table: Any, seat: int, name: str, shots: Path
         ) -> Any:
    """The table shows the seat's code, a new phone scans it and shows the seat's ledger."""
    tap(table, f"show-qr-{seat}")
    by_id(table, f"seat-qr-{seat}").wait_for()
    assert codes_on_screen(table) == 1
    url = scan(table, seat, shots)
    context = browser.new_context(locale="en-GB", viewport=PHONE, is_mobile=True,
                                  has_touch=True)
    offline.install(context)
    phone = context.new_page()
    offline.watch(phone)
    phone.goto(url)
    phone_shown(phone)
    assert phone.locator("#who").inner_text() == name
    by_id(table, f"seat-qr-{seat}").wait_for(state="detached")
    seat_says(table, seat, "connected now")
    return phone


def test_a_mixed_table_plays_a_round_through_a_restart_and_a_dropped_phone(
        tmp_path: Path, browser: Any) -> None:
    data_dir = tmp_path / "data"
    game_id, names = round_ahead(data_dir)
    rng = random.Random(SEED)
    port = free_port()
    offline = Offline()
    context = table_context(browser, offline, "en-GB", TABLET_PORTRAIT)
    page = context.new_page()
    offline.watch(page)
    phones: dict[int, Any] = {}
    tapped: list[tuple[int, int, int, str]] = []  # seat, building, cards, where
    outputs: list[str] = []
    try:
        with contextlib.ExitStack() as servers:
            server = servers.enter_context(table_server(data_dir, lang="en", port=port))
            open_table(page, server.table_url)
            tap(page, f"resume-{game_id}")
            tap(page, "phones")
            by_id(page, "phones-panel").wait_for()
            for seat in PHONES:
                phones[seat] = pair(browser, offline, page, seat, names[seat], tmp_path)
            tap(page, "back")
            tap(page, "play")
            step_shown(page)
            table = Table(page, rng)
            restarted = dropped = False
            for turn in range(len(names)):
                now = actor(page)
                for seat, phone in phones.items():
                    turn_on(phone, names, seat, now)
                left = turn_steps(phones)
                if now in PHONES and turn and not restarted:
                    outputs.append(restart(servers, server, page, phones, names, now))
                    server = servers.enter_context(table_server(data_dir, lang="en", port=port))
                    back_after_restart(page, phones, names, now)
                    assert turn_steps(phones) == left  # the step each phone left, no other
                    restarted = True
                elif now in PHONES and restarted and not dropped:
                    phones[now] = drop_and_return(page, offline, phones[now], names, now)
                    assert turn_steps(phones) == left
                    dropped = True
                made = entries_made(data_dir)
                building, cards = rng.randrange(3), rng.choice([1, 2, 3])
                if now in PHONES:
                    assert "Waiting for" in table.text("waiting-phone")
                    before = table.marker()
                    phones[now].locator(f"#row [data-building='{building}'] "
                                        f"button[data-count='{cards}']").tap()
                    tapped.append((now, building, cards, "phone"))
                    table.wait_past(before)  # the table shows the entry without a tap
                else:
                    assert by_id(page, "waiting-phone").count() == 0
                    for phone in phones.values():
                        assert shown_state(phone)["view"]["turn"]["yours"] is False
                    table.step_tap(f"enter-{building}-{cards}", "C")
                    tapped.append((now, building, cards, "table"))
                until(lambda made=made: entries_made(data_dir) > made,
                      "the entry was not stored")
                if turn < len(names) - 1:
                    entries_so_far(phones, names, tapped)
            assert restarted and dropped
            reveal_round(table, phones)
            check_round_against_engine(table, phones, tapped, stored_game(data_dir)[0])
            server.stop()
            outputs.append(server.all_output())
    finally:
        for phone in phones.values():
            phone.context.close()
        context.close()
    assert offline.outside == []
    for output in outputs:  # the stops with phones and the table connected are quiet
        assert "ERROR" not in output and "Traceback" not in output


def entries_so_far(phones: dict[int, Any], names: tuple[str, ...],
                   tapped: list[tuple[int, int, int, str]]) -> None:
    """Every phone shows the entry just made, from a phone or at the table (R-ROUND-C)."""
    seat, building, cards, _ = tapped[-1]
    slot = sum(1 for _s, b, *_ in tapped if b == building)
    words = f"{names[seat]}: slot {slot}: {cards} card"
    for phone in phones.values():
        phone.locator(f"#row [data-building='{building}'] li", has_text=words).wait_for()


def restart(servers: contextlib.ExitStack, server: TableServer, page: Any,
            phones: dict[int, Any], names: tuple[str, ...], now: int) -> str:
    """The host stops the server in the middle of phase C (R-ROUND-C): every phone says at once
    that it is offline, still showing whose turn it is. Returns what the server wrote."""
    page.evaluate("window.beforeRestart = true")
    servers.close()
    for seat, phone in phones.items():
        phone.locator("#link.off").wait_for()
        turn_on(phone, names, seat, now)
    return server.all_output()


def back_after_restart(page: Any, phones: dict[int, Any], names: tuple[str, ...],
                       now: int) -> None:
    """The same server started again: with no tap, no reload, no code scanned, the table's tab
    comes back into its game and every phone reconnects, each on the step it left."""
    page.wait_for_function("() => !window.beforeRestart", timeout=60_000)
    page.wait_for_selector("#loading", state="detached", timeout=60_000)
    enable_semantics(page)
    step_shown(page)
    assert actor(page) == now
    by_id(page, "waiting-phone").wait_for()
    for seat, phone in phones.items():
        phone.locator("#link:not(.off)", has_text="live").wait_for(timeout=60_000)
        turn_on(phone, names, seat, now)


def drop_and_return(page: Any, offline: Offline, phone: Any, names: tuple[str, ...],
                    now: int) -> Any:
    """The player's phone drops on their turn (its page closed): the table stops saying it
    waits for that phone. A new page with the same cookies finds the turn where it was left."""
    by_id(page, "waiting-phone").wait_for()
    address = phone.url
    phone.close()
    by_id(page, "waiting-phone").wait_for(state="detached", timeout=60_000)
    back = phone.context.new_page()
    offline.watch(back)
    back.goto(address)
    phone_shown(back)
    turn_on(back, names, now, now)
    by_id(page, "waiting-phone").wait_for()
    return back


def reveal_round(table: Table, phones: dict[int, Any]) -> None:
    """Phase D (R-ROUND-D): every phone player reveals on their phone (all their cards of
    another estate: a rat each), the table reveals for the seats without a phone, and the table
    goes on through the actions and the round's end."""
    page = table.page
    for _ in range(200):
        for phone in phones.values():
            reveal = shown_state(phone)["view"]["reveal"]
            if reveal is not None and reveal["yours"]:
                phone.locator("#reveals-matching button[data-matching='0']").tap()
                until(lambda phone=phone, step=reveal["step"]: mine_done(
                    phone, step), "the phone's reveal was not taken")
        ids = set(table.ids())
        if "end-round-info" in ids:
            # R-ROUND-E folded into the next tap: the next round's buildings (R-ROUND-A)
            table.step_tap("reveal-confirm" if "reveal-confirm" in ids else "end-round", "E")
            return
        if "reveal-matching" in ids:
            if actor(page) in phones:
                page.wait_for_timeout(100)  # the phone's reveal, under way
                continue
            table.reveal(ids)
        elif "reveal-held" in ids:
            table.step_tap("reveal-held", "D")
        elif any(i.startswith("choose-") for i in ids):
            table.step_tap(sorted(i for i in ids if i.startswith("choose-"))[0], "D")
        elif "actions-done" in ids:
            table.step_tap("actions-done", "D")
        else:
            page.wait_for_timeout(100)
    raise AssertionError(f"the round did not end: {sorted(table.ids())}, "
                         f"{[shown_state(p)['view'] for p in phones.values()]}")


def mine_done(phone: Any, step: Any) -> bool:
    reveal = shown_state(phone)["view"]["reveal"]
    return reveal is None or not reveal["yours"] or json.dumps(reveal["step"]) != json.dumps(step)


def check_round_against_engine(table: Table, phones: dict[int, Any],
                               tapped: list[tuple[int, int, int, str]], state: Any) -> None:
    """The engine's replay of the stored events is what was tapped and what the screens show."""
    from companion.i18n import translator
    from companion.rules.state import ESTATES
    from companion.ui.shared.tracks import track_label

    record = state.rounds[ROUND - 1]
    assert [(t.player, t.building, t.cards) for t in record.turns] == \
        [(seat, building, cards) for seat, building, cards, _ in tapped]
    assert {seat for seat, *_, where in tapped if where == "phone"} == set(PHONES)
    for seat, phone in phones.items():
        shown = record.reveals[seat]
        assert shown is not None and shown.matching == 0  # R-ROUND-D a: all of another estate
        assert rats_on(phone) == state.rats[seat]
    for seat in AT_THE_TABLE:  # revealed at the table, as the table's screen asked
        assert record.reveals[seat] is not None
    t = translator("en")
    for estate, track in zip(ESTATES, state.tracks, strict=True):
        assert track_label(t, estate, track, state.setup.names) in table.text(f"track-{estate}")
