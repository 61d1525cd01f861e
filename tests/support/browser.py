"""The browser tests' chromium and live server: now in `support.harness`, the one harness.

Kept so that modules outside tests/browser/ importing `support.browser` keep working; new code
imports `support.harness`.
"""

from __future__ import annotations

from support.harness import (  # noqa: F401  (re-exported)
    CHROMIUM_ARGS,
    CHROMIUM_PATH,
    chromium_browser,
    free_port,
    live_server,
    requires_chromium,
)
