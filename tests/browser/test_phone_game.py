"""A round of the benchmark's 4-player game played on four phone pages (390x844) in a real
browser, with nothing tapped at the table: Anna, Ben, Cleo and Dora enter in turn order on their
own phones (R-ROUND-C), reveal at each building all at once in any order (R-ROUND-D a: a
reveal made before its slot's turn is held and recorded in slot order), and the next round's
first entry reaches the start player's phone without a tap at the table (the round's actions
and end, R-ROUND-D b/c, R-ROUND-E, are recorded with it). The game the store holds is the
engine's replay of what the phones sent (`game_state`)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page
from support.harness import (
    chromium_browser,
    live_server,
    phone_paired,
    requires_chromium,
)
from support.phone_game import PhoneGame
from support.sessions import game_state
from support.story import FOUR_PLAYER_SEED, FOUR_PLAYERS, story_setup

from companion.rules.guide import Enter
from companion.rules.setup import DeckMode

pytestmark = [pytest.mark.browser, requires_chromium]



@pytest.fixture
def served(tmp_path: Path) -> Iterator[PhoneGame]:
    game = PhoneGame(tmp_path, story_setup(FOUR_PLAYERS, FOUR_PLAYER_SEED, DeckMode.DIGITAL),
                     random.Random(FOUR_PLAYER_SEED), paired=False)
    try:
        with live_server(game.app) as base_url:
            game.hub.base_url = base_url
            yield game
    finally:
        game.close()


def phone_of(browser: Browser, game: PhoneGame, seat: int) -> Page:
    token = game.registry.issue_token(game.session.game_id, seat)
    return phone_paired(browser, game.hub.base_url, token)


def until(done: Callable[[], bool], timeout: float = 15) -> None:
    """Until the session shows what a phone's tap was for (the tap's answer is its redraw)."""
    end = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < end, "the phone's tap was not recorded"
        time.sleep(0.05)


def test_four_phones_play_a_round_with_nothing_tapped_at_the_table(served) -> None:
    game = served
    session, rng = game.session, random.Random(FOUR_PLAYER_SEED)
    entries: list[tuple[int, int, int]] = []
    reveals: list[tuple[int, int]] = []
    with chromium_browser() as browser:
        phones = [phone_of(browser, game, seat) for seat in range(4)]
        while True:
            step = session.hands_view().view.step
            if isinstance(step, Enter) and step.round > 1:
                break
            if isinstance(step, Enter):
                page, turn = phones[step.actor], len(session.table_view().record.turns)
                page.locator("#turn-who").filter(has_text="Your turn").wait_for()
                building, cards = rng.randrange(len(step.options)), rng.choice([1, 2, 3])
                page.locator(f"#row [data-building='{building}'] "
                             f"button[data-count='{cards}']").tap()
                entries.append((step.actor, building, cards))
                until(lambda: len(session.table_view().record.turns) > turn)  # noqa: B023
                continue
            seats = [s for s in range(4)
                     if (r := session.player_view(s).reveal) is not None and r.yours]
            assert seats, f"the phones wait for the table at {step}"
            for seat in rng.sample(seats, len(seats)):  # all at once, in any order
                reveal = session.player_view(seat).reveal
                assert reveal is not None
                matching = rng.randint(0, reveal.declared)
                phones[seat].locator(f"#reveals-matching button[data-matching='{matching}']"
                                     ).tap()
                reveals.append((seat, matching))

                def revealed(seat: int = seat) -> bool:
                    mine = session.player_view(seat).reveal
                    return mine is None or not mine.yours
                until(revealed)
        assert step.round == 2
        phones[step.actor].locator("#turn-who").filter(has_text="Your turn").wait_for()
    assert game.table == {}, "nothing was tapped at the table"
    state = game_state(session)  # what the store holds replays to the state the session holds
    record = state.rounds[0]
    assert [(t.player, t.building, t.cards) for t in record.turns] == entries
    for seat, matching in reveals:
        shown = record.reveals[seat]
        assert shown is not None and shown.matching == matching
