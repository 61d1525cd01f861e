"""Phase D of a round: each building's reveal, Sword and Flute, then its actions, and why.

The reveal takes few taps: whatever the steppers leave are cards of the building's own estate,
so a player who played only matching cards confirms with one tap, and one of two estates taps
how many are of the building's own (the rest take a rat each). Who takes the premium and
the normal action, the Sword and Flute results and the Brewery's count all come from the
engine's `BuildingResolution`; this module only puts them into words (R-ROUND-D, R-SPECIAL).

Where players reveal on their own phones (`companion.phones.reveals`), the reveal says who is
still to reveal at the building and keeps its controls, so the table can always step in; a
phone's reveal held for its slot (`Session.held_reveals`) is recorded by the session when its
turn comes, or, after a Hospital whose discards the table enters, by this screen's one tap.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import flet as ft

from companion.i18n import N_, Translator
from companion.i18n.names import action_text, estate_name, place_name, row_building_name
from companion.i18n.words import words
from companion.rules import events
from companion.rules.catalog import ActionKind, Building, Special
from companion.rules.guide import Choose, RevealCards, TakeActions
from companion.rules.resolution import (
    ActionTaken,
    BuildingResolution,
    PlayerReveal,
    PremiumReason,
    SpecialResult,
)
from companion.rules.setup import Setup
from companion.rules.views import TableView, open_choices, reveal_turn
from companion.ui.round.drafts import RevealDraft, reveal_draft
from companion.ui.round.enter import phone_waited_for, taken_back_line
from companion.ui.round.parts import Body, banner, decide, two_columns
from companion.ui.shared import theme
from companion.ui.shared.frame import is_wide
from companion.ui.shared.rules_reference import why_button
from companion.ui.shared.widgets import (
    big_button,
    building_card,
    player_chip,
    stepper,
    tagged,
    text,
)
from companion.ui.shell import TableApp

REVEAL_KINDS: tuple[tuple[str, str, Special | None], ...] = (
    ("other", N_("Population cards of another class (1 rat each)"), None),
    ("jokers", N_("Jokers"), None),
    ("swords", N_("Swords"), Special.SWORD),
    ("flutes", N_("Flutes"), Special.FLUTE),
)

REASONS: dict[PremiumReason, str] = {
    PremiumReason.MOST_CARDS: N_("{player} played the most population and Joker cards here "
                                 "({cards})."),
    PremiumReason.FIRST_IN_ON_TIE: N_("{player} tied for the most cards here ({cards}) and "
                                      "entered first."),
    PremiumReason.ALONE: N_("{player} is alone in this building."),
    PremiumReason.TWO_PLAYER_RULE: N_("2 players: {player} played more population and Joker "
                                      "cards this round (on a tie: entered first), so takes the "
                                      "round's one premium here."),
    PremiumReason.AS_TAKEN: N_("{player} took the premium when the actions were done; a "
                               "correction moved it, and the table is asked what was "
                               "discarded."),
}


def resolve_body(app: TableApp, view: TableView, step: RevealCards | Choose,
                 above: Sequence[ft.Control] = ()) -> Body:
    """A reveal or a Sword/Flute choice; `above`: the previous building's actions, which this
    tap records as done (shown above the reveal controls). What a player has just taken back
    on their own phone (a reveal, a choice) is said above the controls, until the next
    step."""
    progress = row_progress(app, view, step.building)
    controls: list[ft.Control] = [progress]
    if isinstance(step, RevealCards) and is_wide(app):
        # beside the reveal controls, at the top of the building's column, with the row at a
        # glance: the acting player's steppers start at the top and stay in sight,
        # with a dispute open too, and so do the actions before them
        body = _reveal(app, view, step, beside=[progress, *above])
        controls = []
    elif isinstance(step, RevealCards):
        body = _reveal(app, view, step)
        controls += above
    else:
        body = _choose(app, view, step)
        controls += above
    body.controls[:0] = [*controls, *taken_back_line(app, view)]
    return body


def row_progress(app: TableApp, view: TableView, current: int) -> ft.Control:
    """The row at a glance: done, now, still to come."""
    t = app.t
    record = view.record
    cells: list[ft.Control] = []
    for b in range(len(record.row)):
        done = record.resolved[b]
        now = b == current
        icon = ft.Icons.CHECK_CIRCLE if done else (ft.Icons.PLAY_CIRCLE if now
                                                    else ft.Icons.RADIO_BUTTON_UNCHECKED)
        entrants = len(record.entrants(b))
        label = row_building_name(t, record.row, b) + ("" if entrants else " · " + t("empty"))
        cells.append(ft.Container(
            content=ft.Row([ft.Icon(icon, size=20), ft.Text(label, size=theme.SMALL_SIZE,
                                                            weight=ft.FontWeight.BOLD
                                                            if now else None)],
                           spacing=4, tight=True),
            padding=ft.Padding.symmetric(horizontal=8, vertical=3), border_radius=16,
            bgcolor=ft.Colors.SECONDARY_CONTAINER if now else None,
            border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT)))
    return ft.Row(cells, wrap=True, spacing=6)


def _names(setup: Setup, players: Sequence[int]) -> str:
    return ", ".join(setup.names[p] for p in players)


def reveal_words(t: Translator, r: PlayerReveal) -> str:
    """One player's reveal here and what it brought: influence, rats taken, Swords, Flutes."""
    if r.reveal is None:
        return t.plural("slot {slot}: {n} card, not revealed yet",
                        "slot {slot}: {n} cards, not revealed yet", r.declared, slot=r.slot)
    parts = [t("+{n} influence", n=r.influence)]
    if r.rats:
        parts.append(t.plural("takes {n} rat", "takes {n} rats", r.rats))
    if r.reveal.swords:
        parts.append(t.plural("{n} Sword", "{n} Swords", r.reveal.swords))
    if r.reveal.flutes:
        parts.append(t.plural("{n} Flute", "{n} Flutes", r.reveal.flutes))
    return t.plural("slot {slot}: {n} card", "slot {slot}: {n} cards", r.declared,
                    slot=r.slot) + " → " + ", ".join(parts)


def reveal_lines(t: Translator, setup: Setup, res: BuildingResolution) -> list[ft.Control]:
    """Who revealed what here and what it brought: influence, rats taken, Swords, Flutes."""
    return [tagged(f"revealed-{r.player}", ft.Row(
        [player_chip(setup.names[r.player], setup.colours[r.player], small=True),
         text(reveal_words(t, r), size=theme.SMALL_SIZE, expand=True)], spacing=6,
        vertical_alignment=ft.CrossAxisAlignment.CENTER)) for r in res.reveals]


def building_now(t: Translator, setup: Setup, res: BuildingResolution) -> ft.Control:
    """The building being resolved with who revealed what there."""
    return building_card(t, res.kind, identifier="building-now", details=False, dense=True,
                         name=place_name(t, res.kind, res.copy),
                         footer=ft.Column(reveal_lines(t, setup, res), tight=True, spacing=4))


def _reveal(app: TableApp, view: TableView, step: RevealCards,
            beside: Sequence[ft.Control] = (), even: bool = False) -> Body:
    t = app.t
    setup = view.setup
    req = step.reveal
    b, p, declared = req.building, req.player, req.declared
    kind = view.row[b]
    draft = reveal_draft(app.tab.round, view.round, p, b)
    if draft.rest() > declared:  # the declared count was corrected since these taps
        draft = app.tab.round.reveal = RevealDraft(draft.key)
    matching = declared - draft.rest()

    def change(name: str) -> Any:
        def by(delta: int) -> Any:
            def handler(_event: Any = None) -> None:
                value = getattr(draft, name) + delta
                if value >= 0 and draft.rest() + delta <= declared:
                    setattr(draft, name, value)
                app.render()
            return handler
        return by

    def record() -> bool:
        if decide(app, view, events.Revealed(
                p, b, declared - draft.rest(), draft.other, draft.jokers, draft.swords,
                draft.flutes)):
            app.tab.round.reveal = None
            return True
        return False

    def confirm(_event: Any = None) -> None:
        record()

    def set_to(name: str, n: int) -> Any:
        def handler(_event: Any = None) -> None:
            if draft.rest() - getattr(draft, name) + n > declared:
                return
            setattr(draft, name, n)
            # every card has a type: the reveal is complete, this tap records it
            if draft.rest() < declared or not record():
                app.render()
        return handler

    # population cards among them: whatever the Jokers, Swords and Flutes tapped so far leave
    population = declared - draft.jokers - draft.swords - draft.flutes

    def split(n: int) -> Any:
        """`n` of the building's estate, the rest of the population cards of another: the
        reveal is complete, this tap records it."""
        def handler(_event: Any = None) -> None:
            before = draft.other
            draft.other = population - n
            if not record():
                draft.other = before
                app.render()
        return handler

    res = view.resolutions[b]
    estate = estate_name(t, res.estate)
    mixed: list[ft.Control] = []
    if population >= 2:
        mixed = [tagged("reveal-mixed", ft.Row([
            text(t("Of the {estate}, the rest of another class (1 rat each):", estate=estate),
                 size=theme.SMALL_SIZE),
            ft.Row(number_buttons("reveal-mixed", matching, population - 1, population - 1,
                                  split), spacing=4, tight=True)],
            wrap=True, spacing=8, run_spacing=4,
            vertical_alignment=ft.CrossAxisAlignment.CENTER))]
    steppers: list[ft.Control] = []
    for name, label, special in REVEAL_KINDS:
        if special is not None and not setup.special_in_play(special):
            continue
        value = getattr(draft, name)
        # in small print, as the help above: beside the buttons on a laptop it takes no more
        # lines than the buttons are tall, so the steppers below stay above the bottom bar
        row = stepper(f"reveal-{name}", t(label), value, change(name), draft.rest() < declared,
                      label_size=theme.SMALL_SIZE)
        numbers = ft.Container(ft.Row(number_buttons(
            f"reveal-{name}", value, declared, declared - draft.rest() + value,
            lambda n, name=name: set_to(name, n)), spacing=4, tight=True),
            padding=ft.Padding.only(left=4, right=10))
        if is_wide(app):
            row.controls.insert(3, numbers)
            steppers.append(row)
        else:  # a narrow column: the label on its own line, in whole words
            row.controls[3] = numbers
            steppers.append(ft.Column([tagged(f"reveal-{name}-label",
                                              text(t(label), size=theme.SMALL_SIZE)), row],
                                      spacing=0, tight=True))
    held = {q: e for q, e in (app.session.held_reveals() if app.session is not None
                              else {}).items() if e.building == b}
    how: list[ft.Control] = [
        tagged("reveal-matching", text(t.plural("{n} population card of the {estate} (no rat)",
                                                "{n} population cards of the {estate} (no rat)",
                                                matching, estate=estate),
                                       size=theme.BODY_SIZE + 1, weight=ft.FontWeight.W_500)),
        # the help above the steppers: below them it would sit under the bottom bar
        text(t("Each population card and Joker gives 1 influence in the {estate}.",
               estate=estate), size=theme.SMALL_SIZE),
        *steppers,
        # the shortcut last: above the steppers it pushed the Swords' and Flutes' below the
        # bottom bar on a laptop in the last round (the walks' in-sight check)
        *mixed,
    ]
    bottom = big_button("reveal-confirm", reveal_button_text(t, declared, draft), confirm,
                        icon=ft.Icons.VISIBILITY)
    def record_held(_event: Any = None) -> None:
        decide(app, view, held[p])

    if p in held:
        # revealed on the phone, held until this tap records it with the discards entered
        # above (`Session.reveal_ahead`): the phone was first, so its reveal is the one
        how = [tagged("reveal-held-text", text(t(
            "{player} revealed on their phone; this tap records it with what the table "
            "entered above.", player=setup.names[p]), size=theme.SMALL_SIZE))]
        bottom = big_button("reveal-held", t("Record {player}'s reveal from their phone",
                                             player=setup.names[p]),
                            record_held, icon=ft.Icons.VISIBILITY)
    acting: list[ft.Control] = [
        ft.Row([player_chip(setup.names[p], setup.colours[p]),
                text(t.plural("reveals {n} card", "reveals {n} cards", declared),
                     weight=ft.FontWeight.BOLD)], spacing=8),
        *how,
    ]
    turn = reveal_turn(view, p, frozenset(held))
    if turn is not None and turn.waiting and (held or any(
            phone_waited_for(app, r.player) for r in turn.entrants)):
        # who the building waits for where players reveal on their phones, the phones that
        # revealed ahead of their slot left out (a table without phones keeps its layout)
        acting.insert(0, tagged("waiting-reveals", text(
            t("Still to reveal: {players}", players=_names(setup, turn.waiting)),
            size=theme.SMALL_SIZE, weight=ft.FontWeight.BOLD)))
    assert kind is res.kind
    controls: list[ft.Control] = [two_columns(acting, [*beside, building_now(t, setup, res)], even)]
    return Body(controls, bottom)


def reveal_button_text(t: Translator, declared: int, draft: RevealDraft) -> str:
    """What the reveal's tap records, in one phrase: the influence and the rats it brings
    (R-ROUND-D a: +1 influence per population card and Joker, +1 rat per population card of
    another estate; Swords and Flutes bring neither)."""
    return t.plural("Revealed: +{influence} influence, +{n} rat",
                    "Revealed: +{influence} influence, +{n} rats", draft.other,
                    influence=declared - draft.swords - draft.flutes)


REVEAL_NUMBERS = 3
"""Number buttons per kind of card (1, 2, 3): one tap instead of "+" tapped n times."""


def number_buttons(identifier: str, value: int, declared: int, room: int, on_tap: Any
                   ) -> list[ft.Control]:
    """A kind's count in one tap, `<identifier>-<n>`: `room` is the most this kind can hold
    now. A tap that gives every declared card a type records the reveal (no confirm)."""
    style = ft.ButtonStyle(padding=0, shape=ft.RoundedRectangleBorder(radius=10))
    buttons: list[ft.Control] = []
    for n in range(1, min(declared, REVEAL_NUMBERS) + 1):
        label = ft.Text(str(n), size=theme.BODY_SIZE, weight=ft.FontWeight.BOLD)
        kind = ft.FilledButton if n == value else ft.OutlinedButton
        buttons.append(tagged(f"{identifier}-{n}", kind(
            content=label, on_click=on_tap(n), width=40, height=40, style=style,
            disabled=n > room)))
    return buttons


def special_text(t: Translator, setup: Setup, result: SpecialResult | None) -> str | None:
    """A Sword or Flute comparison in words; None where there is nothing to say."""
    if result is None or result.most is None:
        return None
    names = setup.names
    exchange = result.exchange
    if result.special is Special.SWORD:
        if exchange is None:
            return t("Swords: nobody gives anything yet.")
        return t("Sword: {giver} played the fewest Swords and gives half their hand (rounded "
                 "down, their choice of cards) to {receiver}.",
                 giver=names[exchange[0]], receiver=names[exchange[1]])
    if exchange is None:
        return t("Flutes: nobody receives a rat yet.")
    return t("Flute: {receiver} played the fewest Flutes and takes 1 rat; {giver} discards 1 "
             "rat.", giver=names[exchange[0]], receiver=names[exchange[1]])


def _choose(app: TableApp, view: TableView, step: Choose) -> Body:
    t = app.t
    setup = view.setup
    req = step.choice
    chooser = setup.names[req.chooser]
    if req.special is Special.SWORD:
        question = t("{player} played the most Swords. {candidates} tied for the fewest: "
                     "{player}, who gives you half their hand?", player=chooser,
                     candidates=_names(setup, req.candidates))
    else:
        question = t("{player} played the most Flutes. {candidates} tied for the fewest: "
                     "{player}, who receives the rat from you?", player=chooser,
                     candidates=_names(setup, req.candidates))

    def choose(player: int) -> Any:
        def handler(_event: Any = None) -> None:
            decide(app, view, events.SpecialTargetChosen(req.building, req.special, player))
        return handler

    buttons: list[ft.Control] = [
        big_button(f"choose-{p}", setup.names[p], choose(p), icon=ft.Icons.PERSON)
        for p in req.candidates]
    return Body([
        tagged("choice", text(question, size=theme.BODY_SIZE + 1, weight=ft.FontWeight.W_500)),
        *waiting_for_phone(app, req.chooser, setup),
        ft.Row(buttons, wrap=True, spacing=10, run_spacing=8),
        building_now(t, setup, step.resolution),
    ])


def waiting_for_phone(app: TableApp, chooser: int, setup: Setup) -> list[ft.Control]:
    """The line that says the table waits for the chooser's connected phone
    (`companion.phones.choices`); the table keeps its own buttons, so it can step in."""
    if not phone_waited_for(app, chooser):
        return []
    return [tagged(f"waiting-phone-{chooser}", text(
        app.t("Waiting for {player}'s phone; the table can still choose for them.",
              player=setup.names[chooser]), size=theme.SMALL_SIZE,
        weight=ft.FontWeight.BOLD))]


def action_line(t: Translator, view: TableView, taken: ActionTaken) -> str:
    text_ = action_text(t, taken.action)
    if taken.action.kind is ActionKind.BREWERY_DRAW and taken.draws is not None:
        text_ += " — " + t.plural("draws {n} card", "draws {n} cards", taken.draws)
    if taken.action.kind is ActionKind.WATCHTOWER_COLLECT:
        text_ += " — " + t("must give, if they hold at least as many hand cards: {players}",
                           players=_names(view.setup, watchtower_givers(view)) or "—")
        # the players' hands are secret: the app names everyone the Watchtower can reach
    return text_


def watchtower_givers(view: TableView) -> list[int]:
    """Everyone who entered no Watchtower this round (R-ROUND-D b, the Watchtower's premium)."""
    record = view.record
    inside = {p for b, kind in enumerate(record.row) if kind is Building.WATCHTOWER
              for p in record.entrants(b)}
    return [p for p in range(view.setup.player_count) if p not in inside]


def special_lines(app: TableApp, view: TableView, res: BuildingResolution) -> list[ft.Control]:
    """Sword and Flute of a building, resolved at the reveal (R-ROUND-D a, R-SPECIAL-1/2)."""
    specials: list[ft.Control] = []
    for result in (res.sword, res.flute):
        said = special_text(app.t, view.setup, result)
        if said and result is not None:
            specials.append(tagged(f"special-{result.special.value}",
                                   banner(said, ft.Icons.BOLT, "#EDE7F6", dense=True)))
    return specials


def premium_why(t: Translator, view: TableView, res: BuildingResolution) -> list[ft.Control]:
    """Why the premium (or, in the last round, the bonus) goes to whom, and why nobody here
    takes it when the 2-player rule puts the round's one premium elsewhere (R-ROUND-D b)."""
    setup = view.setup
    names = setup.names

    def note(said: str) -> ft.Control:
        return text(said, size=theme.SMALL_SIZE, italic=True)

    if res.premium is not None and res.premium_reason is not None:
        if res.premium_reason is PremiumReason.TWO_PLAYER_RULE:
            cards = [r.population if r is not None else 0 for r in view.record.reveals]
            counts = ", ".join(f"{names[p]} {n}" for p, n in enumerate(cards))
            said = (t("2 players: a tie this round ({counts}); {player} entered first, so takes "
                      "the round's one premium here.", counts=counts, player=names[res.premium])
                    if len(set(cards)) == 1 else
                    t("2 players: {player} played more population and Joker cards this round "
                      "({counts}), so takes the round's one premium here.", counts=counts,
                      player=names[res.premium]))
        else:
            reveal = view.record.reveals[res.premium]
            cards_here = reveal.population if reveal is not None else 0
            said = t(REASONS[res.premium_reason], player=names[res.premium], cards=cards_here)
        return [tagged("premium-why", note(said))]
    if setup.player_count == 2 and res.entrants and res.complete:
        if res.last_round:
            return [note(t("2 players, last round: the round's one bonus is gained in another "
                           "building; nobody here gains anything."))]
        return [note(t("2 players: the round's one premium is taken in another building; "
                       "here everyone takes the normal action."))]
    return []


def why_premium(app: TableApp, view: TableView, res: BuildingResolution) -> list[ft.Control]:
    """The premium's reason with a "Why?" that opens its rule in the reference."""
    said = premium_why(app.t, view, res)
    rule = "two-players" if view.setup.player_count == 2 else "actions"
    return [ft.Row([*said, why_button(app, rule, "premium-why-rules")], wrap=True, spacing=4,
                   run_spacing=0)] if said else []


def last_round_lines(t: Translator, view: TableView, res: BuildingResolution
                     ) -> list[ft.Control]:
    """The last round's bonus instead of the actions (R-ROUND-D b)."""
    if not res.last_round or res.last_round_bonus is None:
        return []
    return [tagged("last-round-bonus", banner(t(
        "Last round, no actions: {player} would take the premium and gains 1 influence in the "
        "{estate} instead; the others get nothing.",
        player=view.setup.names[res.last_round_bonus], estate=estate_name(t, res.estate)),
        ft.Icons.HOURGLASS_BOTTOM, dense=True))]


def action_chip(t: Translator, view: TableView, taken: ActionTaken) -> ft.Control:
    """A player's action in one short line: premium or normal, and what it does."""
    label = t("Premium") if taken.premium else t("Normal action")
    # one flowing paragraph: the action's words start beside its kind, not on a line below
    # it, so a building of five fits beside the next reveal's steppers on a laptop
    return tagged(f"action-{taken.player}", ft.Container(
        content=ft.Text(spans=[
            ft.TextSpan(label + "  ", style=ft.TextStyle(size=theme.SMALL_SIZE - 1,
                                                         weight=ft.FontWeight.BOLD)),
            ft.TextSpan(action_line(t, view, taken))], size=theme.SMALL_SIZE),
        padding=ft.Padding.symmetric(horizontal=8, vertical=2), border_radius=8,
        bgcolor="#FFF8E1" if taken.premium else ft.Colors.SURFACE_CONTAINER_LOW))


def hospital_stepper(t: Translator, taken: ActionTaken, value: int, on_hospital: Any
                     ) -> ft.Control:
    """The hand cards a Hospital action discarded: data the table enters here."""
    return ft.Row([
        text(t("hand cards discarded"), size=theme.SMALL_SIZE),
        tagged(f"hospital-{taken.player}-fewer", ft.IconButton(
            ft.Icons.REMOVE_CIRCLE_OUTLINE, icon_size=28,
            on_click=on_hospital(taken.player, -1), disabled=value == 0)),
        tagged(f"hospital-{taken.player}", ft.Text(str(value), size=theme.HEADING_SIZE)),
        tagged(f"hospital-{taken.player}-more", ft.IconButton(
            ft.Icons.ADD_CIRCLE_OUTLINE, icon_size=28, on_click=on_hospital(taken.player, +1),
            disabled=value >= taken.action.hand_cards_up_to)),
    ], spacing=0, tight=True, wrap=True, vertical_alignment=ft.CrossAxisAlignment.CENTER)


def actions_part(app: TableApp, view: TableView, step: TakeActions) -> ft.Control:
    """A building's actions (R-ROUND-D b/c) as the next tap shows them above its own controls,
    `view` the table at that step: the next tap records them first, with the Hospital's
    discards (data, on steppers here: the session folds them in, `Session.decide`). The next
    building's first reveal, or the next round's row, is the sign that these actions are
    done: no Done tap of their own.

    Compact, so the next tap's controls stay in sight with five players in the building: in
    the rules' order, Sword and Flute first (resolved at the reveal, R-ROUND-D
    a, R-SPECIAL-1/2), why the premium goes where it goes, one line per player with the
    action they take, then what each revealed."""
    t = app.t
    setup = view.setup
    res = step.resolution
    b = step.building
    own = app.tab.round
    options = {o.player: o.up_to for o in step.hospital}
    recorded = {p: view.record.hospital_cards(b, p) for p in options}
    for p in options:  # a choice a phone made since this tab's taps stands (it came first)
        key = (view.round, b, p)
        if key in own.hospital and own.hospital_seen.get(key, 0) != recorded[p]:
            del own.hospital[key]
    # capped: a correction since the taps may have taken a player's premium (and limit) away
    hospital = {p: min(own.hospital.get((view.round, b, p), recorded[p]), up_to)
                for p, up_to in options.items()}

    def on_hospital(player: int, delta: int) -> Any:
        def handler(_event: Any = None) -> None:
            value = max(0, min(options[player], hospital[player] + delta))
            own.hospital[(view.round, b, player)] = value
            own.hospital_seen[(view.round, b, player)] = recorded[player]
            app.render()
        return handler

    session = app.session
    phones_choose = {c.chooser for c in open_choices(session.decision_view())
                     if c.building == b} if session is not None else set()

    rows: list[ft.Control] = []
    for taken in () if res.last_round else res.actions:
        # the action and its stepper in a column that takes the rest of the line: its words
        # wrap there and the stepper sits under them, never past the panel's edge
        action: list[ft.Control] = [action_chip(t, view, taken)]
        if taken.action.kind is ActionKind.HOSPITAL and taken.player in hospital:
            action.append(hospital_stepper(t, taken, hospital[taken.player], on_hospital))
            if taken.player in phones_choose:
                action += waiting_for_phone(app, taken.player, setup)
        rows.append(ft.Row([
            player_chip(setup.names[taken.player], setup.colours[taken.player], small=True),
            ft.Column(action, spacing=0, tight=True, expand=True)],
            spacing=6, vertical_alignment=ft.CrossAxisAlignment.START))
    # what each revealed comes last: the rats were taken at the reveal, when it was shown
    # side by side while they fit; a long one (French, five players) wraps in its own line
    # instead of running past the panel's edge
    rows.append(ft.Row([tagged(f"revealed-{r.player}", ft.Row([
        player_chip(setup.names[r.player], setup.colours[r.player], small=True),
        text(reveal_words(t, r), size=theme.SMALL_SIZE - 1, expand=True, expand_loose=True)],
        spacing=4, tight=True)) for r in res.reveals], wrap=True, spacing=10, run_spacing=2))
    if options:  # a taker's phone chooses their discard; the table may always enter it
        rows.append(tagged("hospital-recorded-here", text(t(
            "Hospital: the hand cards discarded are chosen on the takers' phones or entered "
            "here; this is where they are recorded."), size=theme.SMALL_SIZE)))
    title = text(words(t, step), size=theme.SMALL_SIZE, weight=ft.FontWeight.BOLD)
    part = tagged(f"actions-of-{b}", ft.Container(
        content=ft.Column([title, *special_lines(app, view, res), *why_premium(app, view, res),
                           *last_round_lines(t, view, res), *rows], spacing=4, tight=True),
        padding=ft.Padding.symmetric(horizontal=10, vertical=6), border_radius=12,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT)))
    return part
