"""What a story opens over a store of its own is closed when the story ends, passed or failed.

A game night of the phone tests (`support.phones.TableNight` and its kin) and a table on the
stand-in page (`support.table_screens.TableOnPage`) are held in a `with` block, or a fixture
yields inside one: leaving it closes the store and whatever else the story's thing holds
(`close`), so one story's game never runs on into the next one's.
"""

from __future__ import annotations

from typing import Self

from companion.store.db import GameStore


class OwnStore:
    """Something a story opens over a store of its own; `with` it."""

    store: GameStore

    def close(self) -> None:
        self.store.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()
