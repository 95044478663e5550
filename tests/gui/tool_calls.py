"""Which tools the window called, and for whom: read from the audit log the real registry writes
(one JSON line per call), so a test sees the calls as they were made."""

from __future__ import annotations

import json


def calls(services) -> list[tuple[str, str]]:
    """Each tool call so far, in order: (tool, learner)."""
    path = services.paths.audit_log
    if not path.exists():
        return []
    entries = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [(entry["tool"], entry["learner"]) for entry in entries]
