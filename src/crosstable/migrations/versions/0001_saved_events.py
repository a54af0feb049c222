"""Saved events: events, participants, games, changes.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None


def upgrade() -> None:
    op.create_table(
        "events",
        sa.Column("id", sa.String(36), primary_key=True),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("scoring", sa.String(40), nullable=False),
        sa.Column("tiebreaks", sa.Text(), nullable=True),
        sa.Column("rules", sa.String(40), nullable=True),
        sa.Column("schedule", sa.String(10), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("secret_hash", sa.String(64), nullable=False),
        sa.Column("created", sa.String(40), nullable=False),
        sa.Column("source", sa.Text(), nullable=True),
    )
    op.create_table(
        "participants",
        sa.Column("event_id", sa.String(36), sa.ForeignKey("events.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("number", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(200), nullable=False),
    )
    op.create_table(
        "games",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("event_id", sa.String(36), sa.ForeignKey("events.id", ondelete="CASCADE"), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("board", sa.Integer(), nullable=False),
        sa.Column("white", sa.Integer(), nullable=False),
        sa.Column("black", sa.Integer(), nullable=False),
        sa.Column("result", sa.String(20), nullable=True),
    )
    op.create_index("ix_games_event_id", "games", ["event_id"])
    op.create_table(
        "changes",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("event_id", sa.String(36), sa.ForeignKey("events.id", ondelete="CASCADE"), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("at", sa.String(40), nullable=False),
        sa.Column("client", sa.String(100), nullable=False),
        sa.Column("what", sa.String(20), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=True),
        sa.Column("before", sa.String(200), nullable=True),
        sa.Column("after", sa.String(200), nullable=True),
        sa.Column("undone", sa.Integer(), nullable=False, server_default="0"),
    )
    op.create_index("ix_changes_event_id", "changes", ["event_id"])


def downgrade() -> None:
    op.drop_table("changes")
    op.drop_table("games")
    op.drop_table("participants")
    op.drop_table("events")
