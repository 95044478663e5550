"""compare_with_peers (the spec's future function): where the learner stands on a problem they
solved.

In a class database it places the learner's time to solve, attempts until solved and operation
counts among the class's quantiles on that problem, which the database's owner function hands out
only for groups of five learners or more (``storage.peers``): never a name, never one learner's
value. Anywhere else (a learner's own SQLite, a database that is not a class's) it counts the
learner's accepted code, the bank's reference and its slow solution on the same worst-case inputs
and says where the learner's code falls between them.

Both need the learner's accepted Submit of the problem: before it there is nothing to compare.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from ..storage.classroom import PEERS_AT_LEAST, class_login
from ..storage.peers import Quantiles, class_quantiles, own_counts, own_solving
from ..storage.solutions import SolutionRecords
from .analysis import analysis_bucket
from .context import ToolContext
from .errors import unknown_problem
from .measurement import Cancelled
from .registry import AnyTool, Tool
from .schemas import CompareWithPeers
from .solutions import LANGUAGE_NAMES, OperationCounts, Series, SolutionsDesk
from .workbench import Workbench

if TYPE_CHECKING:
    from ..problems.model import Problem
    from .results import PeerComparison

__all__ = ["TOOLS", "compare_with_peers", "place_among", "place_between"]

CLASS = "class"
SOLUTIONS = "bank_solutions"
SAME = 1.1  # counts within a tenth of each other: as many, not more
TOO_FEW = f"fewer than {PEERS_AT_LEAST} learners have solved it: nothing is shown"


def in_a_class(services: Workbench) -> bool:
    """Whether the database is a class's (PostgreSQL with ``class init`` run on it)."""
    if services.database.path is not None:
        return False
    with services.database.transaction() as connection:
        return class_login(connection) is not None


def compare_with_peers(args: CompareWithPeers, context: ToolContext, services: Workbench) -> PeerComparison:
    problem = services.bank.get(args.problem_id)
    if problem is None:
        raise unknown_problem(args.problem_id, services.bank.problems, "; compare on a problem you solved")
    head: dict[str, Any] = {
        "status": "ok", "user_id": context.learner, "problem_id": problem.id, "title": problem.title,
        "compared": False, "time": None, "attempts": None, "operations": None,
    }  # fmt: skip
    if in_a_class(services):
        return _against_the_class(head, problem, args.language, context, services)  # type: ignore[return-value]
    return _against_the_solutions(head, problem, args.language, context, services)  # type: ignore[return-value]


# --- a class database ----------------------------------------------------------------------------


def _against_the_class(
    head: dict[str, Any], problem: Problem, language: str | None, context: ToolContext, services: Workbench
) -> dict[str, Any]:
    result = {**head, "against": CLASS}
    mine = own_solving(services.database, context.learner, problem.id)
    if mine is None:
        return {**result, "message": _not_yet(problem), "note": "Only your own accepted Submit can be compared."}
    quantiles = class_quantiles(services.database, problem.id)
    by_measure = {q.measure: q for q in quantiles if q.measure in ("minutes", "attempts")}
    if "minutes" not in by_measure:
        return {
            **result,
            "message": f"{problem.title}: {TOO_FEW}.",
            "note": f"The class's figures appear once {PEERS_AT_LEAST} learners have solved it.",
        }
    time = _placed(mine.minutes, by_measure["minutes"], "quicker than", "minutes")
    attempts = _placed(float(mine.attempts), by_measure["attempts"], "fewer attempts than", "attempts")
    operations, operations_note = _class_operations(services, context.learner, problem, language, quantiles)
    learners = by_measure["minutes"].learners
    return {
        **result,
        "compared": True,
        "time": time,
        "attempts": attempts,
        "operations": operations,
        "message": (
            f"Among the {learners} learners of your class who solved {problem.title}: you were {time['standing']}, "
            f"and needed {attempts['standing']}."
        ),
        "note": "Figures of the class are quantiles of at least "
        f"{PEERS_AT_LEAST} learners; no one learner's value is shown. {operations_note}",
    }


def _class_operations(
    services: Workbench, learner: str, problem: Problem, language: str | None, quantiles: list[Quantiles]
) -> tuple[dict[str, Any] | None, str]:
    counted = own_counts(services.database, learner, problem.id, language) or own_counts(
        services.database, learner, problem.id
    )
    if counted is None:
        return None, (
            "Operation counts are left out: no analysis of your accepted Submit measured them "
            "(analysing that Submit with its measuring on counts them)."
        )
    name = LANGUAGE_NAMES.get(counted.language, counted.language)
    theirs = {
        q.size: q
        for q in quantiles
        if q.measure == "operations" and q.language == counted.language and q.size is not None
    }
    mine = dict(zip(counted.sizes, counted.counts, strict=True))
    shared = sorted(set(theirs) & set(mine))
    if not shared:
        return None, (
            f"Operation counts are left out: fewer than {PEERS_AT_LEAST} learners' accepted {name} code was measured "
            "on the sizes yours was."
        )
    size = shared[-1]  # the largest size: where the growth shows most
    placed = _placed(float(mine[size]), theirs[size], "fewer operations than", "line events")
    return {**placed, "language": counted.language, "size": size}, (
        f"Operations are the line events of accepted {name} code on the problem's worst-case input of size {size}."
    )


def _placed(value: float, quantiles: Quantiles, better: str, unit: str) -> dict[str, Any]:
    share = place_among(value, quantiles)
    ahead = round((1.0 - share) * 100 / 5) * 5
    if share < 0.10:
        standing = f"{better} about 90% or more of them"
    elif share > 0.90:
        standing = f"{better} about 10% or fewer of them"
    else:
        standing = f"{better} about {ahead}% of them"
    shown = round(value, 1) if unit == "minutes" else int(value)
    standing += f" ({_number(shown)} {unit}; the class's median {_number(quantiles.p50)})"
    return {
        "yours": shown,
        "learners": quantiles.learners,
        **{name: round(v, 2) for name, v in zip(("p10", "p25", "p50", "p75", "p90"), _values(quantiles), strict=True)},
        "ahead_of_percent": max(0, min(100, ahead)),
        "standing": standing,
    }


def _number(value: float) -> str:
    """``value`` for a sentence: one decimal at most, none when it is whole (10, 17.5, 1,240)."""
    return f"{round(value, 1):,}".removesuffix(".0")


def _values(quantiles: Quantiles) -> list[float]:
    return [v for _share, v in quantiles.points()]


def place_among(value: float, quantiles: Quantiles) -> float:
    """About what share of the class has a lower value than ``value`` (0..1), read between the
    quantiles; a value equal to several quantiles sits in the middle of them."""
    points = quantiles.points()
    equal = [share for share, v in points if math.isclose(v, value)]
    if equal:
        return (min(equal) + max(equal)) / 2
    if value < points[0][1]:
        return 0.05
    if value > points[-1][1]:
        return 0.95
    for (s0, v0), (s1, v1) in zip(points, points[1:], strict=False):
        if v0 < value < v1:
            return s0 + (s1 - s0) * (value - v0) / (v1 - v0)
    return 0.5  # unreachable: the quantiles rise


# --- the bank's solutions ------------------------------------------------------------------------


def _against_the_solutions(
    head: dict[str, Any], problem: Problem, language: str | None, context: ToolContext, services: Workbench
) -> dict[str, Any]:
    result = {**head, "against": SOLUTIONS}
    records = SolutionRecords(services.database)
    accepted = (language and records.accepted(context.learner, problem.id, language)) or records.accepted(
        context.learner, problem.id
    )
    if accepted is None:
        message = _not_yet(problem)
        if records.has_solved(context.learner, problem.id):
            message = (
                f"Your accepted Submit of {problem.title} was kept without its code, so there is nothing to compare: "
                "Submit your solution again."
            )
        return {**result, "message": message, "note": "No class database: your code is compared with the bank's."}
    desk = SolutionsDesk(services)
    code_language = accepted.language
    try:
        counts = desk.operation_counts(
            problem.id, accepted.code, code_language, context.cancel, lambda f, t: context.report(0.7 * f, t)
        )
        slow = None
        if code_language == "python":
            slow = desk.slow_counts(
                problem.id, context.cancel, lambda f, t: context.report(0.7 + 0.3 * f, f"the slow solution: {t}")
            )
    except Cancelled:
        return {**result, "status": "cancelled", "message": "The comparison was stopped.", "note": ""}
    operations = operations_between(counts, slow)
    name = LANGUAGE_NAMES.get(code_language, code_language)
    note = f"No class database: your accepted {name} code is counted beside the bank's solutions on the same inputs."
    if slow is None:
        note += " The slow solution is written in Python only, and line events of two languages do not compare."
    if language and language != code_language:
        note += f" You have no accepted {LANGUAGE_NAMES.get(language, language)} Submit: your {name} one is used."
    context.report(1.0, "compared")
    return {
        **result,
        "compared": operations is not None,
        "operations": operations,
        "message": f"{problem.title}: " + (operations["standing"] if operations else "nothing could be measured."),
        "note": note,
    }


def operations_between(counts: OperationCounts, slow: Series | None) -> dict[str, Any] | None:
    """The learner's counts beside the reference's and the slow solution's at their largest shared
    size, and where the learner stands between the two."""
    mine = dict(zip(counts.learner.sizes, counts.learner.counts, strict=True))
    reference = dict(zip(counts.reference.sizes, counts.reference.counts, strict=True))
    slowest = dict(zip(slow.sizes, slow.counts, strict=True)) if slow is not None else {}
    both = sorted(set(mine) & set(reference))
    if not both:
        return None
    three = sorted(set(both) & set(slowest))
    size = three[-1] if three else both[-1]
    position, standing = place_between(mine[size], reference[size], slowest.get(size))
    words = f"at size {size} your code counted {mine[size]:,} line events, the reference {reference[size]:,}"
    if size in slowest:
        words += f" and the slow solution {slowest[size]:,}"
    if slow is not None and both[-1] > size and slow.stopped:
        words += f"; the slow solution stopped there ({slow.stopped}) while yours went on to size {both[-1]}"
    return {
        "language": counts.language,
        "size": size,
        "yours": mine[size],
        "reference": reference[size],
        "slow": slowest.get(size),
        "position": position,
        "standing": f"{standing} ({words}).",
        "sizes": both,
        "learner_counts": [mine[n] for n in both],
        "reference_counts": [reference[n] for n in both],
        "slow_counts": [slowest.get(n) for n in both],
    }


def place_between(mine: int, reference: int, slow: int | None) -> tuple[float | None, str]:
    """Where ``mine`` falls on a log scale from the reference (0) to the slow solution (1), and in
    words. Within a tenth of either it is "as few as" or "as many as" it. Without a slow solution
    (or one no costlier than the reference), against the reference alone."""
    ratio = mine / max(reference, 1)
    times = f"{ratio:.1f} times the reference's operations"
    if ratio <= SAME:
        return (0.0 if slow else None), "As few operations as the reference, or fewer"
    if slow is None or slow <= reference or reference <= 0:
        return None, f"About {times}"
    position = round((math.log(mine) - math.log(reference)) / (math.log(slow) - math.log(reference)), 2)
    if mine * SAME >= slow:
        return position, f"As many operations as the slow solution, or more ({times})"
    nearer = "the reference" if position < 0.5 else "the slow solution"
    return position, f"Between the reference and the slow solution, closer to {nearer}: {times}"


def _not_yet(problem: Problem) -> str:
    return (
        f"You have no accepted Submit of {problem.title} yet: there is nothing to compare. "
        "Solve it first (a Submit that passes every test)."
    )


TOOLS: list[AnyTool] = [Tool(CompareWithPeers, compare_with_peers, analysis_bucket)]
