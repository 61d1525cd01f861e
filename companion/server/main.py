"""Flet's entry point for the table: `main(page)` for a packaged app, `make_main` for the server.

The server (`companion.server.app`) builds its own `main` bound to its configuration and open
games; the module-level `main` is what `flet build` runs on a device that *is* the table, so
there every browser session is the table's own and no host key is asked for.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from functools import cache

import flet as ft

from companion.server.config import TableConfig, load_or_create_host_key
from companion.server.games import OpenGames
from companion.store.db import GameStore, default_data_dir

PageMain = Callable[[ft.Page], Awaitable[None]]


def make_main(config: TableConfig, games: OpenGames) -> PageMain:
    async def table_main(page: ft.Page) -> None:
        # measured (`python -X importtime`): the table's screens are about a third of a cold
        # start; loaded when the first tab connects, the server answers the browser sooner.
        from companion.ui.routes import table_app

        await table_app(page, config, games).start()

    return table_main


@cache
def _local_table() -> tuple[TableConfig, OpenGames]:
    data_dir = default_data_dir()
    store = GameStore.open(data_dir)
    config = TableConfig(data_dir=data_dir, host_key=load_or_create_host_key(data_dir),
                         open_table=True)
    return config, OpenGames(store)


async def main(page: ft.Page) -> None:
    config, games = _local_table()
    await make_main(config, games)(page)
