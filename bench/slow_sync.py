"""The benchmark's what-if of a slower disk: every sync of the measured servers slowed by a
fixed delay (`--sync-delay-ms`), to show the save against the floor where a sync costs what it
costs on a laptop's disk rather than on this virtual machine's (0.3 ms here).

`slow_sync.c` is built with the machine's C compiler into the run's temporary folder and loaded
into each server with LD_PRELOAD; it waits after every real fsync and fdatasync, SQLite's and
Python's alike, so the floor's one sync a request and the save's shared syncs are slowed the
same. It changes no code of the app. A run with a delay is a what-if and its table says so; the
issue's verdict is the run without one.
"""

from __future__ import annotations

import ctypes
import shutil
import subprocess
from pathlib import Path

SOURCE = Path(__file__).with_name("slow_sync.c")


class NoCompiler(RuntimeError):
    """The machine has no C compiler to build the slower disk with."""


def build(folder: Path) -> Path:
    """Compile the preload library into `folder`; returns its path."""
    compiler = shutil.which("gcc") or shutil.which("cc")
    if compiler is None:
        raise NoCompiler("--sync-delay-ms needs gcc (Debian's gcc) to build bench/slow_sync.c")
    library = folder / "slow_sync.so"
    subprocess.run(
        [compiler, "-shared", "-fPIC", "-O2", "-o", str(library), str(SOURCE), "-ldl"], check=True
    )
    return library


def environment(library: Path, delay_ms: float) -> dict[str, str]:
    """What a server's environment needs for its syncs to take `delay_ms` longer."""
    return {"LD_PRELOAD": str(library), "SLOW_SYNC_US": str(round(delay_ms * 1000))}


def slowed_fdatasync(library: Path, delay_ms: float):
    """The library's fdatasync, called from this process (the disk probe measures through it,
    so the table's sync time is the one the servers see)."""
    import os

    os.environ["SLOW_SYNC_US"] = str(round(delay_ms * 1000))  # read at its first call
    function = ctypes.CDLL(str(library)).fdatasync
    function.argtypes = [ctypes.c_int]

    def sync(descriptor: int) -> None:
        if function(descriptor) != 0:
            raise OSError(ctypes.get_errno(), "fdatasync failed")

    return sync
