"""The end of the game: what everyone holds, the nuns, the rats, then the scoring and the winner.

After the last round the table types in each player's hand, special cards and VP-marker total.
Only then comes the plague (R-SCORE-6): the nun row is turned over and everyone reveals their
rats, so only from this step on does the table's view hold them (`rules.views`). They come from
each player's ledger (the phones) and can be corrected to the tokens actually shown. The scoring
is the engine's (`companion.rules.scoring.score`), shown line by line in the table's language,
with the tie-break ladder, the winner and a chart of the influence over the rounds.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import flet as ft

from companion.i18n import N_, Translator
from companion.phones.end_values import from_phones
from companion.rules import events
from companion.rules.catalog import MAX_NUNS_IN_ROW, Special
from companion.rules.scoring import EndState, ScoreResult, score
from companion.rules.views import EndValues, Phase, TableView
from companion.store.bgstats import game_play_link
from companion.ui.endgame.result import result_parts, winner_text
from companion.ui.endgame.typed import catch_up, typed_field
from companion.ui.round.parts import game_frame, step_marker, submit_all
from companion.ui.shared import paths, theme
from companion.ui.shared.frame import content_width
from companion.ui.shared.paths import corrections_route, game_route
from companion.ui.shared.rules_reference import why_button
from companion.ui.shared.teaching import teaching_cards
from companion.ui.shared.widgets import (
    big_button,
    heading,
    player_chip,
    qr_image,
    tagged,
    text,
)
from companion.ui.shell import TableApp

if TYPE_CHECKING:
    from companion.ui.round.drafts import RoundDrafts

RATS_PHONE = N_("Rats (as on the phone)")
FIELDS: tuple[tuple[str, str, Special | None], ...] = (
    ("hand", N_("Population + Joker cards in hand"), None),
    ("swords", N_("Swords"), Special.SWORD),
    ("flutes", N_("Flutes"), Special.FLUTE),
    ("passes", N_("Pass cards"), Special.PASS),
    ("gold", N_("Gold"), Special.GOLD),
    ("markers", N_("Printed total of the VP tokens"), None),
    ("rats", RATS_PHONE, None),
)


class FormProblem(ValueError):
    pass


HOLDINGS = tuple(key for key, _, _ in FIELDS if key != "rats")
RATS_NO_PHONE = N_("Rats (count the tokens)")
RATS_PRIVATE_VIEW = N_("Rats (as in the private view)")
RATS_UNKNOWN = N_("Rats: no phone, count the tokens")


CELL: ft.ResponsiveNumber = {"xs": 12, "sm": 6, "lg": 4}
WIDE_CELL: ft.ResponsiveNumber = {"xs": 12, "lg": 8}
HALF_CELL: ft.ResponsiveNumber = {"xs": 12, "sm": 6}
CELLS: dict[str, ft.ResponsiveNumber] = {"hand": WIDE_CELL, "markers": HALF_CELL,
                                         "rats": HALF_CELL}
"""The fields with long labels get wider cells: an empty field draws its label inside itself,
on one line, and clipped the rest ("Summe der Siegpunktmarker" in a third of a tablet's
width, "Opgedrukt totaal van de OP-fiches", "Rats (comme sur le téléphone)"). The hand's
beside the first special's cell; the VP tokens and the rats share a line."""


def end_state_of(view: TableView) -> EndState:
    """The scoring's `EndState` of a finished game, as the engine maps it."""
    if view.scoring is None:
        raise FormProblem("the game is not scored yet")
    return view.scoring


def fields_in_play(view: TableView) -> list[tuple[str, str]]:
    """The form's fields: what everyone holds (the specials in play only) and, from the plague
    check on, the rats."""
    return [(key, label) for key, label, special in FIELDS
            if (special is None or view.setup.special_in_play(special))
            and (key != "rats" or view.rats is not None)]


def phone_paired(app: TableApp, player: int) -> bool:
    """A phone holds `player`'s seat in the open game now."""
    return (app.games.seats is not None and app.session is not None
            and app.games.seats.is_paired(app.session.game_id, player))


def rats_known(view: TableView, player: int, paired: bool) -> bool:
    """Whether the app knows `player`'s rats at the plague check (R-SCORE-6), so the form may
    offer a count: a phone is paired to the seat (`paired`: it is the player's ledger), the
    player kept their rats in the app, on a phone or in the private view
    (`TableView.rats_kept`: a change of their own logged, or their count confirmed), or the
    table typed their count before. Otherwise the ledger holds only what the table recorded
    and none of the rats discarded in the supplies (R-ROUND-B): a count from it would look
    known and be wrong, so the field starts empty and the table types the tokens' count."""
    if view.rats is None:
        return False
    entered = view.end_values[player]
    kept = view.rats_kept is not None and view.rats_kept[player]
    return paired or kept or (entered is not None and entered.rats is not None)


def form_defaults(view: TableView, player: int, known: bool = True) -> dict[str, int | None]:
    """What the form holds before anyone types: the values entered before, or 0 (shown as an
    empty field: nothing is recorded); at the plague check, the rats as the player's ledger
    (or a correction typed before) has them, where the app knows them (`known`, see
    `rats_known`), else None: nothing to offer."""
    entered = view.end_values[player]
    values: dict[str, int | None] = {
        key: getattr(entered, key) if entered is not None else 0 for key in HOLDINGS}
    if view.rats is not None:
        values["rats"] = view.rats[player] if known else None
    return values


def form_events(app: TableApp, view: TableView) -> list[Any]:
    """The events the typed form stands for; raises FormProblem naming the field to fix.

    Before the plague check: every player's holdings (their rats stay secret). At the plague
    check: the holdings and rats that differ from what is entered, then the nuns. A rat count
    equal to the ledger's is not recorded, so a later change on the phone still counts; a
    count the app does not know (`rats_known`) must be typed, and is recorded as typed.
    """
    t = app.t
    typed = app.tab.round.end_values
    keys = dict(fields_in_play(view))

    def number(key: str, default: int | None, label: str, name: str = "") -> int:
        raw = typed.get(key, str(default) if default else "").strip()
        if not raw and default is None:
            raise FormProblem(t("{name}: the app does not know these rats. Count the rat tokens "
                                "in front of {name} and type the number (0 if there are none).",
                                name=name))
        if not raw:
            return 0
        if not raw.isdigit():
            raise FormProblem(t("{field}: enter a whole number of 0 or more.", field=label))
        return int(raw)

    found: list[Any] = []
    for p, name in enumerate(view.setup.names):
        known = rats_known(view, p, phone_paired(app, p))
        defaults = form_defaults(view, p, known)
        values = {key: number(f"{p}-{key}", defaults[key], f"{name}: {t(label)}", name)
                  for key, label in keys.items()}
        entered = view.end_values[p]
        rats: int | None = None
        if view.rats is not None:
            typed_rats = values.pop("rats")
            kept = entered.rats if entered is not None else None
            rats = None if known and typed_rats == view.rats[p] and kept is None else typed_rats
        event = events.EndValuesEntered(p, **values, rats=rats)
        if entered is None or EndValues(**{k: getattr(event, k) for k in (*HOLDINGS, "rats")}
                                        ) != entered:
            found.append(event)
    if view.rats is not None:
        label = t("Nuns in the Nun-row")
        if not typed.get("nuns", nuns_shown(view)).strip():
            raise FormProblem(t("{field}: count the nuns on the turned-over row and type the "
                                "number (0 if there are none).", field=label))
        found.append(events.NunsCounted(number("nuns", view.nuns or 0, label)))
    return found


def nuns_shown(view: TableView) -> str:
    """The nun count as the form first shows it: empty until counted (never a silent 0)."""
    return "" if view.nuns is None else str(view.nuns)


def rats_locked(view: TableView, player: int) -> bool:
    """The player confirmed the rats on their own device: the table shows that count and
    does not type over it (a change on the device takes the confirmation back)."""
    return view.rats is not None and view.rats_confirmed[player]


def endgame_view(app: TableApp, game_id: str) -> ft.View:
    view = app.use_game(game_id)
    t = app.t
    drafts = app.tab.round
    editing = drafts.editing_end or view.phase is Phase.END
    controls: list[ft.Control] = []
    bottom: ft.Control | None = None
    correct = big_button("open-corrections", t("Correct an entry or reveal"),
                         app.nav(corrections_route(game_id)), icon=ft.Icons.EDIT_NOTE,
                         primary=False)
    under_winner = 0
    if view.phase is Phase.FINISHED:
        controls += request_cards(app, view)
        under_winner = len(controls) + 1
        controls += result_controls(app, view)
        if not app.games.is_practice(game_id):  # a practice game is never counted
            controls.append(bgstats_tile(app, game_id))
    if editing:
        controls += form_controls(app, view)

        def submit_form(_event: Any = None) -> None:
            now = app.use_game(game_id)
            if (now.phase, now.at_plague_check) != (view.phase, view.at_plague_check):
                app.render()  # the form's step moved on meanwhile (the last phone's values)
                return
            clashed = entered_meanwhile(app, now)
            if clashed:
                app.notify(clashed, error=True)
                app.render()
                return
            try:
                found = form_events(app, now)
            except FormProblem as exc:
                app.notify(str(exc), error=True)
                return
            if submit_all(app, found):
                drafts.end_values.clear()
                drafts.end_drawn.clear()
                drafts.end_fields.clear()
                drafts.end_shown = ()
                drafts.editing_end = False
        controls.append(correct)
        if view.at_plague_check:
            bottom = big_button("end-score", t("Score the game"), submit_form,
                                icon=ft.Icons.CALCULATE)
        else:
            bottom = big_button("end-holdings", t("Entered: on to the plague"), submit_form,
                                icon=ft.Icons.ARROW_FORWARD)
    else:
        def edit(_event: Any = None) -> None:
            drafts.editing_end = True
            app.render()
        buttons = ft.Row([
            big_button("end-edit", t("Correct the end values"), edit, icon=ft.Icons.EDIT,
                       primary=False),
            correct,
            big_button("home", t("Home"), app.nav(paths.HOME), icon=ft.Icons.HOME,
                       primary=False),
        ], wrap=True, spacing=theme.GAP, run_spacing=8)
        # under the winner, above the long explanations: in sight on a tablet
        controls.insert(under_winner or len(controls), buttons)
    if view.phase is Phase.END:
        heading_ = t("End of the game")
    else:
        heading_ = t("Correct the end values") if editing else t("Result")
    controls[:0] = teaching_cards(app)
    frame = game_frame(app, heading_, controls, view, bottom, back=game_route(game_id),
                       kept=editing)
    if editing:
        keep_while_typed(app, frame, f"end-form-{view.phase}-{view.at_plague_check}")
    return frame


def keep_while_typed(app: TableApp, frame: ft.View, key: str) -> ft.View:
    """The form redrawn over itself: a phone's values arrive while the host types others, and
    the redraw must keep the fields and the button on show (the same controls, each given its
    new value, where a new control would drop the focus and a tap on the old one). A
    `screen_key` draws it into the view on show, and the same key on its content and on its
    bar lets Flet match the new controls to the ones on show."""
    app.screen_key = key
    for part in (*frame.controls, frame.bottom_appbar):
        if part is not None:
            part.key = key
    return frame


def entered_meanwhile(app: TableApp, view: TableView) -> str:
    """Players whose holdings the table typed while someone else recorded others (their phone,
    or another screen): their typed holdings are dropped, so the form shows what is recorded,
    and what to say; empty if nobody's. The first input stored stands: a phone's count is not
    overwritten by a form drawn before it arrived."""
    t = app.t
    drafts = app.tab.round
    phoned = from_phones(app.session, view) if app.session is not None else ()
    said: list[str] = []
    for p, drawn in list(drafts.end_drawn.items()):
        now = view.end_values[p]
        if _holdings(now) == _holdings(drawn):
            continue
        for key in HOLDINGS:
            drafts.end_values.pop(f"{p}-{key}", None)
        del drafts.end_drawn[p]
        name = view.setup.names[p]
        said.append(t("Already entered on {name}'s phone: the form shows those values now.",
                      name=name) if p < len(phoned) and phoned[p] else
                    t("Already entered for {name} on another screen: the form shows those "
                      "values now.", name=name))
    return " ".join(said)


def _holdings(values: EndValues | None) -> tuple[int, ...] | None:
    return None if values is None else tuple(getattr(values, key) for key in HOLDINGS)


def request_cards(app: TableApp, view: TableView) -> list[ft.Control]:
    """A player's correction asked for on their phone after the scoring: the result now and
    with the correction, side by side; nothing changes until the table accepts."""
    t = app.t
    session = app.session
    assert session is not None and view.rats is not None
    end = end_state_of(view)
    cards: list[ft.Control] = []
    for request in session.pending_requests():
        p, name = request.player, view.setup.names[request.player]
        changed = replace(end, rats={**end.rats, name: request.rats})
        cards.append(tagged(f"request-{p}", ft.Container(ft.Column([
            text(t("{name} asks on the phone to correct the rats: {old} → {new}.", name=name,
                   old=view.rats[p], new=request.rats), weight=ft.FontWeight.BOLD),
            ft.ResponsiveRow([_column(t, t("Result now"), score(end), f"now-{p}", name),
                              _column(t, t("With the correction"), score(changed),
                                      f"then-{p}", name)],
                             spacing=8, run_spacing=8),
            ft.Row([
                big_button(f"request-accept-{p}", t("Accept the correction"),
                           _settle(app, view, p, request.rats, True), icon=ft.Icons.CHECK),
                big_button(f"request-reject-{p}", t("Keep the result"),
                           _settle(app, view, p, request.rats, False), icon=ft.Icons.CLOSE,
                           primary=False),
            ], wrap=True, spacing=theme.GAP),
        ], spacing=theme.GAP, tight=True), bgcolor="#FFF3D6", border_radius=14, padding=16)))
    return cards


def _column(t: Translator, heading_: str, result: ScoreResult, key: str, name: str) -> ft.Control:
    mine = result.player(name)
    fate = t("survives") if mine.survives else t("dies of the plague")
    return ft.Container(tagged(f"request-{key}", ft.Column([
        text(heading_, weight=ft.FontWeight.BOLD),
        text(winner_text(t, result)),
        text(t("{name}: {vp} VP, {fate}", name=name, vp=mine.total, fate=fate)),
    ], tight=True, spacing=4)), col={"xs": 12, "sm": 6}, padding=8, border_radius=10,
        bgcolor="#FFFFFF")


def _settle(app: TableApp, view: TableView, player: int, rats: int, accepted: bool) -> Any:
    """Accepting records the count as the table's own correction of the end values."""
    def handler(_event: Any = None) -> None:
        assert app.session is not None
        if accepted:
            entered = view.end_values[player]
            assert entered is not None
            fixed = events.EndValuesEntered(
                player, **{k: getattr(entered, k) for k in HOLDINGS}, rats=rats)
            if not app.submit(fixed):
                return
        app.session.settle_rats(player, accepted)
    return handler


def bgstats_tile(app: TableApp, game_id: str) -> ft.Control:
    """Folded away so the big QR does not push the result down; BG Stats reads the play from it."""
    t = app.t
    link = game_play_link(app.games.store, game_id)
    return ft.ExpansionTile(
        title=ft.Text(t("Send the play to BG Stats"), size=theme.BODY_SIZE,
                      weight=ft.FontWeight.BOLD),
        subtitle=ft.Text(t("Scan the code with the phone that has BG Stats."),
                         size=theme.SMALL_SIZE),
        controls=[qr_image(link, t("QR code of the play for BG Stats"), size=320,
                           identifier="bgstats-qr")],
        expanded_cross_axis_alignment=ft.CrossAxisAlignment.START)


def form_controls(app: TableApp, view: TableView) -> list[ft.Control]:
    t = app.t
    setup = view.setup
    drafts = app.tab.round
    typed = drafts.end_values
    catch_up(drafts.end_fields)
    moved_under_the_form(drafts, view)

    def take(key: str) -> Callable[[str], None]:
        seat, _, what = key.partition("-")

        def taken(value: str) -> None:
            typed[key] = value
            if what in HOLDINGS:
                p = int(seat)
                drafts.end_drawn.setdefault(p, drafts.end_moved.pop(p, view.end_values[p]))
        return taken

    def field(key: str, label: str, value: str, hint: str | None = None,
              locked: bool = False) -> ft.Control:
        return tagged(f"end-{key}", typed_field(
            drafts.end_fields, key, value if locked else typed.get(key, value), take(key),
            label=label, hint_text=hint, read_only=locked, text_size=theme.BODY_SIZE,
            keyboard_type=ft.KeyboardType.NUMBER))

    title_ = heading(t("Plague") if view.at_plague_check
                     else t("What everyone holds"))
    paired = [phone_paired(app, p) for p in range(setup.player_count)]
    known = [rats_known(view, p, paired[p]) for p in range(setup.player_count)]
    phoned = from_phones(app.session, view) if app.session is not None else (
        (False,) * setup.player_count)
    if view.at_plague_check and all(known):
        explained = t("The Nun-row is turned over and everyone reveals their rats. The rats are "
                      "filled in from the phones: correct them where the tokens on the table "
                      "say otherwise. Empty fields count as 0, except the nuns: count them.")
    elif view.at_plague_check:
        explained = t("The Nun-row is turned over and everyone reveals their rats. The rat "
                      "tokens on the table are what counts. A player who kept their rats on a "
                      "phone or in the private view has them filled in: correct them where the "
                      "tokens say otherwise. The app does not know the others' rats: count their "
                      "tokens and type them. Count the nuns too; other empty fields count as 0.")
    else:
        explained = t("Everyone shows their hand, special cards and victory point tokens. "
                      "The rats stay secret until the plague, the next step. Empty fields "
                      "count as 0.")
    controls: list[ft.Control] = [
        step_marker(app, view, title_) if view.phase is Phase.END else title_,
        tagged("end-form", text(explained)),
    ]
    if view.at_plague_check:
        # the nuns first, the one count the whole table makes now; a wide field, so the
        # French label ("Nonnes dans la rangée des nonnes (0-20)") is not squeezed into it
        controls.append(ft.Container(field("nuns", t("Nuns in the Nun-row (0-{most})",
                                                       most=MAX_NUNS_IN_ROW), nuns_shown(view)),
                                     width=min(560, content_width(app))))
    for p, name in enumerate(setup.names):
        defaults = form_defaults(view, p, known[p])
        locked = rats_locked(view, p)
        if locked:
            typed.pop(f"{p}-rats", None)
        labels = {key: rats_label(paired[p], known[p], view, p) if key == "rats" else label
                  for key, label in fields_in_play(view)}
        # what is known is shown as a number, 0 too (a phone's 0 reads "sent 0"): an empty
        # field is one nothing is recorded for, a holding counted as 0, a rat count to count
        entered = view.end_values[p] is not None
        shown = {key: "" if value is None or not (entered or key == "rats") else str(value)
                 for key, value in defaults.items()}
        cells: list[ft.Control] = [ft.Container(
            field(f"{p}-{key}", t(label), shown[key], hint=None if key == "rats" else "0",
                  locked=locked and key == "rats"),
            col=CELLS.get(key, CELL)) for key, label in labels.items()]
        marks: list[ft.Control] = []
        if view.end_values[p] is not None and phoned[p]:
            marks.append(tagged(f"from-phone-{p}", ft.Row([
                ft.Icon(ft.Icons.PHONE_ANDROID, color="#2E7D32"),
                text(t("From {name}'s phone", name=name), size=theme.SMALL_SIZE,
                     colour="#2E7D32")], tight=True, spacing=4)))
        elif view.end_values[p] is not None and not view.at_plague_check:
            marks.append(tagged(f"entered-{p}", ft.Icon(
                ft.Icons.CHECK_CIRCLE, color="#2E7D32")))
        elif view.end_values[p] is None and paired[p]:
            marks.append(tagged(f"phone-may-{p}", text(
                t("{name} can type these on the phone, or you type them here.", name=name),
                size=theme.SMALL_SIZE)))
        if locked:
            marks.append(tagged(f"confirmed-{p}", text(
                t("{name} confirmed the rats on the phone.", name=name),
                size=theme.SMALL_SIZE, colour="#2E7D32")))
        controls.append(ft.Card(content=ft.Container(padding=12, content=ft.Column([
            ft.Row([player_chip(name, setup.colours[p]), *marks], wrap=True),
            ft.ResponsiveRow(cells, spacing=8, run_spacing=8)], tight=True))))
    return controls


def moved_under_the_form(drafts: RoundDrafts, view: TableView) -> None:
    """Note the seats whose recorded holdings changed since the form was last drawn while the
    table had typed none of theirs (`RoundDrafts.end_moved`); a seat drawn unchanged since is
    no longer in doubt. The table's own tap forgets what was shown, so its own values never
    count as changed under it."""
    before = drafts.end_shown
    drafts.end_moved = {
        p: before[p] for p, now in enumerate(view.end_values)
        if p < len(before) and _holdings(before[p]) != _holdings(now)
        and p not in drafts.end_drawn
        and not any(f"{p}-{key}" in drafts.end_values for key in HOLDINGS)}
    drafts.end_shown = tuple(view.end_values)


def rats_label(paired: bool, known: bool, view: TableView, player: int) -> str:
    """The rat field's label says where its count comes from: the phone, the private view, or
    the tokens alone (the field then starts empty: the app does not know the count)."""
    if paired:
        return RATS_PHONE
    if not known:
        return RATS_UNKNOWN
    kept = view.rats_kept is not None and view.rats_kept[player]
    return RATS_PRIVATE_VIEW if kept else RATS_NO_PHONE


def result_controls(app: TableApp, view: TableView) -> list[ft.Control]:
    return result_parts(app, view, score(end_state_of(view)),
                        winner_in=lambda banner: step_marker(app, view, banner),
                        why=why_button(app, "winner", "tie-break-why"))
