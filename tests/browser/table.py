"""The table tests' toolbox: the server, the offline context and the screenshots are
`support.harness`'s (the one harness); tapping, typing and waiting are
`support.flutter`'s, shared with the benchmark's scripted game.

Kept so that modules outside tests/browser/ importing `browser.table` keep working.
"""

from __future__ import annotations

from support.flutter import (  # noqa: F401  (the browser tests' toolbox)
    bring_into_view,
    by_id,
    enable_semantics,
    next_frame,
    open_table,
    switch_language,
    tap,
    tap_and_redraw,
    type_into,
    wait_for_said,
    wait_for_text,
)
from support.harness import (  # noqa: F401  (re-exported)
    KEY_LINE,
    LOCAL_HOSTS,
    PICTURES_WANTED,
    SCREENSHOTS,
    Offline,
    TableServer,
    offline_page,
    picture,
    resize_table,
    screenshot,
    shooter,
    table_context,
    table_server,
)
