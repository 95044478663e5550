"""The tutor's prompts, as versioned files: a change of wording is a new version, so a stored
conversation can say which prompt it was held under."""

from __future__ import annotations

from importlib import resources

SOCRATIC = "socratic-v1"


def load(name: str = SOCRATIC) -> str:
    """The text of prompt ``name`` (a file ``<name>.md`` beside this module)."""
    return resources.files(__package__).joinpath(f"{name}.md").read_text(encoding="utf-8").strip()
