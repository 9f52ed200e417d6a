"""Checkpoints of each game's fold (issue 28: server/checkpoints.py): a cache, derived from the events.

Revision ID: 0005_checkpoints
Revises: 0004_writes_request
"""

import sqlalchemy as sa
from alembic import op

revision = "0005_checkpoints"
down_revision = "0004_writes_request"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "checkpoints",
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("version", sa.String(64), nullable=False),
        sa.Column("digest", sa.String(64), nullable=False),
        sa.Column("blob", sa.LargeBinary, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("checkpoints")
