"""Indexes that answer the recommender's two big reads without opening the runs table: a learner's
judged attempts in time order (every column the profile needs is in the index, so 10,000 attempts
are read from it alone), and everyone's outcomes per problem (the aggregate view of 0006).

The index on a learner's runs by time (0006) is the first part of the new one, which replaces it.

Revision ID: 0007
Revises: 0006
"""

from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

ATTEMPTS = ["learner_id", "created_at", "id", "tool", "problem_id", "verdict", "submitted"]
OUTCOMES = ["tool", "problem_id", "learner_id", "verdict"]


def upgrade() -> None:
    op.create_index("ix_runs_learner_attempts", "runs", ATTEMPTS)
    op.drop_index("ix_runs_learner_created", "runs")
    op.create_index("ix_runs_outcomes", "runs", OUTCOMES)


def downgrade() -> None:
    op.drop_index("ix_runs_outcomes", "runs")
    op.create_index("ix_runs_learner_created", "runs", ["learner_id", "created_at"])
    op.drop_index("ix_runs_learner_attempts", "runs")
