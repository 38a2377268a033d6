"""The real server (`python -m companion serve`, waitress) on a database of the caller's choice,
started as a subprocess and stopped afterwards. Shared by the browser tests and the benchmark."""

from __future__ import annotations

import asyncio
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parents[1]
HOST = "127.0.0.1"
START_SECONDS = 20.0


def free_port() -> int:
    """A TCP port nobody listens on right now (the kernel picks it)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


def wait_until_healthy(base_url: str, process: subprocess.Popen, timeout: float) -> None:
    """Poll /healthz until it answers "ok"; fail if the server exits first or takes too long."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited with status {process.returncode}")
        try:
            with urllib.request.urlopen(f"{base_url}/healthz", timeout=1) as answer:
                if answer.status == 200 and answer.read() == b"ok":
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.05)
    raise RuntimeError(f"the server did not answer {base_url}/healthz within {timeout} s")


def start_server(
    database: Path,
    log: Path,
    port: int | None = None,
    options: Sequence[str] = (),
    environment: Mapping[str, str] | None = None,
) -> tuple[subprocess.Popen, str]:
    """Start `companion serve` on `database` (output appended to `log`) and wait until it
    answers; returns the process and its base URL. The caller stops it. `options` are added to
    the command (`--threads 4`), `environment` to its environment."""
    port = port or free_port()
    command = [
        sys.executable,
        "-m",
        "companion",
        "serve",
        "--host",
        HOST,
        "--port",
        str(port),
        "--db",
        str(database),
        *options,
    ]
    base_url = f"http://{HOST}:{port}"
    with log.open("a") as output:
        process = subprocess.Popen(
            command,
            cwd=PROJECT_ROOT,
            stdout=output,
            stderr=subprocess.STDOUT,
            env={**os.environ, **(environment or {})},
        )
    try:
        wait_until_healthy(base_url, process, START_SECONDS)
    except RuntimeError:
        process.kill()
        process.wait()
        raise
    return process, base_url


def stop(process: subprocess.Popen) -> None:
    """Stop a server gently, and for sure."""
    process.terminate()
    try:
        process.wait(timeout=5)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@contextmanager
def running_server(
    database: Path,
    log: Path,
    options: Sequence[str] = (),
    environment: Mapping[str, str] | None = None,
) -> Iterator[str]:
    """`companion serve` on `database`, its output in `log`; yields its base URL, stops it after."""
    log.write_text("")
    process, base_url = start_server(database, log, options=options, environment=environment)
    try:
        yield base_url
    finally:
        stop(process)


# ---------------------------------------------------------------- a room of open connections


def answers_on_held_connections(
    base_url: str, count: int, rounds: int, seconds: float
) -> list[int]:
    """Open `count` connections to the server and keep every one open, as a room of phones
    does, then ask `/healthz` on each of them at once, `rounds` times, on the same
    connections: how many answered 200 in each round, each within `seconds` of being asked.
    Run in a thread of its own: the browser tests' Playwright keeps an event loop running in
    the test's thread, where `asyncio.run` is refused."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(lambda: asyncio.run(_held(base_url, count, rounds, seconds))).result()


async def _held(base_url: str, count: int, rounds: int, seconds: float) -> list[int]:
    host, port = base_url.removeprefix("http://").rsplit(":", 1)
    connections = [await asyncio.open_connection(host, int(port)) for _ in range(count)]
    try:
        answered = []
        for _ in range(rounds):
            asked = [_ask(host, reader, writer, seconds) for reader, writer in connections]
            answered.append(sum(await asyncio.gather(*asked)))
        return answered
    finally:
        for _, writer in connections:
            writer.close()


async def _ask(
    host: str, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, seconds: float
) -> bool:
    """One kept-alive GET /healthz on an open connection: whether "ok" came back in time."""
    writer.write(
        f"GET /healthz HTTP/1.1\r\nHost: {host}\r\nConnection: keep-alive\r\n\r\n".encode()
    )
    try:
        async with asyncio.timeout(seconds):
            await writer.drain()
            head = await reader.readuntil(b"\r\n\r\n")
            length = re.search(rb"(?i)\r\ncontent-length: *(\d+)", head)
            body = await reader.readexactly(int(length.group(1)) if length else 0)
    except (TimeoutError, OSError, asyncio.IncompleteReadError):
        return False
    return head.startswith(b"HTTP/1.1 200") and body == b"ok"
