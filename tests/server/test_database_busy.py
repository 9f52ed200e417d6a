"""A database lock held by another process (issue 28, item 2): a judge's ``sqlite3`` shell or a backup holding
SQLite's write lock (``BEGIN EXCLUSIVE``), another client holding a PostgreSQL table lock.

"A write waits for a lock held by another process and goes through as soon as it is released (within the busy
timeout); past the timeout the answer is a clear Chinese 503 with ``Retry-After``, never a 500; the page says
what to do." The timeout is the server's ``busy_timeout`` (``tianting serve --busy-timeout``), short here.
"""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import new_game
from tests.server.test_pages import post
from tianting.server.app import create_app
from tianting.server.failures import BUSY_MESSAGE, RETRY_AFTER

HOLD_SQLITE = """
import sqlite3, sys, time
c = sqlite3.connect(sys.argv[1], isolation_level=None)
c.execute("BEGIN EXCLUSIVE")
print("held", flush=True)
time.sleep(float(sys.argv[2]))
c.execute("COMMIT")
print("released", flush=True)
"""
HOLD_POSTGRES = """
import psycopg, sys, time
c = psycopg.connect(sys.argv[1])
c.execute("LOCK TABLE games IN EXCLUSIVE MODE")  # every write of a game waits (its row lock), reads do not
print("held", flush=True)
time.sleep(float(sys.argv[2]))
c.commit()
print("released", flush=True)
"""


@contextmanager
def lock_held(db_url: str, seconds: float) -> Iterator[dict[str, float]]:
    """Another process holds the database's write lock for ``seconds`` from the moment this is entered;
    yields a dict that gets ``released`` (``time.monotonic()``) once the process says it let go."""
    if db_url.startswith("sqlite"):
        args = [sys.executable, "-c", HOLD_SQLITE, db_url.removeprefix("sqlite:///"), str(seconds)]
    else:
        args = [sys.executable, "-c", HOLD_POSTGRES, db_url, str(seconds)]
    holder = subprocess.Popen(args, stdout=subprocess.PIPE, text=True)
    assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
    times: dict[str, float] = {}

    def wait() -> None:
        assert holder.stdout is not None
        if holder.stdout.readline().strip() == "released":
            times["released"] = time.monotonic()

    watcher = threading.Thread(target=wait)
    watcher.start()
    try:
        yield times
    finally:
        watcher.join(seconds + 30)
        holder.wait(30)


def app_client(db_url: str, busy_timeout: float) -> TestClient:
    return TestClient(create_app(db_url, scheduler_interval=None, busy_timeout=busy_timeout))


def notes(client: TestClient, game: dict[str, Any]) -> list[str]:
    return [n["text"] for n in client.get(f"/api/j/{game['judge_token']}").json()["notes"]]


def test_writes_wait_for_a_lock_held_three_seconds_and_go_through_once_it_is_released(db_url):
    with app_client(db_url, busy_timeout=20) as client:
        game = new_game(client)
        answers: list[tuple[int, float]] = []

        def write(i: int) -> None:
            response = client.post(f"/api/j/{game['judge_token']}/note", json={"text": f"備註{i}"})
            answers.append((response.status_code, time.monotonic()))

        with lock_held(db_url, 3) as times:
            start = time.monotonic()
            writers = [threading.Thread(target=write, args=(i,)) for i in range(5)]
            for w in writers:
                w.start()
            for w in writers:
                w.join(60)
        assert [status for status, _ in answers] == [200] * 5
        # they waited for the lock, and went through as soon as it was let go (not at the timeout)
        assert all(at - start >= 2.5 for _, at in answers), [at - start for _, at in answers]
        assert all(at - times["released"] < 5 for _, at in answers), [at - times["released"] for _, at in answers]
        assert sorted(notes(client, game)) == [f"備註{i}" for i in range(5)]


def test_a_write_past_the_busy_timeout_is_answered_503_in_chinese_with_retry_after_and_stores_nothing(db_url):
    with app_client(db_url, busy_timeout=1) as client:
        game = new_game(client)
        judge = f"/j/{game['judge_token']}"
        with lock_held(db_url, 6):
            start = time.monotonic()
            response = client.post(f"/api{judge}/note", json={"text": "鎖住時的備註"})
            waited = time.monotonic() - start
            assert response.status_code == 503, response.text
            assert response.headers["Retry-After"] == str(RETRY_AFTER)
            assert response.json()["error"] == BUSY_MESSAGE
            assert "資料庫正忙" in BUSY_MESSAGE and "請稍候幾秒再送出一次" in BUSY_MESSAGE
            assert waited < 5.5, waited  # the timeout (1 s), not the whole lock
            # the judge's form: the page says the same, with what to do
            page = post(client, judge, f"{judge}/note", {"text": "表單的備註"})
            assert page.status_code == 503
            assert page.headers["Retry-After"] == str(RETRY_AFTER)
            assert "資料庫正忙" in page.text and "請稍候幾秒再送出一次" in page.text
            assert "伺服器內部錯誤" not in page.text
        assert notes(client, game) == []  # nothing was written
        again = client.post(f"/api{judge}/note", json={"text": "鎖放開後的備註"})
        assert again.status_code == 200
        assert notes(client, game) == ["鎖放開後的備註"]


@pytest.mark.parametrize("seconds", ["0", "-1", "nan"])
def test_serve_refuses_a_busy_timeout_that_is_not_positive(seconds, tmp_path):
    from tests.cli_harness import call

    done = call("serve", "--data", str(tmp_path / "x.sqlite3"), "--busy-timeout", seconds)
    assert done.code == 2 and "--busy-timeout 須大於0" in done.err
