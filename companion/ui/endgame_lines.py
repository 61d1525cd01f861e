"""The scoring's explanation lines on the table: the texts live in
`companion.i18n.scoring_lines`, the one mapping of scoring codes to msgids."""

from __future__ import annotations

from companion.i18n.scoring_lines import LINES, line_text, names, step_title

__all__ = ["LINES", "line_text", "names", "step_title"]
