from __future__ import annotations

from collections.abc import Iterator
from typing import Any

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


@pytest.fixture(autouse=True)
def fresh_contexts(request: pytest.FixtureRequest) -> Iterator[None]:
    """A fresh context per test: whatever contexts a test opened in the module's chromium are
    closed when it ends, so no page of an earlier test keeps running its Flutter client (and
    its server's session) beside the next test's on this 2-core machine."""
    if "browser" not in request.fixturenames:
        yield
        return
    launched: Any = request.getfixturevalue("browser")
    before = set(launched.contexts)
    yield
    for context in launched.contexts:
        if context not in before:
            context.close()
