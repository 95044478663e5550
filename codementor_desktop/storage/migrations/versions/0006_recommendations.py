"""Recommendations: a learner's "skip" and "not relevant" on a recommended problem, the aggregate
view that calibrates each problem's difficulty from everyone's outcomes, and an index on a
learner's runs by time.

The view exposes counts and rates per problem only, never a row of one learner, so a role that may
read nothing else of a shared class database (row-level security, later) can still be given it.

Revision ID: 0006
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

OUTCOMES_VIEW = """
CREATE VIEW problem_outcomes AS
SELECT problem_id,
       COUNT(*) AS attempts,
       SUM(CASE WHEN verdict = 'AC' THEN 1 ELSE 0 END) AS accepted,
       COUNT(DISTINCT learner_id) AS learners,
       COUNT(DISTINCT CASE WHEN verdict = 'AC' THEN learner_id END) AS learners_accepted
FROM runs
WHERE tool = 'execute_code' AND problem_id IS NOT NULL
GROUP BY problem_id
"""


def upgrade() -> None:
    op.create_table(
        "recommendation_flags",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), nullable=False),
        sa.Column("problem_id", sa.String(80), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
    )
    op.create_index("ix_recommendation_flags_learner", "recommendation_flags", ["learner_id", "problem_id"])
    op.execute(OUTCOMES_VIEW)
    # The profile reads a learner's runs in time order, and the recommendations' cache asks for
    # the newest: with 10,000 attempts both must not sort the table.
    op.create_index("ix_runs_learner_created", "runs", ["learner_id", "created_at"])


def downgrade() -> None:
    op.drop_index("ix_runs_learner_created", "runs")
    op.execute("DROP VIEW problem_outcomes")
    op.drop_index("ix_recommendation_flags_learner", "recommendation_flags")
    op.drop_table("recommendation_flags")
