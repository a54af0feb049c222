"""Swiss events: the rounds announced, an imported event's start date, the participants'
ratings, titles, sex, year of birth and federation (an imported Swiss's: the category
prizes read them), late entries and withdrawals, the byes of each round, and a change's
detail (a round's pairings as they were, for its undo).

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"


def upgrade() -> None:
    op.add_column("events", sa.Column("rounds", sa.Integer(), nullable=True))
    op.add_column("events", sa.Column("start_date", sa.String(40), nullable=True))
    op.add_column("participants", sa.Column("rating", sa.Integer(), nullable=True))
    op.add_column("participants", sa.Column("title", sa.String(3), nullable=True))
    op.add_column("participants", sa.Column("sex", sa.String(1), nullable=True))
    op.add_column("participants", sa.Column("born", sa.Integer(), nullable=True))
    op.add_column("participants", sa.Column("federation", sa.String(3), nullable=True))
    op.add_column("participants", sa.Column("entered", sa.Integer(), nullable=True))
    op.add_column("participants", sa.Column("withdrawn", sa.Integer(), nullable=True))
    op.add_column("changes", sa.Column("detail", sa.Text(), nullable=True))
    op.create_table(
        "byes",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("event_id", sa.String(36), sa.ForeignKey("events.id", ondelete="CASCADE"), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("participant", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(10), nullable=False),
    )
    op.create_index("ix_byes_event_id", "byes", ["event_id"])


def downgrade() -> None:
    op.drop_table("byes")
    with op.batch_alter_table("changes") as batch:
        batch.drop_column("detail")
    with op.batch_alter_table("participants") as batch:
        for column in ("withdrawn", "entered", "federation", "born", "sex", "title", "rating"):
            batch.drop_column(column)
    with op.batch_alter_table("events") as batch:
        batch.drop_column("start_date")
        batch.drop_column("rounds")
