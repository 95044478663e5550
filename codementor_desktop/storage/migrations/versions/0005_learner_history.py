"""What a learner did besides runs: hints used, tutor escalations, session insights, named code
snapshots; and the attempt's own facts on each run (the code, the problem's version, whether it
was a Submit, seconds since the problem was opened), so the profile need not open every stored
result and the window can restore an attempt's code.

Old runs get ``submitted`` and ``problem_version`` from their stored results; their code and
``seconds_open`` were never kept (null).

Revision ID: 0005
Revises: 0004
"""

import json
import zlib

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "hints_used",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), nullable=False),
        sa.Column("problem_id", sa.String(80), nullable=False),
        sa.Column("level", sa.Integer, nullable=False),
        sa.Column("used_at", sa.DateTime, nullable=False),
    )
    op.create_index("ix_hints_used_learner_problem", "hints_used", ["learner_id", "problem_id"])
    op.create_table(
        "tutor_escalations",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), nullable=False),
        sa.Column("problem_id", sa.String(80)),
        sa.Column("reason", sa.Text, nullable=False),
        sa.Column("topic", sa.String(40)),
        sa.Column("escalated_at", sa.DateTime, nullable=False),
    )
    op.create_index("ix_tutor_escalations_learner", "tutor_escalations", ["learner_id"])
    op.create_table(
        "session_insights",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), nullable=False),
        sa.Column("concluded_at", sa.DateTime, nullable=False),
        sa.Column("summary", sa.Text, nullable=False),
    )
    op.create_index("ix_session_insights_learner", "session_insights", ["learner_id"])
    op.create_table(
        "code_snapshots",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), nullable=False),
        sa.Column("problem_id", sa.String(80), nullable=False),
        sa.Column("language", sa.String(16), nullable=False),
        sa.Column("name", sa.String(120), nullable=False),
        sa.Column("code", sa.Text, nullable=False),
        sa.Column("saved_at", sa.DateTime, nullable=False),
    )
    op.create_index("ix_code_snapshots_learner_problem", "code_snapshots", ["learner_id", "problem_id"])
    with op.batch_alter_table("runs") as runs:
        runs.add_column(sa.Column("problem_version", sa.Integer))
        runs.add_column(sa.Column("submitted", sa.Boolean, nullable=False, server_default=sa.false()))
        runs.add_column(sa.Column("seconds_open", sa.Float))
        runs.add_column(sa.Column("code", sa.Text))
    _fill_old_runs()


def _fill_old_runs() -> None:
    """Read what old runs' stored results say (zlib-compressed JSON, as the app of 0001-0004 kept
    them). Written out here rather than imported: a migration must not change when the app does."""
    runs = sa.table(
        "runs",
        sa.column("id", sa.String),
        sa.column("kind", sa.String),
        sa.column("result", sa.LargeBinary),
        sa.column("problem_version", sa.Integer),
        sa.column("submitted", sa.Boolean),
    )
    connection = op.get_bind()
    rows = connection.execute(sa.select(runs.c.id, runs.c.result).where(runs.c.kind == "run")).all()
    for run_id, blob in rows:
        try:
            result = json.loads(zlib.decompress(blob))
        except (zlib.error, ValueError, TypeError):
            continue  # an unreadable result keeps the defaults
        if not isinstance(result, dict):
            continue
        version = result.get("problem_version")
        submitted = any(isinstance(t, dict) and t.get("hidden") for t in result.get("test_results") or [])
        connection.execute(
            sa.update(runs)
            .where(runs.c.id == run_id)
            .values(problem_version=version if isinstance(version, int) else None, submitted=submitted)
        )


def downgrade() -> None:
    with op.batch_alter_table("runs") as runs:
        runs.drop_column("code")
        runs.drop_column("seconds_open")
        runs.drop_column("submitted")
        runs.drop_column("problem_version")
    op.drop_index("ix_code_snapshots_learner_problem", "code_snapshots")
    op.drop_table("code_snapshots")
    op.drop_index("ix_session_insights_learner", "session_insights")
    op.drop_table("session_insights")
    op.drop_index("ix_tutor_escalations_learner", "tutor_escalations")
    op.drop_table("tutor_escalations")
    op.drop_index("ix_hints_used_learner_problem", "hints_used")
    op.drop_table("hints_used")
