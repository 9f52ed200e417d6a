"""Idempotent writes: the ``writes`` table (server/idempotency.py).

Revision ID: 0003_writes
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003_writes"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "writes",
        sa.Column("key_hash", sa.String(64), primary_key=True),
        sa.Column("game_id", sa.String(32), nullable=True),
        sa.Column("first_seq", sa.Integer, nullable=True),
        sa.Column("last_seq", sa.Integer, nullable=True),
        sa.Column("answer", sa.Text, nullable=True),
        sa.Column("at", sa.String(40), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("writes")
