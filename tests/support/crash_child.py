"""The crash test's child: plays a scripted game through the engine and the store until killed.

Run as `python crash_child.py DATA_DIR SEED PLAYERS`. DATA_DIR holds this one game: the
child resumes it if it is there (redoing a step whose redo was cut off), otherwise starts
`random_game(SEED, PLAYERS)`, and plays the script on from where the store stands. Before
each step it prints `try N` (N: the number of events the game will hold if the step
commits) and, once the commit has returned, `ack N`. Every few steps it undoes and redoes
the last public step, so flag updates are killed mid-flight too.
"""

from __future__ import annotations

import sys
from pathlib import Path

from companion.rules.simulate import random_game
from companion.store.codec import is_private
from companion.store.db import GameStore
from companion.store.session import Session

UNDO_EVERY = 7


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
            say("try", len(session.events) + 1)
            session.redo()
            say("ack", len(session.events))
    else:
        say("try", 1)
        session = Session.start(store, script[0])
        say("ack", 1)
    for event in script[len(session.events):]:
        count = len(session.events)
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
    say("done", len(session.events))


if __name__ == "__main__":
    main(Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]))
