"""The composition root: one process serving the table (Flet), the phones' pages and the games.

`config` (what a running server is set to, the host key) and `games` (the open sessions) are
handed to the table UI; `app` builds the ASGI app from the UI, the phones' routes and the store,
and `main` is Flet's entry point for a packaged app. Nothing below this package imports it.
"""
