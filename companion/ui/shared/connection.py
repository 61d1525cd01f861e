"""A tab's connection closing under a redraw asked from elsewhere."""

from __future__ import annotations


def connection_just_closed(exc: BaseException) -> bool:
    """Whether drawing failed because the tab's connection had just closed. Flet (1.0) drops a
    connection's send queue as its socket closes, and tells the session a moment later: a redraw
    asked from elsewhere in between (another tab's undo, the history's scores ready, a tick) put
    its message into no queue, "'NoneType' object has no attribute 'put_nowait'", a traceback in
    the terminal. The session's disconnect follows; `TabLife` then stops following the game,
    and draws the screen afresh if the browser comes back."""
    return isinstance(exc, AttributeError) and exc.name == "put_nowait" and exc.obj is None
