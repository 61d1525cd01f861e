#!/usr/bin/env bash
# Installs the app with its pinned dependencies (requirements/app.txt) into .venv and starts it;
# every argument goes to `rattus-companion` (e.g. `bash scripts/start.sh --lang de --port 8600`).
#
# It installs only when needed: .venv/.start-stamp holds a hash of the lock file, pyproject.toml
# and the Python in .venv, written once an install succeeded; a start with the same hash (and
# the app's command in place) goes straight to the app instead of asking pip again (13 s).
set -euo pipefail
cd "$(dirname "$0")/.."
STAMP=.venv/.start-stamp
if [ ! -x .venv/bin/python ]; then
  echo "start.sh: creating the virtual environment .venv ..."
  python3 -m venv .venv
fi
wanted=$(.venv/bin/python - <<'EOF'
import hashlib, sys
digest = hashlib.sha256(sys.version.encode())
for name in ("requirements/app.txt", "pyproject.toml"):
    with open(name, "rb") as handle:
        digest.update(name.encode() + b"\0" + handle.read() + b"\0")
print(digest.hexdigest())
EOF
)
if [ ! -x .venv/bin/rattus-companion ] || [ "$(cat "$STAMP" 2>/dev/null)" != "$wanted" ]; then
  if [ -f "$STAMP" ]; then
    echo "start.sh: requirements/app.txt or pyproject.toml changed; updating .venv ..."
  else
    echo "start.sh: installing the app and its pinned dependencies into .venv" \
      "(the first time takes a minute or two) ..."
  fi
  rm -f "$STAMP"
  .venv/bin/python -m pip install --disable-pip-version-check --progress-bar on \
    -r requirements/app.txt -e .
  echo "$wanted" > "$STAMP"
  echo "start.sh: installed."
fi
exec .venv/bin/rattus-companion "$@"
