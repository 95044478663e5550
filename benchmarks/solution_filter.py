"""The solution filter over the whole bank: what it catches and what it holds back wrongly.

uv run python benchmarks/solution_filter.py              # every bank problem
uv run python benchmarks/solution_filter.py --problems two-sum,climbing-stairs

For every bank problem, each reference (Python, JavaScript, and the slower Python one) is shown in
a fenced block of an answer:

(a) renamed: every identifier it binds or reads renamed (``n1``, ``n2``, ... the same name for the
    same identifier; attributes after a dot and the language's builtins kept, so it still runs);
(b) reformatted: Python through ``ast.unparse`` (quotes, brackets, spacing, comments gone),
    JavaScript token by token, one statement a line with single spaces;
(a+b) both.

Each should be caught. False positives, each of which should pass:

(c) the starter code (Python and JavaScript); the slower Python solution against the optimal
    references only (another approach is not the solution); every one- and two-line snippet of
    each reference, quoted in a fenced block; the slower solution as the learner's own code,
    quoted back to them by the full guard.

The figures: caught and flagged counts with their rates, the shape share (the part of a
reference's winnowed fingerprints a text holds) at the threshold's two sides, and what judging one
answer costs.
"""

from __future__ import annotations

import argparse
import ast
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pygments.token import Comment, Name, String, Token  # noqa: E402

from codementor_desktop.problems.bank import load_bank  # noqa: E402
from codementor_desktop.resources import builtin_problems_dir  # noqa: E402
from codementor_desktop.tutor.guard import SHAPE_SHARE, SolutionGuard, normalized  # noqa: E402
from codementor_desktop.tutor.shapes import kgrams, lexer, share, winnowed  # noqa: E402


def renamed(code: str, language: str) -> str:
    """``code`` with each identifier it names renamed ``n1``, ``n2``, ... (deterministic)."""
    names: dict[str, str] = {}
    out: list[str] = []
    previous = ""
    for kind, value in lexer(language).get_tokens(code):
        if kind in Name and kind not in Name.Builtin and previous != "." and value.isidentifier():
            value = names.setdefault(value, f"n{len(names) + 1}")
        out.append(value)
        if value.strip():
            previous = value.strip()
    return "".join(out)


def reformatted(code: str, language: str) -> str:
    """``code`` laid out again: Python by ``ast.unparse``, JavaScript a statement a line."""
    if language == "python":
        return ast.unparse(ast.parse(code)) + "\n"
    lines, line = [], []
    for kind, value in lexer(language).get_tokens(code):
        if kind in Comment or not value.strip() or kind is Token.Text and not value.strip():
            continue
        line.append(value.strip() if kind not in String else value)
        if value.strip() in (";", "{", "}"):
            lines.append(" ".join(line))
            line = []
    lines.append(" ".join(line))
    return "\n".join(x for x in lines if x) + "\n"


def fenced(code: str, language: str) -> str:
    return f"Compare with this:\n```{language}\n{code.rstrip()}\n```\nWhat differs?\n"


def snippets(code: str, language: str) -> list[str]:
    """Every run of one and two consecutive lines of ``code`` that has code on it."""
    lines = [line for line in code.splitlines() if line.strip() and normalized(line.strip(), language)[0]]
    return [*lines, *("\n".join(lines[i : i + 2]) for i in range(len(lines) - 1))]


def best_share(code: str, references: list[tuple[str, str]]) -> float:
    return max(share(winnowed(ref, lang), kgrams(code, lang)) for ref, lang in references)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--problems", help="comma-separated problem ids (default: the whole bank)")
    args = parser.parse_args()
    bank = load_bank([builtin_problems_dir()])
    ids = args.problems.split(",") if args.problems else sorted(bank.problems)
    caught: dict[str, list[bool]] = {}
    flagged: dict[str, list[bool]] = {}
    caught_shares: list[float] = []
    passed_shares: list[float] = []
    missed: list[str] = []
    wrongly: list[str] = []
    for problem_id in ids:
        problem = bank.problems[problem_id]
        s = problem.solutions
        guard = SolutionGuard.for_problem(problem)
        optimal = SolutionGuard([s.python, s.javascript])
        refs = [(s.python, "python"), (s.javascript, "javascript"), (s.python_slow, "python")]
        for code, language in refs:
            which = f"{language}{' slow' if code is s.python_slow else ''}"
            for kind, changed in (
                ("renamed", renamed(code, language)),
                ("reformatted", reformatted(code, language)),
                ("renamed+reformatted", reformatted(renamed(code, language), language)),
            ):
                hit = guard.leaks(fenced(changed, language))
                caught.setdefault(f"{kind} ({which})", []).append(hit)
                caught_shares.append(best_share(changed, [(code, language)]))
                if not hit:
                    missed.append(f"{problem_id} {kind} {which}")
        fp_cases: list[tuple[str, SolutionGuard, str, str]] = [
            ("starter python", guard, problem.starter.python, "python"),
            ("starter javascript", guard, problem.starter.javascript, "javascript"),
            ("slow vs optimal", optimal, s.python_slow, "python"),
            ("own slow quoted back", SolutionGuard.for_problem(problem, own=[s.python_slow]), s.python_slow, "python"),
        ]
        for code, language in refs[:2]:
            fp_cases += [(f"1-2 line snippet ({language})", guard, snip, language) for snip in snippets(code, language)]
        for kind, judge, code, language in fp_cases:
            hit = judge.leaks(fenced(code, language))
            flagged.setdefault(kind, []).append(hit)
            if kind != "own slow quoted back":
                others = [(r, lang) for r, lang in refs if judge is guard or r is not s.python_slow]
                passed_shares.append(best_share(code, others))
            if hit:
                wrongly.append(f"{problem_id} {kind}: {code.strip().splitlines()[0][:60]!r}")
    timings = []
    for problem_id in ids:  # what judging one answer costs: a fresh guard, an answer holding the renamed reference
        s = bank.problems[problem_id].solutions
        answer = fenced(renamed(s.python, "python"), "python") + "\nAnd `x = 1` inline.\n"
        started = time.perf_counter()
        SolutionGuard.for_problem(bank.problems[problem_id], own=[s.python_slow]).leaks(answer)
        timings.append((time.perf_counter() - started) * 1000)
    print(f"problems: {len(ids)}   shape threshold SHAPE_SHARE = {SHAPE_SHARE}")
    print("caught (should be all):")
    for kind, hits in caught.items():
        print(f"  {kind:<36} {sum(hits):>4} / {len(hits):<4} {100 * sum(hits) / len(hits):6.1f} %")
    total = [h for hits in caught.values() for h in hits]
    print(f"  {'all':<36} {sum(total):>4} / {len(total):<4} {100 * sum(total) / len(total):6.1f} %")
    print("false positives (should be none):")
    for kind, hits in flagged.items():
        print(f"  {kind:<36} {sum(hits):>4} / {len(hits):<4} {100 * sum(hits) / len(hits):6.1f} %")
    total = [h for hits in flagged.values() for h in hits]
    print(f"  {'all':<36} {sum(total):>4} / {len(total):<4} {100 * sum(total) / len(total):6.1f} %")
    low, median = statistics.quantiles(caught_shares, n=20)[0], statistics.median(caught_shares)
    print(
        f"shape share of changed references: min {min(caught_shares):.2f}, 5th percentile {low:.2f}, median {median:.2f}"
    )
    high, median = statistics.quantiles(passed_shares, n=20)[-1], statistics.median(passed_shares)
    print(
        f"shape share of texts that should pass: max {max(passed_shares):.2f}, 95th percentile {high:.2f}, median {median:.2f}"
    )
    timings.sort()
    print(
        f"judging one answer (a new guard and its references included): median {statistics.median(timings):.1f} ms, "
        f"max {timings[-1]:.1f} ms"
    )
    for line in missed[:15]:
        print("  missed:", line)
    for line in wrongly[:25]:
        print("  flagged:", line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
