"""A database file deleted (or replaced) under the running server: SQLite would go on writing
into the unlinked file and the pad would confirm "Hand N saved" for hands lost at the next
restart. Every write checks that the path still names the file the server opened, and answers
the store's fault instead, saving nothing. Against the real server (waitress, loopback)."""

from __future__ import annotations

import shutil
from pathlib import Path

from bench.bench_save import Client, create_session, hand_form
from companion.store import Store
from tests.live_server import running_server


def save(client: Client, token: str, number: int) -> tuple[int, str]:
    answer = client.request(
        "POST", f"/s/{token}/hands", form=hand_form(number), headers={"HX-Request": "true"}
    )
    return answer.status, answer.body.decode("utf-8", "replace")


def test_a_save_after_the_file_was_deleted_is_refused_not_confirmed(tmp_path: Path) -> None:
    database = tmp_path / "pad.sqlite3"
    with running_server(database, tmp_path / "server.log") as base_url:
        client = Client(int(base_url.rsplit(":", 1)[1]))
        token = create_session(client)
        assert save(client, token, 1)[0] == 200
        database.unlink()
        status, body = save(client, token, 2)
        assert status == 503
        assert "its file was deleted or replaced while the pad was running" in body
        assert "Nothing was saved by this request" in body
        assert "Hand 2 saved" not in body
        # Every later request says so too, whichever server thread answers it (a thread
        # opening its connection now would create an empty file there: it refuses instead).
        for _ in range(10):
            assert save(client, token, 2)[0] == 503
            assert client.request("GET", f"/s/{token}").status in (200, 503)
        assert not database.exists()
        client.close()


def test_a_save_after_the_file_was_replaced_is_refused(tmp_path: Path) -> None:
    """A backup copied over the file while serving: the server's writes would land in the
    file it no longer names; they are refused, and the copy is left as it was."""
    database, other = tmp_path / "pad.sqlite3", tmp_path / "other.sqlite3"
    with running_server(database, tmp_path / "server.log") as base_url:
        client = Client(int(base_url.rsplit(":", 1)[1]))
        token = create_session(client)
        assert save(client, token, 1)[0] == 200
        with Store(database) as store:
            store.backups.backup(other)
        shutil.copy(other, tmp_path / "copy.sqlite3")
        (tmp_path / "copy.sqlite3").replace(database)
        assert save(client, token, 2)[0] == 503
        client.close()
    with Store(database) as store:
        assert [row.number for row in store.hands.effective(token)] == [1]
