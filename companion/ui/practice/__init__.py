"""The practice game's narration and its way out, beside the table's own screens."""
