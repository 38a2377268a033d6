"""Every figure of the three statistics pages (overall, per game, per player) over a set of
sessions of several games saved through the pad (a correction and an undo among them), each
worked out by hand from the rules. The same numbers must come out however the pages count them
(once replayed on every request, now read from the results stored with each hand), and after
a restart that dropped and rebuilt every stored result.

The worked sessions are those of tests/engine/test_stats.py (docs/rules/french-tarot.md,
docs/rules/skat.md), saved here through the service into a real file; the players are 1 Ann,
2 Bob, 3 Cat, 4 Dan (the roster numbers them as the first session seats them).
"""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from companion import create_app
from companion.contract.registry import versions
from companion.engine.replay import Checked
from companion.service.rebuild import RebuildProgress
from companion.service.service import Service
from companion.store import Store
from companion.web.service_door import app_state


def tarot(contract: str, taker: int, points: int, bouts: int) -> dict[str, Any]:
    return {
        "contract": contract,
        "taker": str(taker),
        "counted_side": "taker",
        "points": str(points),
        "bouts": str(bouts),
        "petit_au_bout": "none",
        "chelem": "none",
    }


def skat(game: str, declarer: int, matadors: int, points: int, result: str) -> dict[str, Any]:
    return {
        "game": game,
        "declarer": str(declarer),
        "matadors": str(matadors),
        "card_points": str(points),
        "result": result,
    }


FOUR = ["Ann", "Bob", "Cat", "Dan"]

# (key, start, game, names, hands): hands saved in order; ("correct", n, entry) corrects
# hand n, ("undo",) takes back the last hand.
SESSIONS: list[tuple[str, str, str, list[str], list[Any]]] = [
    # A, French Tarot: 1. Bob garde, 46 with 2 bouts (first written 30, then corrected):
    # made by 5, 60 a defender: Ann −60, Bob +180, Cat −60, Dan −60. 2. Ann petite, 45 with
    # 1 bout: failed by 6, 31: Ann −93, others +31. 3. Everyone passes (a redeal).
    # Totals Ann −153, Bob 211, Cat −29, Dan −29: Bob won.
    (
        "A",
        "2026-01-10T20:00:00.000+00:00",
        "french-tarot",
        FOUR,
        [
            tarot("garde", 1, 30, 2),
            ("correct", 1, tarot("garde", 1, 46, 2)),
            tarot("petite", 0, 45, 1),
            {"contract": "pass"},
        ],
    ),
    # B, French Tarot, seats Dan Cat Bob Ann: 1. Bob garde, 40 with 2 bouts: failed by 1,
    # 52: Dan +52, Cat +52, Bob −156, Ann +52. 2. Cat garde sans, 56 with 3 bouts: made by
    # 20, 180: Cat +540, the others −180. Totals Dan −128, Cat 592, Bob −336, Ann −128.
    (
        "B",
        "2026-02-05T20:00:00.000+00:00",
        "french-tarot",
        ["Dan", "Cat", "Bob", "Ann"],
        [tarot("garde", 2, 40, 2), tarot("garde_sans", 1, 56, 3)],
    ),
    # C, Skat at three (ISkO): 1. Bob diamonds with 1, won: +18. 2. Cat grand with 1, won:
    # +48. 3. Ann hearts with 1, lost: −40. (4. Bob clubs, saved then undone.) 4. Everyone
    # passes: no hand played. Totals Ann −40, Bob 18, Cat 48: Cat won.
    (
        "C",
        "2026-01-20T20:00:00.000+00:00",
        "skat",
        ["Ann", "Bob", "Cat"],
        [
            skat("diamonds", 1, 1, 61, "won"),
            skat("grand", 2, 1, 80, "won"),
            skat("hearts", 0, 1, 60, "lost"),
            skat("clubs", 1, 2, 80, "won"),
            ("undo",),
            {"game": "passed"},
        ],
    ),
    # E, French Tarot with no hand: a session for everyone seated, won by nobody.
    ("E", "2026-03-02T20:00:00.000+00:00", "french-tarot", FOUR, []),
    # F, Skat at four, the dealer sits out: 1. Ann deals; Bob clubs with 1, won: +24.
    # 2. Bob deals; Ann hearts with 1, lost: −40. Totals Ann −40, Bob 24, Cat 0, Dan 0: Bob won.
    (
        "F",
        "2026-04-02T20:00:00.000+00:00",
        "skat",
        FOUR,
        [skat("clubs", 1, 1, 70, "won"), skat("hearts", 0, 1, 60, "lost")],
    ),
    # G, Skitgubbe (fewest goats best): the goat is Bob, Ann, Bob. Ann 1, Bob 2, Cat 0: Cat won.
    (
        "G",
        "2026-03-04T20:00:00.000+00:00",
        "skitgubbe",
        ["Ann", "Bob", "Cat"],
        [{"goat": "1"}, {"goat": "0"}, {"goat": "1"}],
    ),
]


def build(path: Path) -> dict[str, str]:
    """The sessions saved through the pad into a fresh file; their tokens by key."""
    tokens: dict[str, str] = {}
    with Store(str(path), migrate=True) as store:
        store.results.keep_versions(versions())  # as the app will find them: kept
        for key, _started, slug, names, hands in SESSIONS:
            token, problems = Service(store).sessions.start(slug, names, {})
            assert token is not None, problems
            for step in hands:
                pad = Service(store).sessions.load(token)
                assert pad is not None
                if isinstance(step, tuple) and step[0] == "correct":
                    done: Any = Service(store).hands.correct(pad, step[1], step[2])
                    assert not isinstance(done, Checked), done
                elif isinstance(step, tuple):
                    assert Service(store).hands.undo_last(pad) is not None
                else:
                    done = Service(store).hands.add(pad, step)
                    assert not isinstance(done, Checked), done.problems
            tokens[key] = token
        # Each save, correction and undo kept its results: nothing for the start to rebuild.
        assert store.results.sessions_missing() == []
    with sqlite3.connect(path) as conn:
        for key, started, *_ in SESSIONS:
            conn.execute("UPDATE sessions SET created_at = ? WHERE id = ?", (started, tokens[key]))
    return tokens


@pytest.fixture
def built(tmp_path: Path) -> Path:
    path = tmp_path / "club.sqlite3"
    build(path)
    return path


def app_on(path: Path) -> Flask:
    return create_app({"DATABASE": str(path), "TESTING": True, "WTF_CSRF_ENABLED": False})


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def page(app: Flask, url: str) -> str:
    answer = app.test_client().get(url)
    assert answer.status_code == 200, url
    return text(answer.get_data(as_text=True)).split(" English Français", 1)[0]  # the footer


def rows(words: str, names: list[str]) -> list[str]:
    """Each player's row of a page's tables, in order, as "Ann 3 0 4 …" (up to the next name
    or the end of the table)."""
    pattern = r"\b(?:" + "|".join(names) + r") .*?(?= (?:" + "|".join(names) + r") |$)"
    return [row.strip() for row in re.findall(pattern, words)]


def check_every_figure(app: Flask) -> None:
    """Every page's numbers, as worked out above."""
    overall = page(app, "/stats")
    # Six sessions: three of French Tarot (A, B, E), two of Skat (C, F), one of Skitgubbe.
    assert "French Tarot 3 sessions" in overall
    assert "Skat 2 sessions" in overall
    assert "Skitgubbe 1 session" in overall
    assert "Games 6 sessions" in overall
    assert "Players Ann Bob Cat Dan The roster" in overall

    tarot_page = page(app, "/stats/game/french-tarot")
    # A's pass is no hand played: 2 + 2 hands; E counts as a session with no hand.
    assert "3 sessions, 4 hands" in tarot_page
    body = tarot_page.split("Worst hand", 1)[1].split("Contracts", 1)[0]
    assert rows(body, FOUR)[:4] == [
        # Bob: A +180, +31; B −156, −180 = −125 over 4 hands, −31.25; won A.
        "Bob 3 1 4 −31.3 +180 hand 1, 2026-01-10 −180 hand 2, 2026-02-05",
        # Cat: A −60, +31; B +52, +540 = 563, 140.75; won B; her worst the first −60.
        "Cat 3 1 4 140.8 +540 hand 2, 2026-02-05 −60 hand 1, 2026-01-10",
        # Ann: A −60, −93; B +52, −180 = −281, −70.25.
        "Ann 3 0 4 −70.3 +52 hand 1, 2026-02-05 −180 hand 2, 2026-02-05",
        # Dan: A −60, +31; B +52, −180 = −157, −39.25.
        "Dan 3 0 4 −39.3 +52 hand 1, 2026-02-05 −180 hand 2, 2026-02-05",
    ]
    # Contracts made of those taken (Petite, Garde, Garde sans, Garde contre): Bob's gardes,
    # made in A and failed in B; Cat's garde sans made; Ann's petite failed.
    made = tarot_page.split("Garde contre le chien", 1)[1]
    assert rows(made, FOUR) == [
        "Bob — 1 of 2 — —",
        "Cat — — 1 of 1 —",
        "Ann 0 of 1 — — —",
        "Dan — — — —",
    ]

    skat_page = page(app, "/stats/game/skat")
    # C: 3 games played (the pass is none); F: 2.
    assert "2 sessions, 5 hands" in skat_page
    body = skat_page.split("Worst hand", 1)[1].split("Games won", 1)[0]
    assert rows(body, FOUR)[:4] == [
        # Bob: C 0 + 18 + 0 (hands 1–3, 18), F +24 (hand 1; he dealt hand 2): 42 over 4; won F.
        "Bob 2 1 4 10.5 +24 hand 1, 2026-04-02 0 hand 2, 2026-01-20",
        # Cat: C 0, +48, 0; F 0, 0: 48 over 5; won C.
        "Cat 2 1 5 9.6 +48 hand 2, 2026-01-20 0 hand 1, 2026-01-20",
        # Ann: C 0, 0, −40; F −40 (hand 2; she dealt hand 1): −80 over 4.
        "Ann 2 0 4 −20 0 hand 1, 2026-01-20 −40 hand 3, 2026-01-20",
        # Dan: F 0, 0.
        "Dan 1 0 2 0 0 hand 1, 2026-04-02 0 hand 1, 2026-04-02",
    ]

    # Games won of those declared (♦ 9, ♥ 10, ♠ 11, ♣ 12, Grand, Null): Bob's diamonds in C
    # and clubs in F (the clubs undone in C is no game), Cat's grand, Ann's two lost hearts.
    won = skat_page.split("Grand (24) Null", 1)[1]
    assert rows(won, FOUR) == [
        "Bob 1 of 1 — — 1 of 1 — —",
        "Cat — — — — 1 of 1 —",
        "Ann — 0 of 2 — — — —",
        "Dan — — — — — —",
    ]

    goats = page(app, "/stats/game/skitgubbe")
    body = goats.split("Worst hand", 1)[1]
    # Fewest best: Cat never the goat, won; Ann once (hand 2), Bob twice (hands 1 and 3).
    assert rows(body, FOUR) == [
        "Cat 1 1 3 0 0 hand 1, 2026-03-04 0 hand 1, 2026-03-04",
        "Ann 1 0 3 0.3 0 hand 1, 2026-03-04 1 hand 2, 2026-03-04",
        "Bob 1 0 3 0.7 0 hand 2, 2026-03-04 1 hand 1, 2026-03-04",
    ]

    ann = page(app, "/stats/player/1")
    # A record per game, most sessions first: French Tarot 3, Skat 2, Skitgubbe 1.
    assert re.findall(
        r"(French Tarot|Skat|Skitgubbe) Sessions (\d+) Won (\d+) Hands (\d+)", ann
    ) == [
        ("French Tarot", "3", "0", "4"),
        ("Skat", "2", "0", "4"),
        ("Skitgubbe", "1", "0", "3"),
    ]
    assert "A hand −70.3 Best hand +52 hand 1, 2026-02-05 Worst hand −180 hand 2, 2026-02-05" in ann
    assert "A hand −20 Best hand 0 hand 1, 2026-01-20 Worst hand −40 hand 3, 2026-01-20" in ann
    # Her total in each session, in time order: A −153, B −128, E 0; C −40, F −40; G 1.
    assert re.findall(r"Ann on (\d\d-\d\d): (\S+)", ann) == [
        ("01-10", "−153"),
        ("02-05", "−128"),
        ("03-02", "0"),
        ("01-20", "−40"),
        ("04-02", "−40"),
        ("03-04", "1"),
    ]
    bob = page(app, "/stats/player/2")
    assert re.findall(
        r"(French Tarot|Skat|Skitgubbe) Sessions (\d+) Won (\d+) Hands (\d+)", bob
    ) == [
        ("French Tarot", "3", "1", "4"),
        ("Skat", "2", "1", "4"),
        ("Skitgubbe", "1", "0", "3"),
    ]

    # A range: January only (A and C).
    january = page(app, "/stats/game/french-tarot?from=2026-01-01&to=2026-01-31")
    assert "1 session, 2 hands" in january
    # Bob: A +180, +31 = 211 over 2, won.
    assert "Bob 1 1 2 105.5 +180 hand 1, 2026-01-10 +31 hand 2, 2026-01-10" in january
    assert "Games 2 sessions" in page(app, "/stats?from=2026-01-01&to=2026-01-31")


def test_every_figure_as_worked_out(built: Path) -> None:
    check_every_figure(app_on(built))


def test_the_same_figures_after_every_stored_result_was_rebuilt(built: Path) -> None:
    # Every game's results derived by another version (a scoring fix since): every stored
    # result is dropped at start and derived again in the background, the pages saying so.
    with sqlite3.connect(built) as conn:
        conn.execute("UPDATE results_versions SET version = 0")
    app = app_on(built)
    progress = app_state(app).rebuild
    assert progress is not None
    assert progress.total == len(SESSIONS) - 1  # all but E, which has no hand to derive
    assert progress.wait(60)
    with Store(str(built)) as store:
        assert store.results.sessions_missing() == []  # derived again, every one
    check_every_figure(app)


def test_the_pages_say_the_statistics_are_being_brought_up_to_date(built: Path) -> None:
    app = app_on(built)
    app_state(app).rebuild = RebuildProgress(total=7, done=3)  # still running
    note = "Statistics are being brought up to date (3 of 7 sessions)…"
    overview = page(app, "/stats")
    assert note in overview and "French Tarot 3 sessions" in overview  # counts no hand
    assert note in page(app, "/stats/game/skat") and "Players" not in page(app, "/stats/game/skat")
    assert note in page(app, "/stats/player/1")


def test_a_read_only_file_whose_results_another_version_derived_replays_them(built: Path) -> None:
    # It can neither drop nor rebuild them: its statistics replay its sessions, as its pads do.
    with sqlite3.connect(built) as conn:
        conn.execute("UPDATE results_versions SET version = 0 WHERE game = 'skat'")
    app = create_app({"DATABASE": str(built), "TESTING": True, "DATABASE_READ_ONLY": True})
    assert app.config["DERIVED_RESULTS_USABLE"] is False
    check_every_figure(app)
