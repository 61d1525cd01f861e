"""Durable games: each game is its event log in one SQLite file; nothing said at the table is lost.

`GameStore` owns the file, `Session` is the single writer of one game (validate, append, fold,
notify; undo and redo), `records` turns a game into a portable JSON record and back.
"""
