"""The learner's own tests of a problem: found by edge-case discovery or written by hand, run by
Run beside the problem's visible tests.

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "own_tests",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), nullable=False),
        sa.Column("problem_id", sa.String(80), nullable=False),
        sa.Column("language", sa.String(16)),
        sa.Column("input", sa.Text, nullable=False),
        sa.Column("expected_output", sa.Text),
        sa.Column("origin", sa.String(16), nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
    )
    # Every Run of a problem reads its learner's own tests of it.
    op.create_index("ix_own_tests_learner_problem", "own_tests", ["learner_id", "problem_id"])


def downgrade() -> None:
    op.drop_index("ix_own_tests_learner_problem", "own_tests")
    op.drop_table("own_tests")
