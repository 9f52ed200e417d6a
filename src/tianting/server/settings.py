"""Server settings changed together, atomically across every process that serves the database.

A change that reads settings and writes others from what it read (the QQ bridge's binding: a code, the QQ
number, the game's table of bindings) runs in one write transaction (:meth:`tianting.server.store.Store.
settings_update`): SQLite begins it ``IMMEDIATE`` (one writer at a time, whichever process); PostgreSQL, at read
committed, first takes a transaction-level advisory lock (:data:`tianting.server.db.SETTINGS_LOCK`), so a
second change waits for the first to commit and then reads what it wrote. Reads and writes inside go through
:class:`SettingsTransaction`, on the transaction's own connection.
"""

from __future__ import annotations

from sqlalchemy import Connection, delete, insert, select

from tianting.server.db import settings


class SettingsTransaction:
    """Settings read and written on one transaction's connection (the :class:`Store` methods' names)."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    def get_setting(self, key: str) -> str | None:
        row = self.conn.execute(select(settings.c.value).where(settings.c.key == key)).first()
        return None if row is None else str(row[0])

    def put_setting(self, key: str, value: str | None) -> None:
        """Set (or, with None, remove) one setting, committed with the transaction."""
        self.conn.execute(delete(settings).where(settings.c.key == key))
        if value is not None:
            self.conn.execute(insert(settings).values(key=key, value=value))
