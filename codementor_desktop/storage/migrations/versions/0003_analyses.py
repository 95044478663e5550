"""Analyses of attempts, the patterns each detected (one row a pattern, which the weakness profile
builds on), and the flags that say a detection was wrong.

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "analyses",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), nullable=False),
        sa.Column("attempt_id", sa.String(40), nullable=False),
        sa.Column("run_id", sa.String(40)),
        sa.Column("problem_id", sa.String(80), nullable=False),
        sa.Column("language", sa.String(16), nullable=False),
        sa.Column("complexity", sa.Text, nullable=False),
        sa.Column("metrics", sa.Text, nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
    )
    # A flag names its attempt; the learner's analyses of one attempt are looked up together.
    op.create_index("ix_analyses_learner_attempt", "analyses", ["learner_id", "attempt_id"])
    op.create_table(
        "detected_patterns",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("analysis_id", sa.Integer, sa.ForeignKey("analyses.id", ondelete="CASCADE"), nullable=False),
        sa.Column("pattern_type", sa.String(40), nullable=False),
        sa.Column("confidence", sa.Float, nullable=False),
        sa.Column("severity", sa.String(8), nullable=False),
        sa.Column("line_start", sa.Integer, nullable=False),
        sa.Column("line_end", sa.Integer, nullable=False),
        sa.Column("flagged", sa.Boolean, nullable=False, server_default=sa.false()),
    )
    op.create_index("ix_detected_patterns_analysis", "detected_patterns", ["analysis_id"])
    op.create_table(
        "analysis_flags",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), nullable=False),
        sa.Column("attempt_id", sa.String(40), nullable=False),
        sa.Column("pattern_type", sa.String(40)),
        sa.Column("feedback", sa.Text, nullable=False),
        sa.Column("caller", sa.String(16), nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("analysis_flags")
    op.drop_index("ix_detected_patterns_analysis", "detected_patterns")
    op.drop_table("detected_patterns")
    op.drop_index("ix_analyses_learner_attempt", "analyses")
    op.drop_table("analyses")
