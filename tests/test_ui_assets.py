"""The table works offline: its font covers every text, and Flet's page is patched, not replaced."""

from __future__ import annotations

import json
from pathlib import Path

import flet as ft
from fontTools.ttLib import TTFont  # type: ignore[import-untyped]
from support.font_subset import (
    ICON_FONT,
    TEXT_FONTS,
    flet_icon_font,
    glyph_name,
    icon_codepoints,
    icons_in_source,
    text_unicodes,
)

from companion.i18n.catalogs import TRANSLATED, read_catalog
from companion.server.app import ASSETS_DIR

_FLET_WEB_INIT = __import__("flet_web").__file__
assert _FLET_WEB_INIT is not None
FLET_WEB = Path(_FLET_WEB_INIT).parent / "web"


def _catalog_characters() -> set[str]:
    """Every character of the English source and of each translated catalog."""
    chars: set[str] = set()
    for lang in TRANSLATED:
        for message in read_catalog(lang):
            for part in (message.id, message.string):
                for text in part if isinstance(part, tuple) else (part,):
                    chars.update(text or "")
    return chars


def test_the_catalogs_are_read_in_every_language() -> None:
    assert {"de", "fr", "nl"} <= set(TRANSLATED)
    assert {"ß", "É", "ë", "’", "\u00a0"} <= _catalog_characters()


def test_the_shipped_font_has_every_glyph_of_every_language() -> None:
    extra = set("0123456789×·„“–—…✓→ ")
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"):
        cmap = TTFont(ASSETS_DIR / "fonts" / name)["cmap"].getBestCmap()
        missing = {c for c in _catalog_characters() | extra
                   if c.isprintable() and ord(c) not in cmap}
        assert missing == set(), f"{name} lacks {sorted(missing)}"


def test_the_text_font_keeps_every_latin_greek_and_cyrillic_letter_a_name_may_have() -> None:
    """A player's name is typed in, in any of these scripts; the subset keeps what the
    source font had of them (`support.font_subset`)."""
    wanted = set(text_unicodes())
    for name in TEXT_FONTS:
        cmap = TTFont(ASSETS_DIR / "fonts" / name)["cmap"].getBestCmap()
        assert {"Ł", "ő", "Ş", "ø", "Ω", "Ж", "ї", "€", "✓"} <= {chr(c) for c in cmap}
        assert set(cmap) <= wanted | {0x0D}, f"{name} is not the subset"


def test_every_icon_the_app_names_is_in_the_icon_subset_at_flutters_code_point() -> None:
    used = icons_in_source()
    assert {"CHECK", "MENU_BOOK", "VISIBILITY_OUTLINED", "ARROW_BACK"} <= used
    for icon in used:
        assert hasattr(ft.Icons, icon), icon
    full = TTFont(flet_icon_font())
    subset = TTFont(ASSETS_DIR / "fonts" / ICON_FONT)
    full_cmap, cut_cmap = full.getBestCmap(), subset.getBestCmap()
    for glyph, code in icon_codepoints(flet_icon_font()).items():
        assert full_cmap[code] == glyph
        assert cut_cmap.get(code) == glyph, f"{glyph}: run python -m support.font_subset"
    assert len(cut_cmap) < 200


def test_an_icon_is_named_as_flutters_font_names_it() -> None:
    assert glyph_name("MENU_BOOK") == "menu_book_baseline"
    assert glyph_name("VISIBILITY_OUTLINED") == "visibility_outlined"
    assert glyph_name("REMOVE_CIRCLE_OUTLINE") == "remove_circle_outline_baseline"
    cmap = {glyph for glyph in TTFont(flet_icon_font()).getBestCmap().values()}
    assert {glyph_name("CHECK"), "_10k_baseline"} <= cmap


def test_the_font_licence_ships_with_the_font() -> None:
    assert "Bitstream Vera" in (ASSETS_DIR / "fonts" / "LICENSE-DejaVu.txt").read_text()


def test_the_font_manifest_names_only_local_files() -> None:
    manifest = json.loads((ASSETS_DIR / "assets" / "FontManifest.json").read_text())
    families = {entry["family"] for entry in manifest}
    assert families == {"MaterialIcons", "DejaVu Sans"}
    for entry in manifest:
        for font in entry["fonts"]:
            local = (ASSETS_DIR / "assets" / font["asset"]).resolve()
            assert local.exists(), font["asset"]


def test_index_page_is_flets_own_plus_the_offline_guard() -> None:
    """If Flet's page changes (an upgrade), this fails and the copy must be redone."""
    ours = (ASSETS_DIR / "index.html").read_text(encoding="utf-8")
    theirs = (FLET_WEB / "index.html").read_text(encoding="utf-8")
    start = ours.index("  <script>\n    // Rattus Cartus Companion")
    end = ours.index("  <!-- fletAppConfig -->")
    restored = (ours[:start] + ours[end:]).replace(
        'content="Rattus Cartus Companion"', 'content="Flet application."')
    assert restored == theirs


def test_the_cdn_script_has_a_local_stand_in() -> None:
    assert "RiveNative" in (ASSETS_DIR / "offline" / "rive_native.js").read_text()
