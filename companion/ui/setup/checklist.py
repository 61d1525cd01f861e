"""Setup wizard, step 4: lay out the physical game, tick it off, start.

Everything on the list comes from the engine's `Setup` (R-SETUP-3..7): the table only reads
it aloud. The game is created when the players tap "start", so a half-laid-out table that is
abandoned leaves no unfinished game behind.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.i18n.names import building_name, special_name
from companion.i18n.words import words
from companion.rules import events
from companion.rules.catalog import NUN_ROW_SIZE, START_HAND, START_RATS
from companion.rules.errors import RuleViolation
from companion.rules.setup import DeckMode, Setup
from companion.store.db import StoreError
from companion.teaching import progress
from companion.teaching.lessons import SETUP_ITEMS
from companion.ui.setup.players import ensure_draft
from companion.ui.shared import theme
from companion.ui.shared.frame import page_frame
from companion.ui.shared.teaching import setup_lesson, setup_opening
from companion.ui.shared.widgets import big_button, heading, nav_bar, tagged, text
from companion.ui.shell import TableApp


def checklist_items(app: TableApp, setup: Setup) -> list[tuple[str, str]]:
    """(identifier, sentence) per thing to lay out, in the order a table does it."""
    t = app.t
    items = [("buildings", t.plural(
        "Take the {cards} building cards in play (shown before); put the others back in the box.",
        "Take the {cards} building cards in play (shown before); put the others back in the box.",
        len(setup.buildings), cards=len(setup.buildings)))]
    if setup.deck_mode is DeckMode.DIGITAL:
        stack = ", ".join(building_name(t, b) for b in setup.replacement)
        items.append(("replacement", t(
            "Replacement deck: put these {count} building cards face down, the first one on "
            "top: {cards}.", count=setup.replacement_count, cards=stack)))
        items.append(("deck", t("Keep the other building cards at hand: each round the app "
                                "says which ones to lay out.")))
    else:
        items.append(("replacement", t(
            "Shuffle the building cards. Put {count} of them face down aside as the Replacement "
            "deck; the rest is the building deck.", count=setup.replacement_count)))
    stacks = ", ".join(special_name(t, s) for s in setup.specials_in_play)
    items.append(("specials", t("Lay out these special-card stacks: {stacks}.", stacks=stacks)))
    items.append(("nun-row", t.plural(
        "Nun-row: shuffle the population cards and lay {n} face down in a row.",
        "Nun-row: shuffle the population cards and lay {n} face down in a row.", NUN_ROW_SIZE)))
    items.append(("hands", t.plural(
        "Deal each player {n} population card.", "Deal each player {n} population cards.",
        START_HAND)))
    items.append(("rats", t("Each player takes rats worth {rats}, kept secret. (The phones "
                            "start at {rats} by themselves; they are paired after this list.)",
                            rats=START_RATS)))
    items.append(("discs", t("Each player puts one disc of their colour on the first space of "
                             "every influence track.")))
    items.append(("start-player", t("{player} starts and takes the starting player card.",
                                    player=setup.names[setup.start_player])))
    items.append(("rounds", t("The game lasts {rounds} rounds with {count} buildings each.",
                              rounds=setup.rounds, count=setup.buildings_per_round)))
    return items


def setup_checklist_view(app: TableApp) -> ft.View:
    t = app.t
    draft = ensure_draft(app)
    try:
        setup = draft.setup()
    except RuleViolation as exc:
        return page_frame(app, t("New game: lay out"), [text(words(t, exc))],
                        back="/setup/buildings")

    async def start(_event: Any = None) -> None:
        try:
            session = app.games.start(events.GameStarted(setup))
        except RuleViolation as exc:
            app.notify(words(t, exc), error=True)
            return
        except StoreError as exc:
            app.notify(t("The game could not be saved: {reason}", reason=words(t, exc)),
                       error=True)
            return
        if draft.taught:
            progress.start(session, draft.first_game is True, draft.newcomers(),
                           SETUP_ITEMS.values())
        app.tab.setup = None
        await app.go(f"/game/{session.game_id}")

    rows: list[ft.Control] = [*setup_opening(app, draft),
                              tagged("setup-checklist", heading(t("Lay out the game")))]
    for identifier, sentence in checklist_items(app, setup):
        rows.append(ft.Row([tagged(f"check-{identifier}", ft.Checkbox(scale=1.3)),
                            text(sentence, expand=True)],
                           vertical_alignment=ft.CrossAxisAlignment.START))
        rows += setup_lesson(app, draft, identifier)
    rows.append(text(t("Tick off what is done; nothing here is checked by the app."),
                     size=theme.SMALL_SIZE))
    bottom = nav_bar(big_button("setup-back", t("Back"), app.nav("/setup/options"),
                                icon=ft.Icons.ARROW_BACK, primary=False),
                     big_button("start-game", t("Start the game"), start,
                                icon=ft.Icons.PLAY_ARROW))
    return page_frame(app, t("New game: lay out"), rows, back="/setup/options", bottom=bottom)
