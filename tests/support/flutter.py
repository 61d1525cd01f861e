"""Driving the table's Flutter client in chromium as a player would: tap, type, scroll.

Flutter draws on a canvas; what a program can reach is its semantics tree, switched on after
the client has started. Every helper here waits for a condition the screen shows, never for a
fixed time, because a loaded machine (CI beside another test run) stretches each frame and each
round trip to the server by seconds. Used by the benchmarks (the scripted game that counts
taps) and by the browser tests, so both drive the app the same way.
"""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

TIMEOUT_MS = 30_000
TOP_BAR = 64
"""Flutter's app bar covers the top of the view; a field under it takes no taps."""
BOTTOM_BAR = 96
"""Nor does a field under the bottom bar of buttons."""
WHEEL_STEP = 250

_STILL = """async el => {
    const frame = () => new Promise(r => requestAnimationFrame(() => r()));
    let last = '', same = 0;
    for (let i = 0; i < 600 && same < 3; i++) {
        await frame();
        const r = el.getBoundingClientRect();
        const now = [r.x, r.y, r.width, r.height].map(Math.round).join(',');
        same = now === last ? same + 1 : 0;
        last = now;
    }
    const r = el.getBoundingClientRect();
    return {x: r.x, y: r.y, width: r.width, height: r.height};
}"""
"""The element's box once it has not moved for three frames (a scroll or a relayout done)."""

_TAPPABLE_OF = "(el => el.hasAttribute('flt-tappable') ? el : el.querySelector('[flt-tappable]'))"

_BUTTON_OF = "(el.getAttribute('role') === 'button' ? el : el.querySelector('[role=button]'))"
"""A button that is disabled for now has no `flt-tappable` yet; the tap waits for it."""

_TAP = """el => {
    const target = """ + _TAPPABLE_OF + """(el);
    if (!target || !target.isConnected) return false;
    const r = target.getBoundingClientRect();
    const x = r.x + r.width / 2, y = r.y + r.height / 2;
    const scroll = () => {
        const now = performance.now();
        if (!(now - (target.__rattusScrolled || -1e9) < 500)) {
            target.__rattusScrolled = now;
            target.scrollIntoView({block: 'center', inline: 'center'});
        }
        return false;
    };
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return scroll();
    const hit = document.elementFromPoint(x, y);
    if (!hit || !target.contains(hit)) return scroll();
    const last = window.__rattusPointerUp || -1e9;
    if (performance.now() - last < 120) return false;
    window.__rattusSaid = [];
    target.click();
    return true;
}"""
"""Click the tappable node once it is enabled, on screen and uncovered; one further down, or half
under the bottom bar, is scrolled to (Flutter scrolls its view with the semantics tree's
scroll). Flutter ignores a click that follows a real pointer release by less than 50 ms (it
takes it for that release's own click), so the click also waits until the last release (a
text field's focusing tap) is 120 ms old."""

_TAP_BY_ID = """id => {
    const el = document.querySelector(`[flt-semantics-identifier='${id}']`);
    return !!el && (""" + _TAP + """)(el);
}"""
"""`_TAP` on the control tagged `id` as the page holds it now."""

_WATCH = """() => {
    if (window.__rattusWatch) return;
    window.__rattusWatch = true;
    window.__rattusSaid = [];
    addEventListener('pointerup', () => { window.__rattusPointerUp = performance.now(); }, true);
    const note = () => {
        for (const e of document.querySelectorAll("[flt-semantics-identifier='message']")) {
            const said = e.textContent.trim();
            if (said && !window.__rattusSaid.includes(said)) window.__rattusSaid.push(said);
        }
    };
    new MutationObserver(note).observe(document.documentElement, {subtree: true,
        childList: true, characterData: true, attributes: true,
        attributeFilter: ['flt-semantics-identifier']});
}"""
"""Watch the page for what a test must not miss: the last real pointer release (see `_TAP`),
and every message the table shows (a snackbar stays 3.5 s; on a loaded machine a test can look
later than that, so each one is noted when Flutter puts it on the page)."""

_OWN_FIELD = "flt-text-editing-host .flt-text-editing"
"""Flutter's web engine picks how it edits text once per page, at the first text field it
focuses: in that field's node of the semantics tree if the tree is on by then, otherwise in a
hidden field of its own, laid over the field being edited, which a person's keyboard types
into. A tab reloaded on a screen with a focused field (the setup wizard's first name) focuses
it before the tests switch the tree on, and edits in its own field for the rest of its life."""
_EDITED = """el => {
    if (document.activeElement === el && el.hasAttribute('autocorrect')) return 'self';
    const own = document.activeElement;
    if (!own || !own.matches('""" + _OWN_FIELD + """')) return '';
    const o = own.getBoundingClientRect(), r = el.getBoundingClientRect();
    const x = o.x + o.width / 2, y = o.y + o.height / 2;
    return r.x <= x && x <= r.x + r.width && r.y <= y && y <= r.y + r.height ? 'own' : '';
}"""
"""Whether the field `el` (its node in the semantics tree) takes input, and where: 'self' when
attached itself, 'own' when the engine's own field (`_OWN_FIELD`) has the focus over it, ''
when it does not take input yet."""
_ATTACHED_OR_UNMARKED = """el => {
    const how = (""" + _EDITED + """)(el);
    if (!how) el.removeAttribute('autocorrect');
    return how;
}"""
"""`_EDITED` of the field; for one that takes no input yet, its mark of an attach is taken
away, in the same script, before it is tapped."""
_ATTACHED_BY_ID = """id => {
    const el = document.querySelector(
        `[flt-semantics-identifier='${id}'] input, [flt-semantics-identifier='${id}'] textarea`);
    return el !== null && !!(""" + _EDITED + """)(el);
}"""
FIELD_TAP_MS = 5_000
"""How long a tapped field may take to attach its text editing before it is tapped again."""
TYPING_TRIES = 3
"""Taps and typings of one text before `type_into` gives up."""


def open_table(page: Page, url: str, timeout: float = 60_000) -> None:
    """Load the Flutter client and switch on its semantics tree."""
    page.goto(url)
    page.wait_for_selector("#loading", state="detached", timeout=timeout)
    enable_semantics(page)


_SEMANTICS_ON = """() => {
    if (document.querySelector('flt-semantics-host flt-semantics')) return true;
    const placeholder = document.querySelector('flt-semantics-placeholder');
    if (placeholder) placeholder.click();
    return false;
}"""
"""True once Flutter's semantics tree is drawn; until then it presses the placeholder a screen
reader would press, found and pressed in the same script."""


def enable_semantics(page: Page) -> None:
    """Switch on the semantics tree as a screen reader does. Found in one step and pressed in
    another, the placeholder was once gone in between, and the press waited for it 30 s (a CI
    run under load, a fresh server's first page; why it went was not seen)."""
    page.wait_for_function(_SEMANTICS_ON, timeout=TIMEOUT_MS, polling=100)
    page.evaluate(_WATCH)


def by_id(page: Page, identifier: str) -> Locator:
    return page.locator(f"[flt-semantics-identifier='{identifier}']")


def tap(page: Page, identifier: str) -> None:
    """Tap the control tagged `identifier` (its button, not the label around it).

    The tap is the control's own semantics action, the one a screen reader sends: one click
    event on the tappable node, dispatched in the same script that checked the node is on
    screen and uncovered. A mouse tap is three events sent in three round trips (down, up,
    click); on a loaded machine they reach Flutter seconds apart, and Flutter's web engine
    then decides by a 200 ms timer whether to deliver the click or replay the pointer events
    for a hit test against the screen as it is by then. Two CI runs under load lost one such
    tap each (the button stayed, the server never heard of it); a single event has no such
    split.
    """
    target = by_id(page, identifier)
    target.wait_for(state="visible", timeout=TIMEOUT_MS)
    node = target.first.element_handle()
    if node.evaluate("el => " + _TAPPABLE_OF + "(el) !== null || " + _BUTTON_OF + " !== null"):
        # found afresh at every poll: a redraw between finding the control and tapping it
        # (a message's own redraw, on a loaded machine) replaces its node, and a tap kept
        # for the old node would wait for it for ever
        page.wait_for_function(_TAP_BY_ID, arg=identifier, timeout=TIMEOUT_MS)
        return
    page.evaluate("() => { window.__rattusSaid = []; }")
    inner = target.locator("input, textarea")
    if inner.count():
        inner.first.click()
    else:
        target.click()


def tap_and_redraw(page: Page, identifier: str) -> None:
    """Tap, then wait until the screen has been drawn anew from the server's answer.

    The table redraws its whole view after every tap, so each control's semantics node is
    replaced. Until then the old controls are on screen; a second tap that lands on one of them
    is sent for a control the server has already dropped, and is lost. Waiting for the tapped
    node to leave the page waits for exactly that answer, however slow the machine.
    """
    before = by_id(page, identifier).first
    before.wait_for(state="visible", timeout=TIMEOUT_MS)
    node = before.element_handle()
    tap(page, identifier)
    page.wait_for_function("el => !el.isConnected", arg=node, timeout=TIMEOUT_MS)


def switch_language(page: Page, lang: str, look_at_choice: Callable[[], None] | None = None
                    ) -> None:
    """Choose the table's language in the app bar's dialog; back once the screen is drawn in it.

    The dialog hides the screen beneath it from the semantics tree, and closing it brings that
    screen back as it was, in the old language, before the server has heard that the dialog
    closed: its redraw in the new language comes a round trip later (seconds on a loaded
    machine) and replaces every control. A tap in between goes to a control the server has
    dropped and is lost (three CI runs under load, 2026-12-04). The app bar's own button,
    drawn by the same redraw, names the language. `look_at_choice` runs while the dialog is
    open (a screenshot, a layout check)."""
    tap(page, "language")
    by_id(page, f"language-{lang}").wait_for(timeout=TIMEOUT_MS)
    if look_at_choice is not None:
        look_at_choice()
    tap(page, f"language-{lang}")
    wait_for_text(page, "language", lang.upper())


def still_box(locator: Locator) -> dict[str, float]:
    box: dict[str, float] = locator.evaluate(_STILL)
    return box


def bring_into_view(page: Page, locator: Locator) -> None:
    """Scroll Flutter's own view until `locator` is wholly on screen, between the bars.

    The DOM's scrolling does not move Flutter's view, and Flutter takes no tap or text for a
    control outside it: a player scrolls with the wheel, so the helper does too.
    """
    viewport = page.viewport_size
    assert viewport is not None
    height = viewport["height"]
    for _ in range(60):
        box = still_box(locator)
        if TOP_BAR <= box["y"] and box["y"] + box["height"] <= height - BOTTOM_BAR:
            return
        page.mouse.move(viewport["width"] / 2, height / 2)
        page.mouse.wheel(0, WHEEL_STEP if box["y"] > height / 2 else -WHEEL_STEP)
    raise AssertionError(f"could not scroll {locator} into view")


def type_into(page: Page, identifier: str, value: str) -> None:
    """Type `value` into the text field tagged `identifier`, as a player would: into the field
    that has the keyboard once it takes input (the engine's own, see `_OWN_FIELD`), until the
    field holds it. A redraw that replaces the field as the text goes in (the window turned
    just before, on a loaded machine) leaves a new field without it: the player taps the
    field again and types again, as at a table."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    from playwright.sync_api import expect

    for _ in range(TYPING_TRIES):
        field = focus_field(page, identifier)
        with contextlib.suppress(PlaywrightTimeout, AssertionError):
            field.fill(value, timeout=FIELD_TAP_MS)
            expect(field).to_have_value(value, timeout=FIELD_TAP_MS)
            return
    raise AssertionError(f"the field {identifier} never kept {value!r}")


def focus_field(page: Page, identifier: str) -> Locator:
    """Tap the text field tagged `identifier` until it takes input; its DOM field.

    Flutter focuses the DOM field at once on a tap but attaches its own text editing to it only
    a frame later (seconds on a loaded machine); text typed before that is wiped by the attach.
    Flutter writes the field's configuration (`autocorrect`) at every attach, so the attribute,
    removed just before the tap, tells when the field takes input. A field that is already
    focused and attached is left as it is. Where the engine edits in a field of its own
    (`_OWN_FIELD`), the field takes input once that one has the focus over it, and is the one
    returned.
    """
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    node = by_id(page, identifier)
    node.wait_for(state="visible", timeout=TIMEOUT_MS)
    bring_into_view(page, node)
    field = node.locator("input, textarea").first
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while not (how := field.evaluate(_ATTACHED_OR_UNMARKED)):
        # A redraw that replaces the field between the tap and the attach (the window just
        # resized, on a loaded machine) leaves a new field that was never tapped, and the wait
        # for the old one never ends: found afresh, the field is tapped again, as a player
        # taps a field again whose keyboard did not come up.
        if time.monotonic() > deadline:
            raise AssertionError(f"the field {identifier} never took input")
        field.click()
        with contextlib.suppress(PlaywrightTimeout):
            page.wait_for_function(_ATTACHED_BY_ID, arg=identifier, timeout=FIELD_TAP_MS)
    # where the text goes is read in the same script as the attach: a redraw replacing the
    # field between two scripts made the second see a new, unfocused field
    return page.locator(_OWN_FIELD + ":focus") if how == "own" else field


def wait_for_text(page: Page, identifier: str, text: str) -> None:
    """Until the control tagged `identifier` reads `text` (a counter after a tap, say)."""
    page.wait_for_function(
        "([id, v]) => { const e = document.querySelector("
        "`[flt-semantics-identifier='${id}']`); return e && e.textContent.trim() === v; }",
        arg=[identifier, text], timeout=TIMEOUT_MS)


def next_frame(page: Page) -> None:
    """Until the browser has drawn one more frame (a poll's pace, however slow the machine)."""
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => r()))")


def identifiers(page: Page) -> list[str]:
    found: list[str] = page.eval_on_selector_all(
        "[flt-semantics-identifier]",
        "els => els.map(e => e.getAttribute('flt-semantics-identifier'))")
    return found


def matching(page: Page, pattern: str) -> list[str]:
    return [i for i in identifiers(page) if re.fullmatch(pattern, i)]


def wait_for_said(page: Page, words: str) -> str:
    """Until the table has shown a message containing `words` since the last tap (a snackbar
    naming what the tap did, perhaps gone again by now); returns that message."""
    handle = page.wait_for_function(
        """v => [...(window.__rattusSaid || []),
                 ...[...document.querySelectorAll("[flt-semantics-identifier='message']")]
                    .map(e => e.textContent.trim())].find(s => s.includes(v))""",
        arg=words, timeout=TIMEOUT_MS)
    return str(handle.json_value())
