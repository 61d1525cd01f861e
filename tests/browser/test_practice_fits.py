"""The rulebook's example in chromium: on the laptop and both tablets, in Dutch (the longest of
the box's languages), the narration and "Leave the practice" fit the screen and are reachable
at every step of the example, and the table that follows the narration plays the book's round.

The practice is started with one tap on the home screen; every scene's controls are tapped as
its narration says (`companion.practice.example.SCENES`), each brought into view first as a
player scrolls. With `RATTUS_SCREENSHOTS=1`, pictures
(`screenshots/practice-<size>-<scene>.png`) are left for a person to look at.

One tab of the table serves the three sizes: each case starts on the home screen
(`back_home`), turns the window to its size, drawn anew for it (`drawn_for`), and starts a
practice of its own with the one tap, so no case depends on the one before it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from support.flutter import bring_into_view, by_id, switch_language, tap, tap_and_redraw
from support.harness import (
    Offline,
    TableServer,
    back_home,
    drawn_for,
    one_table_page,
    picture,
    table_server,
)

from companion.i18n import translator
from companion.practice.example import SCENES

SIZES = {"laptop": {"width": 1366, "height": 768}, "tablet": {"width": 1280, "height": 800},
         "upright": {"width": 800, "height": 1280}}

FITS = """ids => {
  const width = window.innerWidth, found = [];
  let checked = 0;
  for (const id of ids) {
    const root = document.querySelector(`[flt-semantics-identifier='${id}']`);
    if (!root) { found.push(`${id} is not on the screen`); continue; }
    const outer = root.getBoundingClientRect();
    if (outer.left < -1 || outer.right > width + 1)
      found.push(`${id} spans x ${Math.round(outer.left)}..${Math.round(outer.right)}`);
    for (const el of [root, ...root.querySelectorAll('flt-semantics')]) {
      const own = [...el.childNodes].filter(n => n.nodeType === Node.TEXT_NODE)
        .map(n => n.textContent).join('').trim() || (el.getAttribute('aria-label') || '').trim();
      const r = el.getBoundingClientRect();
      if (!own || r.width === 0 || r.height === 0) continue;
      checked += 1;
      if (r.left < outer.left - 1 || r.right > outer.right + 1 || r.right > width + 1
          || r.top < outer.top - 1 || r.bottom > outer.bottom + 1)
        found.push(`"${own.slice(0, 60)}" leaves ${id}`);
    }
  }
  return {checked, found};
}"""


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TableServer]:
    with table_server(tmp_path_factory.mktemp("practice")) as server:
        yield server


def fits(page: Any, ids: list[str]) -> list[str]:
    seen = page.evaluate(FITS, ids)
    return list(seen["found"]) + ([] if seen["checked"] >= 2 else ["no texts seen"])


@pytest.fixture(scope="module")
def page(served: TableServer, browser: Any) -> Iterator[Any]:
    with one_table_page(browser, served.table_url, Offline(), "nl-NL") as shared:
        yield shared


@pytest.mark.parametrize("size", list(SIZES))
def test_the_example_fits_and_its_way_out_is_in_reach(served: TableServer, page: Any,
                                                      size: str) -> None:
    offline = Offline()
    offline.install(page.context)
    t = translator("nl")
    back_home(page, served.table_url)
    drawn_for(page, SIZES[size])
    switch_language(page, "nl")
    page.get_by_text(t("New game")).first.wait_for()
    bring_into_view(page, by_id(page, "try-example"))
    tap_and_redraw(page, "try-example")
    problems: dict[str, list[str]] = {}
    for scene in SCENES[1:]:  # the book's row is laid out by the tap that starts it
        narration = by_id(page, "practice-narration")
        narration.first.wait_for()
        bring_into_view(page, narration.first)
        found = fits(page, ["practice-narration", "leave-practice"])
        picture(page, f"practice-{size}-{scene.key}")
        if found:
            problems[scene.key] = found
        assert by_id(page, "leave-practice").first.is_visible()
        for control in scene.controls:
            target = by_id(page, control).first
            target.wait_for()
            if control != "reveal-confirm":  # in the action bar, always in sight
                bring_into_view(page, target)
            tap_and_redraw(page, control)
    assert problems == {}
    assert "actions-of-2" in {i for i in page.eval_on_selector_all(
        "[flt-semantics-identifier]", "els => els.map(e => e.getAttribute("
        "'flt-semantics-identifier'))")}
    tap(page, "leave-practice")
    page.get_by_text(t("Continue the practice")).first.wait_for()
    assert offline.outside == []
