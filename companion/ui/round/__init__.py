"""Playing the rounds: the game's page, the round screen and its phases A-E, corrections."""
