"""The systemd units in deploy/ (README.md, "Run as a service"): systemd reads them, the pad's
unit runs a `companion serve` the command line accepts, and the timer runs the nightly backup."""

from __future__ import annotations

import configparser
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest

from companion.cli import serve

DEPLOY = Path(__file__).resolve().parents[1] / "deploy"
UNITS = (
    "table-companion.service",
    "table-companion-backup.service",
    "table-companion-backup.timer",
)


def unit(name: str) -> configparser.ConfigParser:
    """A unit file read as the INI-like text it is (comments dropped)."""
    parser = configparser.ConfigParser(interpolation=None, strict=False)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # keys keep their case
    parser.read(DEPLOY / name, encoding="utf-8")
    return parser


def test_systemd_reads_every_unit() -> None:
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not installed")
    done = subprocess.run(
        [analyze, "verify", *(str(DEPLOY / name) for name in UNITS)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    # The one complaint allowed: this machine has no /opt/table-companion checkout.
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert all("/opt/table-companion/.venv/bin/companion is not executable" in x for x in lines)


def serve_arguments(line: str) -> list[str]:
    """The arguments after `…/companion` in an ExecStart line."""
    words = shlex.split(line)
    assert words[0].endswith("/.venv/bin/companion")
    return words[1:]


def test_the_pads_unit_runs_a_serve_the_command_line_accepts() -> None:
    service = unit("table-companion.service")["Service"]
    assert service["Environment"] == "COMPANION_DB=/var/lib/table-companion/companion.sqlite3"
    assert service["StateDirectory"] == "table-companion"
    text = (DEPLOY / "table-companion.service").read_text(encoding="utf-8")
    proxied = next(line for line in text.splitlines() if line.startswith("# ExecStart="))
    for line in (service["ExecStart"], proxied.removeprefix("# ExecStart=")):
        arguments = serve_arguments(line)
        assert arguments[0] == "serve"
        params = serve.make_context("serve", arguments[1:]).params  # refuses an unknown option
        assert params["port"] == 8000
    assert "--behind-proxy" in proxied and "--host 127.0.0.1" in proxied


def test_the_timer_runs_the_nightly_backup_keeping_fourteen() -> None:
    timer = unit("table-companion-backup.timer")["Timer"]
    assert timer["OnCalendar"] == "*-*-* 04:00:00"
    assert timer["Persistent"] == "true"
    backup = unit("table-companion-backup.service")["Service"]
    assert backup["Type"] == "oneshot"
    words = serve_arguments(backup["ExecStart"])
    assert words == ["backup", "/var/lib/table-companion/backups", "--keep", "14"]
    readme = (DEPLOY.parent / "README.md").read_text(encoding="utf-8")
    assert "](deploy/)" in readme
    for name in UNITS:
        assert name in readme or name.replace(".service", "*.service") in readme
