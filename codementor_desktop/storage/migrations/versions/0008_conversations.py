"""The tutor's conversations, so a learner can close the app and continue: each session (whose,
about which problem, with which tutor, and how it ended), its messages in order (OpenAI's message
shape, tool calls and results included, with the events the chat drew), and its token usage per
model.

Every table carries ``learner_id``, so a learner's export, import and deletion include them. A
message and a usage row name their session by ``session_id`` (no foreign key: export and delete
go table by table, and an import brings sessions and messages in one transaction).

Revision ID: 0008
Revises: 0007
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tutor_sessions",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), nullable=False),
        sa.Column("session_id", sa.String(40), nullable=False),
        sa.Column("problem_id", sa.String(80)),
        sa.Column("tutor_label", sa.String(200), nullable=False),
        sa.Column("started_at", sa.DateTime, nullable=False),
        sa.Column("concluded_at", sa.DateTime),
        sa.Column("title", sa.String(100)),
        sa.Column("insights", sa.Text),  # JSON list of strings, once concluded
    )
    op.create_index("ix_tutor_sessions_session", "tutor_sessions", ["session_id"], unique=True)
    op.create_index("ix_tutor_sessions_learner_problem", "tutor_sessions", ["learner_id", "problem_id", "started_at"])
    op.create_table(
        "tutor_messages",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), nullable=False),
        sa.Column("session_id", sa.String(40), nullable=False),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("role", sa.String(16), nullable=False),
        sa.Column("message", sa.Text, nullable=False),  # the whole message as JSON
        sa.Column("created_at", sa.DateTime, nullable=False),
    )
    op.create_index("ix_tutor_messages_session", "tutor_messages", ["session_id", "position"], unique=True)
    op.create_index("ix_tutor_messages_learner", "tutor_messages", ["learner_id"])
    op.create_table(
        "tutor_usage",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), nullable=False),
        sa.Column("session_id", sa.String(40), nullable=False),
        sa.Column("model", sa.String(200), nullable=False),
        sa.Column("prompt_tokens", sa.Integer, nullable=False),
        sa.Column("completion_tokens", sa.Integer, nullable=False),
    )
    op.create_index("ix_tutor_usage_session_model", "tutor_usage", ["session_id", "model"], unique=True)
    op.create_index("ix_tutor_usage_learner", "tutor_usage", ["learner_id"])


def downgrade() -> None:
    op.drop_index("ix_tutor_usage_learner", "tutor_usage")
    op.drop_index("ix_tutor_usage_session_model", "tutor_usage")
    op.drop_table("tutor_usage")
    op.drop_index("ix_tutor_messages_learner", "tutor_messages")
    op.drop_index("ix_tutor_messages_session", "tutor_messages")
    op.drop_table("tutor_messages")
    op.drop_index("ix_tutor_sessions_learner_problem", "tutor_sessions")
    op.drop_index("ix_tutor_sessions_session", "tutor_sessions")
    op.drop_table("tutor_sessions")
