#!/usr/bin/env bash
# Installs everything the test suite needs (Debian's chromium for the browser tests, the pinned
# packages of requirements/test.txt and the package itself in .venv), checks the code with ruff
# and mypy, and runs the whole suite. Extra arguments go to pytest.
#
# `--quick` (first argument): the everyday loop, a few minutes on two cores. The same checks,
# and the tests neither marked `browser` nor `slow`; no chromium needed. CI runs the whole
# suite (`.ci/run`: no arguments).
set -euo pipefail
cd "$(dirname "$0")/.."
QUICK=0
if [ "${1:-}" = "--quick" ]; then
    QUICK=1
    shift
fi
if [ "$QUICK" -eq 0 ] && [ ! -x /usr/bin/chromium ]; then
    SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -m pip install -q --disable-pip-version-check -r requirements/test.txt -e '.[test]'
# The settings live in pyproject.toml ([tool.ruff]; [tool.mypy]: the package and the tests, --strict
# on companion.rules).
.venv/bin/python -m ruff check companion tests
.venv/bin/python -m mypy
# Hypothesis draws the same examples on every run (tests/conftest.py): no failure by chance.
export HYPOTHESIS_PROFILE="${HYPOTHESIS_PROFILE:-ci}"
# Both cores (pytest-xdist, a file per worker, each with its own server, browser and data
# directory); the files in the order tests/conftest.py gives them, the longest first.
PARALLEL=(-n 2 --dist loadfile --no-loadscope-reorder)
if [ "$QUICK" -eq 1 ]; then
    exec .venv/bin/python -m pytest "${PARALLEL[@]}" -m "not browser and not slow" "$@"
fi
if [ "$#" -gt 0 ]; then
    exec .venv/bin/python -m pytest "$@"
fi
exec .venv/bin/python -m pytest "${PARALLEL[@]}"
