"""Idempotent writes: each row's request fingerprint (a key reused for another body is refused) and an index on
``at`` (rows past the retention are pruned: server/idempotency.py).

Revision ID: 0004_writes_request
Revises: 0003_writes
"""

import sqlalchemy as sa
from alembic import op

revision = "0004_writes_request"
down_revision = "0003_writes"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("writes") as batch:  # SQLite: batch mode (its ALTER TABLE is limited)
        batch.add_column(sa.Column("request", sa.String(64), nullable=True))
    op.create_index("ix_writes_at", "writes", ["at"])


def downgrade() -> None:
    op.drop_index("ix_writes_at", table_name="writes")
    with op.batch_alter_table("writes") as batch:
        batch.drop_column("request")
