"""The first tables: learners, runs kept for their ids, rate-limit events, notes.

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
        "learners",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(64), nullable=False, unique=True),
        sa.Column("created_at", sa.DateTime, nullable=False),
    )
    op.create_table(
        "runs",
        sa.Column("id", sa.String(40), primary_key=True),
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("tool", sa.String(64), nullable=False),
        sa.Column("problem_id", sa.String(80)),
        sa.Column("language", sa.String(16)),
        sa.Column("verdict", sa.String(8)),
        sa.Column("created_at", sa.DateTime, nullable=False),
        sa.Column("result", sa.LargeBinary, nullable=False),
    )
    op.create_table(
        "rate_events",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("learner", sa.String(64), nullable=False),
        sa.Column("bucket", sa.String(64), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_rate_events_lookup", "rate_events", ["learner", "bucket", "at"])
    op.create_table(
        "notes",
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("notes")
    op.drop_index("ix_rate_events_lookup", "rate_events")
    op.drop_table("rate_events")
    op.drop_table("runs")
    op.drop_table("learners")
