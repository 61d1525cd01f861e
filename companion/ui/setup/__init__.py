"""Setting up a game: players, buildings, options, then the lay-out checklist that starts it."""
