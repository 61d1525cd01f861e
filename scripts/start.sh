#!/usr/bin/env bash
# Installs the app with its pinned dependencies (requirements/app.txt) into .venv and starts it;
# extra arguments go to `rattus-companion`.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -m pip install -q --disable-pip-version-check -r requirements/app.txt -e .
exec .venv/bin/rattus-companion "$@"
