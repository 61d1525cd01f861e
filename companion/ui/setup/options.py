"""Setup wizard, step 3: who shuffles, the start player, the house rules, and the setup code.

The house rules are the readings of the rulebook that could go either way (RULES.md); they are
shown here, before the game, so nobody is surprised at the scoring. The setup code (and its QR)
lets a second device or a later game reproduce exactly this setup.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import flet as ft

from companion.i18n import LANGUAGE_NAMES, LANGUAGES, N_
from companion.i18n.names import TRACK_TIE_NAMES
from companion.i18n.words import words
from companion.rules.errors import RuleViolation
from companion.rules.house_rules import TrackTie
from companion.rules.setup import DeckMode, setup_code
from companion.ui.setup.players import ensure_draft
from companion.ui.shared import theme
from companion.ui.shared.frame import page_frame
from companion.ui.shared.widgets import (
    big_button,
    choice_tile,
    heading,
    nav_bar,
    player_chip,
    qr_image,
    tagged,
    text,
)
from companion.ui.shell import TableApp

DECK_MODES: dict[DeckMode, tuple[str, str]] = {
    DeckMode.DIGITAL: (
        N_("The app shuffles the buildings"),
        N_("Each round the app shows which building cards to lay out; no shuffling needed.")),
    DeckMode.PHYSICAL: (
        N_("You shuffle the real building cards"),
        N_("Reveal from your own deck and tell the app which buildings came up.")),
}


def first_game_switch(app: TableApp) -> ft.Control:
    """"First game: teach us as we play": each rule explained where the game first uses it. On
    by itself while a player is new to the game (`SetupDraft.taught`). The label beside the
    switch, as for the house rule below (a Switch's label never wraps), and only there: the
    switch itself carries the words as its name for a screen reader, not as a label it would
    draw a second time."""
    draft = ensure_draft(app)

    def flip(_event: Any = None) -> None:
        draft.switch_teaching()
        app.render()

    words = app.t("First game: teach us as we play")
    return ft.Row([tagged("first-game", ft.Switch(value=draft.taught, on_change=flip),
                          label=words),
                   ft.Container(ft.Text(words, size=theme.BODY_SIZE, weight=ft.FontWeight.BOLD),
                                expand=True, on_click=flip)])


def setup_options_view(app: TableApp) -> ft.View:
    t = app.t
    draft = ensure_draft(app)

    def deck(mode: DeckMode) -> Any:
        def handler(_event: Any = None) -> None:
            draft.deck_mode = mode
            app.render()
        return handler

    def start_with(seat: int) -> Any:
        def handler(_event: Any = None) -> None:
            draft.start_player = seat
            app.render()
        return handler

    def tie(rule: TrackTie) -> Any:
        def handler(_event: Any = None) -> None:
            draft.house_rules = replace(draft.house_rules, track_tie=rule)
            app.render()
        return handler

    def cards_in(lang: str) -> Any:
        async def handler(_event: Any = None) -> None:
            await app.set_cards_language(lang)
        return handler

    def all_dead(event: ft.Event[ft.Switch]) -> None:
        draft.house_rules = replace(draft.house_rules, all_dead_variant=bool(event.control.value))
        app.render()

    all_dead_words = t("If the plague kills everyone, the players with the fewest rats count "
                       "as survivors")
    def flip_all_dead(_event: Any = None) -> None:
        draft.house_rules = replace(draft.house_rules,
                                    all_dead_variant=not draft.house_rules.all_dead_variant)
        app.render()

    try:
        setup = draft.setup()
    except RuleViolation as exc:
        app.notify(words(t, exc), error=True)
        return page_frame(app, t("New game: options"), [text(words(t, exc))],
                        back="/setup/buildings")

    controls: list[ft.Control] = [
        first_game_switch(app),
        tagged("setup-options", heading(t("Who shuffles the buildings?"))),
        *[choice_tile(f"deck-{mode.value}", t(label), deck(mode), draft.deck_mode is mode,
                      t(description))
          for mode, (label, description) in DECK_MODES.items()],
        heading(t("Starting player")),
        text(t("The app drew a starting player; tap another name to choose someone else."),
             size=theme.SMALL_SIZE),
        ft.Row([tagged(f"start-{seat}", ft.Container(
            content=player_chip(name, setup.colours[seat]), on_click=start_with(seat),
            border=ft.Border.all(4, "#000000" if seat == setup.start_player else "#00000000"),
            border_radius=24, padding=3))
            for seat, name in enumerate(setup.names)], wrap=True, spacing=8),
        heading(t("House rules")),
        text(t("Ties on an influence track:")),
        *[choice_tile(f"tie-{rule.value}", t(TRACK_TIE_NAMES[rule]), tie(rule),
                      setup.house_rules.track_tie is rule)
          for rule in TrackTie],
        # The label beside the switch, not in it: a Switch's own label never wraps, and runs
        # off the upright tablet in every language.
        ft.Row([tagged("all-dead-variant", ft.Switch(
            value=setup.house_rules.all_dead_variant, on_change=all_dead), label=all_dead_words),
            ft.Container(ft.Text(all_dead_words, size=theme.BODY_SIZE), expand=True,
                         on_click=flip_all_dead)]),
        heading(t("Cards printed in")),
        text(t("Where your cards print another language than the table's, each building shows "
               "its name as on your cards under its own."), size=theme.SMALL_SIZE),
        ft.ResponsiveRow([ft.Container(choice_tile(
            f"cards-{lang}", LANGUAGE_NAMES[lang], cards_in(lang),
            (app.cards or t.lang) == lang), col={"xs": 12, "sm": 6, "lg": 3})
            for lang in LANGUAGES]),
        heading(t("Setup code")),
        ft.ResponsiveRow([
            ft.Column([
                tagged("setup-code", ft.Text(setup_code(setup), size=40,
                                             weight=ft.FontWeight.BOLD, selectable=True)),
                text(t("With this code (and the same players in the same order) another device "
                       "sets up exactly this game."), size=theme.SMALL_SIZE),
            ], col={"xs": 12, "sm": 7}, tight=True),
            ft.Container(qr_image(setup_code(setup), t("QR code of the setup code"), size=180,
                                  identifier="setup-qr"),
                         col={"xs": 12, "sm": 5}),
        ], vertical_alignment=ft.CrossAxisAlignment.CENTER),
    ]
    bottom = nav_bar(big_button("setup-back", t("Back"), app.nav("/setup/buildings"),
                                icon=ft.Icons.ARROW_BACK, primary=False),
                     big_button("next", t("Next: lay out the game"), app.nav("/setup/checklist"),
                                icon=ft.Icons.ARROW_FORWARD))
    return page_frame(app, t("New game: options"), controls, back="/setup/buildings", bottom=bottom)
