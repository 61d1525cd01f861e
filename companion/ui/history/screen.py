"""The History screens: every finished game, a game's result as it was scored, each player's page.

The figures are `companion.history.figures`', worked out from the stored events by the engine's
own scoring; a game's result is read-only here (the score table, the tie-break and every point
explained, as the end of the game showed them), with "Play again" to set up the next game with
the same players, colours and house rules.
"""

from __future__ import annotations

import logging
import threading
from typing import Any
from urllib.parse import quote, unquote
from weakref import WeakKeyDictionary

import flet as ft

from companion.history.figures import (
    Aliases,
    Played,
    csv_text,
    group_figures,
    head_to_head,
    key_of,
    load_history,
    player_figures,
    players_of,
    unscored,
    with_player,
)
from companion.history.words import group_lines, head_to_head_line, player_lines
from companion.i18n import Translator
from companion.i18n.dates import when
from companion.i18n.words import os_error_reason
from companion.rules.scoring import score
from companion.ui.endgame.result import result_parts
from companion.ui.endgame.screen import end_state_of
from companion.ui.history.again import draft_again
from companion.ui.history.chart import vp_chart
from companion.ui.shared import paths, theme
from companion.ui.shared.frame import page_frame
from companion.ui.shared.widgets import big_button, heading, player_chip, tagged, text
from companion.ui.shell import TableApp

SHOWN = 20
"""Games listed at once, newest first (the figures count every game)."""

CSV_NAME = "history.csv"

_typed: WeakKeyDictionary[Any, dict[str, str]] = WeakKeyDictionary()
"""The rename field's text per table tab, kept across redraws (the tab's own state object has
no place for it; it goes when the tab goes)."""


def history_route(player: str | None = None, shown: int | None = None) -> str:
    """The list, of one player's games if `player`, the newest `shown` of them if given."""
    route = paths.HISTORY if player is None else f"{paths.HISTORY}/with/{quote(player, safe='')}"
    return route if shown is None else f"{route}/newest/{shown}"


def history_game_route(game_id: str) -> str:
    return f"{paths.HISTORY}/game/{game_id}"


def history_player_route(player: str) -> str:
    return f"{paths.HISTORY}/player/{quote(player, safe='')}"


log = logging.getLogger(__name__)

COUNT_IN_FRAME = 40
"""At most this many games not yet scored by this process are scored before the screen is
drawn. More (the first look with a long history and no kept copy of the scores: after an
install, or a new engine; 1,000 games take seconds to replay) are scored in the background
while the screen says so, and it is drawn again when they are; from then on each game is
replayed again only once it changed, in this process or after a restart."""

_counting: dict[str, list[TableApp]] = {}
"""Per store file being scored in the background: the tabs to draw again when it is done."""
_counting_lock = threading.Lock()


def _games(app: TableApp) -> list[Played] | None:
    """Every finished game, or None while they are being scored in the background."""
    store = app.games.store
    summaries = store.list_games_unchecked()
    if unscored(store, summaries) <= COUNT_IN_FRAME:
        return load_history(store, summaries=summaries)
    key = str(store.path)
    with _counting_lock:
        start = key not in _counting
        waiting = _counting.setdefault(key, [])
        if app not in waiting:
            waiting.append(app)
    if start:
        threading.Thread(target=_count, args=(app, key), name="history-count",
                         daemon=True).start()
    return None


def _count(app: TableApp, key: str) -> None:
    try:
        load_history(app.games.store)
    except Exception:
        log.exception("cannot score the stored games for the history")
    with _counting_lock:
        waiting = _counting.pop(key, [])
    for tab in waiting:
        _redraw(tab)


def _redraw(app: TableApp) -> None:
    app.redraw_soon(lambda: app.path.startswith(paths.HISTORY))


def counting(app: TableApp, back: str) -> ft.View:
    t = app.t
    return page_frame(app, t("History"), [ft.Row([
        ft.ProgressRing(width=28, height=28),
        tagged("history-counting", text(t("Counting the games: every one is scored again "
                                          "from its steps…")))], spacing=theme.GAP)],
        back=back)


def winner_line(t: Translator, game: Played) -> str:
    if game.winning_vp is None:
        return t("Nobody wins: everyone died of the plague.")
    return t("Winner: {players} with {vp} VP", players=", ".join(game.winners),
             vp=game.winning_vp)


def game_card(app: TableApp, game: Played) -> ft.Control:
    t = app.t
    seats: list[ft.Control] = []
    for p, seat in enumerate(game.seats):
        marks: list[ft.Control] = [text(t("{vp} VP", vp=seat.vp), size=theme.SMALL_SIZE)]
        if seat.won:
            marks.append(ft.Icon(ft.Icons.EMOJI_EVENTS, color="#B7791F", size=18,
                                 tooltip=t("won")))
        if seat.died:
            marks.append(tagged(f"died-{game.game_id}-{p}", ft.Icon(
                ft.Icons.SICK, color="#B3261E", size=18, tooltip=t("dies of the plague"))))
        seats.append(ft.Row([player_chip(seat.name, seat.colour, small=True), *marks],
                            spacing=4, tight=True))
    lines: list[ft.Control] = [
        text(when(t, game.finished_at), size=theme.SMALL_SIZE),
        ft.Row(seats, wrap=True, spacing=12, run_spacing=4),
        text(winner_line(t, game), weight=ft.FontWeight.BOLD),
    ]
    if game.setup_code:
        lines.append(text(t("Setup code {code}", code=game.setup_code), size=theme.SMALL_SIZE))
    return tagged(f"history-game-{game.game_id}", ft.Card(content=ft.Container(
        padding=12, on_click=app.nav(history_game_route(game.game_id)),
        content=ft.Row([ft.Column(lines, spacing=4, tight=True, expand=True),
                        ft.Icon(ft.Icons.CHEVRON_RIGHT)],
                       vertical_alignment=ft.CrossAxisAlignment.CENTER))))


def tonight(app: TableApp, games: list[Played]) -> list[str]:
    """The players at the table tonight: a setup being made, else the latest game's."""
    draft = app.tab.setup
    typed = [p.name.strip() for p in draft.players if p.name.strip()] if draft else []
    if len(typed) > 1:
        known = {key_of(n): n for n in players_of(games)}
        return [known.get(key_of(Aliases.load(app.games.store.path.parent).resolve(n)), n)
                for n in typed]
    return [s.name for s in games[0].seats] if games else []


def _inset(control: ft.Control) -> ft.Control:
    return ft.Container(padding=ft.Padding.symmetric(horizontal=16), content=control)


def history_view(app: TableApp, player: str | None = None, count: str | None = None
                 ) -> ft.View:
    """The list of games under the group's figures. The first frame holds the count and the
    figures a group reads first (tonight's head to head with them); the players to filter by,
    the buttons and the cards follow right after it, below, so nothing already read moves
    (`_fill_in`): the cards are most of the screen's controls, and the first frame does not
    wait for them."""
    t = app.t
    app.leave_game()
    found = _games(app)
    if found is None:
        return counting(app, paths.HOME)
    everything = found
    chosen = unquote(player) if player else None
    games = with_player(everything, chosen) if chosen else everything
    figures: list[ft.Control] = [tagged("history-count", text(
        t.plural("{n} finished game.", "{n} finished games.", len(games))))]
    rest: list[ft.Control] = []
    if everything:
        group = group_figures(games)
        figures.append(_fold_out(t("The group"), tagged("history-group", ft.Column(
            [text(line, size=theme.SMALL_SIZE) for line in group_lines(t, group)],
            tight=True, spacing=2))))
        table = tonight(app, everything)
        if len(table) > 1:
            figures.append(_fold_out(t("Head to head tonight"), tagged(
                "history-head-to-head", ft.Column(
                    [text(head_to_head_line(t, h), size=theme.SMALL_SIZE)
                     for h in head_to_head(everything, table)], tight=True, spacing=2))))
    chips: list[ft.Control] = [tagged("history-filter-all", ft.Chip(
        label=ft.Text(t("Everyone")), selected=chosen is None, on_click=app.nav(history_route())))]
    for i, name in enumerate(players_of(everything)):
        chips.append(tagged(f"history-filter-{i}", ft.Chip(
            label=ft.Text(name), selected=chosen is not None and key_of(chosen) == key_of(name),
            on_click=app.nav(history_route(name)))))
    rest.append(ft.Row(chips, wrap=True, spacing=8, run_spacing=8))
    if everything:
        buttons: list[ft.Control] = []
        if chosen:
            buttons.append(big_button("history-player-page", t("{name}'s page", name=chosen),
                                      app.nav(history_player_route(chosen)),
                                      icon=ft.Icons.PERSON, primary=False))

        def export(_event: Any = None) -> None:
            path = app.games.store.path.parent / CSV_NAME
            try:
                path.write_text(csv_text(everything), encoding="utf-8")
            except OSError as exc:
                app.notify(t("cannot use {file}: {reason}", file=str(path),
                             reason=os_error_reason(t, exc)), error=True)
                return
            app.notify(t("The history is written to {path}", path=str(path)))
        buttons.append(big_button("history-csv", t("Export as CSV"), export,
                                  icon=ft.Icons.DOWNLOAD, primary=False))
        rest.append(ft.Row(buttons, wrap=True, spacing=theme.GAP, run_spacing=8))
    shown = int(count) if count and count.isascii() and count.isdigit() else SHOWN
    rest.append(ft.Column([game_card(app, g) for g in games[:shown]], spacing=12, tight=True))
    if len(games) > shown:
        rest.append(text(t("The newest {n} games are listed; the figures count all of them.",
                           n=shown), size=theme.SMALL_SIZE))
        rest.append(big_button("history-more", t("Show more games"),
                               app.nav(history_route(chosen, shown + SHOWN)),
                               icon=ft.Icons.EXPAND_MORE, primary=False))
    below = ft.Column([], spacing=12, tight=True)
    view = page_frame(app, t("History"), [*figures, below], back=paths.HOME)
    _fill_in(app, view, below, rest)
    return view


def _fold_out(title: str, body: ft.Control) -> ft.Control:
    """A part of the figures under its title, folded out; a tap on the title folds it away
    (on a tablet held upright, to see the list)."""
    return ft.ExpansionTile(
        title=ft.Text(title, size=theme.BODY_SIZE, weight=ft.FontWeight.BOLD),
        controls=[_inset(body)], expanded=True, expanded_alignment=ft.Alignment.CENTER_LEFT,
        expanded_cross_axis_alignment=ft.CrossAxisAlignment.START)


def _fill_in(app: TableApp, view: ft.View, below: ft.Column, rest: list[ft.Control]) -> None:
    """The rest of a screen under its figures (the list's filter, buttons and cards; a
    player's chart and rename), added once the first frame is on its way: while `view` is
    still the one shown (a redraw or another screen drops them)."""
    async def fill() -> None:
        if not app.page.views or app.page.views[-1] is not view:
            return
        below.controls.extend(rest)
        app.page.update()

    app.page.run_task(fill)


def history_game_view(app: TableApp, game_id: str) -> ft.View:
    """A finished game's result as it was scored, read-only."""
    t = app.t
    app.leave_game()
    view = app.games.view_of(game_id)
    if view is None or view.scoring is None:
        return page_frame(app, t("Result"), [text(t("This game is not finished."))],
                          back=paths.HISTORY)
    result = score(end_state_of(view))
    summary = app.games.store.game(game_id)
    controls: list[ft.Control] = [text(when(t, summary.updated), size=theme.SMALL_SIZE),
                                  *result_parts(app, view, result)]
    if summary.setup_code:
        controls.append(text(t("Setup code {code}", code=summary.setup_code),
                             size=theme.SMALL_SIZE))

    async def again(_event: Any = None, same_code: bool = False) -> None:
        app.tab.setup = draft_again(view.setup, summary.setup_code if same_code else None)
        await app.go(paths.SETUP_CHECKLIST)

    async def again_same(_event: Any = None) -> None:
        await again(_event, same_code=True)

    buttons: list[ft.Control] = [big_button("play-again", t("Play again"), again,
                                            icon=ft.Icons.REPLAY)]
    if summary.setup_code:
        buttons.append(big_button("play-again-same", t("Play again with the same setup code"),
                                  again_same, icon=ft.Icons.REPEAT, primary=False))
    controls.append(ft.Row(buttons, wrap=True, spacing=theme.GAP, run_spacing=8))
    return page_frame(app, t("Result"), controls, back=paths.HISTORY)


def history_player_view(app: TableApp, player: str) -> ft.View:
    """A player's figures and head to head, then the chart of their VP and the rename. The
    first frame holds the figures and head to head; the chart (the slowest part to draw) and
    the rename follow right after, below them (`_fill_in`)."""
    t = app.t
    app.leave_game()
    name = unquote(player)
    found = _games(app)
    if found is None:
        return counting(app, paths.HISTORY)
    games = found
    figures = player_figures(games, name)
    controls: list[ft.Control] = [
        tagged("player-figures", ft.Column([text(line) for line in player_lines(t, figures)],
                                           tight=True, spacing=4)),
    ]
    rest: list[ft.Control] = []
    if figures.games:
        others = [n for n in players_of(games) if key_of(n) != key_of(figures.name)]
        pairs = [h for h in head_to_head(games, [figures.name, *others]) if h.first
                 == figures.name and h.games]
        if pairs:
            controls.append(heading(t("Head to head")))
            controls.append(tagged("player-head-to-head", ft.Column(
                [text(head_to_head_line(t, h), size=theme.SMALL_SIZE) for h in pairs],
                tight=True, spacing=2)))
        rest.append(vp_chart(t, figures))
    typed = _typed.setdefault(app, {})

    def remember(event: ft.Event[ft.TextField]) -> None:
        typed["name"] = event.control.value or ""

    async def rename(_event: Any = None) -> None:
        new = " ".join(typed.get("name", "").split())
        if not new:
            app.notify(t("Type the name to go by."), error=True)
            return
        folder = app.games.store.path.parent
        aliases = Aliases.load(folder)
        for game in games:
            seat = game.seat(figures.name)
            if seat is not None and key_of(seat.typed) != key_of(new):
                aliases = aliases.with_rename(seat.typed, new)
        try:
            aliases.save(folder)
        except OSError as exc:
            app.notify(t("cannot use {file}: {reason}", file=str(folder),
                         reason=os_error_reason(t, exc)), error=True)
            return
        typed.clear()
        await app.go(history_player_route(new))

    rest += [
        heading(t("Rename")),
        text(t("A new name, or the name of another player to merge the two."),
             size=theme.SMALL_SIZE),
        ft.Row([tagged("rename-name", ft.TextField(label=t("Name"), on_change=remember,
                                                   text_size=theme.BODY_SIZE, width=280)),
                big_button("rename", t("Rename"), rename, icon=ft.Icons.EDIT, primary=False)],
               wrap=True, spacing=theme.GAP),
    ]
    below = ft.Column([], spacing=12, tight=True)
    view = page_frame(app, figures.name, [*controls, below], back=history_route(figures.name))
    _fill_in(app, view, below, rest)
    return view
