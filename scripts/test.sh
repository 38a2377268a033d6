#!/usr/bin/env bash
# Set up everything the tests need and run them all: lint, unit, web and browser tests.
# Installs Debian's chromium (browser tests) when it is missing; never downloads a browser build.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x /usr/bin/chromium ]; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
  .venv/bin/pip install --quiet --upgrade pip
fi
.venv/bin/pip install --quiet -e ".[test]"
.venv/bin/ruff check .
.venv/bin/python -m pytest -q "$@"
