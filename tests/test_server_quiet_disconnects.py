"""A table tab that reloads ends its WebSocket: an ordinary goodbye, not an ERROR (issue 12,
item 15). Flet's handler lets the disconnect escape, and uvicorn logged it as "Exception in
ASGI application"; the server's outermost layer takes it as the goodbye it is."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect
from uvicorn.protocols.utils import ClientDisconnected

from companion.server.app import QuietDisconnects


def failing(exc: Exception) -> Any:
    async def app(scope: Any, receive: Any, send: Any) -> None:
        raise exc
    return app


@pytest.mark.parametrize("gone", [WebSocketDisconnect(1001), ClientDisconnected()])
def test_a_tab_going_away_ends_its_socket_quietly(gone: Exception) -> None:
    asyncio.run(QuietDisconnects(failing(gone))({"type": "websocket"}, None, None))


def test_a_real_fault_is_still_reported() -> None:
    with pytest.raises(RuntimeError):
        asyncio.run(QuietDisconnects(failing(RuntimeError("bug")))({"type": "websocket"},
                                                                   None, None))
    with pytest.raises(WebSocketDisconnect):  # not a WebSocket: not ours to judge
        asyncio.run(QuietDisconnects(failing(WebSocketDisconnect()))({"type": "http"},
                                                                     None, None))
