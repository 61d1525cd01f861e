"""The end of the game: what everyone holds, the plague check, the scoring and the result."""
