"""The crash test's child: plays a scripted game through the engine and the store until killed.

Run as `python -m support.crash_child DATA_DIR SEED PLAYERS` from `tests/`. DATA_DIR holds this
one game: the child resumes it if it is there (redoing a step whose redo was cut off),
otherwise starts `random_game(SEED, PLAYERS)`, and plays the script on from where the store
stands. Before each step it prints `try N` (N: the number of events the game will hold if the
step commits) and, once the commit has returned, `ack N`. Every few steps it undoes and redoes
the last public step, so flag updates are killed mid-flight too.
"""

from __future__ import annotations

import sys
from pathlib import Path

from companion.store.codec import is_private
from companion.store.db import GameStore
from companion.store.session import Session
from support.simulate import random_game

UNDO_EVERY = 7


def events_held(session: Session) -> int:
    """How many events the game holds now (private ones included), as stored."""
    return len(session.store.active_events(session.game_id))


def say(word: str, count: int) -> None:
    sys.stdout.write(f"{word} {count}\n")
    sys.stdout.flush()


def main(data_dir: Path, seed: int, players: int) -> None:
    script = random_game(seed, players)
    store = GameStore.open(data_dir)
    stored = store.list_games()
    if stored:
        session = Session.resume(store, stored[0].game_id)
        if session.can_redo():
            say("try", events_held(session) + 1)
            session.redo()
            say("ack", events_held(session))
    else:
        say("try", 1)
        session = Session.start(store, script[0])
        say("ack", 1)
    for event in script[events_held(session):]:
        count = events_held(session)
        say("try", count + 1)
        session.submit(event)
        say("ack", count + 1)
        if count % UNDO_EVERY == 0 and not is_private(event):
            say("try", count)
            session.undo()
            say("ack", count)
            say("try", count + 1)
            session.redo()
            say("ack", count + 1)
    say("done", events_held(session))


if __name__ == "__main__":
    main(Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]))
