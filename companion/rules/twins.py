"""Two cards of one building in a round's row: which card of the row a building is.

A building has 5 copies (R-SETUP-2), and R-ROUND-A draws a new card only when all the row's
cards are alike, so two of a row's three cards can be one building. The table and the phones
then name each by its card of the row (`companion.i18n.names.row_building_name`, the phone's
`copy`), so that a line about one is never read as about the other.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.rules.catalog import Building


def copy_number(row: Sequence[Building], index: int) -> int | None:
    """Which card of the row (1 from the left) the building at `index` is, when the row holds
    another card of that building; None for a building alone in its row."""
    if not 0 <= index < len(row) or list(row).count(row[index]) < 2:
        return None
    return index + 1
