"""The tests' scratch PostgreSQL databases are dropped whatever is still connected to them.

The teardown used ``DROP DATABASE … WITH (FORCE)``, refused now and then under load ("must be a member of the role
whose process is being terminated or member of pg_signal_backend"): FORCE checks that the dropping role may signal
every process in the database, and an autovacuum worker, which visits a database soon after a test has written to
it, has no role. :func:`tianting.server.db.drop_database` lets no new session in, terminates this role's sessions
and drops without FORCE (the server signals the autovacuum workers itself). An autovacuum worker cannot be summoned
by a test; the sessions a test may leave behind can: they are dropped with the database.
"""

from __future__ import annotations

import threading

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.exc import DBAPIError

from tests.server.conftest import POSTGRES_URL, REQUIRE
from tianting.server.db import normalise_url, scratch_database


@pytest.fixture
def server_url() -> str:
    if not POSTGRES_URL:
        if REQUIRE:
            pytest.fail("TIANTING_TEST_POSTGRES_URL is not set but services are required")
        pytest.skip("no PostgreSQL server (set TIANTING_TEST_POSTGRES_URL)")
    return POSTGRES_URL


def exists(admin_url: str, name: str) -> bool:
    engine = create_engine(normalise_url(admin_url))
    try:
        with engine.connect() as conn:
            return conn.execute(text("SELECT 1 FROM pg_database WHERE datname = :n"), {"n": name}).first() is not None
    finally:
        engine.dispose()


def test_a_scratch_database_is_dropped_with_sessions_still_open_in_it(server_url: str) -> None:
    """An idle session, one idle in an open transaction holding a row lock, and one running a query: all ended,
    the database gone, and none of them can go on."""
    left = []
    running = threading.Event()
    errors: list[BaseException] = []
    with scratch_database(server_url, "tianting_test") as url:
        name = url.rsplit("/", 1)[1]
        engine = create_engine(normalise_url(url))
        idle, in_transaction, busy = engine.connect(), engine.connect(), engine.connect()
        left += [idle, in_transaction, busy]
        idle.execute(text("SELECT 1"))
        idle.commit()
        in_transaction.execute(text("CREATE TABLE t (a int)"))
        in_transaction.commit()
        in_transaction.execute(text("INSERT INTO t VALUES (1)"))
        in_transaction.execute(text("SELECT a FROM t FOR UPDATE"))

        def sleep() -> None:
            running.set()
            try:
                busy.execute(text("SELECT pg_sleep(60)"))
            except BaseException as exc:  # terminated by the drop
                errors.append(exc)

        thread = threading.Thread(target=sleep)
        thread.start()
        running.wait()
    thread.join(30)
    assert not thread.is_alive() and len(errors) == 1 and isinstance(errors[0], DBAPIError)
    assert not exists(server_url, name)
    for conn in (idle, in_transaction):
        with pytest.raises(DBAPIError):
            conn.execute(text("SELECT 1"))
    for conn in left:
        conn.invalidate()
    engine.dispose()


def test_a_database_dropped_by_the_test_itself_is_no_error(server_url: str) -> None:
    with scratch_database(server_url, "tianting_test") as url:
        name = url.rsplit("/", 1)[1]
        admin = create_engine(normalise_url(server_url), isolation_level="AUTOCOMMIT")
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE "{name}"'))
        admin.dispose()
    assert not exists(server_url, name)
