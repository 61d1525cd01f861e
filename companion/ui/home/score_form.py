"""Score a game played without the app: type in the end state, get the same scoring as
`rattus-companion score` (`companion.rules.scoring.score`), explained.

The form keeps what was typed in the tab's `score_sheet` (a plain dict of texts), so a language
switch or the rules reference does not wipe a half-filled sheet.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.i18n import N_
from companion.i18n.names import estate_name, special_name
from companion.i18n.words import field_problem, words
from companion.rules.catalog import MAX_PLAYERS, Estate, Special
from companion.rules.house_rules import HouseRules, TrackTie
from companion.rules.scoring import EndState, InputProblem, ScoringInputError, Step, score
from companion.ui.shared import theme
from companion.ui.shared.frame import content_width, page_frame
from companion.ui.shared.widgets import big_button, heading, tagged, text
from companion.ui.shell import TableApp

COUNTED = ("hand", "sword", "flute", "pass", "gold", "markers", "rats")
TIE_ON_THE_SHEET = N_("{estate}: players tie on the track; enter each of their player numbers "
                      "once, from the bottom disc to the top one.")
SCORED_SPECIALS = (Special.SWORD, Special.FLUTE, Special.PASS, Special.GOLD)
ESTATE_VALUES = frozenset(e.value for e in Estate)


def _form(app: TableApp) -> dict[str, Any]:
    if app.tab.score_sheet is None:
        app.tab.score_sheet = {"in_play": {s.value: False for s in SCORED_SPECIALS}, "values": {},
                          "tie": TrackTie.TOP_WINS.value, "all_dead": False}
    form: dict[str, Any] = app.tab.score_sheet
    return form


def _labels(app: TableApp) -> dict[str, str]:
    t = app.t
    return {"name": t("Name"), "hand": t("Population + Joker cards in hand"),
            "sword": special_name(t, Special.SWORD), "flute": special_name(t, Special.FLUTE),
            "pass": special_name(t, Special.PASS), "gold": special_name(t, Special.GOLD),
            "markers": t("Victory points on tokens"), "rats": t("Rats")}


def score_form_view(app: TableApp) -> ft.View:
    t = app.t
    form = _form(app)
    values: dict[str, str] = form["values"]
    labels = _labels(app)

    def field(key: str, label: str, numeric: bool = True, width: float | None = None
              ) -> ft.Control:
        def changed(event: ft.Event[ft.TextField]) -> None:
            values[key] = event.control.value or ""
        return tagged(f"score-{key}", ft.TextField(
            value=values.get(key, ""), label=label, on_change=changed, text_size=theme.BODY_SIZE,
            keyboard_type=ft.KeyboardType.NUMBER if numeric else ft.KeyboardType.TEXT,
            width=width))

    def toggle(special: Special) -> Any:
        def handler(event: ft.Event[ft.Switch]) -> None:
            form["in_play"][special.value] = bool(event.control.value)
        return handler

    def switch_tie(event: ft.Event[ft.Switch]) -> None:
        form["tie"] = (TrackTie.BOTTOM_WINS if event.control.value else TrackTie.TOP_WINS).value

    def all_dead(event: ft.Event[ft.Switch]) -> None:
        form["all_dead"] = bool(event.control.value)

    def evaluate(_event: Any = None) -> None:
        _score(app)

    controls: list[ft.Control] = [
        tagged("score-form", text(t("Enter the end of a game played on paper. Leave a player's "
                                    "name empty if fewer played; empty numbers count as 0."))),
        heading(t("Special cards in play")),
        ft.Row([tagged(f"score-in-play-{s.value}", ft.Switch(
            label=special_name(t, s), value=form["in_play"][s.value], on_change=toggle(s),
            label_text_style=ft.TextStyle(size=theme.BODY_SIZE)))
            for s in SCORED_SPECIALS], wrap=True, spacing=24),
    ]
    for seat in range(MAX_PLAYERS):
        cells: list[ft.Control] = [
            ft.Container(field(f"{seat}-name", labels["name"], numeric=False),
                         col={"xs": 12, "md": 6})]
        cells += [ft.Container(field(f"{seat}-{e.value}", t("Influence: {estate}",
                                                            estate=estate_name(t, e))),
                               col={"xs": 6, "sm": 4, "md": 3}) for e in Estate]
        cells += [ft.Container(field(f"{seat}-{key}", labels[key]),
                               col={"xs": 6, "sm": 4, "md": 3}) for key in COUNTED]
        controls.append(ft.Card(content=ft.Container(padding=12, content=ft.Column([
            text(t("Player {n}", n=seat + 1), weight=ft.FontWeight.BOLD),
            ft.ResponsiveRow(cells, spacing=8, run_spacing=8)], tight=True))))
    controls += [
        field("nuns", t("Nuns in the Nun-row"), width=260),
        heading(t("Ties on the influence tracks")),
        text(t("Where discs share a space, enter the player numbers from the bottom disc to the "
               "top one, e.g. 2 1."), size=theme.SMALL_SIZE),
        ft.ResponsiveRow([ft.Container(field(f"arrival-{e.value}", estate_name(t, e),
                                             numeric=False), col={"xs": 6, "md": 4})
                          for e in Estate], spacing=8, run_spacing=8),
        tagged("score-tie-bottom", ft.Switch(
            label=t("House rule: the disc underneath wins a tie"),
            value=form["tie"] == TrackTie.BOTTOM_WINS.value, on_change=switch_tie,
            label_text_style=ft.TextStyle(size=theme.BODY_SIZE))),
        tagged("score-all-dead", ft.Switch(
            label=t("House rule: if everyone dies, the fewest rats survive"),
            value=form["all_dead"], on_change=all_dead,
            label_text_style=ft.TextStyle(size=theme.BODY_SIZE))),
        big_button("score-evaluate", t("Score"), evaluate, icon=ft.Icons.CALCULATE),
    ]
    return page_frame(app, t("Score a game"), controls, back="/")


class FormProblem(ValueError):
    pass


def _number(app: TableApp, raw: str, label: str) -> int:
    raw = raw.strip()
    if not raw:
        return 0
    if not raw.isdigit():
        raise FormProblem(app.t("{field}: enter a whole number of 0 or more.", field=label))
    return int(raw)


def end_state_from_form(app: TableApp) -> Any:
    """The `EndState` the sheet describes; raises FormProblem or the scoring's own error."""
    t = app.t
    form = _form(app)
    values: dict[str, str] = form["values"]
    labels = _labels(app)
    seats = [s for s in range(MAX_PLAYERS) if values.get(f"{s}-name", "").strip()]
    names = [values[f"{s}-name"].strip() for s in seats]

    def per_player(key: str, label: str) -> dict[str, int]:
        return {name: _number(app, values.get(f"{seat}-{key}", ""), f"{name}: {label}")
                for seat, name in zip(seats, names, strict=True)}

    arrival: dict[Estate, tuple[str, ...]] = {}
    for estate in Estate:
        order = values.get(f"arrival-{estate.value}", "").replace(",", " ").split()
        if not order:
            continue
        try:
            arrival[estate] = tuple(names[seats.index(int(n) - 1)] for n in order)
        except ValueError:
            raise FormProblem(t("{field}: enter player numbers, e.g. 2 1.",
                                field=estate_name(t, estate))) from None
    in_play = frozenset(Special(s) for s, on in form["in_play"].items() if on)
    return EndState(
        players=tuple(names),
        house_rules=HouseRules(track_tie=TrackTie(form["tie"]), all_dead_variant=form["all_dead"]),
        in_play=in_play,
        influence={e: per_player(e.value, estate_name(t, e)) for e in Estate},
        arrival=arrival,
        hand=per_player("hand", labels["hand"]),
        specials={s: per_player(s.value, labels[s.value])
                  for s in (Special.SWORD, Special.FLUTE, Special.PASS) if s in in_play},
        gold=per_player("gold", labels["gold"]) if Special.GOLD in in_play else {},
        markers=per_player("markers", labels["markers"]),
        rats=per_player("rats", labels["rats"]),
        nuns=_number(app, values.get("nuns", ""), t("Nuns in the Nun-row")))


SHEET_WORDS: dict[InputProblem, str] = {
    InputProblem.PLAYER_COUNT: N_("Enter the names of {low} to {high} players."),
    InputProblem.NAME_TWICE: N_("Two players have the same name."),
    InputProblem.LISTED_TWICE: TIE_ON_THE_SHEET,
    InputProblem.TIE_NOT_LISTED: TIE_ON_THE_SHEET,
    InputProblem.TIE_PARTLY_LISTED: TIE_ON_THE_SHEET,
    InputProblem.TOO_MANY_NUNS: N_("The Nun-row shows at most {most} nuns."),
}
"""The problems the sheet can produce, said for the sheet (player numbers, not JSON fields); any
other is said as the score command says it."""


def input_problem(app: TableApp, exc: ScoringInputError) -> str:
    """What the scoring objects to, in the table's language."""
    t = app.t
    template = SHEET_WORDS.get(exc.code)
    if template is None:
        return t("The end state cannot be scored: {reason}", reason=field_problem(t, exc))
    params = dict(exc.params)
    estate = params.get("estate")
    if isinstance(estate, str) and estate in ESTATE_VALUES:
        params["estate"] = estate_name(t, Estate(estate))
    return t(template, **params)


def _score(app: TableApp) -> None:
    t = app.t
    try:
        result = score(end_state_from_form(app))
    except FormProblem as exc:
        app.notify(str(exc), error=True)
        return
    except ScoringInputError as exc:
        app.notify(input_problem(app, exc), error=True)
        return
    rows = [ft.DataRow(cells=[
        ft.DataCell(text(p.name)), ft.DataCell(text(str(p.total))),
        ft.DataCell(text(str(p.rats))),
        ft.DataCell(text(t("survives") if p.survives else t("dies of the plague")))])
        for p in result.players]
    table = ft.DataTable(columns=[ft.DataColumn(label=text(t("Player"))),
                                  ft.DataColumn(label=text(t("Victory points")), numeric=True),
                                  ft.DataColumn(label=text(t("Rats")), numeric=True),
                                  ft.DataColumn(label=text(t("Plague")))], rows=rows)
    winners = (t("Winner: {winner}", winner=", ".join(result.winners)) if result.winners
               else t("Nobody survived the plague."))
    lines: list[ft.Control] = []
    for step in Step:
        found = result.lines(step)
        if found:
            lines.append(text(words(t, step), weight=ft.FontWeight.BOLD))
            lines += [text(words(t, line), size=theme.SMALL_SIZE) for line in found]

    def close(_event: Any = None) -> None:
        app.page.pop_dialog()

    app.page.show_dialog(ft.AlertDialog(
        title=tagged("score-result", ft.Text(winners, size=theme.TITLE_SIZE)),
        content=ft.Container(ft.Column([table, *lines], tight=True, spacing=6),
                             width=content_width(app)),
        actions=[big_button("close-score", t("Close"), close)], scrollable=True,
        semantics_label=winners))
