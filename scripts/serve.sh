#!/usr/bin/env bash
# Set up (once) and start Table Companion on its embedded SQLite store.
# The Python packages are installed at the versions of requirements.lock.
# Extra arguments go to `companion serve` (e.g. --port 8080 --db ./evening.sqlite3).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/companion ]; then
  python3 -m venv .venv
  .venv/bin/pip install --quiet --upgrade pip
fi
.venv/bin/pip install --quiet -c requirements.lock -e .
.venv/bin/python -m companion.kit.catalogues compile >/dev/null
exec .venv/bin/companion serve "$@"
