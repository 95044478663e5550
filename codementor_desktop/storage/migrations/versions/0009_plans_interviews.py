"""Plans, mock interviews and solutions seen: a learner's plan (BluePrint) per problem and
language with the outcome of every ``/debug`` of it, their timed mock interviews (scheduled,
under way, finished, with the debrief), and when they opened a problem's reference solutions.

Every table carries ``learner_id``, so a learner's export, import and deletion include them.

Revision ID: 0009
Revises: 0008
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def _learner() -> sa.Column:
    return sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), nullable=False)


def upgrade() -> None:
    op.create_table(
        "plans",
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), primary_key=True),
        sa.Column("problem_id", sa.String(80), primary_key=True),
        sa.Column("language", sa.String(16), primary_key=True),
        sa.Column("steps", sa.Text, nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
        sa.Column("updated_at", sa.DateTime, nullable=False),
    )
    op.create_table(
        "plan_checks",
        sa.Column("id", sa.Integer, primary_key=True),
        _learner(),
        sa.Column("problem_id", sa.String(80), nullable=False),
        sa.Column("language", sa.String(16), nullable=False),
        sa.Column("checked_at", sa.DateTime, nullable=False),
        sa.Column("expectations", sa.Integer, nullable=False),
        sa.Column("held", sa.Integer, nullable=False),
        sa.Column("broken", sa.Integer, nullable=False),
        sa.Column("never_reached", sa.Integer, nullable=False),
        sa.Column("unreadable", sa.Integer, nullable=False),
        sa.Column("guessed", sa.Boolean, nullable=False),
        sa.Column("tests_passed", sa.Boolean, nullable=False),
        sa.Column("report", sa.Text, nullable=False),
    )
    op.create_index("ix_plan_checks_learner_problem", "plan_checks", ["learner_id", "problem_id"])
    op.create_table(
        "interviews",
        sa.Column("id", sa.Integer, primary_key=True),
        _learner(),
        sa.Column("interview_id", sa.String(40), nullable=False),
        sa.Column("problem_id", sa.String(80)),
        sa.Column("language", sa.String(16), nullable=False),
        sa.Column("difficulty", sa.String(16)),
        sa.Column("topics", sa.Text, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
        sa.Column("scheduled_for", sa.DateTime),
        sa.Column("started_at", sa.DateTime),
        sa.Column("ended_at", sa.DateTime),
        sa.Column("time_limit_s", sa.Integer, nullable=False),
        sa.Column("submits", sa.Text, nullable=False),
        sa.Column("think_aloud", sa.Text, nullable=False),
        sa.Column("improvement", sa.Text, nullable=False),
        sa.Column("debrief", sa.Text, nullable=False),
        sa.UniqueConstraint("interview_id", name="uq_interviews_interview_id"),
    )
    op.create_index("ix_interviews_learner", "interviews", ["learner_id", "created_at"])
    op.create_table(
        "solutions_unlocked",
        sa.Column("id", sa.Integer, primary_key=True),
        _learner(),
        sa.Column("problem_id", sa.String(80), nullable=False),
        sa.Column("reason", sa.String(16), nullable=False),
        sa.Column("unlocked_at", sa.DateTime, nullable=False),
    )
    op.create_index("ix_solutions_unlocked_learner_problem", "solutions_unlocked", ["learner_id", "problem_id"])


def downgrade() -> None:
    op.drop_index("ix_solutions_unlocked_learner_problem", "solutions_unlocked")
    op.drop_table("solutions_unlocked")
    op.drop_index("ix_interviews_learner", "interviews")
    op.drop_table("interviews")
    op.drop_index("ix_plan_checks_learner_problem", "plan_checks")
    op.drop_table("plan_checks")
    op.drop_table("plans")
