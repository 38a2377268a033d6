"""How `companion serve` serves a room: the address the phones open (and its QR code), and
waitress's settings, chosen from the room benchmark (bench/bench_room.py, bench/README.md
"The room"), with the open files they need.

Every phone at a table keeps its own connection open to poll the live view every second, so a
room of 100 tables is 400 open connections before the director, the big screen and the
followers. Waitress's own limit is 100 connections: the 101st phone waited, with no word, until
another left. The one process answers `threads` requests at once; a connection that waits for
its next request costs a socket, not a thread.
"""

from __future__ import annotations

import io
import resource
import socket
from typing import Any

import qrcode

# A TEST-NET-1 address (RFC 5737): connecting a UDP socket to it sends nothing, it only makes
# the kernel pick the interface (and so the address) this machine would use to reach the LAN.
_ROUTING_PROBE = ("192.0.2.1", 9)
LOOPBACK = "127.0.0.1"
ALL_INTERFACES = "0.0.0.0"

# Requests answered at once (waitress's threads; its own default is 4): a save spends much of
# its time waiting on the disk's sync, when the others run.
DEFAULT_THREADS = 8
# Connections held open at once (waitress's own default is 100): 100 tables of four phones
# and as many followers again, with room to spare.
DEFAULT_CONNECTIONS = 1000
# Files the process keeps open besides its connections: the database, its log and shared
# memory, the listening socket, the log files and the templates being read.
OTHER_FILES = 64


def waitress_settings(threads: int, connections: int) -> dict[str, Any]:
    """The keyword arguments `waitress.serve` gets besides the app and the address."""
    return {
        "threads": threads,
        "connection_limit": connections,
        # poll(), not select(): select() cannot watch a socket numbered 1024 or more.
        "asyncore_use_poll": True,
    }


def allow_open_files(connections: int) -> int:
    """Raise this process's open-file limit, within what the system allows, so that
    `connections` sockets fit besides its other files; returns the limit now in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = connections + OTHER_FILES
    if soft != resource.RLIM_INFINITY and soft < wanted:
        soft = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    return soft


def outward_ipv4() -> str:
    """This machine's IPv4 address on the local network, or 127.0.0.1 when there is none."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(_ROUTING_PROBE)
            address: str = probe.getsockname()[0]  # (host, port) for an IPv4 socket
            return address
    except OSError:
        return LOOPBACK


def phone_address(host: str, port: int) -> str:
    """The address the phones at the table should open for a server bound to `host`."""
    shown = outward_ipv4() if host in (ALL_INTERFACES, "") else host
    if ":" in shown:  # an IPv6 literal needs brackets in a URL
        shown = f"[{shown}]"
    return f"http://{shown}:{port}/"


def qr_text(url: str) -> str:
    """`url` as a QR code drawn with block characters, for the phones' cameras."""
    code = qrcode.QRCode(border=2)
    code.add_data(url)
    out = io.StringIO()
    code.print_ascii(out=out, invert=True)
    return out.getvalue()
