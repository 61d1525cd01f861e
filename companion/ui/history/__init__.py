"""The table's History screens: every finished game, a result, a player's page."""
