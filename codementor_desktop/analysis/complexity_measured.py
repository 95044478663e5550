"""The measured estimate: operation counts at growing sizes, fitted to the candidate classes.

``measure_plan(problem)`` says which sizes of the problem's worst-case generator to run and when
to stop; the runner runs them in the child and counts line events (deterministic: the same code
on the same seeded input counts the same). ``fit_complexity(sizes, counts)`` then fits each
candidate class ``count ≈ a + b·f(n)`` (a, b ≥ 0) by least squares on the relative error (so a
count of 10 and one of 10 million weigh the same), and 2ⁿ as ``a + b·βⁿ`` over a grid of bases.
Classes whose fit is close to the best one count as ties, and the simplest of the ties wins: a
straight line is not called n log n on the strength of a rounding.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from .complexity_classes import CANDIDATES, CONSTANT, EXPONENTIAL, Growth

LINE_BUDGET = 400_000  # line events a single size may use before the ladder stops
CLOSE_FIT = 1.35  # a fit within this factor of the best one (in relative error) is a tie...
CLOSE_FLOOR = 0.02  # ...or within this much absolute relative error
_BASES = [1.05 * (1.04**k) for k in range(60)]  # 1.05 .. about 10


def _shape(growth: Growth, n: float) -> float:
    if growth == CONSTANT:
        return 1.0
    value = n**growth.degree
    if growth.logs:
        value *= math.log2(max(n, 2.0)) ** growth.logs
    return value


def _fit_line(xs: list[float], ys: list[float]) -> tuple[float, float, float]:
    """``y ≈ a + b·x`` with a, b ≥ 0, minimizing the relative error; returns (a, b, rms)."""
    weights = [1.0 / (y * y) for y in ys]

    def solve(with_offset: bool, with_slope: bool) -> tuple[float, float]:
        sw = sum(weights)
        sx = sum(w * x for w, x in zip(weights, xs, strict=True))
        sy = sum(w * y for w, y in zip(weights, ys, strict=True))
        sxx = sum(w * x * x for w, x in zip(weights, xs, strict=True))
        sxy = sum(w * x * y for w, x, y in zip(weights, xs, ys, strict=True))
        if with_offset and with_slope:
            det = sw * sxx - sx * sx
            if abs(det) < 1e-300:
                return sy / sw, 0.0
            return (sxx * sy - sx * sxy) / det, (sw * sxy - sx * sy) / det
        if with_slope:
            return 0.0, (sxy / sxx if sxx else 0.0)
        return sy / sw, 0.0

    a, b = solve(True, True)
    if b < 0:
        a, b = solve(True, False)
    elif a < 0:
        a, b = solve(False, True)
    rms = math.sqrt(sum(((a + b * x - y) / y) ** 2 for x, y in zip(xs, ys, strict=True)) / len(ys))
    return a, b, rms


def fit_complexity(sizes: Sequence[float], counts: Sequence[float]) -> dict[str, Any]:
    """The class that best explains ``counts`` at ``sizes``, with every candidate's fit.

    Returns ``{"class": "n log n", "notation": "O(n log n)", "confidence": 0..1, "fits": [...],
    "sizes": [...], "counts": [...]}``, or ``class: None`` with the reason when the points cannot
    say (fewer than three sizes, counts that are not positive).
    """
    points = sorted((float(n), float(c)) for n, c in zip(sizes, counts, strict=True))
    result: dict[str, Any] = {"sizes": [n for n, _ in points], "counts": [c for _, c in points]}
    if len({n for n, _ in points}) < 3:
        return {**result, "class": None, "notation": None, "confidence": 0.0, "reason": "fewer than three sizes"}
    if any(c <= 0 or n <= 0 for n, c in points):
        return {
            **result,
            "class": None,
            "notation": None,
            "confidence": 0.0,
            "reason": "sizes and counts must be positive",
        }
    xs, ys = [n for n, _ in points], [c for _, c in points]
    fits: list[dict[str, Any]] = []
    for growth in CANDIDATES:
        if growth == EXPONENTIAL:
            fits.append(_fit_exponential(xs, ys))
            continue
        a, b, rms = _fit_line([_shape(growth, n) for n in xs], ys)
        fits.append({"class": growth.label, "growth": growth, "residual": rms, "offset": a, "scale": b})
    best = min(f["residual"] for f in fits)
    tolerance = max(best * CLOSE_FIT, best + CLOSE_FLOOR)
    ties = [f for f in fits if f["residual"] <= tolerance]
    chosen = ties[0]  # CANDIDATES run from the simplest class up
    others = [f["residual"] for f in fits if f is not chosen and f["growth"] != chosen["growth"]]
    margin = (min(others) - chosen["residual"]) if others else 1.0
    confidence = max(0.0, min(1.0, 0.5 + margin * 5 - chosen["residual"] * 2)) * min(1.0, len(xs) / 6)
    for item in fits:
        item.pop("growth")
        item["residual"] = round(item["residual"], 4)
    return {
        **result,
        "class": chosen["class"],
        "notation": f"O({chosen['class']})",
        "confidence": round(confidence, 2),
        "fits": fits,
    }


def _fit_exponential(xs: list[float], ys: list[float]) -> dict[str, Any]:
    best: dict[str, Any] | None = None
    for base in _BASES:
        # Rescaled by the largest size so that the powers stay finite.
        top = max(xs)
        shaped = [base ** (n - top) for n in xs]
        a, b, rms = _fit_line(shaped, ys)
        if best is None or rms < best["residual"]:
            best = {
                "class": EXPONENTIAL.label,
                "growth": EXPONENTIAL,
                "residual": rms,
                "offset": a,
                "scale": b * base ** (-top) if b else 0.0,
                "base": round(base, 3),
            }
    assert best is not None
    return best


def fitted_curve(fit: Mapping[str, Any], sizes: Sequence[float]) -> list[float]:
    """The chosen class of a ``fit_complexity`` result, evaluated at ``sizes`` (with its fitted
    offset and scale): the curve a picture draws through the measured points. Empty when the fit
    chose no class."""
    label = fit.get("class")
    chosen = next((f for f in fit.get("fits") or [] if f.get("class") == label), None)
    growth = growth_of(label)
    if chosen is None or growth is None:
        return []
    offset, scale = float(chosen.get("offset") or 0.0), float(chosen.get("scale") or 0.0)
    if growth == EXPONENTIAL:
        base = float(chosen.get("base") or 2.0)
        return [offset + scale * base**n for n in sizes]
    return [offset + scale * _shape(growth, n) for n in sizes]


def growth_of(label: str | None) -> Growth | None:
    for growth in CANDIDATES:
        if growth.label == label:
            return growth
    return None


def measure_plan(problem: Mapping[str, Any] | None, language: str = "python") -> dict[str, Any]:
    """Which sizes of the problem's generator to run, and when to stop, to measure a solution.

    The ladder grows by about a third at a time from a few items up to the generator's largest
    size, so that an exponential solution still leaves several points before it runs out of
    budget and a linear one reaches sizes large enough to tell n from n log n. Run the sizes in
    order with ``count_lines`` and ``line_budget``; stop at the first size that exceeds the
    budget (or whose generator fails) and fit what was measured. JavaScript's line events are
    counted too (by the hooks its tracer uses), so both languages are measured alike.
    """
    generator = (problem or {}).get("generator") or {}
    declared = [int(n) for n in generator.get("sizes") or [] if isinstance(n, (int, float)) and n > 0]
    largest = max(declared, default=2000)
    ladder = _ladder(largest)
    plan: dict[str, Any] = {
        "sizes": ladder,
        "seed": 0,
        "line_budget": LINE_BUDGET,
        "stop": "at the first size that exceeds line_budget, or whose generator fails",
        "min_points": 4,
        "generator": generator.get("python"),
        "measure": "line_events",
        "repeats": 1,
    }
    return plan


def _ladder(largest: int) -> list[int]:
    if largest <= 24:
        return list(range(2, largest + 1))
    sizes: list[int] = []
    size = 4.0
    while size < largest:
        if not sizes or int(round(size)) > sizes[-1]:
            sizes.append(int(round(size)))
        size *= 1.3
    sizes.append(largest)
    return sizes


def combine(measured: Growth | None, hidden: Growth) -> Growth | None:
    """The measured class with the work of built-ins added back (line events do not see it)."""
    if measured is None:
        return None
    return max(measured, hidden)
