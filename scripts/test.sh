#!/usr/bin/env bash
# Set up everything the tests need and run them all: lint, unit, web and browser tests.
# The Python packages are installed at the versions of requirements.lock.
# Installs the Debian packages the tests call when any is missing: chromium (browser tests, never
# a downloaded browser build) and poppler-utils (pdftoppm turns the printed summary into PNG).
set -euo pipefail
cd "$(dirname "$0")/.."
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v pdftoppm >/dev/null 2>&1 || missing+=(poppler-utils)
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
  .venv/bin/pip install --quiet --upgrade pip
fi
.venv/bin/pip install --quiet -c requirements.lock -e ".[test]"
.venv/bin/python -m companion.kit.catalogues compile >/dev/null
.venv/bin/ruff check .
.venv/bin/ruff format --check .
# The type check ([tool.mypy] in pyproject.toml).
.venv/bin/mypy
.venv/bin/python -m pytest -q "$@"
