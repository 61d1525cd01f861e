from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from support.harness import chromium_browser, own_contexts, requires_chromium

if TYPE_CHECKING:
    from playwright.sync_api import Browser


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/browser/" in str(item.fspath).replace("\\", "/"):
            item.add_marker(pytest.mark.browser)
            item.add_marker(requires_chromium)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """One chromium per module: Playwright's sync API cannot run twice at once in a thread,
    and the benchmark's tests start their own."""
    with chromium_browser() as launched:
        yield launched


@pytest.fixture(autouse=True)
def fresh_contexts(request: pytest.FixtureRequest) -> Iterator[None]:
    """A fresh context per test: whatever contexts a test opened in the chromium are closed
    when it ends, so no page of an earlier test keeps running its Flutter client (and its
    server's session) beside the next test's on this 2-core machine."""
    if "browser" not in request.fixturenames:
        yield
        return
    with own_contexts(request.getfixturevalue("browser")):
        yield
