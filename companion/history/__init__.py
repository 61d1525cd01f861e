"""Game-night history: figures over every finished game, the CSV export and the command."""
