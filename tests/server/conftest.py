"""Fixtures for the server's tests: a database of each kind, an app, a game ready to play.

SQLite always; PostgreSQL when ``TIANTING_TEST_POSTGRES_URL`` names a real
server (``.ci/run`` starts one and sets ``TIANTING_TEST_REQUIRE_SERVICES`` so
a missing server fails the run instead of skipping). Each PostgreSQL test gets
a fresh database of its own, dropped afterwards.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tianting.server.app import create_app
from tianting.server.db import scratch_database

POSTGRES_URL = os.environ.get("TIANTING_TEST_POSTGRES_URL")
REQUIRE = os.environ.get("TIANTING_TEST_REQUIRE_SERVICES") == "1"
IDS = [f"玩家{i:02d}" for i in range(1, 23)]


def _postgres_database() -> Iterator[str]:
    if not POSTGRES_URL:
        if REQUIRE:
            pytest.fail("TIANTING_TEST_POSTGRES_URL is not set but services are required")
        pytest.skip("no PostgreSQL server (set TIANTING_TEST_POSTGRES_URL)")
    with scratch_database(POSTGRES_URL, "tianting_test") as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Any) -> Iterator[str]:
    """A fresh, empty database URL of each kind."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'tianting.sqlite3'}"
    else:
        yield from _postgres_database()


@pytest.fixture
def sqlite_url(tmp_path: Any) -> str:
    return f"sqlite:///{tmp_path / 'tianting.sqlite3'}"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    """The app on each kind of database, scheduler off (tests drive time themselves)."""
    with TestClient(create_app(db_url, scheduler_interval=None)) as c:
        yield c


def new_game(client: TestClient, **extra: Any) -> dict[str, Any]:
    """Create a 22-player KK 3.3 game through the API; returns the API's answer."""
    body = {"title": "測試局", "rules": "kk33", "ids": IDS, **extra}
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    return response.json()


def choose_all(client: TestClient, game: dict[str, Any], prefer: dict[str, str] | None = None) -> dict[str, str]:
    """Every player chooses a character (``prefer``: id → character, else the first one free)."""
    chosen = {}
    for pid, link in game["players"].items():
        view = client.get(f"/api/p/{link['token']}").json()
        # the first one free, 甘寧 and 凌統 last (奇襲 makes 甘寧's 刺殺 a day action; 旋風)
        options = [prefer[pid]] if prefer and pid in prefer else \
            sorted(view["choices"], key=lambda c: c in ("甘寧", "凌統"))
        for character in options:
            if client.post(f"/api/p/{link['token']}/choose", json={"character": character}).status_code == 200:
                chosen[pid] = character
                break
        else:
            raise AssertionError(f"{pid} could not choose from {options}")
    return chosen


def started_game(client: TestClient, **extra: Any) -> dict[str, Any]:
    """A game at night 1: created, every character chosen, started by the judge."""
    game = new_game(client, **extra)
    choose_all(client, game)
    response = client.post(f"/api/j/{game['judge_token']}/start", json={})
    assert response.status_code == 200, response.text
    return game
