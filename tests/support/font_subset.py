"""The table's fonts cut down to what it draws, for a tablet's cold load: made once, committed,
tested.

A tablet's cold load over Wi-Fi was 5.4 MB, 1.2 MB of it fonts (gzipped): DejaVu Sans in two
weights with every script it covers, and Flutter's Material icon font with all 8,600 icons in
four styles, of which the table uses about seventy. `python tests/support/font_subset.py`
(from a checkout) writes the subsets into `companion/web/fonts/`, from Debian's
`fonts-dejavu-core` (the files the table shipped whole until then, byte for byte) and from the
icon font of the installed Flet client. fontTools is a test dependency, not the app's: the
subsets are committed, and `tests/test_ui_assets.py` fails when a text or an icon the app draws
is missing from them, so whoever adds an icon runs this again.

What the text font keeps is more than the four languages' words: a player's name may be typed
in any Latin, Greek or Cyrillic script, and a glyph the font lacks would be fetched from a CDN
the table never reaches (a box instead of a letter). TrueType hinting is dropped: Flutter's
web renderer does not use it, and it was a fifth of each file.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable
from pathlib import Path

from flet_web import get_package_web_dir
from fontTools import subset  # type: ignore[import-untyped]  # a test dependency: see above
from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

import companion

PACKAGE = Path(companion.__file__).parent
FONTS = PACKAGE / "web" / "fonts"
DEJAVU_SOURCE = Path("/usr/share/fonts/truetype/dejavu")
TEXT_FONTS = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")
ICON_FONT = "MaterialIcons-Table.otf"
"""Its own name, not Flet's: a browser that cached Flet's whole font keeps it apart."""

TEXT_RANGES = (
    (0x0020, 0x007E), (0x00A0, 0x024F),  # Latin, Latin-1, Extended A and B
    (0x0300, 0x036F),                    # combining diacritics (a name typed decomposed)
    (0x0370, 0x03FF), (0x0400, 0x04FF),  # Greek, Cyrillic
    (0x1E00, 0x1EFF),                    # Latin Extended Additional
    (0x2000, 0x206F), (0x2070, 0x209F),  # punctuation, super- and subscripts
    (0x20A0, 0x20CF), (0x2100, 0x218F),  # currency, letterlike, number forms
    (0x2190, 0x22FF),                    # arrows, mathematical operators
    (0x25A0, 0x25FF), (0x2700, 0x27BF),  # geometric shapes, dingbats (the check mark)
    (0xFB00, 0xFB06), (0xFFFD, 0xFFFD),  # ligatures, the replacement character
)

FLUTTER_OWN_ICONS = (
    "close", "arrow_back", "arrow_back_ios", "arrow_back_ios_new", "arrow_forward",
    "arrow_forward_ios", "arrow_drop_down", "arrow_drop_up", "arrow_upward", "arrow_downward",
    "expand_more", "expand_less", "cancel", "clear", "more_vert", "more_horiz", "menu",
    "search", "check", "chevron_left", "chevron_right", "keyboard_arrow_left",
    "keyboard_arrow_right", "keyboard_arrow_up", "keyboard_arrow_down", "calendar_today",
    "edit", "access_time", "keyboard", "visibility", "visibility_off", "drag_handle",
    "error", "error_outline", "refresh", "remove", "add", "check_box",
    "check_box_outline_blank", "indeterminate_check_box", "radio_button_checked",
    "radio_button_unchecked", "info", "warning", "help",
)
"""Icons Flutter's and Flet's own widgets draw by themselves (a snackbar's close, a
dropdown's arrow, a fold-out's chevron, a back button on any platform, a date picker's)."""

ICON_NAME = re.compile(r"\bIcons\.([A-Z0-9_]+)\b")
STYLES = ("_OUTLINED", "_ROUNDED", "_SHARP")


def flet_icon_font() -> Path:
    return Path(get_package_web_dir()) / "assets" / "fonts" / "MaterialIcons-Regular.otf"


def icons_in_source(root: Path = PACKAGE) -> set[str]:
    """Every icon of Flet's the package's code names."""
    found: set[str] = set()
    for source in root.rglob("*.py"):
        found.update(ICON_NAME.findall(source.read_text(encoding="utf-8")))
    return found


def glyph_name(icon: str) -> str:
    """Flet's `Icons.MENU_BOOK_OUTLINED` is the icon font's glyph `menu_book_outlined`, its
    `Icons.MENU_BOOK` the glyph `menu_book_baseline`; a name that starts with a digit has an
    underscore before it (`_10k_baseline`)."""
    name = icon.lower() if icon.endswith(STYLES) else icon.lower() + "_baseline"
    return "_" + name if name[0].isdigit() else name


def icon_glyphs() -> set[str]:
    return ({glyph_name(icon) for icon in icons_in_source()}
            | {glyph_name(name.upper()) for name in FLUTTER_OWN_ICONS})


def icon_codepoints(font: Path) -> dict[str, int]:
    """Each glyph of `icon_glyphs` by its code point in `font` (Flutter's `IconData`)."""
    by_glyph = {glyph: code for code, glyph in TTFont(font).getBestCmap().items()}
    return {glyph: by_glyph[glyph] for glyph in icon_glyphs()}


def text_unicodes() -> list[int]:
    return [code for first, last in TEXT_RANGES for code in range(first, last + 1)]


def _subset(source: Path, target: Path, unicodes: Iterable[int]) -> None:
    options = subset.Options()
    options.hinting = False
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.drop_tables = [*options.drop_tables, "FFTM"]
    font = TTFont(source)
    cutter = subset.Subsetter(options)
    cutter.populate(unicodes=list(unicodes))
    cutter.subset(font)
    font.save(target)


def main(source: Path = DEJAVU_SOURCE) -> int:
    for name in TEXT_FONTS:
        _subset(source / name, FONTS / name, unicodes=text_unicodes())
    icons = icon_codepoints(flet_icon_font())
    _subset(flet_icon_font(), FONTS / ICON_FONT, unicodes=[0x20, *icons.values()])
    for name in (*TEXT_FONTS, ICON_FONT):
        print(f"{name}: {(FONTS / name).stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else DEJAVU_SOURCE))
