"""The six influence tracks as the table sees them: discs stacked by space, the top disc first.

The tracks are on every round screen, because the players decide where to enter by looking at
them. They show only what lies on the physical board: influence and the order of the discs on a
shared space (R-ROUND-D a, which decides ties in R-SCORE-1). Rats are never read here: they
are secret until the plague check (R-SETUP-1), so this module takes the tracks, not the state.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import flet as ft

from companion.i18n import Translator
from companion.i18n.names import estate_name
from companion.rules.catalog import Estate, PlayerColour
from companion.rules.views import ESTATES, Track
from companion.ui.shared import theme
from companion.ui.shared.widgets import tagged


@dataclass(frozen=True)
class Space:
    """One occupied space of a track: its value and the players there, top disc first."""

    value: int
    top_down: tuple[int, ...]


def spaces(track: Track) -> tuple[Space, ...]:
    """The occupied spaces from the highest value down; on a space the latest arrival first."""
    values = sorted(set(track.values), reverse=True)
    return tuple(Space(v, tuple(reversed(track.order_on_space(v)))) for v in values)


def track_label(t: Translator, estate: Estate, track: Track, names: Sequence[str]) -> str:
    """The track read aloud: "Church: Ben 4, Anna 4, Cleo 0" (top disc first on a tie)."""
    parts = [f"{names[p]} {space.value}" for space in spaces(track) for p in space.top_down]
    return f"{estate_name(t, estate)}: " + ", ".join(parts)


def _disc(name: str, colour: PlayerColour) -> ft.Control:
    return ft.Container(
        content=ft.Text(name[:2], size=theme.SMALL_SIZE - 1, weight=ft.FontWeight.BOLD,
                        color=theme.ON_PLAYER_COLOURS[colour]),
        width=34, height=34, border_radius=17, alignment=ft.Alignment.CENTER,
        bgcolor=theme.PLAYER_COLOURS[colour], border=ft.Border.all(2, "#00000055"),
        tooltip=name)


def _space(space: Space, names: Sequence[str], colours: Sequence[PlayerColour]) -> ft.Control:
    discs = [_disc(names[p], colours[p]) for p in space.top_down]
    return ft.Container(
        content=ft.Row([ft.Text(str(space.value), size=theme.BODY_SIZE,
                                weight=ft.FontWeight.BOLD), *discs], spacing=3, tight=True),
        padding=ft.Padding.symmetric(horizontal=6, vertical=2), border_radius=20,
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH)


def estate_track(t: Translator, estate: Estate, track: Track, names: Sequence[str],
                 colours: Sequence[PlayerColour]) -> ft.Control:
    colour = theme.ESTATE_COLOURS[estate]
    header = ft.Row([ft.Icon(theme.ESTATE_ICONS[estate], color=colour, size=20),
                     ft.Text(estate_name(t, estate), size=theme.SMALL_SIZE,
                             weight=ft.FontWeight.BOLD, color=colour)], spacing=6, tight=True)
    row = ft.Row([_space(s, names, colours) for s in spaces(track)], wrap=True, spacing=6,
                 run_spacing=4)
    card = ft.Container(content=ft.Column([header, row], spacing=4, tight=True),
                        border=ft.Border.only(left=ft.BorderSide(5, colour)),
                        padding=ft.Padding.only(left=8, top=4, bottom=4, right=4))
    return tagged(f"track-{estate.value}", card,
                  label=track_label(t, estate, track, names))


def tracks_panel(t: Translator, tracks: Sequence[Track], names: Sequence[str],
                 colours: Sequence[PlayerColour], wide: bool = False) -> ft.Control:
    """All six tracks: one per line in a side panel (`wide`), two or three per line on top."""
    spans: ft.ResponsiveNumber = {"xs": 12} if wide else {"xs": 6, "md": 4}
    cells: list[ft.Control] = [
        ft.Container(estate_track(t, e, tracks[i], names, colours), col=spans)
        for i, e in enumerate(ESTATES)]
    return tagged("tracks", ft.Column([
        ft.Row([ft.Text(t("Influence"), size=theme.BODY_SIZE, weight=ft.FontWeight.BOLD),
                ft.Text(t("top disc first"), size=theme.SMALL_SIZE, italic=True)],
               spacing=8, wrap=True),
        ft.ResponsiveRow(cells, spacing=8, run_spacing=8),
    ], spacing=6, tight=True))
