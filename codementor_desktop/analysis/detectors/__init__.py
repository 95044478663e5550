"""The detectors, one module per idea; ``run_all`` runs them in order (the outcome detectors
last, as they read what the others found)."""

from __future__ import annotations

from ..context import Context
from ..findings import Finding
from . import bounds, guards, hygiene, loop_costs, mutation, outcomes, recursion, space, termination

_STRUCTURAL = (loop_costs, recursion, space, guards, bounds, mutation, hygiene, termination)


def run_all(ctx: Context) -> list[Finding]:
    found: list[Finding] = []
    for detector in _STRUCTURAL:
        found.extend(detector.detect(ctx))
    found.extend(outcomes.detect(ctx, found))
    return found
