"""The table app: one Flet web app that a group of players uses through a whole game.

`companion.server` serves it; `routes.table_app(page, config, games)` builds it for one browser
tab; `shell.TableApp` is the app shell (navigation, language, undo/redo) and `tab.TabState` what
the tab remembers. Screens are grouped by what the players do (`setup`, `round`, `endgame`,
`phones`, `home`), with the pieces they share in `shared`; `routes.ROUTES` lists them. A screen
sees a game only through the session's `TableView` (and the private view its player's
`PlayerView`), never the engine's state.
"""
