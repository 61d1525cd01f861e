"""The games a running server has open: one `Session` per game, shared by every view of it.

A session is the single writer of its game, so the table's tabs and the phones must all talk
to the same object; this registry hands it out, opening a stored game on first use.

The engine and the session are imported here, with the server, so they are loaded before the
server starts a thread: the warm-up, a tab's first connection and a phone's first request
later only find them loaded, and never load one module at once.
"""

from __future__ import annotations

import threading

from companion.phones.seats import SeatRegistry
from companion.rules import RuleViolation, next_step, replay
from companion.rules.events import Event
from companion.rules.views import TableView, public_view
from companion.store.db import GameNotFound, GameStore, GameSummary
from companion.store.session import Session


class OpenGames:
    def __init__(self, store: GameStore, seats: SeatRegistry | None = None) -> None:
        self.store = store
        self.seats = seats
        """The phones' `SeatRegistry`, for the pairing QR codes (None: no phones)."""
        self._sessions: dict[str, Session] = {}
        self._practice: dict[str, bool] = {}
        self._lock = threading.Lock()

    def start(self, first_event: Event, practice: bool = False) -> Session:
        session = Session.start(self.store, first_event, practice=practice)
        with self._lock:
            self._sessions[session.game_id] = session
        return session

    def open(self, game_id: str) -> Session:
        """The game's session, resumed from the store if no view has it open yet."""
        with self._lock:
            session = self._sessions.get(game_id)
            if session is None:
                session = Session.resume(self.store, game_id)
                self._sessions[game_id] = session
            return session

    def session(self, game_id: str) -> Session | None:
        """For the phones: None for a game that is not stored."""
        try:
            return self.open(game_id)
        except GameNotFound:
            return None

    def unfinished(self) -> list[GameSummary]:
        return self.store.unfinished_games()

    def all(self) -> list[GameSummary]:
        """Every game for the past games' list, which shows no damage (see
        `GameStore.list_games_unchecked`)."""
        return self.store.list_games_unchecked()

    def is_practice(self, game_id: str) -> bool:
        """Whether `game_id` is a practice game (the rulebook's example); False for a game
        that is not stored. Asked at every redraw of a game's screen; the marker is written
        once, with the game, so it is read from the store once."""
        known = self._practice.get(game_id)
        if known is None:
            try:
                known = self.store.game(game_id).practice
            except GameNotFound:
                return False
            self._practice[game_id] = known
        return known

    def view_of(self, game_id: str) -> TableView | None:
        """What the table may see of a stored game, without opening it for play (the home
        screen's list), at the step its game screen will show: past the steps that take no
        tap of their own (the engine's `next_step`, no Hospital discard entered yet), so at
        the end of round 2 the resume card shows round 3's row, as the game screen does.
        Played on a copy, stored nowhere; if the engine refuses a folded step (a damaged
        record), the game where its events leave it. A damaged record raises the store's or
        the engine's error."""
        events = self.store.active_events(game_id)
        state = replay(events)
        if state is None:
            return None
        try:
            ahead = next_step(state)
        except RuleViolation:
            return public_view(state, len(events))
        assert ahead.state is not None  # folding a started game leaves a started game
        return public_view(ahead.state, len(events) + len(ahead.events()))
