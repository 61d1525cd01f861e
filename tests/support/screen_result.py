"""The game's end as the table shows it, checked against the engine's replay of the stored game.

The browser stories read what to do from the screen only; at the end the stored events are
replayed and scored by the engine, and the screen's winner, totals, rats and tracks must be
the engine's (R-SCORE-1..7)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from support.story import Table


def stored_game(data_dir: Path) -> tuple[Any, list[Any]]:
    """The one stored game of `data_dir`, replayed: its state and its active events."""
    from companion.rules import replay
    from companion.store.db import EventStatus, GameStore

    store = GameStore.open(data_dir)
    try:
        (game,) = store.list_games()
        events = [e.event for e in store.events(game.game_id) if e.status is EventStatus.ACTIVE]
    finally:
        store.close()
    return replay(events), events


def check_result_against_engine(table: Table, data_dir: Path, lang: str) -> Any:
    """R-SCORE-1..7: the winner, every total and every track on the screen are the engine's."""
    from companion.i18n import translator
    from companion.rules.endgame import end_state
    from companion.rules.scoring import score
    from companion.rules.state import ESTATES, Phase
    from companion.ui.shared.tracks import track_label

    state, _ = stored_game(data_dir)
    assert state.phase is Phase.FINISHED
    result = score(end_state(state))
    shown = table.text("winner")
    if result.winners:
        for name in result.winners:
            assert name in shown
        assert str(result.player(result.winners[0]).total) in shown
    for seat, player in enumerate(result.players):
        assert table.text(f"total-{seat}").strip() == str(player.total)
        assert table.text(f"rats-{seat}").strip() == str(player.rats)
    t = translator(lang)
    for estate, track in zip(ESTATES, state.tracks, strict=True):
        assert track_label(t, estate, track, state.setup.names) in table.text(f"track-{estate}")
    return result
