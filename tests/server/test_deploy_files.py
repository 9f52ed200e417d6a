"""The shipped deployment (issue 28, item 5): the systemd units, the backup they run, and a restore from it.

``systemd-analyze verify`` checks the units where it is installed (their ``/opt/tianting/venv/bin/tianting``
pointed at this machine's ``tianting``); without it they are parsed. ``tianting db backup`` copies a database
while the server serves it (SQLite's online backup; PostgreSQL's ``pg_dump``), and the copy restores a server on
which the old links open the same game."""

from __future__ import annotations

import configparser
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import IDS, POSTGRES_URL, _postgres_database, started_game
from tianting.cli import main
from tianting.server.app import create_app
from tianting.server.db import scratch_database

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
UNITS = ["tianting.service", "tianting-backup.service", "tianting-backup.timer"]
VENV_TIANTING = "/opt/tianting/venv/bin/tianting"


def unit(name: str) -> configparser.ConfigParser:
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read_string((DEPLOY / name).read_text().replace("\\\n", " "))
    return parser


def test_the_units_pass_systemd_analyze_verify(tmp_path):
    analyze = shutil.which("systemd-analyze")
    here = shutil.which("tianting") or str(Path(sys.executable).with_name("tianting"))
    if analyze is None or not Path(here).exists():
        pytest.skip("no systemd-analyze here (the units are still parsed by the other tests)")
    for name in UNITS:
        (tmp_path / name).write_text((DEPLOY / name).read_text().replace(VENV_TIANTING, here))
    done = subprocess.run([analyze, "verify", *(str(tmp_path / n) for n in UNITS)], capture_output=True, text=True)
    assert done.returncode == 0 and not done.stderr.strip(), done.stderr


def test_the_server_runs_as_an_unprivileged_user_from_the_venv_behind_the_proxy_and_restarts():
    service = unit("tianting.service")["Service"]
    assert service["User"] == "tianting" and service["Group"] == "tianting"
    start = service["ExecStart"].split()
    assert start[:2] == [VENV_TIANTING, "serve"] and "--base-url" in start
    assert start[start.index("--host") + 1] == "127.0.0.1"  # only the proxy reaches it
    assert service["ExecStartPre"].split()[:3] == [VENV_TIANTING, "db", "upgrade"]
    assert service["Restart"] == "on-failure" and service["ReadWritePaths"] == "/var/lib/tianting"
    assert unit("tianting.service")["Install"]["WantedBy"] == "multi-user.target"


def test_the_backup_timer_runs_the_online_backup_and_catches_up_after_downtime():
    backup = unit("tianting-backup.service")["Service"]
    assert backup["Type"] == "oneshot" and backup["User"] == "tianting"
    assert backup["ExecStart"].split()[:3] == [VENV_TIANTING, "db", "backup"]
    timer = unit("tianting-backup.timer")
    assert timer["Timer"]["Persistent"] == "true" and timer["Timer"]["OnCalendar"]
    assert timer["Install"]["WantedBy"] == "timers.target"


def test_the_caddyfile_proxies_the_loopback_port_the_unit_serves_on():
    caddyfile = (DEPLOY / "Caddyfile").read_text()
    service = unit("tianting.service")["Service"]["ExecStart"].split()
    port = service[service.index("--port") + 1]
    assert f"reverse_proxy 127.0.0.1:{port}" in caddyfile
    base = service[service.index("--base-url") + 1]
    assert f"{base.removeprefix('https://')} {{" in caddyfile


def test_a_sqlite_backup_made_while_serving_restores_the_game_with_its_links(tmp_path, capsys):
    data = tmp_path / "tianting.sqlite3"
    url = f"sqlite:///{data}"
    with TestClient(create_app(url, scheduler_interval=None)) as client:
        game = started_game(client)
        before = client.get(f"/api/p/{game['players'][IDS[0]]['token']}").json()
        held = sqlite3.connect(data, isolation_level=None)  # a reader stays open meanwhile: the backup goes on
        try:
            held.execute("BEGIN")
            held.execute("SELECT count(*) FROM events").fetchall()
            for _ in range(3):
                assert main(["db", "backup", str(tmp_path / "backups"), "--keep", "2", "--data", str(data)]) == 0
            held.execute("ROLLBACK")
        finally:
            held.close()
    assert "已備份到" in capsys.readouterr().out
    copies = sorted((tmp_path / "backups").glob("tianting-*.sqlite3"))
    assert 1 <= len(copies) <= 2 and not list((tmp_path / "backups").glob("*.partial"))
    with sqlite3.connect(copies[-1]) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    restored = tmp_path / "restored.sqlite3"
    shutil.copy(copies[-1], restored)
    assert main(["db", "upgrade", "--data", str(restored)]) == 0
    with TestClient(create_app(f"sqlite:///{restored}", scheduler_interval=None)) as client:
        assert client.get(f"/api/p/{game['players'][IDS[0]]['token']}").json() == before


@pytest.fixture
def postgres_url() -> Iterator[str]:
    yield from _postgres_database()  # skips without a PostgreSQL server


def test_a_postgresql_backup_is_a_pg_dump_that_restores_the_game(tmp_path, postgres_url):
    if shutil.which("pg_dump") is None or shutil.which("pg_restore") is None:
        pytest.skip("no pg_dump / pg_restore (postgresql-client)")
    with TestClient(create_app(postgres_url, scheduler_interval=None)) as client:
        game = started_game(client)
        before = client.get(f"/api/j/{game['judge_token']}").json()
    assert main(["db", "backup", str(tmp_path), "--database-url", postgres_url]) == 0
    dump = next(tmp_path.glob("tianting-*.dump"))
    assert POSTGRES_URL
    with scratch_database(POSTGRES_URL, "tianting_restore") as target:
        done = subprocess.run(["pg_restore", "--no-owner", "-d", target, str(dump)], capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        assert main(["db", "upgrade", "--database-url", target]) == 0
        with TestClient(create_app(target, scheduler_interval=None)) as client:
            assert client.get(f"/api/j/{game['judge_token']}").json() == before
