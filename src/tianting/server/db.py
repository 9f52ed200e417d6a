"""The database: tables, engine set-up and migrations.

A game is stored as its inputs (``events``, append-only) plus what the
server needs to find it (``games``: the sequence number of its last event and
a few columns for listing and the deadline scheduler; ``tokens``: the hashes
of its secret links). Everything a page shows is derived from the events
(:mod:`tianting.hosting`).

SQLite (the default, one file) runs in WAL mode with ``synchronous=FULL`` so
a commit is on disk before the server acknowledges it; a write transaction
(:func:`writing`) begins ``IMMEDIATE`` so two writers never interleave, and a
read begins deferred, so reads (in this process or another) never wait for the
write lock. PostgreSQL runs at read committed whatever the database's default
(fixed on the engine) and takes a row lock on the game; a transaction that
fails to serialise or is chosen as a deadlock victim is tried again
(:func:`retrying`). Several server processes may share one database:
migrations run under a PostgreSQL advisory lock (SQLite: inside one
``BEGIN IMMEDIATE``), so processes started together on an empty database wait
for the first to create the schema; ``tianting db upgrade`` runs them as a
step of their own.

:func:`open_database` checks the database before anything is served: a file that
is not SQLite (or is damaged), a database that belongs to something else, one
written by a newer tianting, or a server that cannot be reached is refused with
one line (:class:`DatabaseUnusable`), never a traceback. Engines never put SQL
parameters (a new game's seed and salt, token hashes) into an exception or a log
(``hide_parameters``).
"""

from __future__ import annotations

import contextlib
import random
import secrets
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy import (
    Column,
    Connection,
    Engine,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    inspect,
    make_url,
    text,
)
from sqlalchemy.exc import DBAPIError, SQLAlchemyError

from tianting.core.errors import TiantingError

metadata = MetaData()

games = Table(
    "games", metadata,
    Column("id", String(32), primary_key=True),
    Column("public_id", String(32), nullable=False, unique=True),
    Column("title", String(200), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("stage", String(16), nullable=False),
    Column("deadline", String(40), nullable=True),
    Column("created_at", String(40), nullable=False),
)

events = Table(
    "events", metadata,
    Column("game_id", String(32), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("kind", String(32), nullable=False),
    Column("actor", String(80), nullable=False),
    Column("payload", Text, nullable=False),
    Column("at", String(40), nullable=False),
)

tokens = Table(
    "tokens", metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("game_id", String(32), nullable=False, index=True),
    Column("role", String(8), nullable=False),
    Column("player_id", String(80), nullable=True),
)

posts = Table(
    "posts", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_id", String(32), nullable=False, index=True),
    Column("room", String(40), nullable=False),
    Column("author", String(80), nullable=False),
    Column("body", Text, nullable=False),
    Column("at", String(40), nullable=False),
)
"""What is said beside the game, not an input of it (server/chat.py): a country group's messages
(room ``country:<國>``) and the players' complaints to the 裁判 (room ``complaint``)."""

writes = Table(
    "writes", metadata,
    Column("key_hash", String(64), primary_key=True),
    Column("game_id", String(32), nullable=True),
    Column("first_seq", Integer, nullable=True),
    Column("last_seq", Integer, nullable=True),
    Column("answer", Text, nullable=True),
    Column("at", String(40), nullable=False, index=True),
    Column("request", String(64), nullable=True),
)
"""Idempotent writes (server/idempotency.py): a keyed write's events (``game_id``, ``first_seq``..``last_seq``,
written in the same transaction as them), or a keyed request's answer (``answer``, encrypted). Keys are hashed;
``request`` is the fingerprint of the request's body (a key sent again with another body is refused; None in rows
kept before it was recorded); ``at`` (UTC, ISO 8601 to the second) says when, for pruning past the retention."""

checkpoints = Table(
    "checkpoints", metadata,
    Column("game_id", String(32), primary_key=True),
    Column("seq", Integer, nullable=False),
    Column("version", String(64), nullable=False),
    Column("digest", String(64), nullable=False),
    Column("blob", LargeBinary, nullable=False),
)
"""A cache of each game's fold (server/checkpoints.py): the folded game at event ``seq`` (``blob``), written by the
code of ``version`` from events whose digest is ``digest``; derived, never trusted over the events, thrown away
when the code or the events differ."""

settings = Table(
    "settings", metadata,
    Column("key", String(64), primary_key=True),
    Column("value", Text, nullable=False),
)

MIGRATIONS = Path(__file__).with_name("migrations")


def default_url(path: str | Path = "tianting.sqlite3") -> str:
    return f"sqlite:///{Path(path).resolve()}"


def normalise_url(url: str) -> str:
    """``postgresql://`` means the psycopg 3 driver (the one installed)."""
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


BUSY_TIMEOUT = 30.0
"""Seconds a statement waits for a lock another process holds (SQLite's busy timeout: a judge's ``sqlite3``
shell, a backup; PostgreSQL's ``lock_timeout``) before it gives up: the write goes through as soon as the lock
is released, and past this the client is answered 503 with ``Retry-After`` (:func:`busy`, server/failures.py).
``tianting serve --busy-timeout``."""

READ = "tianting_read"
"""The execution option that marks a connection as reading only (SQLite: a deferred ``BEGIN``, which
never waits for the write lock); every other transaction is taken as a write (``BEGIN IMMEDIATE``)."""


def make_engine(url: str, busy_timeout: float = BUSY_TIMEOUT) -> Engine:
    """An engine for ``url`` with the durability and isolation settings above; a lock held elsewhere is waited
    for ``busy_timeout`` seconds (:data:`BUSY_TIMEOUT`)."""
    url = normalise_url(url)
    wait_ms = max(1, int(busy_timeout * 1000))
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": busy_timeout},
                               hide_parameters=True)

        @event.listens_for(engine, "connect")
        def _connect(dbapi_connection: Any, _record: Any) -> None:
            dbapi_connection.isolation_level = None  # we issue BEGIN ourselves
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=FULL")
            cursor.execute(f"PRAGMA busy_timeout={wait_ms}")
            cursor.close()

        @event.listens_for(engine, "begin")
        def _begin(conn: Connection) -> None:
            conn.exec_driver_sql("BEGIN" if conn.get_execution_options().get(READ) else "BEGIN IMMEDIATE")

        return engine
    return create_engine(url, pool_size=10, max_overflow=20, pool_pre_ping=True, hide_parameters=True,
                         isolation_level="READ COMMITTED",
                         connect_args={"connect_timeout": 10, "options": f"-c lock_timeout={wait_ms}"})


@contextlib.contextmanager
def writing(engine: Engine) -> Iterator[Connection]:
    """A write transaction, committed at the end of the block (SQLite: ``BEGIN IMMEDIATE``)."""
    with engine.begin() as conn:
        yield conn


def reading(engine: Engine) -> Connection:
    """A connection for reading only (SQLite: its transactions begin deferred, beside any writer)."""
    return engine.execution_options(**{READ: True}).connect()


T = TypeVar("T")
RETRY_STATES = {"40001": "serialization_failure", "40P01": "deadlock_detected"}
"""PostgreSQL errors after which the whole transaction may simply be tried again."""
ATTEMPTS = 6


def retryable(exc: BaseException) -> bool:
    """Whether ``exc`` is a transaction that failed to serialise or lost a deadlock."""
    orig = getattr(exc, "orig", None) if isinstance(exc, DBAPIError) else None
    return getattr(orig, "sqlstate", None) in RETRY_STATES


BUSY_SQLITE = ("database is locked", "database table is locked", "database schema is locked")
"""SQLite's messages for SQLITE_BUSY and SQLITE_LOCKED: the busy timeout ran out."""
LOCK_NOT_AVAILABLE = "55P03"
"""PostgreSQL's error when ``lock_timeout`` ran out."""


def busy(exc: BaseException) -> bool:
    """Whether ``exc`` is a statement that gave up waiting for a lock another process holds (the busy
    timeout ran out): nothing was written, and the same request may simply be sent again later."""
    if not isinstance(exc, DBAPIError):
        return False
    orig = exc.orig
    if getattr(orig, "sqlstate", None) == LOCK_NOT_AVAILABLE:
        return True
    code = getattr(orig, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in (5, 6)  # SQLITE_BUSY, SQLITE_LOCKED (and their extended codes)
    return any(m in str(orig) for m in BUSY_SQLITE) if type(orig).__module__ == "sqlite3" else False


def backoff(attempt: int) -> None:
    """Wait a little, more after each failed attempt, jittered so that colliding transactions part."""
    time.sleep(random.uniform(0.002, 0.02) * 2 ** attempt)


def retrying(work: Callable[[], T], attempts: int = ATTEMPTS) -> T:
    """``work()``, tried again (up to ``attempts`` times in all) while it fails to serialise.

    ``work`` must be one whole transaction, safe to run again from the start."""
    for attempt in range(attempts):
        try:
            return work()
        except DBAPIError as exc:
            if not retryable(exc) or attempt == attempts - 1:
                raise
            backoff(attempt)
    raise AssertionError("unreachable")  # pragma: no cover


def now(conn: Connection) -> datetime:
    """The database's clock (UTC, to the second): every server process on one database agrees on it."""
    if conn.dialect.name == "postgresql":
        value = conn.execute(text("SELECT statement_timestamp()")).scalar_one()
        return value.astimezone(UTC).replace(microsecond=0)  # type: ignore[no-any-return]
    value = conn.execute(text("SELECT strftime('%Y-%m-%dT%H:%M:%S', 'now')")).scalar_one()
    return datetime.fromisoformat(value).replace(tzinfo=UTC)


class DatabaseUnusable(TiantingError):
    """The database cannot be served from (the message is one line for the console)."""


def _alembic_config() -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def head_revision() -> str:
    """The newest schema revision this tianting knows (what ``tianting db upgrade`` brings a database to)."""
    return str(ScriptDirectory.from_config(_alembic_config()).get_current_head())


def known_revisions() -> set[str]:
    """Every schema revision this tianting knows."""
    return {script.revision for script in ScriptDirectory.from_config(_alembic_config()).walk_revisions()}


def where(engine: Engine) -> str:
    """The database for a message: the SQLite file, or PostgreSQL's host/database (never the password)."""
    url = engine.url
    if url.get_backend_name() == "sqlite":
        return str(url.database or ":memory:")
    return f"{url.host or 'localhost'}{f':{url.port}' if url.port else ''}/{url.database or ''}"


def first_line(exc: BaseException) -> str:
    """A driver error's own message, on one line and short (without DETAIL, SQL or parameters)."""
    orig = getattr(exc, "orig", None) or exc
    lines = [line.strip() for line in str(orig).splitlines() if line.strip()]
    message = " ".join(line for line in lines if not line.startswith(("DETAIL", "HINT", "[SQL", "[parameters")))
    return message[:200]


MIGRATION_LOCK = 0x7469616E7474696E & 0x7FFFFFFFFFFFFFFF
"""The PostgreSQL advisory lock held while a process checks and migrates the schema."""
SCHEDULER_LOCK = MIGRATION_LOCK + 1
"""The PostgreSQL advisory lock a deadline scheduler holds while it acts (one process at a time)."""
SETTINGS_LOCK = MIGRATION_LOCK + 2
"""The PostgreSQL advisory lock (transaction-level) a change of several server settings holds
(:meth:`tianting.server.store.Store.settings_update`)."""


def _check_schema(conn: Connection, shown: str) -> bool:
    """Whether the database needs migrating: False when it is at the newest revision.

    Raises :class:`DatabaseUnusable` for a database that is not tianting's (tables but no
    tianting revision), one written by a newer tianting (an unknown revision), or one whose
    tables lack columns this tianting needs."""
    names = set(inspect(conn).get_table_names())
    if not names:
        return True
    if "alembic_version" not in names:
        tables = "、".join(sorted(names)[:5])
        raise DatabaseUnusable(f"資料庫 {shown} 不是天庭的資料庫：已有其他資料表（{tables}），請指定新的資料庫")
    rows = conn.execute(text("SELECT version_num FROM alembic_version")).all()
    if len(rows) != 1:
        raise DatabaseUnusable(f"資料庫 {shown} 不是天庭的資料庫（alembic_version 不是一行）")
    version = str(rows[0][0])
    if version not in known_revisions():
        raise DatabaseUnusable(f"資料庫 {shown} 的結構版本「{version[:40]}」不是這個天庭認得的"
                               "（由較新的天庭建立，或不是天庭的資料庫）")
    if version == ScriptDirectory.from_config(_alembic_config()).get_current_head():
        _check_columns(conn, shown, names)
        return False
    return True


def _check_columns(conn: Connection, shown: str, names: set[str]) -> None:
    inspector = inspect(conn)
    for table in metadata.tables.values():
        if table.name not in names:
            raise DatabaseUnusable(f"資料庫 {shown} 缺少資料表 {table.name}：不是完整的天庭資料庫")
        have = {c["name"] for c in inspector.get_columns(table.name)}
        missing = sorted(c.name for c in table.columns if c.name not in have)
        if missing:
            raise DatabaseUnusable(f"資料庫 {shown} 的資料表 {table.name} 缺少欄位 {'、'.join(missing)}")


@contextlib.contextmanager
def _migration_lock(conn: Connection) -> Iterator[None]:
    """PostgreSQL: hold the advisory lock on this session (other processes wait here)."""
    if conn.dialect.name != "postgresql":
        yield
        return
    conn.execute(text("SELECT pg_advisory_lock(:key)"), {"key": MIGRATION_LOCK})
    conn.commit()
    try:
        yield
    finally:
        conn.rollback()
        conn.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": MIGRATION_LOCK})
        conn.commit()


def upgrade(engine: Engine, migrate: bool = True) -> str | None:
    """Check the schema and, if it is due and ``migrate``, bring it to the newest revision, all under
    the migration lock. Returns the revision now current if it migrated, else None.

    Raises :class:`DatabaseUnusable` for a database that is not tianting's, or one that needs
    migrating when ``migrate`` is false."""
    shown = where(engine)
    with engine.connect() as conn, _migration_lock(conn):
        # SQLite: the check and the migration in one BEGIN IMMEDIATE (the connection is not marked READ)
        with conn.begin():
            if not _check_schema(conn, shown):
                return None
            if not migrate:
                raise DatabaseUnusable(f"資料庫 {shown} 需要升級結構：請先執行 tianting db upgrade")
            config = _alembic_config()
            config.attributes["connection"] = conn
            command.upgrade(config, "head")
            _check_columns(conn, shown, set(inspect(conn).get_table_names()))
        return ScriptDirectory.from_config(config).get_current_head()


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest Alembic revision (checked first, under the migration lock)."""
    upgrade(engine)


def open_database(url: str, migrate: bool = True, busy_timeout: float = BUSY_TIMEOUT) -> Engine:
    """An engine on ``url`` whose schema is checked and (``migrate``) brought up to date.

    Raises :class:`DatabaseUnusable` (one line, no traceback) when it cannot be used."""
    engine = engine_for(url, busy_timeout)
    try:
        upgrade(engine, migrate)
    except DatabaseUnusable:
        engine.dispose()
        raise
    except SQLAlchemyError as exc:
        engine.dispose()
        raise DatabaseUnusable(describe(engine, exc)) from None
    return engine


def engine_for(url: str, busy_timeout: float = BUSY_TIMEOUT) -> Engine:
    """:func:`make_engine`, refusing in one line a URL that is not SQLite or PostgreSQL."""
    try:
        backend = make_url(normalise_url(url)).get_backend_name()
    except (SQLAlchemyError, ValueError) as exc:
        raise DatabaseUnusable(f"資料庫網址無效：{first_line(exc)}") from None
    if backend not in ("sqlite", "postgresql"):
        raise DatabaseUnusable(f"不支援的資料庫「{backend[:40]}」：只支援 SQLite 檔案與 postgresql://")
    try:
        return make_engine(url, busy_timeout)
    except (SQLAlchemyError, ValueError, ImportError) as exc:
        raise DatabaseUnusable(f"資料庫網址無效：{first_line(exc)}") from None


def describe(engine: Engine, exc: SQLAlchemyError) -> str:
    """One line for a database error at start."""
    message = first_line(exc)
    if engine.dialect.name == "sqlite":
        if "not a database" in message or "malformed" in message or "disk image" in message:
            return f"資料庫檔案 {where(engine)} 不是SQLite資料庫或已損壞（{message}）"
        return f"無法開啟資料庫檔案 {where(engine)}：{message}"
    return f"無法使用PostgreSQL資料庫 {where(engine)}：{message}"


@contextlib.contextmanager
def scratch_database(url: str, prefix: str = "tianting_scratch") -> Iterator[str]:
    """A new empty PostgreSQL database on the server of ``url`` (its role needs CREATEDB), dropped
    afterwards (:func:`drop_database`); yields its URL. For the tests and the load benchmark."""
    admin = create_engine(normalise_url(url), isolation_level="AUTOCOMMIT")
    name = f"{prefix}_{secrets.token_hex(6)}"
    try:
        with admin.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{name}"'))
        try:
            yield f"{url.rsplit('/', 1)[0]}/{name}"
        finally:
            drop_database(admin, name)
    finally:
        admin.dispose()


def drop_database(admin: Engine, name: str) -> None:
    """Drop the database ``name`` (made by :func:`scratch_database`) whatever is still connected to it.

    Not ``DROP DATABASE … WITH (FORCE)``: FORCE first checks that the dropping role may signal every
    process in the database, and an autovacuum worker (which visits a scratch database soon after a
    test has written to it; it has no role) fails that check for any role short of a superuser or a
    member of ``pg_signal_backend``, so the drop was refused now and then ("must be a member of the
    role whose process is being terminated …"). Instead: no new connection is let in; every session
    of this role still in the database (a pool a test did not dispose, a killed server's session the
    server has not yet noticed) is terminated; then a plain ``DROP DATABASE``, which signals the
    autovacuum workers itself and waits (up to 5 s, as FORCE does) for all of them to leave."""
    with admin.connect() as conn:
        if conn.execute(text("SELECT 1 FROM pg_database WHERE datname = :name"), {"name": name}).first() is None:
            return
        conn.execute(text(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false'))
        conn.execute(text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                          "WHERE datname = :name AND usename = current_user AND pid <> pg_backend_pid()"),
                     {"name": name})
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
