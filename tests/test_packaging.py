"""A wheel built from the repository serves every page from a fresh virtual environment outside
the checkout: the templates, the static files and the rules pages travel inside the package.

The fresh environment gets the wheel itself and borrows its dependencies (Flask and the rest)
from the test environment's site-packages through a path file, so no download is needed and the
checkout is never on its path; the test asserts the package it imported lies in the new one.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import sysconfig
import textwrap
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TIMEOUT = 300

PROBE = textwrap.dedent("""
    import json, sys, tempfile
    from pathlib import Path
    import companion
    from companion import create_app
    folder = Path(tempfile.mkdtemp())
    app = create_app({"DATABASE": str(folder / "pad.sqlite3"), "TESTING": True,
                      "WTF_CSRF_ENABLED": False})
    client = app.test_client()
    data = {"game": "french-tarot", "players": "4", "expected_number": "1"}
    data |= {f"name-{i}": name for i, name in enumerate(["Ann", "Bob", "Cid", "Dee"])}
    made = client.post("/new", data=data)
    pad = client.get(made.headers["Location"])
    answers = {
        "package": companion.__file__,
        "new": made.status_code,
        "pad": pad.status_code,
        "pad_has_game": "French Tarot" in pad.get_data(as_text=True),
        "css": client.get("/static/app.css").status_code,
        "htmx": client.get("/static/htmx-2.0.11.min.js").status_code,
        "rules": "Decisions" in client.get("/rules/french-tarot").get_data(as_text=True),
        "summary": client.get(made.headers["Location"] + "/summary").status_code,
    }
    print(json.dumps(answers))
""")


LEFT_OUT = shutil.ignore_patterns(
    ".git",
    ".venv",
    "build",
    "dist",
    "*.egg-info",
    "out",
    "__pycache__",
    ".pytest_cache",
    ".ruff_cache",
    ".hypothesis",
)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel pip builds from the repository's files (copied first: a `build/` folder left
    in the checkout by an earlier build would otherwise ship files since deleted)."""
    source = tmp_path_factory.mktemp("source") / "checkout"
    shutil.copytree(ROOT, source, ignore=LEFT_OUT)
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(out), str(source)],
        check=True,
        timeout=TIMEOUT,
        cwd=out,
    )
    return next(out.glob("table_companion-*.whl"))


def test_the_wheel_carries_templates_static_files_and_rules_pages(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    for folder, inside in (
        ("templates", "templates"),
        ("static", "static"),
        ("docs/rules", "rules_pages"),
    ):
        for path in (ROOT / folder).rglob("*"):
            if path.is_file():
                shipped = f"companion/{inside}/{path.relative_to(ROOT / folder).as_posix()}"
                assert shipped in names, shipped
    assert "companion/templates/pad.html" in names
    assert "companion/templates/pad/tricks/_tantony.html" in names
    assert "companion/static/htmx-2.0.11.min.js" in names
    assert "companion/static/app.css" in names
    assert "companion/rules_pages/french-tarot.md" in names


def test_an_installed_wheel_serves_the_pad(wheel: Path, tmp_path: Path) -> None:
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    python = env_dir / "bin" / "python"
    site = Path(
        subprocess.run(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    )
    # Dependencies from this test environment (a path file adds its site-packages; its own
    # path files, like the editable install of the checkout, are not run from there).
    (site / "borrowed.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--target",
            str(site),
            str(wheel),
        ],
        check=True,
        timeout=TIMEOUT,
    )
    answer = subprocess.run(
        [str(python), "-c", PROBE],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        cwd=tmp_path,
        env={"PATH": "/usr/bin:/bin"},
    )
    assert answer.returncode == 0, answer.stderr[-2000:]
    found = json.loads(answer.stdout.strip().splitlines()[-1])
    assert Path(found["package"]).is_relative_to(env_dir)  # not the checkout
    assert found == found | {
        "new": 303,
        "pad": 200,
        "pad_has_game": True,
        "css": 200,
        "htmx": 200,
        "rules": True,
        "summary": 200,
    }
