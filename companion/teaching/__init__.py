"""Teaching a first game at the table: lessons as data, when they are due, what was shown."""
