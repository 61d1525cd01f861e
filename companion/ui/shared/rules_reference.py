"""The rules, one tap away from every screen (the book icon in the bar), and from every "why".

The whole game in the players' words (`reference_entries`), in the order it is played, under a
search field that keeps the entries whose title or words hold what was typed, whatever the
case and the accents. Opened at a rule (a premium's reason, a refusal, a tie, a teaching
card's "Tell me more"), the entry that explains it comes first and is marked. A rule's ID is
a detail on the entry's title, never in its words.
"""

from __future__ import annotations

import unicodedata
from typing import Any

import flet as ft

from companion.i18n import Translator
from companion.i18n.names import printed_name
from companion.rules.catalog import BUILDINGS, Building
from companion.ui.shared import theme
from companion.ui.shared.reference_entries import ENTRIES, Entry, entry_for
from companion.ui.shared.widgets import big_button, tagged, text
from companion.ui.shell import TableApp

_BUILDINGS = {b.value: b for b in Building}
ASKED_COLOUR = "#FFF8E1"


def open_rules(app: TableApp, rule_id: str | None = None) -> None:
    """Every "why" the table shows (a premium's reason, a refusal, a tie, a teaching card's
    "Tell me more") opens the reference here, at the entry of `rule_id` (an ID of RULES.md,
    such as "R-ROUND-D", or an entry's key where a rule has several) when one is given."""
    app.page.show_dialog(rules_dialog(app, rule_id))


def why_button(app: TableApp, rule_id: str, identifier: str) -> ft.Control:
    """A small "Why?" beside a reason the table shows: it opens the rule's entry."""
    def explain(_event: Any = None) -> None:
        open_rules(app, rule_id)

    return tagged(identifier, ft.TextButton(app.t("Why?"), icon=ft.Icons.MENU_BOOK,
                                            on_click=explain))


def folded(words: str) -> str:
    """`words` as search compares them: no case, no accents ("Épée" finds "epee")."""
    plain = unicodedata.normalize("NFKD", words.casefold())
    return "".join(c for c in plain if not unicodedata.combining(c))


def matches(t: Translator, entry: Entry, query: str) -> bool:
    """Whether every word of `query` is in the entry's title or words, in the table's
    language."""
    said = folded(" ".join([t(entry.title), *(t(p) for p in entry.paragraphs)]))
    return all(word in said for word in folded(query).split())


def entry_card(t: Translator, entry: Entry, asked: bool = False) -> ft.Control:
    """One entry: its title (the rules' IDs a tap away, off the sentence), its words; a
    building's in its class's colour with the name printed on the cards, if another."""
    # A screen reader reads the title and the words, not the ID.
    detail = ft.Tooltip(message=", ".join(entry.rules), exclude_from_semantics=True,
                        # Flet 1.0.5 declares the modes as plain strings in a class.
                        trigger_mode=ft.TooltipTriggerMode.TAP)  # type: ignore[arg-type]
    lines: list[ft.Control] = [text(t(entry.title), size=theme.HEADING_SIZE - 4,
                                    weight=ft.FontWeight.BOLD, tooltip=detail)]
    building = _BUILDINGS.get(entry.key)
    border: str = ft.Colors.OUTLINE_VARIANT
    if building is not None:
        border = theme.ESTATE_COLOURS[BUILDINGS[building].estate]
        printed = printed_name(t, building)
        if printed is not None:
            lines.append(text(printed, size=theme.SMALL_SIZE, italic=True))
    if asked:
        lines.insert(0, text(t("The rule you asked about"), size=theme.SMALL_SIZE,
                             weight=ft.FontWeight.BOLD, colour="#8D6E00"))
    lines += [text(t(p), size=theme.SMALL_SIZE) for p in entry.paragraphs]
    return tagged(f"rules-entry-{entry.key}", ft.Container(
        content=ft.Column(lines, spacing=4, tight=True),
        border=ft.Border.all(3 if asked or building is not None else 1, border),
        border_radius=12, padding=10, bgcolor=ASKED_COLOUR if asked else None))


def entries_shown(t: Translator, query: str, asked: Entry | None) -> list[ft.Control]:
    """The entries `query` finds, under their sections; the asked one first, marked."""
    found = [e for e in ENTRIES if matches(t, e, query)]
    if not found:
        return [tagged("rules-nothing-found", text(
            t("Nothing found for “{words}”. Try another word, or clear the search.",
              words=query.strip())))]
    shown: list[ft.Control] = []
    if asked is not None and asked in found:
        shown.append(tagged("rules-asked", entry_card(t, asked, asked=True)))
    section = None
    for entry in found:
        if entry is asked:
            continue
        if entry.section != section:
            section = entry.section
            shown.append(text(t(section), size=theme.HEADING_SIZE, weight=ft.FontWeight.BOLD))
        shown.append(entry_card(t, entry))
    return shown


def rules_dialog(app: TableApp, rule_id: str | None = None) -> ft.AlertDialog:
    t = app.t
    asked = entry_for(rule_id)
    listing = ft.Column(entries_shown(t, "", asked), spacing=10, tight=True,
                        horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
    width = getattr(app.page, "width", None) or theme.CONTENT_WIDTH
    height = getattr(app.page, "height", None) or 800

    def searched(_event: Any = None) -> None:
        listing.controls = entries_shown(t, search.value or "", asked)
        listing.update()

    def clear(_event: Any = None) -> None:
        search.value = ""
        searched()
        search.update()

    search = ft.TextField(
        label=t("Search the rules"), prefix_icon=ft.Icons.SEARCH, on_change=searched,
        dense=True, autofocus=False,
        suffix=tagged("rules-search-clear", ft.IconButton(
            ft.Icons.CLEAR, tooltip=t("Clear the search"), on_click=clear)))

    def close(_event: Any = None) -> None:
        app.page.pop_dialog()

    return ft.AlertDialog(
        title=tagged("rules-reference", ft.Text(t("Rules reference"), size=theme.TITLE_SIZE)),
        content=ft.Container(
            ft.Column([tagged("rules-search", search),
                       ft.Column([listing], scroll=ft.ScrollMode.AUTO, expand=True,
                                 horizontal_alignment=ft.CrossAxisAlignment.STRETCH)],
                      spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
            width=min(theme.CONTENT_WIDTH, width - 96), height=max(240, height - 250)),
        actions=[big_button("close-rules", t("Close"), close)],
        inset_padding=ft.Padding.symmetric(horizontal=16, vertical=16),
        semantics_label=t("Rules reference"))
