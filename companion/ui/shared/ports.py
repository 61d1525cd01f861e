"""What the table UI is handed by whoever serves it, as protocols: the UI does not import the
server that composes it (`companion.server` implements these)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    # Types only: the server imports this module at start (`KEY_PARAM`), and the engine and
    # the store behind these names are a large part of a cold start (measured,
    # docs/decisions.md).
    from companion.phones.seats import SeatRegistry
    from companion.rules.events import Event
    from companion.rules.views import TableView
    from companion.store.db import GameStore, GameSummary
    from companion.store.session import Session

KEY_PARAM = "key"
"""The query parameter of the table's address that carries the host key."""


class TableSettings(Protocol):
    """How this table is set up (`companion.server.config.TableConfig`)."""

    @property
    def data_dir(self) -> Path: ...
    @property
    def lang(self) -> str | None: ...
    @property
    def base_url(self) -> str: ...
    @property
    def open_table(self) -> bool: ...
    def is_host_key(self, candidate: str | None) -> bool: ...


class Games(Protocol):
    """The games a server has open (`companion.server.games.OpenGames`)."""

    @property
    def store(self) -> GameStore: ...
    @property
    def seats(self) -> SeatRegistry | None: ...
    def start(self, first_event: Event, practice: bool = False) -> Session: ...
    def open(self, game_id: str) -> Session: ...
    def unfinished(self) -> list[GameSummary]: ...
    def all(self) -> list[GameSummary]: ...
    def view_of(self, game_id: str) -> TableView | None: ...
    def is_practice(self, game_id: str) -> bool: ...


