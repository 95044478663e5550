"""The detectors, one module per idea; ``run_all`` runs them in order (the outcome detectors
last, as they read what the others found)."""

from __future__ import annotations

from ..context import Context
from ..findings import Finding
from . import (
    bounds,
    containers,
    guards,
    loop_costs,
    mutation,
    names,
    outcomes,
    reachability,
    recursion,
    space,
    strings,
    termination,
)

_STRUCTURAL = (
    loop_costs,
    containers,
    recursion,
    space,
    guards,
    bounds,
    mutation,
    strings,
    names,
    reachability,
    termination,
)


def run_all(ctx: Context) -> list[Finding]:
    found: list[Finding] = []
    for detector in _STRUCTURAL:
        found.extend(detector.detect(ctx))
    found.extend(outcomes.detect(ctx, found))
    return found
