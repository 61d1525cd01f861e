from __future__ import annotations

from collections.abc import Iterator

import pytest

from support.browser import chromium_browser, requires_chromium


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/browser/" in str(item.fspath).replace("\\", "/"):
            item.add_marker(pytest.mark.browser)
            item.add_marker(requires_chromium)


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    with chromium_browser() as launched:
        yield launched
