"""How fast the learner's code is, said with evidence: the complexity read from the code, the
operation counts of the learner's code and of the reference on the problem's worst-case inputs,
and the best known complexity; then a question toward the gap, or, when there is none, toward
space. "Is my solution optimal?" gets this, never a refusal.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..analysis.complexity_classes import Growth, from_label, loose_growth
from . import coach_templates as words

if TYPE_CHECKING:
    from .coach_evidence import VersionEvidence
    from .coach_questions import Ladder

Pick = Callable[[list[str], dict[str, Any]], str]


def same_class(one: str | None, other: str | None) -> bool:
    """Whether two complexity labels ("O(n)", "O(n log n)") name the same class."""
    if not one or not other:
        return False
    a, b = _growth(one), _growth(other)
    return a is not None and a == b


def _growth(label: str) -> Growth | None:
    inner = label.strip().removeprefix("O(").removesuffix(")")
    return from_label(inner) or loose_growth(f"O({inner})")


def counts_sentence(evidence: VersionEvidence, pick: Pick) -> str:
    """The learner's count and the reference's at the largest size both ran. No class is read from
    the reference's counts: they are line events, blind to a built-in's work (a sort reads as O(n))."""
    measured = evidence.measured
    if not measured or not measured.get("counts"):
        return ""
    mine = dict(zip(measured.get("sizes") or [], measured.get("counts") or [], strict=False))
    theirs = dict(zip(measured.get("reference_sizes") or [], measured.get("reference_counts") or [], strict=False))
    both = sorted(set(mine) & set(theirs))
    if both:
        n = both[-1]
        return pick(words.COUNTS, {"n": n, "mine": _steps(mine[n]), "theirs": _steps(theirs[n])})
    n = max(mine)
    return pick(words.COUNTS_MINE_ONLY, {"n": n, "mine": _steps(mine[n]), "measured": measured.get("class")})


def _steps(count: int) -> str:
    return f"{count:,} step" + ("" if count == 1 else "s")


def below(one: str | None, other: str | None) -> bool:
    """Whether complexity ``one`` grows strictly slower than ``other``."""
    a, b = _growth(one or ""), _growth(other or "")
    if a is None or b is None:
        return False
    return (a.exponential, a.degree, a.logs) < (b.exponential, b.degree, b.logs)


def how_fast(
    evidence: VersionEvidence, ladder: Ladder, pick: Pick, *, asked_space: bool, complexity_only: bool
) -> list[str]:
    """The answer to "is it optimal?" (or, ``complexity_only``, "what is its complexity?"); ``pick``
    chooses among ways of saying each part the one not said yet."""
    if evidence.unavailable or not evidence.ran:
        return [words.fill(words.NOT_RUN_YET, {"why": evidence.unavailable or "no run"})]
    complexity = evidence.complexity
    time, best = complexity.get("time"), complexity.get("optimal_time")
    measured = evidence.measured
    if measured and measured.get("class") and not time:
        time = measured["class"]
    filled = {"time": time, "best": best, "space": complexity.get("space")}
    said: list[str] = []
    failing = evidence.failing
    if failing is not None and failing.get("verdict") == "TLE":
        said.append(pick(words.TOO_SLOW_ON, {"input": failing.get("input")}))
    elif failing is not None:
        template = words.NOT_CORRECT_YET_EDGE if failing.get("category") else words.NOT_CORRECT_YET
        said.append(pick(template, {"test_id": failing.get("test_id"), "input": failing.get("input")}))
    counts = counts_sentence(evidence, pick)
    if failing is not None and below(time, best):
        # Faster than any known solution can be: it does not do the work yet; no question of speed.
        return [counts, pick(words.BELOW_BEST, filled)]
    optimal = same_class(time, best) and not ladder.slower_than_best()
    if complexity_only:
        said += [pick(words.COMPLEXITY_IS, filled), counts]
    elif optimal:
        said.append(counts)
        if asked_space:
            return [*said, pick(words.OPTIMAL_YES[1:], filled)]
        return [*said, pick(words.OPTIMAL_YES, filled)]
    else:
        said += [pick(words.OPTIMAL_NO, filled), counts]
    if optimal:
        return [*said, pick(words.COMPLEXITY_OPTIMAL_QUESTION, filled)]
    line = ladder.slow_line()
    if line:
        return [*said, pick(words.GAP_QUESTION, {"line": line, "line_text": ladder.code.line(line)})]
    return [*said, pick(words.GAP_QUESTION_NO_LINE, {})]
