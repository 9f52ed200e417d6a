"""The repository stands on its own: a clone runs its tests without ../shared, the README's links
resolve inside it, the SQLite data file is not committed by mistake, and the page tests run on
SQLite (the default database) without a PostgreSQL server."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_readme_links_only_files_inside_the_repository():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "../shared" not in text
    for target in re.findall(r"\]\(([^)#:]+)\)", text):
        assert (ROOT / target).exists(), target


def test_no_test_reads_files_outside_the_repository():
    for path in (ROOT / "tests").rglob("*.py"):
        if path.name == "test_repository.py":
            continue
        source = path.read_text(encoding="utf-8")
        assert '"..", "shared"' not in source and '".." / "shared"' not in source, path
        assert "../shared/seeds" not in source and "/work/shared" not in source, path


def test_the_sqlite_database_and_its_journal_are_ignored_by_git():
    patterns = (ROOT / ".gitignore").read_text(encoding="utf-8").split()
    from fnmatch import fnmatch

    for name in ("tianting.sqlite3", "tianting.sqlite3-wal", "tianting.sqlite3-shm", "tianting.sqlite3-journal"):
        assert any(fnmatch(name, p) for p in patterns), name


def test_page_tests_run_on_sqlite_without_a_postgresql_server(tmp_path):
    """The page tests take the ``client`` fixture of each database; without PostgreSQL (and even
    with services required) the SQLite ones run and pass."""
    env = {k: v for k, v in os.environ.items() if k != "TIANTING_TEST_POSTGRES_URL"}
    env["TIANTING_TEST_REQUIRE_SERVICES"] = "1"
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/server/test_pages.py",
         "-k", "sqlite and (home_form_creates or night_form_submits)"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    assert re.search(r"\b2 passed\b", result.stdout), result.stdout[-500:]
