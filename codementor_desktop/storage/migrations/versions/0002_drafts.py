"""Drafts kept per learner, problem and language, and the problem each learner had open last.

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
        "drafts",
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), primary_key=True),
        sa.Column("problem_id", sa.String(80), primary_key=True),
        sa.Column("language", sa.String(16), primary_key=True),
        sa.Column("code", sa.Text, nullable=False),
        sa.Column("saved_at", sa.DateTime, nullable=False),
    )
    op.create_table(
        "open_problems",
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), primary_key=True),
        sa.Column("problem_id", sa.String(80), nullable=False),
        sa.Column("language", sa.String(16), nullable=False),
        sa.Column("opened_at", sa.DateTime, nullable=False),
    )
    # The problem list asks for a learner's runs of each problem at every start.
    op.create_index("ix_runs_learner_problem", "runs", ["learner_id", "problem_id"])


def downgrade() -> None:
    op.drop_index("ix_runs_learner_problem", "runs")
    op.drop_table("open_problems")
    op.drop_table("drafts")
