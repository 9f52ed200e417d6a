"""Several server processes on one database (issue 17).

- Four ``tianting serve`` processes released at the same instant on an empty PostgreSQL
  database all come up (the schema is made once, under the migration lock; the CSRF secret is
  inserted once and read by all), and a form from one is accepted by another.
- Two processes serve one game alternately: after every write through one, the other's views
  are current, and every write is stored once, gapless.
- A transaction that fails to serialise is tried again; the engine runs read committed even on
  a database whose default is repeatable read.
- One deadline scheduler acts at a time; deadlines go by the database's clock, not the host's.
- ``tianting serve --workers 2``: no secret link, seed, salt or driver detail in any worker's log,
  even for a failed insert.

Every test is bounded in time and listens on the loopback only.
"""

from __future__ import annotations

import contextlib
import os
import re
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import event, text, update

from tests.server.conftest import IDS, _postgres_database
from tianting.hosting import events as ev
from tianting.hosting.game import Refused
from tianting.server import store as store_module
from tianting.server.db import SCHEDULER_LOCK, head_revision, make_engine
from tianting.server.db import games as games_table
from tianting.server.store import Store

SRC = str(Path(__file__).resolve().parents[2] / "src")
START_WITHIN = 90
"""Seconds a process may take to answer /healthz (the machine may be loaded)."""

LAUNCH = """
import sys, time
from tianting.cli import main
import tianting.server.app  # the heavy imports happen before the common start instant
at = float(sys.argv[1])
time.sleep(max(0.0, at - time.time()))
raise SystemExit(main(sys.argv[2:]))
"""


@pytest.fixture
def pg_url() -> Iterator[str]:
    yield from _postgres_database()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Process:
    """One ``tianting serve`` on the loopback, its output in a log file."""

    def __init__(self, tmp: Path, name: str, args: list[str], at: float | None = None) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log_path = tmp / f"{name}.log"
        command = [sys.executable, "-c", LAUNCH, str(at or 0.0), "serve", "--host", "127.0.0.1",
                   "--port", str(self.port), *args]
        with open(self.log_path, "wb") as log:
            self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT,
                                            env={**os.environ, "PYTHONPATH": SRC})

    def wait_up(self, until: float) -> None:
        while True:
            assert self.process.poll() is None, f"the server exited ({self.process.returncode}): {self.log()}"
            with contextlib.suppress(httpx.TransportError):
                if httpx.get(f"{self.base}/healthz", timeout=2).status_code == 200:
                    return
            assert time.monotonic() < until, f"the server did not start: {self.log()}"
            time.sleep(0.05)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def log_until(self, done: Callable[[str], bool], within: float = START_WITHIN) -> str:
        """The log once ``done`` holds of it (lines land when their process gets to them, which on a loaded
        machine may be a while); the log as it is after ``within`` seconds otherwise."""
        until = time.monotonic() + within
        while not done(log := self.log()) and time.monotonic() < until:
            time.sleep(0.05)
        return log


@contextlib.contextmanager
def processes(tmp: Path, url: str, count: int, together: bool = False,
              extra: list[str] | None = None) -> Iterator[list[Process]]:
    at = time.time() + 12 if together else None  # enough for every interpreter to import first
    started = [Process(tmp, f"server-{n}", ["--database-url", url, "--no-create-limit", *(extra or [])], at)
               for n in range(count)]
    try:
        until = time.monotonic() + START_WITHIN
        for process in started:
            process.wait_up(until)
        yield started
    finally:
        for process in started:
            process.stop()


def scalar(url: str, sql: str) -> Any:
    engine = make_engine(url)
    try:
        with engine.connect() as conn:
            return conn.execute(text(sql)).scalar()
    finally:
        engine.dispose()


# ---- start-up ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("round_", [1, 2])
def test_four_processes_released_together_on_an_empty_database_all_come_up(tmp_path, round_):
    with contextlib.ExitStack() as stack:
        url = stack.enter_context(contextlib.contextmanager(_postgres_database)())
        servers = stack.enter_context(processes(tmp_path, url, 4, together=True))
        assert all(httpx.get(f"{s.base}/healthz", timeout=10).json() == {"ok": True} for s in servers)
        assert scalar(url, "SELECT count(*) FROM settings WHERE key = 'csrf-secret'") == 1
        assert scalar(url, "SELECT version_num FROM alembic_version") == head_revision()
        for server in servers:
            assert "Traceback" not in server.log() and "Error" not in server.log(), server.log()
        # one secret for all: a visitor's form from one process is accepted by another
        with httpx.Client(base_url=servers[0].base, timeout=30) as first:
            home = first.get("/")
            field = re.search(r'name="csrf" value="([^"]+)"', home.text).group(1)
            cookies = dict(first.cookies)
        answer = httpx.post(f"{servers[3].base}/games", cookies=cookies, timeout=30, data={
            "csrf": field, "title": "跨進程", "rules": "kk33", "ids": "\n".join(IDS)})
        assert answer.status_code == 303, answer.text


# ---- two processes, one game ------------------------------------------------------------------------
def test_two_processes_serve_one_game_alternately_every_view_current_every_write_once(tmp_path, pg_url):
    with processes(tmp_path, pg_url, 2) as servers, httpx.Client(timeout=60) as client:
        bases = [s.base for s in servers]
        made = client.post(f"{bases[0]}/api/games", json={"title": "兩處", "rules": "kk33", "ids": IDS}).json()
        judge = made["judge_token"]
        acknowledged = [1]
        turn = 0

        def write(path: str, body: dict[str, Any]) -> httpx.Response:
            nonlocal turn
            here, there = bases[turn % 2], bases[(turn + 1) % 2]
            turn += 1
            answer = client.post(f"{here}{path}", json=body)
            if answer.status_code == 200:
                acknowledged.extend(e for e in range(answer.json()["seq"], answer.json()["seq"]
                                                     + len(answer.json()["events"])))
                console = client.get(f"{there}/api/j/{judge}").json()  # the other process is current
                assert console["seq"] == acknowledged[-1], (path, console["seq"], acknowledged[-1])
            return answer

        for link in made["players"].values():
            choices = client.get(f"{bases[turn % 2]}/api/p/{link['token']}").json()["choices"]
            for character in choices:
                if write(f"/api/p/{link['token']}/choose", {"character": character}).status_code == 200:
                    break
        write(f"/api/j/{judge}/start", {})
        for pid, link in list(made["players"].items())[:21]:
            assert write(f"/api/p/{link['token']}/actions", {"actions": []}).status_code == 200, pid
            view = client.get(f"{bases[turn % 2]}/api/p/{link['token']}").json()
            assert view["open"]["actions"] == [] and view["open"]["submitted"], view["open"]
        for n in range(6):
            assert write(f"/api/j/{judge}/note", {"text": f"備註{n}"}).status_code == 200
        exported = client.get(f"{bases[0]}/api/j/{judge}/export").json()["events"]
        assert [e["seq"] for e in exported] == list(range(1, len(exported) + 1))  # gapless, nothing doubled
        assert sorted(acknowledged) == [e["seq"] for e in exported]  # every write stored once
        assert [e["payload"]["text"] for e in exported if e["kind"] == "note"] == [f"備註{n}" for n in range(6)]


# ---- isolation and retries ---------------------------------------------------------------------------
def test_the_engine_runs_read_committed_even_where_the_database_defaults_to_repeatable_read(pg_url):
    engine = make_engine(pg_url)
    name = pg_url.rsplit("/", 1)[1]
    with engine.connect() as conn:
        conn.execute(text(f"ALTER DATABASE \"{name}\" SET default_transaction_isolation TO 'repeatable read'"))
        conn.commit()
    engine.dispose()
    plain = make_engine(pg_url).execution_options(isolation_level="AUTOCOMMIT")
    with plain.connect() as conn:
        assert conn.execute(text("SHOW default_transaction_isolation")).scalar() == "repeatable read"
    plain.engine.dispose()
    store = Store(pg_url)
    try:
        with store.engine.connect() as conn:
            assert conn.execute(text("SHOW transaction_isolation")).scalar() == "read committed"
    finally:
        store.close()


def test_a_transaction_that_fails_to_serialise_is_tried_again_and_lands_once(pg_url):
    """A real serialization failure: the store's transaction (made repeatable read for the test)
    has its snapshot before another session updates the game's row; its SELECT … FOR UPDATE then
    fails with SQLSTATE 40001, and the store tries the whole write again."""
    store = Store(pg_url)
    other = make_engine(pg_url)
    try:
        made = store.create_game("重試", "kk33", IDS)
        base_engine = store.engine
        store.engine = base_engine.execution_options(isolation_level="REPEATABLE READ")  # type: ignore[assignment]
        attempts: list[str] = []

        @event.listens_for(base_engine, "before_cursor_execute")
        def interfere(conn: Any, cursor: Any, statement: str, params: Any, context: Any, many: bool) -> None:
            if "FOR UPDATE" not in statement:
                return
            attempts.append(statement)
            if len(attempts) == 1:
                cursor.execute("SELECT 1")  # the snapshot is taken here
                with other.begin() as conn2:  # another process moves the game's row meanwhile
                    conn2.execute(update(games_table).where(games_table.c.id == made.game_id)
                                  .values(title=games_table.c.title))

        written = store.append(made.game_id, ev.NOTE, ev.JUDGE, {"text": "只寫一次"})
        event.remove(base_engine, "before_cursor_execute", interfere)
        assert len(attempts) == 2  # failed once, then landed
        assert [e.kind for e in written] == ["note"]
        stored = store.events(made.game_id)
        assert [e.kind for e in stored] == ["created", "note"] and stored[-1].seq == 2
    finally:
        store.close()
        other.dispose()


# ---- the scheduler and the clock ------------------------------------------------------------------------
def _open_game(store: Store, deadline: str) -> str:
    """A game at night 1 (every character chosen, started) whose deadline is ``deadline``."""
    made = store.create_game("時限", "kk33", IDS)
    with store.game(made.game_id) as game:
        seats = {s["id"]: s["choices"] for s in game.setup["players"]}
    for pid, choices in seats.items():
        for character in choices:
            with contextlib.suppress(Refused):  # a character whose base another took
                store.append(made.game_id, ev.CHOOSE, pid, {"character": character})
                break
    store.append(made.game_id, ev.START, ev.JUDGE, {"deadline": None})
    store.append(made.game_id, ev.DEADLINE, ev.JUDGE, {"deadline": deadline})
    return made.game_id


def test_only_one_deadline_scheduler_acts_at_a_time(pg_url, monkeypatch):
    stores = [Store(pg_url), Store(pg_url)]
    try:
        game_id = _open_game(stores[0], "2029-01-01T00:00:00+00:00")
        for store in stores:  # the database's clock, moved past the deadline
            monkeypatch.setattr(store, "_now", lambda conn: datetime(2030, 1, 1, tzinfo=UTC))
        engine = make_engine(pg_url)
        with engine.connect() as holder:  # another process's scheduler is acting
            assert holder.execute(text("SELECT pg_try_advisory_lock(:k)"), {"k": SCHEDULER_LOCK}).scalar()
            holder.commit()
            assert stores[1].resolve_due() == []
            with stores[1].game(game_id) as game:
                assert game.stage == "open"  # it stood aside
            holder.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": SCHEDULER_LOCK})
            holder.commit()
        engine.dispose()
        barrier = threading.Barrier(2)
        failures: list[Any] = []

        def tick(store: Store) -> None:
            barrier.wait(10)
            failures.extend(store.resolve_due())

        threads = [threading.Thread(target=tick, args=(s,)) for s in stores]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        assert failures == []
        kinds = [e.kind for e in stores[0].events(game_id)]
        assert kinds.count("resolve") == 1 and kinds[-1] == "resolve"
    finally:
        for store in stores:
            store.close()


class FastClock(datetime):
    """This host's clock, a minute fast (a replica whose clock drifted)."""

    @classmethod
    def now(cls, tz: Any = None) -> datetime:  # type: ignore[override]
        return datetime.now(tz) + timedelta(seconds=60)


def test_deadlines_go_by_the_databases_clock_not_the_hosts(db_url, monkeypatch):
    """A host whose clock runs 60 s fast neither refuses a timely submission nor resolves early."""
    store = Store(db_url)
    try:
        db_now = store.clock()
        deadline = (db_now + timedelta(seconds=30)).isoformat()
        game_id = _open_game(store, deadline)
        monkeypatch.setattr(store_module, "datetime", FastClock)
        monkeypatch.setattr(store_module, "now_iso", lambda: FastClock.now(UTC).isoformat(timespec="seconds"))
        [written] = store.append(game_id, ev.SUBMIT, IDS[0], {"actions": []})  # in time by the database
        assert written.at < deadline and abs(datetime.fromisoformat(written.at) - db_now) < timedelta(seconds=20)
        assert store.due_games() == [] and store.resolve_due() == []
        with store.game(game_id) as game:
            assert game.stage == "open"
    finally:
        store.close()


# ---- workers and their logs ---------------------------------------------------------------------------------
def test_no_secret_in_any_workers_log(tmp_path, pg_url):
    """``serve --workers 2``: a game's links used many times over fresh connections (spread over both
    workers), and an insert that fails with the secret in the database's DETAIL: the log has
    neither a token, a token's hash, nor the detail."""
    engine = make_engine(pg_url)

    def workers(log: str) -> int:
        return len(set(re.findall(r"Started server process \[(\d+)\]", log)))

    with processes(tmp_path, pg_url, 1, extra=["--workers", "2"]) as [server]:
        # /healthz answered by one worker: the other may still be importing on a loaded machine
        assert workers(server.log_until(lambda log: workers(log) >= 2)) >= 2, server.log()
        with engine.begin() as conn:  # a failing insert whose error quotes the row, as PostgreSQL's do
            conn.execute(text("""
                CREATE FUNCTION refuse_boom() RETURNS trigger AS $$
                BEGIN
                  IF NEW.payload LIKE '%boom%' THEN
                    RAISE EXCEPTION 'refused by a trigger' USING DETAIL = NEW.payload;
                  END IF;
                  RETURN NEW;
                END $$ LANGUAGE plpgsql"""))
            conn.execute(text("CREATE TRIGGER refuse_boom BEFORE INSERT ON events FOR EACH ROW "
                              "EXECUTE FUNCTION refuse_boom()"))
        made = httpx.post(f"{server.base}/api/games", json={"title": "日誌", "rules": "kk33", "ids": IDS},
                          timeout=60).json()
        judge = made["judge_token"]
        tokens = [judge, *(p["token"] for p in made["players"].values())]
        for token in tokens:  # a fresh connection each: the workers share them out
            assert httpx.get(f"{server.base}/p/{token}" if token != judge else f"{server.base}/j/{token}",
                             timeout=60).status_code == 200
        failed = httpx.post(f"{server.base}/api/j/{judge}/note", json={"text": f"boom {judge}"}, timeout=60)
        assert failed.status_code == 500 and failed.json() == {"error": failed.json()["error"]}
        assert judge not in failed.text
        log = server.log_until(lambda log: log.count('"GET /p/…') >= 20 and "refused by a trigger" in log
                               and "Traceback" in log)
    engine.dispose()
    assert workers(log) >= 2, log  # two workers and more
    assert log.count('"GET /p/…') >= 20 and "refused by a trigger" in log and "Traceback" in log
    for secret in tokens:
        assert secret not in log
        assert store_module.hash_token(secret) not in log
    assert "boom" not in log  # the DETAIL quoting the row is gone


# ---- SQLite reads and the migration step ------------------------------------------------------------------
def test_sqlite_reads_do_not_wait_for_the_write_lock(sqlite_url):
    """Another process holds SQLite's write lock (BEGIN IMMEDIATE, not committed): reads still answer
    (before, every read began IMMEDIATE and waited up to the 30 s busy timeout)."""
    import sqlite3

    from fastapi.testclient import TestClient

    from tianting.server.app import create_app

    with TestClient(create_app(sqlite_url, scheduler_interval=None)) as client:
        made = client.post("/api/games", json={"title": "讀", "rules": "kk33", "ids": IDS}).json()
        writer = sqlite3.connect(sqlite_url.removeprefix("sqlite:///"), isolation_level=None)
        writer.execute("BEGIN IMMEDIATE")
        writer.execute("UPDATE games SET title = title")
        answers: list[int] = []
        reader = threading.Thread(target=lambda: answers.extend(
            client.get(f"/api/p/{t['token']}").status_code for t in list(made["players"].values())[:3]))
        try:
            reader.start()
            reader.join(20)  # far less than the busy timeout a blocked read would wait
            assert answers == [200, 200, 200]
        finally:
            writer.execute("ROLLBACK")
            writer.close()
            reader.join(60)


def test_db_upgrade_is_a_step_of_its_own(tmp_path, pg_url, capsys):
    from tianting.cli import main

    for args in (["--data", str(tmp_path / "new.sqlite3")], ["--database-url", pg_url]):
        assert main(["db", "upgrade", *args]) == 0
        assert f"已升級到結構版本 {head_revision()}" in capsys.readouterr().out
        assert main(["db", "upgrade", *args]) == 0
        assert "已是最新的結構版本" in capsys.readouterr().out
    bad = tmp_path / "bad.sqlite3"
    bad.write_bytes(b"\x00garbage" * 1000)
    assert main(["db", "upgrade", "--data", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
