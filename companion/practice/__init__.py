"""Practice games: the rulebook's own example round, played on the table's real screens."""
