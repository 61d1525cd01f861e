"""What a story opens is closed when the story ends, passed or failed.

A game night of the phone tests (`support.phones.TableNight` and its kin), a table on the
stand-in page (`support.table_screens.TableOnPage`) and a phone's live stream
(`support.phones.Stream`) are held in a `with` block, or a fixture yields inside one: leaving
it calls their `close`, so one story's game never runs on into the next one's.
"""

from __future__ import annotations

from typing import Self

from companion.store.db import GameStore


class Closes:
    """Something a story holds in a `with` block; leaving the block calls `close`."""

    def close(self) -> None:
        raise NotImplementedError

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()


class OwnStore(Closes):
    """Something a story opens over a store of its own, which closing it closes."""

    store: GameStore

    def close(self) -> None:
        self.store.close()
