"""Posts beside the game: country groups (國家群) and complaints to the 裁判 (server/chat.py).

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "posts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("room", sa.String(40), nullable=False),
        sa.Column("author", sa.String(80), nullable=False),
        sa.Column("body", sa.Text, nullable=False),
        sa.Column("at", sa.String(40), nullable=False),
    )
    op.create_index("ix_posts_game_id", "posts", ["game_id"])


def downgrade() -> None:
    op.drop_index("ix_posts_game_id", table_name="posts")
    op.drop_table("posts")
