"""Serving with several processes: one listening socket, N waitress processes accepting on it.

The parent binds the socket once, then forks the workers; each runs waitress with its own
threads on that socket (the kernel hands each new connection to one of them). Nothing a
request needs lives only in one process: the sessions, hands, drafts and devices are in the
database, the secret that signs cookies and CSRF tokens comes from it too (so a form opened
through one worker posts through another), and each worker's cache of replayed sessions is
checked against the store's last change on every request. Each commit is synced by SQLite
itself (`synchronous=FULL`), whichever worker made it.

The parent only supervises: it forwards SIGTERM and SIGINT to the workers and waits for them;
if it dies, even by SIGKILL, the kernel kills the workers too (Linux's parent-death signal),
so no orphan keeps the port or the file.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import socket
import sys
from collections.abc import Callable
from typing import Any

PR_SET_PDEATHSIG = 1  # linux/prctl.h
MAX_DEFAULT_WORKERS = 4


def default_workers() -> int:
    """As many workers as the machine has cores, at most four (a table's phones are few)."""
    return max(1, min(os.cpu_count() or 1, MAX_DEFAULT_WORKERS))


def can_fork() -> bool:
    """Whether this platform can run several workers (POSIX fork)."""
    return hasattr(os, "fork")


def listening_socket(host: str, port: int, backlog: int = 1024) -> socket.socket:
    """The one socket every worker accepts on, bound and listening."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    return socket.create_server((host, port), family=family, backlog=backlog)


def _die_with_parent(parent: int) -> None:
    """Ask the kernel to kill this worker when the parent dies (Linux); if the parent is already
    gone, leave now."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):  # not Linux: the parent's SIGTERM still stops us
        pass
    if os.getppid() != parent:
        os._exit(0)


def run_workers(count: int, serve_one: Callable[[], Any]) -> int:
    """Fork `count` workers, each calling `serve_one` (which serves until it is stopped); wait
    for them and return the exit status: 0 when stopped by a signal, 1 if a worker failed."""
    parent = os.getpid()
    children: list[int] = []
    for _ in range(count):
        child = os.fork()
        if child == 0:
            _die_with_parent(parent)
            status = 0
            try:
                serve_one()
            except BaseException:  # its traceback is printed; the parent sees the status
                import traceback

                traceback.print_exc()
                status = 1
            finally:
                sys.stdout.flush()
                sys.stderr.flush()
            os._exit(status)
        children.append(child)
    return _supervise(children)


def _supervise(children: list[int]) -> int:
    """Wait for the workers; a signal to the parent goes to each of them; if one dies on its own
    the others are stopped too (a half-served pad is worse than a stopped one)."""
    stopping = False

    def forward(signum: int, _frame: Any) -> None:
        nonlocal stopping
        stopping = True
        _signal_all(children, signal.SIGTERM)

    signal.signal(signal.SIGTERM, forward)
    signal.signal(signal.SIGINT, forward)
    status = 0
    alive = set(children)
    while alive:
        try:
            child, code = os.wait()
        except ChildProcessError:
            break
        except InterruptedError:
            continue
        alive.discard(child)
        if not stopping:
            status = 1 if os.waitstatus_to_exitcode(code) != 0 else status
            stopping = True
            _signal_all(list(alive), signal.SIGTERM)
    return status


def _signal_all(children: list[int], signum: int) -> None:
    for child in children:
        with contextlib.suppress(ProcessLookupError):
            os.kill(child, signum)
