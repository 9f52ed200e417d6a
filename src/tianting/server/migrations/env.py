"""Alembic environment: migrations run on the connection the server hands over."""

from __future__ import annotations

from alembic import context

from tianting.server.db import metadata

connection = context.config.attributes.get("connection")
if connection is None:  # pragma: no cover - the server always passes one
    raise RuntimeError("run migrations through tianting.server.db.migrate")
context.configure(connection=connection, target_metadata=metadata)
with context.begin_transaction():
    context.run_migrations()
