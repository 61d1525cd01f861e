"""The replacement rule on the round screen: the table is told what to do with its cards.

R-ROUND-A: when every card of the row shows the same building, the last is replaced by the top
card of the Replacement deck and goes face down under that deck, as often as it takes. The
engine records it (`BuildingsRevealed.replaced`); these stories read the sentence the table
gets, with the app's deck (the row folded into the first entry, or a later row on its own
screen) and with the players' own deck, in English and in German.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from support.engine_games import plain_event
from support.table_screens import Table

from companion.i18n import translator
from companion.i18n.names import building_name
from companion.rules import apply, reveal_event
from companion.rules import events as ev
from companion.rules.catalog import Building, PlayerColour
from companion.rules.guide import Prompt, step_at
from companion.rules.setup import DeckMode, SelectionMethod, make_setup

NAMES = ("Anke", "Bernd", "Cem", "Dora", "Eva")


def first_game(players: int, seed: int, deck: DeckMode = DeckMode.DIGITAL) -> Any:
    return make_setup(list(zip(NAMES[:players], list(PlayerColour), strict=False)),
                      SelectionMethod.FIRST_GAME, seed, deck, 0)


def test_the_apps_deck_says_which_card_to_take_and_which_to_slip_under(tmp_path: Path) -> None:
    # R-ROUND-A: two Markets came up for three players; the Castle replaced the second
    with Table(tmp_path, first_game(3, 4)) as table:
        row = reveal_event(table.state)
        assert row == ev.BuildingsRevealed((Building.MARKET, Building.CASTLE), (Building.MARKET,))
        said = table.texts("reveal-replaced")
        assert ("slip a Market from your building cards face down under the Replacement deck and "
                "take the Castle from its top: it goes last in the row") in said, said


def test_a_replacement_twice_says_so_in_german(tmp_path: Path) -> None:
    # R-ROUND-A: the top card of the Replacement deck was a Farm too: it goes under as well
    with Table(tmp_path, first_game(3, 13), lang="de") as table:
        row = reveal_event(table.state)
        assert row.replaced == (Building.FARM, Building.FARM) and row.row[-1] is Building.PALACE
        said = table.texts("reveal-replaced")
        t = translator("de")
        assert "2-mal" in said and building_name(t, Building.FARM) in said \
            and building_name(t, Building.PALACE) in said and "Ersatzkartenstapel" in said, said


def test_a_later_rows_own_screen_says_it_too(tmp_path: Path) -> None:
    # R-ROUND-A, R-ROUND-D: a later row is the tap that records the last building's actions
    seed, table = later_replacement(tmp_path)
    with table:
        assert "reveal-confirm" in table.ids(), seed
        row = table.session.decision_view().view.next_row
        assert row is not None and row.replaced, seed
        said = table.texts("reveal-replaced")
        assert building_name(translator("en"), row.replaced[0]) in said and \
            "from your building cards face down under the Replacement deck" in said, said


def test_the_players_own_deck_slips_the_replaced_card_under(tmp_path: Path) -> None:
    # R-ROUND-A with the players' own deck: three Farms came up, a Palace from the top of the
    # Replacement deck took the last one's place
    manual = {Building.PALACE: 5, Building.CASTLE: 5, Building.HOSPITAL: 5, Building.FARM: 5,
              Building.TOWN_HALL: 5, Building.FORTUNE_TELLERS_TENT: 5}
    setup = make_setup(list(zip(NAMES[:4], list(PlayerColour), strict=False)),
                       SelectionMethod.CHOSEN, 1234, DeckMode.PHYSICAL, 0, manual=manual)
    with Table(tmp_path, setup) as table:
        for _ in range(3):
            table.tap("pick-farm")
        assert "reveal-all-same" in table.ids() and "reveal-replaced" not in table.ids()
        table.tap("pick-palace")
        assert "Slip the Farm you replaced face down under the Replacement deck: the Palace from " \
            "its top goes last in the row." in table.texts("reveal-replaced")
        table.tap("reveal-confirm")
        assert table.stored() == [ev.BuildingsRevealed(
            (Building.FARM, Building.FARM, Building.PALACE), (Building.FARM,))]


def later_replacement(tmp_path: Path) -> tuple[int, Table]:
    """A 3-player first game whose row needs the Replacement deck in a later round, at the
    round before's last building's actions, which the row's tap records: everyone enters the
    first building with no card, round after round."""
    for seed in range(100):
        setup = first_game(3, seed)
        state = apply(None, ev.GameStarted(setup))
        played: list[ev.Event] = []
        while (step := step_at(state)).prompt is not Prompt.END_VALUES:
            if step.prompt is Prompt.REVEAL_BUILDINGS and state.round > 1 \
                    and reveal_event(state).replaced:
                table = Table(tmp_path, setup)
                table.play(played[:-2])  # before the last actions and the round's end
                return seed, table
            event = plain_event(state, cards=0)
            state = apply(state, event)
            played.append(event)
    raise AssertionError("no later replacement in 100 first games")
