"""Everything one table tab remembers between redraws that is not the game itself.

The game is the session's; but a setup not started yet, a half-typed form, the editor of a
correction, the QR on show or when the rats hide again belong to the browser tab at hand (two
tabs on one game must not share them). The shell keeps one `TabState` per tab and every screen
finds its part here, so nothing of a tab is kept in a module.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.ui.phones.memory import PanelMemory, PrivateMemory
from companion.ui.round.drafts import Fix, RoundDrafts
from companion.ui.setup.draft import SetupDraft


@dataclass
class TabState:
    setup: SetupDraft | None = None
    """The setup wizard's choices so far, kept across its screens."""
    score_sheet: dict[str, Any] | None = None
    """What was typed into the paper-game scoring sheet."""
    round: RoundDrafts = field(default_factory=RoundDrafts)
    """The round screen's and the end form's half-made inputs."""
    fix: Fix | None = None
    """The correction being edited (at most one)."""
    phones: PanelMemory = field(default_factory=PanelMemory)
    private: PrivateMemory = field(default_factory=PrivateMemory)
