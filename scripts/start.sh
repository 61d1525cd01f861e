#!/usr/bin/env bash
# Installs the app into .venv and starts it; extra arguments go to `rattus-companion`.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -m pip install -q -e .
exec .venv/bin/rattus-companion "$@"
