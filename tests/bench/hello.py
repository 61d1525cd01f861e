"""The yardstick: a bare Flet 1.0 hello-world, served exactly the way the table server is.

`companion.server.app` serves `flet_web.fastapi.app(main, no_cdn=True)` with uvicorn; this
script does the same with a one-line page, so "at most 1.3x a bare Flet app" compares our
server with the least any Flet web app costs on this machine, started the same way (a fresh
Python process, `python tests/bench/hello.py --port P`).
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fastapi import FastAPI


def build_app() -> FastAPI:
    import flet as ft
    from flet_web.fastapi import app as flet_app

    async def main(page: ft.Page) -> None:
        page.add(ft.Text("Hello, world!"))

    app: FastAPI = flet_app(main, no_cdn=True)
    return app


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8560)
    args = parser.parse_args(argv)
    import uvicorn

    uvicorn.run(build_app(), host=args.host, port=args.port, log_level="warning",
                timeout_graceful_shutdown=2)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
