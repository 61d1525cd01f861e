#!/usr/bin/env bash
# Refreshes the pinned versions in requirements/ from pyproject.toml's ranges (pip-tools).
# Run it on purpose, test, and commit the result: the pins are what CI and start.sh install.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -m pip install -q "pip-tools>=7.4"
compile() { .venv/bin/pip-compile --quiet --strip-extras --no-emit-index-url \
    --no-emit-find-links --no-emit-trusted-host --allow-unsafe --upgrade "$@" pyproject.toml; }
compile -o requirements/app.txt
compile --extra test -o requirements/test.txt
