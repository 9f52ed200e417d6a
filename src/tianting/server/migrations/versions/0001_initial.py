"""The first schema: games, their events, their secret links' hashes, settings.

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("public_id", sa.String(32), nullable=False, unique=True),
        sa.Column("title", sa.String(200), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("stage", sa.String(16), nullable=False),
        sa.Column("deadline", sa.String(40), nullable=True),
        sa.Column("created_at", sa.String(40), nullable=False),
    )
    op.create_table(
        "events",
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("actor", sa.String(80), nullable=False),
        sa.Column("payload", sa.Text, nullable=False),
        sa.Column("at", sa.String(40), nullable=False),
    )
    op.create_table(
        "tokens",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("game_id", sa.String(32), nullable=False, index=True),
        sa.Column("role", sa.String(8), nullable=False),
        sa.Column("player_id", sa.String(80), nullable=True),
    )
    op.create_table(
        "settings",
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
    )


def downgrade() -> None:
    for table in ("settings", "tokens", "events", "games"):
        op.drop_table(table)
