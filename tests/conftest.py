"""Settings for the whole suite.

Hypothesis profiles: `ci` (what scripts/test.sh runs) draws the same examples on every run
(`derandomize`), so a property test fails on a real bug, never by the luck of one run's draw;
`dev` is Hypothesis' own randomised search, for looking further. Choose with
HYPOTHESIS_PROFILE; without it, `dev`.

The longest files start first (`pytest_collection_modifyitems`): with `--dist loadfile` each
worker takes the next file in collection order, so the short files fill in at the end and both
workers finish together (run last, one walk kept a worker busy a minute after the other ran out
of work).

A phone test module names its game night (`night = support.phones.night_of(3)`); `hub` and `app`
are that night's phones hub and phone routes, for `support.phones.paired` test clients.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

import pytest
from hypothesis import settings

if TYPE_CHECKING:
    from starlette.applications import Starlette
    from support.phones import TableNight

    from companion.phones.hub import Hub

settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
settings.register_profile("dev", deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Files with a test marked `slow` first, then those of the browser, then the rest, each
    group and each file's tests in their own order; trylast: after the browser's conftest has
    marked its files."""
    def weight(item: pytest.Item) -> int:
        return (0 if item.get_closest_marker("slow") else
                1 if item.get_closest_marker("browser") else 2)
    files: dict[str, int] = {}
    for item in items:
        files[item.nodeid.split("::")[0]] = min(weight(item), files.get(
            item.nodeid.split("::")[0], 2))
    items.sort(key=lambda item: files[item.nodeid.split("::")[0]])


@pytest.fixture
def hub(night: TableNight) -> Hub:
    from support.phones import hub_for

    return hub_for(night)


@pytest.fixture
def app(hub: Hub) -> Starlette:
    from companion.phones.routes import phone_app

    return phone_app(hub)
