"""Outside a game: the start page, past games, scoring a paper game, and what a browser
without the table's key sees."""
