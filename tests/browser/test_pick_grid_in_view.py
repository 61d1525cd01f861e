"""Phase A with the players' own deck on a tablet held upright: the pick grid stays in view
while the row is picked (R-ROUND-A).

The French evening: in round 2 the previous round's last building's actions and the round's
end stood above the grid (they are recorded with the row's tap), so the grid was below the
fold, and after each pick the view jumped back to the top: six scrolls in one evening. The
grid now comes before them (they can wait). Here Camille and Lucas lay out round 2's row with
a pick tapped only when the whole grid is on screen, between the app bar and the bottom bar,
before the first pick and after each one, without scrolling.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from support.engine_games import ALL_SPECIALS
from support.flutter import BOTTOM_BAR, TOP_BAR, by_id, identifiers, open_table, tap
from support.harness import Offline, picture, table_context, table_server
from support.reachable import settle
from support.story import STEP

UPRIGHT = {"width": 800, "height": 1280}
IN_PLAY = sorted(b.value for b in ALL_SPECIALS)
"""One building of each estate, five copies each (R-SETUP-2 a): the pick grid's cards."""

_PICKS = """() => [...document.querySelectorAll('[flt-semantics-identifier^="pick-"]')].map(e => {
    const r = e.getBoundingClientRect();
    return [e.getAttribute('flt-semantics-identifier'), r.y, r.height];
})"""


def picks_out_of_view(page: Any) -> list[str]:
    """The pick cards not wholly between the bars as the screen stands (no scrolling)."""
    settle(page)
    bottom = UPRIGHT["height"] - BOTTOM_BAR
    picks = page.evaluate(_PICKS)
    if len(picks) < len(IN_PLAY):  # Flutter leaves out what lies far outside the view
        return [f"{len(picks)} of {len(IN_PLAY)} cards on the screen"]
    return [f"{i} y={round(y)} h={round(h)}" for i, y, h in picks
            if y < TOP_BAR - 0.5 or y + h > bottom + 0.5]


def at_round_twos_row(data_dir: Path) -> str:
    """A stored 5-player game with the players' own deck at the end of round 1: all five
    were in the Hospital, whose actions (with their discard steppers) and the round's end
    are recorded with round 2's row (R-ROUND-A, R-ROUND-D, R-ROUND-E)."""
    from support.engine_games import setup_for

    from companion.rules import events as ev
    from companion.rules.catalog import Building
    from companion.rules.guide import RevealCards, TakeActions
    from companion.rules.setup import DeckMode, SelectionMethod
    from companion.store.db import GameStore
    from companion.store.session import Session

    setup = setup_for(5, method=SelectionMethod.CHOSEN, manual=ALL_SPECIALS,
                      deck=DeckMode.PHYSICAL)
    with GameStore.open(data_dir) as store:
        session = Session.start(store, ev.GameStarted(setup))
        session.submit(ev.BuildingsRevealed((Building.TREASURY, Building.HOSPITAL,
                                             Building.FARM)))
        session.submit(ev.SupplyDone())
        for cards in (2, 1, 3, 1, 2):
            actor = session.table_view().step.actor
            assert actor is not None
            session.submit(ev.Entered(actor, 1, cards))
        while True:
            step = session.table_view().step
            if isinstance(step, RevealCards):
                session.submit(ev.Revealed(step.reveal.player, step.reveal.building,
                                           step.reveal.declared, 0))
            elif isinstance(step, TakeActions) and step.building != 1:
                session.submit(ev.BuildingResolved(step.building))
            else:
                assert isinstance(step, TakeActions) and step.hospital, step.prompt
                return session.game_id


def test_the_pick_grid_stays_in_view_while_round_twos_row_is_picked(tmp_path: Path,
                                                                    browser: Any) -> None:
    data_dir = tmp_path / "data"
    game_id = at_round_twos_row(data_dir)
    offline = Offline()
    with table_server(data_dir, lang="fr") as server:
        context = table_context(browser, offline, "fr-FR", UPRIGHT)
        page = context.new_page()
        open_table(page, server.table_url)
        tap(page, f"resume-{game_id}")
        tap(page, "play")
        page.locator(STEP).first.wait_for()
        ids = set(identifiers(page))
        assert "actions-of-1" in ids and "hospital-0-more" in ids, sorted(ids)
        for index, building in enumerate(random.Random(2).sample(IN_PLAY, 3)):
            assert picks_out_of_view(page) == [], f"before pick {index + 1}"
            tap(page, f"pick-{building}")
            by_id(page, f"row-{index}").wait_for()
        assert picks_out_of_view(page) == [], "after the last pick"
        picture(page, "pick-grid-upright-fr")
        marker = page.locator(STEP).first.get_attribute("flt-semantics-identifier")
        tap(page, "reveal-confirm")
        page.wait_for_function(
            "old => { const e = document.querySelector(\"[flt-semantics-identifier^='step-']\");"
            " return e && e.getAttribute('flt-semantics-identifier') !== old; }", arg=marker)
        context.close()
    assert offline.outside == []
