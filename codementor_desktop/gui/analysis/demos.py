"""Standalone demos of the analysis widgets, on a real analysis of a quadratic Two Sum. The
operation counts are those a measuring run counts (line events are deterministic: the same code
on the same generated inputs always counts the same). A smoke test builds every demo.

    python -m codementor_desktop.gui.analysis.demos [cards|plot|uncertain|parse_error|location]
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import QApplication, QWidget

from ...analysis import analyze
from ...problems.bank import load_bank
from ...resources import builtin_problems_dir
from .cards import AnalysisCards
from .complexity_plot import ComplexityPlot

QUADRATIC_TWO_SUM = """def two_sum(nums, target):
    for i in range(len(nums)):
        for j in range(i + 1, len(nums)):
            if nums[i] + nums[j] == target:
                return [i, j]
    return []
"""
# Counted by analyze_code_patterns on two-sum's generator (sizes of its measure plan; the code
# above went over the line budget at n = 760), and the reference solution's counts on the same inputs.
SIZES = [4, 5, 7, 9, 11, 15, 19, 25, 33, 42, 55, 72, 93, 121, 157, 205, 266, 346, 450, 585]
COUNTS = [
    18, 28, 54, 88, 130, 238, 378, 648, 1120, 1804, 3078, 5254, 8740, 14760, 24804, 42228, 71020,
    120060, 202948, 342808,
]  # fmt: skip
REFERENCE = [13, 16, 22, 28, 34, 46, 58, 76, 100, 127, 166, 217, 280, 364, 472, 616, 799, 1039, 1351, 1756]


def quadratic_two_sum() -> dict[str, Any]:
    """The analysis analyze_code_patterns gives the quadratic Two Sum after a passing run."""
    problem = load_bank([builtin_problems_dir()]).get("two-sum")
    assert problem is not None
    measurement = {"sizes": SIZES, "counts": COUNTS}
    plain = problem.model_dump(mode="json")
    result = analyze(QUADRATIC_TWO_SUM, "python", plain, {"all_passed": True}, measurement=measurement)
    measured = result["complexity_analysis"]["evidence"]["measured"]
    measured["reference"] = {"sizes": SIZES, "counts": REFERENCE}
    measured["stopped"] = "over 400,000 line events at size 760"
    return {**result, "attempt_id": "attempt_demo"}


def with_uncertain() -> dict[str, Any]:
    """The spec's own example result, with a third finding under 0.6 confidence: how an uncertain
    finding looks (the detectors rarely report one: they are tuned for precision)."""
    return {
        "analysis_complete": True,
        "attempt_id": "attempt_demo",
        "detected_patterns": [
            {"pattern_type": "suboptimal_time_complexity", "confidence": 0.92, "severity": "high",
             "description": "Using nested loops resulting in O(n²) when O(n) solution exists",
             "code_location": {"line_start": 2, "line_end": 4},
             "suggestion": "Consider using a hash map to achieve O(n) lookup"},
            {"pattern_type": "missing_edge_case", "confidence": 0.78, "severity": "medium",
             "description": "Code does not handle empty array input",
             "code_location": {"line_start": 1, "line_end": 1},
             "suggestion": "Add validation: if not nums: return []"},
            {"pattern_type": "off_by_one", "confidence": 0.55, "severity": "low", "uncertain": True,
             "description": "the inner loop may start one place too late",
             "code_location": {"line_start": 3, "line_end": 3},
             "suggestion": "Check the first pair the inner loop looks at."},
        ],
        "complexity_analysis": {"time_complexity": "O(n²)", "space_complexity": "O(1)", "optimal_time": "O(n)",
                                "optimal_space": "O(n)"},
        "code_quality_metrics": {"cyclomatic_complexity": 3, "lines_of_code": 12, "variable_naming_score": 0.85,
                                 "readability_score": 0.78},
        "weakness_profile_updated": False,
    }  # fmt: skip


# A slip on line 8 (``price - best`` for ``price - lowest``), and the tests of its Submit as
# execute_code reported them: which passed, and the lines each test's call ran.
SLIPPED_MAX_PROFIT = """def max_profit(prices):
    best = 0
    lowest = prices[0]
    for price in prices:
        if price < lowest:
            lowest = price
        elif price - lowest > best:
            best = price - best
    return best
"""
_ALL, _NO_NEW_LOW, _NO_GAIN = [2, 3, 4, 5, 6, 7, 8, 9], [2, 3, 4, 5, 7, 8, 9], [2, 3, 4, 5, 6, 7, 9]
SLIPPED_RUN = [
    (1, "[8,3,6,2,9,4]", False, _ALL), (2, "[9,7,4,1]", True, _NO_GAIN), (3, "[5,5,5]", True, [2, 3, 4, 5, 7, 9]),
    (1001, "(hidden)", True, [2, 3, 4, 5, 7, 9]), (1002, "[1,2]", False, _NO_NEW_LOW), (1003, "(hidden)", True, _NO_GAIN),
    (1004, "(hidden)", True, _NO_NEW_LOW), (1005, "(hidden)", True, _ALL), (1006, "(hidden)", False, _ALL),
    (1007, "(hidden)", False, _ALL), (1008, "(hidden)", True, _NO_GAIN), (1009, "(hidden)", False, _ALL),
    (1010, "(hidden)", True, _ALL), (1011, "(hidden)", True, [2, 3, 4, 5, 7, 9]), (1012, "(hidden)", False, _ALL),
    (1013, "(hidden)", False, _ALL),
]  # fmt: skip


def slipped_max_profit() -> dict[str, Any]:
    """The analysis of the slipped max_profit after its Submit: the likely bug location."""
    tests = [
        {"test_id": i, "input": text, "passed": ok, "verdict": "AC" if ok else "WA", "covered_lines": lines}
        for i, text, ok, lines in SLIPPED_RUN
    ]
    run = {"status": "success", "all_passed": False, "test_results": tests}
    return analyze(SLIPPED_MAX_PROFIT, "python", _problem("max-profit-single-trade"), run)


def _problem(problem_id: str) -> dict[str, Any] | None:
    problem = load_bank([builtin_problems_dir()]).get(problem_id)
    return problem.model_dump(mode="json") if problem is not None else None


def cards_demo(result: dict[str, Any] | None = None) -> AnalysisCards:
    cards = AnalysisCards()
    cards.resize(560, 620)
    cards.set_result(result if result is not None else quadratic_two_sum())
    return cards


def plot_demo() -> ComplexityPlot:
    plot = ComplexityPlot()
    plot.resize(640, 420)
    plot.set_result(quadratic_two_sum())
    return plot


DEMOS: dict[str, Callable[[], QWidget]] = {
    "cards": cards_demo,
    "plot": plot_demo,
    "uncertain": lambda: cards_demo(with_uncertain()),
    "location": lambda: cards_demo(slipped_max_profit()),
    "parse_error": lambda: cards_demo(analyze("def f(nums):\n    return [0, 1\n", "python")),
}


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    name = args[0] if args else "cards"
    app = QApplication.instance() or QApplication(sys.argv)
    widget = DEMOS[name]()
    widget.setWindowTitle(f"CodeMentor · {name} demo")
    widget.show()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
