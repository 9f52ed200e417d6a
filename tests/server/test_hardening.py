"""The server under bad conditions: a database it cannot use, a failure inside, forged origins and
visitors, a flood of new games, more games than its cache holds (issue 9's server half).

- A corrupt, foreign or unreachable database is refused at start with one line and exit 2.
- Every unexpected failure is a 500 in the API's JSON shape (a clean HTML page for the pages),
  with the traceback in the server log only, and no secret in that log.
- The Origin check compares the scheme; the home page's CSRF field is the visitor's own; game
  creation is rate-limited per address; evicted games fold again from their events, unchanged.
"""

from __future__ import annotations

import json
import logging
import os
import re
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import insert, text
from sqlalchemy.exc import OperationalError

from tests.server.conftest import IDS, _postgres_database, choose_all, new_game
from tests.server.test_api_flow import Api
from tianting.cli import main
from tianting.hosting.game import HostedGame
from tianting.server import store as store_module
from tianting.server.app import create_app
from tianting.server.db import DatabaseUnusable, events, make_engine, open_database
from tianting.server.failures import MESSAGE
from tianting.server.ratelimit import RateLimit
from tianting.server.security import HEADERS, VISITOR_COOKIE
from tianting.server.store import GameCache, hash_token

SRC = str(Path(__file__).resolve().parents[2] / "src")


@pytest.fixture
def pg_url() -> Iterator[str]:
    yield from _postgres_database()


def serve(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """``tianting serve`` in this process for a database that must be refused: (exit code, stderr)."""
    code = main(["serve", "--port", "1", *args])
    return code, capsys.readouterr().err


def assert_one_line(code: int, err: str, *words: str) -> None:
    assert code == 2, err
    assert "Traceback" not in err and err.count("\n") == 1 and err.endswith("\n"), err
    for word in words:
        assert word in err, (word, err)


# ---- a database the server cannot use: one line at start ------------------------------------
def test_a_corrupt_sqlite_file_is_refused_at_start_in_one_line_by_the_real_command(tmp_path):
    """The real process, as a judge runs it: no traceback, exit 2, and the file left as it was."""
    bad = tmp_path / "bad.sqlite3"
    bad.write_bytes(os.urandom(8192))
    before = bad.read_bytes()
    env = {**os.environ, "PYTHONPATH": SRC}
    done = subprocess.run([sys.executable, "-m", "tianting", "serve", "--data", str(bad), "--port", "1"],
                          capture_output=True, text=True, timeout=60, env=env)
    assert_one_line(done.returncode, done.stderr, str(bad), "不是SQLite資料庫或已損壞")
    assert done.stdout == "" and bad.read_bytes() == before


def test_foreign_unwritable_and_newer_sqlite_databases_are_refused_in_one_line(tmp_path, capsys):
    foreign = tmp_path / "foreign.sqlite3"
    with sqlite3.connect(foreign) as conn:
        conn.execute("CREATE TABLE users (name TEXT)")
    assert_one_line(*serve(["--data", str(foreign)], capsys), "不是天庭的資料庫", "users")
    with sqlite3.connect(foreign) as conn:  # nothing was added to somebody else's file
        assert [r[0] for r in conn.execute("SELECT name FROM sqlite_master")] == ["users"]

    newer = tmp_path / "newer.sqlite3"
    open_database(f"sqlite:///{newer}").dispose()
    with sqlite3.connect(newer) as conn:
        conn.execute("UPDATE alembic_version SET version_num = '9999_from_the_future'")
    assert_one_line(*serve(["--data", str(newer)], capsys), "9999_from_the_future", "不是這個天庭認得的")

    assert_one_line(*serve(["--data", str(tmp_path)], capsys), "無法開啟資料庫檔案")  # a directory
    assert_one_line(*serve(["--data", str(tmp_path / "missing" / "x.sqlite3")], capsys), "無法開啟資料庫檔案")
    assert_one_line(*serve(["--database-url", "mysql://someone@localhost/db"], capsys), "不支援的資料庫")
    assert_one_line(*serve(["--database-url", "postgresql://a:b@localhost:port/x"], capsys), "資料庫網址無效")


def test_an_empty_sqlite_file_is_a_new_database(tmp_path):
    empty = tmp_path / "empty.sqlite3"
    empty.touch()
    open_database(f"sqlite:///{empty}").dispose()
    open_database(f"sqlite:///{empty}").dispose()  # and a second start finds it current


def test_an_unreachable_or_foreign_postgresql_is_refused_in_one_line(pg_url, capsys):
    # port 1 on the loopback: nothing listens there
    code, err = serve(["--database-url", "postgresql://tianting:secretpw@127.0.0.1:1/tianting"], capsys)
    assert_one_line(code, err, "無法使用PostgreSQL資料庫", "127.0.0.1:1/tianting")
    assert "secretpw" not in err  # never the password
    engine = make_engine(pg_url)
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE invoices (id integer)"))
    assert_one_line(*serve(["--database-url", pg_url], capsys), "不是天庭的資料庫", "invoices")
    with engine.connect() as conn:
        names = conn.execute(text("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")).scalars().all()
    engine.dispose()
    assert names == ["invoices"]


# ---- every 500 in the caller's shape, the traceback in the log only ---------------------------
def test_an_unexpected_failure_is_a_json_500_for_the_api_and_an_html_page_for_pages(db_url, monkeypatch, caplog):
    with TestClient(create_app(db_url, scheduler_interval=None)) as client:
        answer = new_game(client)
        judge = answer["judge_token"]

        def broken(*args: Any, **kwargs: Any) -> Any:
            raise OperationalError("SELECT 1", {}, RuntimeError("the disk is on fire"))

        monkeypatch.setattr(client.app.state.store, "_catch_up", broken)
        with caplog.at_level(logging.ERROR, logger="tianting.server"):
            for path in (f"/api/j/{judge}", f"/api/g/{answer['public_id']}", f"/api/j/{judge}/export"):
                response = client.get(path)
                assert response.status_code == 500 and response.json() == {"error": MESSAGE}, path
                assert response.headers["content-security-policy"] == HEADERS["Content-Security-Policy"]
            posted = client.post(f"/api/j/{judge}/note", json={"text": "x"})
            assert posted.status_code == 500 and posted.json() == {"error": MESSAGE}
            for path in (f"/j/{judge}", f"/g/{answer['public_id']}"):
                page = client.get(path)
                assert page.status_code == 500 and page.headers["content-type"].startswith("text/html")
                assert MESSAGE in page.text and 'id="error-message"' in page.text and "disk is on fire" not in page.text
                assert page.headers["x-frame-options"] == "DENY"
            # a client asking for JSON gets JSON from a page route too
            asked = client.get(f"/g/{answer['public_id']}", headers={"accept": "application/json"})
            assert asked.status_code == 500 and asked.json() == {"error": MESSAGE}
        logged = caplog.text
        assert "Traceback" in logged and "the disk is on fire" in logged
        assert judge not in logged and "/api/j/…" in logged  # the request is named, not its secret link


def test_a_damaged_database_page_at_run_time_is_a_json_500_not_a_traceback(tmp_path, caplog):
    """A SQLite file whose events table's page is overwritten after start-up checks passed."""
    path = tmp_path / "db.sqlite3"
    url = f"sqlite:///{path}"
    with TestClient(create_app(url, scheduler_interval=None)) as client:
        answer = new_game(client)
    with sqlite3.connect(path) as conn:
        page_size = conn.execute("PRAGMA page_size").fetchone()[0]
        root = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'events'").fetchone()[0]
    with open(path, "r+b") as raw:
        raw.seek((root - 1) * page_size)
        raw.write(b"\xff" * page_size)
    with TestClient(create_app(url, scheduler_interval=None)) as client, \
            caplog.at_level(logging.ERROR, logger="tianting.server"):
        response = client.get(f"/api/g/{answer['public_id']}")
        assert response.status_code == 500 and response.json() == {"error": MESSAGE}
        page = client.get(f"/g/{answer['public_id']}")
        assert page.status_code == 500 and "<html" in page.text and MESSAGE in page.text
    assert "malformed" in caplog.text or "not a database" in caplog.text


# ---- no secret in any log ---------------------------------------------------------------------
def test_a_failed_insert_logs_neither_seed_salt_nor_token_hashes(db_url, monkeypatch, caplog):
    """Every logger at DEBUG (SQLAlchemy's statement log included) while inserts fail: the new
    games' seed and salt, the links and their hashes appear nowhere, in the log or the answer."""
    seed, salt = 271828182845904523536028747135266249775, "c0ffee" * 5 + "ab"
    judge = "J" * 43
    ids = iter(["aaaa000000000001", "aaaa000000000002", "aaaa000000000003"])
    fake = SimpleNamespace(token_hex=lambda n: next(ids), token_urlsafe=lambda n: judge if n == 32 else os.urandom(
        9).hex())
    with TestClient(create_app(db_url, scheduler_interval=None)) as client:
        monkeypatch.setattr(store_module, "secrets", fake)
        monkeypatch.setattr(store_module, "new_seed", lambda: (seed, salt))
        logging.getLogger("sqlalchemy.engine").setLevel(logging.INFO)  # as if someone turned echo on
        with caplog.at_level(logging.DEBUG):
            new_game(client)  # game 1 takes the judge link
            with client.app.state.store.engine.begin() as conn:  # game 2's first event is already there
                conn.execute(insert(events).values(game_id="aaaa000000000002", seq=1, kind="x", actor="x",
                                                   payload="{}", at="x"))
            answers = [client.post("/api/games", json={"title": "局", "rules": "kk33", "ids": IDS})
                       for _ in range(2)]  # game 2: events insert fails; game 3: the judge link's hash repeats
        logging.getLogger("sqlalchemy.engine").setLevel(logging.WARNING)
    assert [a.status_code for a in answers] == [500, 500] and all(a.json() == {"error": MESSAGE} for a in answers)
    logged = caplog.text
    assert logged.count("Traceback") >= 2 and "IntegrityError" in logged
    assert "INSERT INTO events" in logged  # the statement is there, its parameters are not
    for secret in (str(seed), salt, judge, hash_token(judge), str(seed)[:12]):
        assert secret not in logged, secret
        assert all(secret not in a.text for a in answers)


def test_the_log_filter_hides_driver_details_parameters_and_links():
    from tianting.server.logs import ScrubSecrets

    try:
        raise RuntimeError('duplicate key value violates unique constraint "tokens_pkey"\n'
                           "DETAIL:  Key (token_hash)=(abc123) already exists.\n"
                           "[SQL: INSERT INTO tokens VALUES (?)]\n[parameters: ('abc123', 'salt-xyz')]")
    except RuntimeError:
        record = logging.LogRecord("tianting.server", logging.ERROR, __file__, 1, "failed on %s", ("/p/TOKEN123",),
                                   sys.exc_info())
    ScrubSecrets().filter(record)
    shown = logging.Formatter().format(record)
    assert "abc123" not in shown and "salt-xyz" not in shown and "TOKEN123" not in shown
    assert "tokens_pkey" in shown and "/p/…" in shown and "DETAIL: (hidden)" in shown


# ---- origins and visitors -----------------------------------------------------------------------
def test_the_origin_check_compares_the_scheme_host_and_port(client):
    answer = new_game(client)
    judge = answer["judge_token"]
    page = client.get(f"/j/{judge}").text
    csrf = re.search(r'name="csrf" value="([^"]+)"', page).group(1)

    def note(origin: str | None) -> int:
        headers = {"Origin": origin} if origin is not None else {}
        return client.post(f"/j/{judge}/note", data={"csrf": csrf, "text": "備註"}, headers=headers,
                           follow_redirects=False).status_code

    assert note("https://testserver") == 403  # the same host under another scheme is another origin
    assert note("http://testserver:8080") == 403
    assert note("http://evil.testserver") == 403
    assert note("testserver") == 403
    assert note("http://testserver/") == 403
    assert note("http://testserver") == 303
    assert note("HTTP://TestServer:80") == 303  # the default port and case mean the same origin
    assert note(None) == 303  # no Origin at all: an old browser or a tool (the CSRF field still guards)
    notes = client.get(f"/api/j/{judge}").json()["notes"]
    assert len(notes) == 3


def test_the_home_forms_csrf_field_is_each_visitors_own(client):
    def visit() -> tuple[str, str]:
        client.cookies.clear()
        home = client.get("/")
        cookie = home.cookies.get(VISITOR_COOKIE)
        set_cookie = home.headers["set-cookie"].lower()
        assert "httponly" in set_cookie and "samesite=lax" in set_cookie
        return re.search(r'name="csrf" value="([^"]+)"', home.text).group(1), cookie

    (field_a, cookie_a), (field_b, cookie_b) = visit(), visit()
    assert field_a != field_b and cookie_a != cookie_b and len(cookie_a) == 43
    form = {"title": "表單局", "rules": "kk33", "ids": "\n".join(IDS)}

    def create(field: str, cookie: str | None) -> int:
        client.cookies.clear()
        if cookie is not None:
            client.cookies.set(VISITOR_COOKIE, cookie)
        return client.post("/games", data={"csrf": field, **form}, follow_redirects=False).status_code

    assert create(field_a, cookie_b) == 403  # one visitor's field is worthless with another's cookie
    assert create(field_a, None) == 403
    assert create(field_a, "x" * 43) == 403
    with client.app.state.store.engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM games")).scalar() == 0
    assert create(field_a, cookie_a) == 303
    # a visitor keeps their cookie: the page again carries the same field
    client.cookies.set(VISITOR_COOKIE, cookie_a)
    again = client.get("/")
    assert VISITOR_COOKIE not in again.headers.get("set-cookie", "")
    assert re.search(r'name="csrf" value="([^"]+)"', again.text).group(1) == field_a


# ---- rate limit -----------------------------------------------------------------------------------
class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_game_creation_is_rate_limited_per_address_with_a_chinese_429(sqlite_url):
    clock = Clock()
    app = create_app(sqlite_url, scheduler_interval=None, create_limit=RateLimit(burst=3, per=60, clock=clock))
    body = {"title": "局", "rules": "kk33", "ids": IDS}
    with TestClient(app) as client, TestClient(app, client=("198.51.100.7", 4000)) as other:
        assert [client.post("/api/games", json=body).status_code for _ in range(3)] == [201, 201, 201]
        refused = client.post("/api/games", json=body)
        assert refused.status_code == 429 and "建立遊戲太頻繁" in refused.json()["error"]
        assert refused.headers["retry-after"] == "60"
        # the form says so too, keeping what was typed
        home = client.get("/")
        csrf = re.search(r'name="csrf" value="([^"]+)"', home.text).group(1)
        page = client.post("/games", data={"csrf": csrf, "title": "表單局", "rules": "kk33", "ids": "\n".join(IDS)},
                           follow_redirects=False)
        assert page.status_code == 429 and "建立遊戲太頻繁" in page.text and "表單局" in page.text
        assert page.headers["retry-after"] == "60"
        # another address has its own allowance
        assert other.post("/api/games", json=body).status_code == 201
        clock.now += 30
        assert client.post("/api/games", json=body).json()["error"].endswith("請於30秒後再試")
        clock.now += 30
        assert client.post("/api/games", json=body).status_code == 201  # one more a minute
        assert client.post("/api/games", json=body).status_code == 429
        with app.state.store.engine.connect() as conn:
            assert conn.execute(text("SELECT count(*) FROM games")).scalar() == 5


def test_the_rate_limit_remembers_a_bounded_number_of_addresses():
    limit = RateLimit(burst=1, per=3600, max_clients=100, clock=Clock())
    for n in range(1000):
        assert limit.take(f"10.0.{n // 250}.{n % 250}") == 0
    assert len(limit._buckets) == 100
    assert limit.take("10.0.3.249") > 0  # the most recent are remembered


# ---- the bounded game cache ------------------------------------------------------------------------
def play_a_little(client: TestClient, api: Api) -> None:
    api.judge("start")
    for pid in IDS[:21]:
        api.player(pid, "actions", {"actions": []})
    api.judge("note", {"text": f"備註 {api.game_id}"})


def test_evicted_games_fold_again_from_their_events_and_stay_correct(db_url):
    with TestClient(create_app(db_url, scheduler_interval=None, cache_games=2)) as client:
        store = client.app.state.store
        games = []
        for seed in (1, 2, 3, 4):
            api = Api.seeded(client, seed)
            choose_all(client, {"players": {pid: {"token": t} for pid, t in api.tokens.items()}})
            play_a_little(client, api)
            games.append(api)
            assert len(store._cache) <= 2
        assert games[0].game_id not in store._cache and games[3].game_id in store._cache
        before = {api.game_id: (api.console(), api.view(IDS[0]), api.public()) for api in games}
        assert len(store._cache) == 2
        for api in games:  # every game, evicted or not, reads the same and takes writes
            assert (api.console(), api.view(IDS[0]), api.public()) == before[api.game_id]
            api.player(IDS[21], "actions", {"actions": []})
            for other in games:
                if other is not api:
                    other.console()  # push the others through the cache
            console = api.console()  # the last player in: the night resolved itself
            assert console["stage"] == "draft" and console["seq"] == before[api.game_id][0]["seq"] + 2
            fresh = HostedGame.fold(store.events(api.game_id))
            assert fresh.seq == console["seq"] and len(store._cache) <= 2
            assert json.dumps(fresh.export(), sort_keys=True, default=str) == \
                json.dumps(api.export(), sort_keys=True, default=str)


def test_the_game_cache_drops_the_least_recently_used():
    cache = GameCache(2)
    a, b, c = HostedGame(), HostedGame(), HostedGame()
    cache.put("a", a)
    cache.put("b", b)
    assert cache.get("a") is a  # a is now the most recent
    cache.put("c", c)
    assert "b" not in cache and cache.get("a") is a and cache.get("c") is c and len(cache) == 2
    with pytest.raises(ValueError):
        GameCache(0)


def test_open_database_raises_a_one_line_error_not_a_driver_exception(tmp_path):
    bad = tmp_path / "bad.sqlite3"
    bad.write_bytes(b"not sqlite at all" * 100)
    with pytest.raises(DatabaseUnusable) as raised:
        open_database(f"sqlite:///{bad}")
    assert "\n" not in str(raised.value)


def test_the_link_caches_are_bounded_and_a_forgotten_link_is_looked_up_again(sqlite_url, monkeypatch):
    monkeypatch.setattr(store_module, "CACHE_LINKS", 5)
    with TestClient(create_app(sqlite_url, scheduler_interval=None)) as client:
        answer = new_game(client)
        tokens = [p["token"] for p in answer["players"].values()]
        for _ in range(2):
            assert all(client.get(f"/api/p/{t}").json()["id"] in IDS for t in tokens)
        store = client.app.state.store
        assert len(store._access) == 5
        assert client.get(f"/api/g/{answer['public_id']}").status_code == 200
