"""The table's own list of icons (`companion.ui.shared.icons`) draws what Flet's would.

Flet's `ft.Icons` loads the names of all its icons into the server for good (issue 24), so the
app names its icons through a small enum of its own; these checks keep it Flet's: the same
numbers, exactly the icons the source names, and no way back to Flet's list.
"""

from __future__ import annotations

import ast
from pathlib import Path

import flet as ft

import companion
from companion.server.font_subset import icons_in_source
from companion.ui.shared.icons import Icons

PACKAGE = Path(companion.__file__).parent
HEAVY_NAMES = {"Icons"}
HEAVY_MODULES = {"flet.controls.material.icons"}


def test_each_icon_has_flets_number_for_it() -> None:
    for icon in Icons:
        assert int(icon) == int(getattr(ft.Icons, icon.name)), icon.name


def test_the_list_holds_exactly_the_icons_the_source_names() -> None:
    assert {icon.name for icon in Icons} == icons_in_source()


def test_no_module_reaches_for_flets_whole_icon_list() -> None:
    found = []
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Attribute) and node.attr in HEAVY_NAMES
                    and isinstance(node.value, ast.Name) and node.value.id == "ft"):
                found.append(f"{path.name}:{node.lineno} ft.{node.attr}")
            if isinstance(node, ast.ImportFrom) and node.module in HEAVY_MODULES:
                found.append(f"{path.name}:{node.lineno} {node.module}")
            if isinstance(node, ast.Import):
                found += [f"{path.name}:{node.lineno} {a.name}" for a in node.names
                          if a.name in HEAVY_MODULES]
    assert found == []
