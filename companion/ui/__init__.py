"""The table app: one Flet web app that a group of players uses through a whole game.

`server.serve` starts it; `main.main(page)` is Flet's entry for one browser; `shell.TableApp`
is the app shell (navigation, language, undo/redo); every screen is its own module, listed
in `routes.ROUTES`, and reads state from the game's `Session` only.
"""
