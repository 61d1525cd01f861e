"""One check for every screen: each control can be reached, each text is whole.

The screen tests of single controls missed a stepper pushed past the right edge of the
Hospital's actions: Flutter drops a control it clips away from the semantics tree,
so nothing was there to be found missing. This check looks at the whole tree instead, on any
screen, at any size:

- every node lies wholly inside the window's width (nothing pushed off to the side);
- every enabled control can be scrolled wholly into the body, between the app bar and the
  bottom bar (the page is scrolled down to its end to see it, then back to the top);
- no text is cut: a one-line text whose words are wider than its box (Flutter clips the box
  to its container, so a cut text has a box narrower than its words), and no ellipsis;
- no word broken across lines: a text with a word wider than its box (Flutter then breaks
  the word where the line ends, with no hyphen: "Bevölkerungsk / arten"), measured in the
  shipped font at the smallest size the table prints that the box's height allows; a
  button's label with a word wider than the button even at that size, and a card of the
  own deck's picker with a word wider than its inside in the card's own print
  (`CARDS`); and no
  field too narrow for its label on one line (an empty field draws its label inside itself
  and clips a second line). A text outside every tagged part of the screen (the frame, the
  app bar's title and buttons, the bottom bar) is Flutter's own tooltip, printed smaller
  than the table prints, and is not measured (a pointer left resting on a disc or on "13+"
  showed one to the check);
- every control the engine offers for the step on screen is there (`expected_controls`),
  so a control clipped away entirely is found by its absence;
- on a round's screen (`in_sight`), what the acting player taps is in sight as the screen
  comes, unscrolled (`out_of_sight`): the count buttons of phase C, the reveal's numbers and
  steppers, a Sword's or Flute's choice, the Hospital's steppers, between the bars; the
  button that moves on in the bottom bar; and, when the players record a building's actions,
  what its resolution decided.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.ui.round.reveal import PICK_PADDING
from companion.ui.shared import theme
from support.flutter import BOTTOM_BAR, TIMEOUT_MS, TOP_BAR

CONTROL_ROLES = ("button", "textbox", "checkbox", "switch", "slider", "radio", "link", "tab",
                 "menuitem", "combobox")

CARDS: dict[str, tuple[int, str, float, int]] = {
    "pick-": (theme.BODY_SIZE, "bold", 0.25, 2 * PICK_PADDING)}
"""Tapped cards whose name is printed in a known way, by their identifier's start: its size,
its weight, the px between its letters (Material's body style) and the card's paddings on
both sides together (the own deck's picker: the building's name in bold body print). A word
wider than the card's inside is broken across lines with no hyphen ("Schatzkamm / er")."""

LINE_HEIGHT = 1.43
"""How far apart a text's lines are, in times its size: Material's body style, in which every
text of the table's is drawn, sets it."""

_SCAN = """async ([roles, fontUrl, boldUrl, cards, merged, lineHeight]) => {
    if (!window.__rattusFont) {
        try {
            const face = new FontFace('RattusCheck', `url(${fontUrl})`);
            document.fonts.add(await face.load());
            const bold = new FontFace('RattusCheck', `url(${boldUrl})`, {weight: 'bold'});
            document.fonts.add(await bold.load());
            window.__rattusFont = 'RattusCheck';
        } catch (e) { window.__rattusFont = 'DejaVu Sans'; }
    }
    const canvas = window.__rattusCanvas || (window.__rattusCanvas =
        document.createElement('canvas'));
    const ctx = canvas.getContext('2d');
    // the widest piece of `words` between two places a line may break (spaces, after a
    // hyphen, a slash, a dash; a soft hyphen is no such place, as Flutter draws no hyphen
    // there), in `font`, `spacing` px between letters
    const widest = (words, font, spacing = 0) => {
        ctx.font = `${font} ${window.__rattusFont}`;
        return Math.max(...words.replace(/\\u00ad/g, '')
            .split(/\\s+|(?<=[-\\/\\u2010\\u2013\\u2014\\u200b])/)
            .map(w => ctx.measureText(w).width + spacing * w.length));
    };
    const SIZES = [14, 15, 16, 18, 19, 20, 22, 28, 40];  // theme.py's sizes, smallest first
    const out = [];
    const seen = {};
    for (const e of document.querySelectorAll('flt-semantics')) {
        const r = e.getBoundingClientRect();
        if (r.width <= 0 || r.height <= 0) continue;
        let owner = e, id = null;
        while (owner && owner.tagName) {
            id = owner.getAttribute && owner.getAttribute('flt-semantics-identifier');
            if (id) break;
            owner = owner.parentElement;
        }
        const role = e.getAttribute('role') || '';
        const field = e.querySelector(':scope > input, :scope > textarea');
        const control = roles.includes(role) || e.hasAttribute('flt-tappable') || !!field;
        const label = (e.getAttribute('aria-label') || '').trim();
        const leaf = !e.querySelector('flt-semantics');
        const own = label || (leaf ? (e.textContent || '').trim() : '');
        let words = 0;
        let lines = 0;
        const icon = Math.abs(r.width - r.height) < 2 && r.width <= 48;  // its label: a tooltip
        // a text outside every tagged part of the screen (the frame, the bars, the title) is
        // one of Flutter's own floating parts: a tooltip under a resting pointer, in 12 px
        const floating = !id;
        if (own && leaf && !own.includes('\\n') && !field && !icon && !floating) {
            // at the smallest size the table prints (14 px; DejaVu Sans: 1.164 em a line),
            // on as many lines as the box is tall (a control's inside: 4 px of padding above
            // and below at the least, so a 34 px chip holds one line): a box that holds the
            // words at their real size, however they wrap, is never taken for cut
            const size = Math.min(14, r.height / 1.164);
            const inside = control ? r.height - 8 : r.height;
            lines = Math.max(1, Math.floor(inside / (1.164 * size)));
            ctx.font = `${size}px ${window.__rattusFont}`;
            words = ctx.measureText(own).width;
            if (role === 'button' && r.height >= 54 && r.height <= 58) {
                // the table's tall buttons hold one line (18 px, with padding and perhaps an
                // icon): a longer label wraps and its second line is cut by the button.
                // Measured at 16 px with the least padding a button has, never too long.
                ctx.font = `16px ${window.__rattusFont}`;
                words = ctx.measureText(own).width + 24;
                lines = 1;
            }
        }
        // a word wider than its box is broken across lines by Flutter, with no hyphen: the
        // widest piece (`widest`), at the smallest size the table prints whose lines make up
        // the box's height (a text's lines are `LINE_HEIGHT` em apart)
        let longest = 0;
        const card = own && !field && !icon && !floating && control
            ? cards.find(([prefix]) => (id || '').startsWith(prefix)) : undefined;
        if (card) {
            // a tapped card's name, in the card's own print, between its paddings
            const [, size, weight, spacing, padding] = card;
            longest = padding + widest(own, `${weight} ${size}px`, spacing);
        } else if (own && !own.includes('\\n') && !field && !icon && !floating
                   && role === 'button') {
            // any other button's label: a word wider than the box even at the smallest size
            // the table prints, with no padding, is surely broken (a label of several lines
            // holds the button's tooltip, which is not drawn in it)
            longest = widest(own, '14px');
        } else if (own && leaf && !own.includes('\\n') && !field && !icon && !floating) {
            const size = SIZES.find(s => {
                const n = r.height / (lineHeight * s);
                return n > 0.9 && Math.abs(n - Math.round(n)) < 0.08;
            });
            if (size) longest = widest(own, `${size}px`);
        } else if (own && own.includes('\\n') && merged.some(p => (id || '').startsWith(p))) {
            // texts drawn together into one node (a card of several lines, whose lines' own
            // boxes are not in the tree), where asked for: a word wider than the whole box
            // even at the smallest size the table prints, with no padding, is surely broken
            longest = widest(own, '14px');
        }
        // a field's label, drawn in the empty field at 16 px (0.5 px between letters) between
        // 16 px paddings: on one line, or the field clips its second line
        let labelled = 0;
        const named = field ? (field.getAttribute('aria-label') || '').trim() : '';
        if (named) {
            ctx.font = `16px ${window.__rattusFont}`;
            labelled = ctx.measureText(named).width + 0.5 * named.length + 32;
        }
        const base = (id || role || 'node') + (own ? ':' + own.slice(0, 40) : '');
        seen[base] = (seen[base] || 0) + 1;
        out.push({key: base + '#' + seen[base], id: e.getAttribute('flt-semantics-identifier'),
                  control, enabled: e.getAttribute('aria-disabled') !== 'true',
                  label: own.slice(0, 80), words, lines, longest, labelled,
                  x: r.x, y: r.y, width: r.width, height: r.height});
    }
    return out;
}"""

_QUIET = """async () => {
    const frame = () => new Promise(r => requestAnimationFrame(() => r()));
    const sign = () => [...document.querySelectorAll('flt-semantics')].map(e => {
        const r = e.getBoundingClientRect();
        return [r.x, r.y, r.width, r.height].map(Math.round).join(',');
    }).join(';');
    let last = sign(), same = 0;
    for (let i = 0; i < 900 && same < 4; i++) {
        await frame();
        const now = sign();
        same = now === last ? same + 1 : 0;
        last = now;
    }
    return last;
}"""
"""The semantics tree once no node has moved for four frames: a scroll or a relayout done.
Returns its signature, so a scroll that moved nothing (the end of the page) is seen."""


@dataclass
class Reach:
    """What one look at a screen found wrong, each problem in one line."""

    problems: list[str] = field(default_factory=list)
    looked: int = 0


def settle(page: Any) -> str:
    signature: str = page.evaluate(_QUIET)
    return signature


def scan(page: Any, merged: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """Every node of the semantics tree with its box and what its words need (`_SCAN`).
    `merged`: prefixes of identifiers whose node holds the texts of several lines drawn
    together (a card of the rules reference), judged for a word wider than the whole box;
    elsewhere such a node's words may be a label no line shows (a phase's letter)."""
    nodes: list[dict[str, Any]] = page.evaluate(
        _SCAN, [list(CONTROL_ROLES), "fonts/DejaVuSans.ttf", "fonts/DejaVuSans-Bold.ttf",
                [[prefix, *print_] for prefix, print_ in CARDS.items()], list(merged),
                LINE_HEIGHT])
    return nodes


def look(page: Any, where: str, expected: set[str] = frozenset(),  # type: ignore[assignment]
         in_sight: bool = False) -> list[str]:
    """Every problem of the screen as it is now (see the module's docstring), scrolling it to
    its end and back; `expected`: identifiers of controls that must be there; `in_sight`: a
    round's screen, whose acting controls must be in sight before any scroll."""
    viewport = page.viewport_size
    width, height = viewport["width"], viewport["height"]
    problems: list[str] = []
    settle(page)
    nodes = scan(page)
    ids = {n["id"] for n in nodes if n["id"]}
    body_top, body_bottom = TOP_BAR, height - (BOTTOM_BAR if "bottom-bar" in ids else 0)
    problems += [f"{where}: {i} missing (the engine offers it)" for i in sorted(expected - ids)]
    if in_sight:
        problems += out_of_sight(where, nodes, width, height)

    def fixed(n: dict[str, Any]) -> bool:
        """In the app bar or the bottom bar: they do not scroll."""
        return n["y"] + n["height"] <= body_top + 0.5 or n["y"] >= body_bottom - 8

    pending: dict[str, dict[str, Any]] = {}
    for n in nodes:
        problems += side_problems(where, n, width, body_top, body_bottom)
        if (n["control"] and n["enabled"] and not fixed(n) and not snackbar_close(n)
                and not inside(n, body_top, body_bottom)):
            pending[n["key"]] = n
    signature = ""
    scrolled = False
    for _ in range(20):
        if not pending:
            break
        scrolled = True
        page.mouse.move(width * 0.3, height / 2)
        page.mouse.wheel(0, (body_bottom - body_top) * 0.6)
        now = settle(page)
        if now == signature:
            break  # the end of the page
        signature = now
        for n in scan(page):
            problems += side_problems(where, n, width, body_top, body_bottom)
            if n["key"] in pending and (inside(n, body_top, body_bottom)
                                        or n["y"] == pending[n["key"]]["y"]):
                del pending[n["key"]]  # in sight now, or above the page (it does not scroll)
    problems += [f"{where}: {n['key']} cannot be scrolled above the bottom bar "
                 f"(y={round(n['y'])} h={round(n['height'])})" for n in pending.values()
                 if n["height"] < body_bottom - body_top]
    if scrolled:  # to the top again; a look that did not scroll moved nothing
        to_top(page, width, height)
    return sorted(set(problems))


SNACKBAR_CLOSE = {"button:Close", "button:Schließen", "button:Fermer", "button:Sluiten"}
"""Flutter's own close icon of a message (its tooltip in the four languages): it floats above
the page, slides in and goes away by itself, so it is no control of the page to scroll to (a
scan while it slides in saw it below the bottom bar, and it was gone before the next scan)."""


def snackbar_close(n: dict[str, Any]) -> bool:
    return not n["id"] and n["key"].rsplit("#", 1)[0] in SNACKBAR_CLOSE


def to_top(page: Any, width: int, height: int) -> None:
    signature = ""
    for _ in range(30):
        page.mouse.move(width * 0.3, height / 2)
        page.mouse.wheel(0, -height)
        now = settle(page)
        if now == signature:
            return
        signature = now


def inside(n: dict[str, Any], top: float, bottom: float) -> bool:
    return n["y"] >= top - 0.5 and n["y"] + n["height"] <= bottom + 0.5


def side_problems(where: str, n: dict[str, Any], width: int, top: float, bottom: float
                  ) -> list[str]:
    """Beyond the sides, cut or shortened; a text is judged only while wholly in the body
    (at the body's edges the scrolling view clips it, which is no fault)."""
    found = []
    if n["x"] < -0.5 or n["x"] + n["width"] > width + 0.5:
        found.append(f"{where}: {n['key']} beyond the window's side "
                     f"(x={round(n['x'])} w={round(n['width'])} of {width})")
    whole = (top + 0.5 < n["y"] and n["y"] + n["height"] < bottom - 0.5) \
        or n["y"] + n["height"] <= top + 0.5 or n["y"] >= bottom
    if whole and n["words"] > n["lines"] * n["width"] + 2:
        found.append(f"{where}: {n['key']} is cut (its words need {round(n['words'])} px, "
                     f"its box is {round(n['width'])})")
    if whole and n["longest"] > n["width"] + 1:
        found.append(f"{where}: {n['key']} breaks a word across lines (its widest word needs "
                     f"{round(n['longest'])} px, its box is {round(n['width'])})")
    if whole and n["labelled"] > n["width"] + 1:
        found.append(f"{where}: {n['key']} is a field too narrow for its label on one line "
                     f"(it needs {round(n['labelled'])} px, the field is {round(n['width'])})")
    if "…" in n["label"] or n["label"].endswith("..."):
        found.append(f"{where}: {n['key']} ends in an ellipsis")
    return found


def expected_controls(data_dir: Path) -> set[str]:
    """The controls the engine offers for the step the table shows now: the stored game's next
    decision (`rules.decision.next_step`, past the steps the round screen folds into the
    next tap, as the screen draws them), with the Hospital's steppers of the actions folded
    before it. Read from the stored events, as the server keeps them, so no screen's own idea
    of the game is trusted."""
    from companion.rules import apply
    from companion.rules.decision import next_step
    from companion.rules.guide import Choose, Enter, RevealCards
    from companion.store.db import GameStore

    with GameStore.open(data_dir) as store:
        games = store.unfinished_games()
        if not games:
            return set()
        state = None
        for event in store.active_events(games[0].game_id):
            state = apply(state, event)
    assert state is not None
    decision = next_step(state)
    wanted = {f"hospital-{option.player}-{way}" for _, option in decision.hospital
              for way in ("more", "fewer")}
    step = decision.step
    if isinstance(step, RevealCards):
        wanted |= {"reveal-matching", "reveal-confirm", "reveal-other-more",
                   "reveal-jokers-more"}
    elif isinstance(step, Enter):
        assert decision.state is not None
        wanted |= {f"enter-{b}-0" for b in range(len(decision.state.rounds[-1].row))}
    elif isinstance(step, Choose):
        wanted |= {f"choose-{p}" for p in step.choice.candidates}
    return wanted


ACTING = (
    r"enter-\d+-(\d+|more|fewer)",
    r"reveal-(other|jokers|swords|flutes)(-more|-fewer|-\d+)?",
    r"reveal-matching",
    r"choose-\d+",
    r"choice",
    r"hospital-\d+(-more|-fewer)?",
    r"prompt",
)
"""What the acting player taps (and the prompt that says who acts): in sight, unscrolled."""
MOVES_ON = ("reveal-confirm", "actions-done", "end-round", "pass")
"""The buttons of the bottom bar: they must be on screen, below the body."""
DECIDED = (r"special-(sword|flute)", r"premium-why", r"action-\d+", r"last-round-bonus")
"""What a building's resolution decided, on screen when the players tap what records its
actions as done: the next building's first reveal, the next round's row, or, in the last
round, the end of the game."""


def first_of(nodes: list[dict[str, Any]], patterns: tuple[str, ...]) -> dict[str, dict[str, Any]]:
    """The first node of each identifier that matches one of `patterns`."""
    found: dict[str, dict[str, Any]] = {}
    for n in nodes:
        identifier = n["id"]
        if identifier and identifier not in found and any(re.fullmatch(p, identifier)
                                                          for p in patterns):
            found[identifier] = n
    return found


def outside(box: dict[str, Any], width: float, top: float, bottom: float) -> bool:
    return (box["x"] < 0 or box["x"] + box["width"] > width + 0.5
            or box["y"] < top - 0.5 or box["y"] + box["height"] > bottom + 0.5)


def out_of_sight(where: str, nodes: list[dict[str, Any]], width: int, height: int) -> list[str]:
    """A round's screen as it comes (`nodes`: its tagged nodes' boxes, unscrolled): the acting
    controls and, when the players record a building's actions, what its resolution decided
    lie between the app bar and the bottom bar; the buttons that move on lie in the bottom
    bar. Only a drawn bottom bar covers the foot of the view: round 1's first entry has none,
    as nobody holds a Pass card yet."""
    ids = {n["id"] for n in nodes if n["id"]}
    body_bottom = height - (BOTTOM_BAR if "bottom-bar" in ids else 0)
    checked = first_of(nodes, ACTING)
    if "actions-done" in ids or any(i.startswith("actions-of-") for i in ids):
        checked |= first_of(nodes, DECIDED)
    found = [f"{where}: {i} out of sight ({box_of(n)})" for i, n in checked.items()
             if outside(n, width, TOP_BAR, body_bottom)]
    found += [f"{where}: {i} not in the bottom bar ({box_of(n)})"
              for i, n in first_of(nodes, MOVES_ON).items()
              if outside(n, width, body_bottom - 8, height)]
    return found


def box_of(n: dict[str, Any]) -> str:
    return f"x={round(n['x'])} y={round(n['y'])} w={round(n['width'])} h={round(n['height'])}"


__all__ = ["ACTING", "DECIDED", "MOVES_ON", "TIMEOUT_MS", "Reach", "expected_controls", "look",
           "out_of_sight", "settle"]
