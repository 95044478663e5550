"""How a case that is only too slow is worded, the same in the window, its chat cards and the coach:
a slow answer is never shown as a wrong value (a run out of time has no value, not ``null``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def operations_note(too_slow: dict[str, Any] | None) -> str:
    """``"more than 1,000,000 operations, where the reference needs 412"``, or what of it is known
    (``""`` when nothing was counted)."""
    if not too_slow:
        return ""
    parts = []
    operations = too_slow.get("operations")
    if isinstance(operations, int):
        parts.append(
            f"{operations:,} operations" if too_slow.get("finished") else f"more than {operations:,} operations"
        )
    reference = too_slow.get("reference_operations")
    if isinstance(reference, int):
        parts.append(f"where the reference needs {reference:,}")
    return ", ".join(parts)


def too_slow_text(case: Mapping[str, Any]) -> str:
    """What a too-slow case's learner output reads as: ``too slow: did not finish within 1 s (...)``."""
    limit = (case.get("too_slow") or {}).get("time_limit_s")
    within = f" within {limit:g} s" if isinstance(limit, int | float) else " in time"
    note = operations_note(case.get("too_slow"))
    return f"too slow: did not finish{within}" + (f" ({note})" if note else "")
