from __future__ import annotations

from collections.abc import Iterator

import pytest
from support.harness import chromium_browser, requires_chromium


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/browser/" in str(item.fspath).replace("\\", "/"):
            item.add_marker(pytest.mark.browser)
            item.add_marker(requires_chromium)


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    """One chromium per module: Playwright's sync API cannot run twice at once in a thread, and
    other modules (the phones' and the benchmarks' tests) start their own."""
    with chromium_browser() as launched:
        yield launched
