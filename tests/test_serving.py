"""How `companion serve` serves a room: the address the phones open, and the settings that
hold a room of phones (companion/serving.py). The room itself, on the real server, is in
tests/test_room_connections.py."""

from __future__ import annotations

import resource
import socket

import pytest

from companion import serving
from tests.live_server import answers_on_held_connections, running_server


def test_phone_address_uses_the_lan_address_for_all_interfaces(monkeypatch):
    monkeypatch.setattr(serving, "outward_ipv4", lambda: "192.168.1.23")
    assert serving.phone_address("0.0.0.0", 8000) == "http://192.168.1.23:8000/"


def test_phone_address_uses_an_explicit_host(monkeypatch):
    monkeypatch.setattr(serving, "outward_ipv4", lambda: pytest.fail("no lookup for a given host"))
    assert serving.phone_address("10.0.0.5", 9000) == "http://10.0.0.5:9000/"
    assert serving.phone_address("::1", 80) == "http://[::1]:80/"


class FakeSocket:
    """A UDP socket that records the connect and answers from a pretend routing table."""

    def __init__(self, *args, fail: bool = False) -> None:
        self.fail = fail
        self.connected_to = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def connect(self, address):
        if self.fail:
            raise OSError("Network is unreachable")
        self.connected_to = address

    def getsockname(self):
        return ("192.168.1.23", 54321)


def test_outward_ipv4_asks_the_routing_table(monkeypatch):
    made: list[FakeSocket] = []

    def fake_socket(*args):
        made.append(FakeSocket(*args))
        return made[-1]

    monkeypatch.setattr(socket, "socket", fake_socket)
    assert serving.outward_ipv4() == "192.168.1.23"
    assert made[0].connected_to == ("192.0.2.1", 9)


def test_outward_ipv4_falls_back_to_loopback(monkeypatch):
    monkeypatch.setattr(socket, "socket", lambda *args: FakeSocket(fail=True))
    assert serving.outward_ipv4() == "127.0.0.1"


def test_a_room_of_a_hundred_tables_fits_in_the_connections_held_by_default():
    # 100 tables of four phones, each on its own connection (issue 35), and followers.
    assert serving.DEFAULT_CONNECTIONS >= 100 * 4
    settings = serving.waitress_settings(8, serving.DEFAULT_CONNECTIONS)
    assert settings["connection_limit"] == serving.DEFAULT_CONNECTIONS
    assert settings["asyncore_use_poll"] is True  # select() stops at socket number 1024


def test_the_open_file_limit_is_raised_to_hold_the_connections(monkeypatch):
    limits = {"now": (256, 4096)}
    monkeypatch.setattr(resource, "getrlimit", lambda kind: limits["now"])
    monkeypatch.setattr(resource, "setrlimit", lambda kind, value: limits.update(now=value))
    assert serving.allow_open_files(1000) == 1000 + serving.OTHER_FILES
    assert limits["now"] == (1000 + serving.OTHER_FILES, 4096)


def test_the_open_file_limit_stops_at_what_the_system_allows(monkeypatch):
    limits = {"now": (256, 512)}
    monkeypatch.setattr(resource, "getrlimit", lambda kind: limits["now"])
    monkeypatch.setattr(resource, "setrlimit", lambda kind, value: limits.update(now=value))
    assert serving.allow_open_files(1000) == 512
    assert limits["now"] == (512, 512)


def test_a_limit_already_high_enough_is_left_alone(monkeypatch):
    monkeypatch.setattr(resource, "getrlimit", lambda kind: (20000, 20000))
    monkeypatch.setattr(resource, "setrlimit", lambda kind, value: pytest.fail("no change"))
    assert serving.allow_open_files(1000) == 20000


# ---------------------------------------------------------------- the room, for real

ROOM = 400  # 100 tables of four phones, each on its own connection
ANSWER_SECONDS = 30.0  # a phone left unanswered this long has lost the live view


def test_the_real_server_answers_a_room_of_four_hundred_held_connections(tmp_path):
    # Before: waitress's own limit of 100 connections; the other 300 phones got no answer
    # until one of the first hundred left.
    with running_server(tmp_path / "room.sqlite3", tmp_path / "server.log") as base_url:
        answered = answers_on_held_connections(base_url, ROOM, 2, ANSWER_SECONDS)
    assert answered == [ROOM, ROOM]  # every phone, twice, on the connection it kept
