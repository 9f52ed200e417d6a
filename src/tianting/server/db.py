"""The database: tables, engine set-up and migrations.

A game is stored as its inputs (``events``, append-only) plus what the
server needs to find it (``games``: the sequence number of its last event and
a few columns for listing and the deadline scheduler; ``tokens``: the hashes
of its secret links). Everything a page shows is derived from the events
(:mod:`tianting.hosting`).

SQLite (the default, one file) runs in WAL mode with ``synchronous=FULL`` so
a commit is on disk before the server acknowledges it, and every transaction
begins ``IMMEDIATE`` so two writers never interleave. PostgreSQL takes a row
lock on the game instead.
"""

from __future__ import annotations

import contextlib
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    Column,
    Engine,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    text,
)

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


def make_engine(url: str) -> Engine:
    """An engine for ``url`` with the durability settings above."""
    url = normalise_url(url)
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _connect(dbapi_connection: Any, _record: Any) -> None:
            dbapi_connection.isolation_level = None  # we issue BEGIN ourselves
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=FULL")
            cursor.execute("PRAGMA busy_timeout=30000")
            cursor.close()

        @event.listens_for(engine, "begin")
        def _begin(conn: Any) -> None:
            conn.exec_driver_sql("BEGIN IMMEDIATE")

        return engine
    return create_engine(url, pool_size=10, max_overflow=20, pool_pre_ping=True)


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest Alembic revision."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


@contextlib.contextmanager
def scratch_database(url: str, prefix: str = "tianting_scratch") -> Iterator[str]:
    """A new empty PostgreSQL database on the server of ``url`` (its role needs CREATEDB), dropped
    afterwards; yields its URL. For the tests and the load benchmark."""
    admin = create_engine(normalise_url(url), isolation_level="AUTOCOMMIT")
    name = f"{prefix}_{secrets.token_hex(6)}"
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield f"{url.rsplit('/', 1)[0]}/{name}"
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()
