"""Traces of the bank's reference solutions on their first example, through ``bp_trace`` by problem.

Every bank problem's reference solution, in Python and in JavaScript, is traced on example 1 with
``problem_id`` and ``test_id`` (the input built as the judge builds it: trees, linked lists,
graphs, in-place arguments, design problems played), through the tool registry as the window
calls it, in a fresh ``CODEMENTOR_HOME``. A trace counts when it finished (``stop_reason``
``finished``, not cut by ``max_steps``) and its answer equals the example's expected output under
the problem's comparison (``matches_expected``). Prints "N of M" per language, the total, and every
failure with its reason.

    uv run python benchmarks/trace_bank.py [--language python|javascript] [--problem ID ...] [--all-examples]

``--all-examples`` traces every example of every problem, not only the first (its own figure).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time

MAX_STEPS = 100_000
LANGUAGES = ("python", "javascript")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--language", choices=LANGUAGES, action="append", help="only this language (repeatable)")
    parser.add_argument("--problem", action="append", help="only this problem id (repeatable)")
    parser.add_argument("--all-examples", action="store_true", help="every example, not only example 1")
    options = parser.parse_args()
    home = tempfile.mkdtemp(prefix="codementor-bench-")
    os.environ["CODEMENTOR_HOME"] = home
    from codementor_desktop.domain.vocabulary import Caller
    from codementor_desktop.storage.secrets import Credentials
    from codementor_desktop.tools.context import ToolContext
    from codementor_desktop.tools.services import Services

    services = Services.build(credentials=Credentials(use_keyring=False))
    try:
        problems = [p for p in services.bank.all() if not options.problem or p.id in options.problem]
        languages = options.language or list(LANGUAGES)
        failures: list[str] = []
        passed_total = 0
        started = time.perf_counter()
        cases = [(p, n) for p in problems for n in (range(1, len(p.examples) + 1) if options.all_examples else [1])]
        for language in languages:
            passed = 0
            for problem, number in cases:
                arguments = {
                    "language": language, "code": problem.reference_solution(language), "problem_id": problem.id,
                    "test_id": number, "max_steps": MAX_STEPS, "timeout_seconds": 10,
                }  # fmt: skip
                context = ToolContext(caller=Caller.PERSON, learner="bench")
                result = services.registry.call("bp_trace", arguments, context)
                reason = _failure(result)
                if reason is None:
                    passed += 1
                else:
                    failures.append(f"{language} {problem.id} example {number}: {reason}")
            passed_total += passed
            what = "examples" if options.all_examples else "problems (example 1)"
            print(f"{language}: {passed} of {len(cases)} {what} traced to the expected output")
        print(f"total: {passed_total} of {len(cases) * len(languages)}")
        print(f"({time.perf_counter() - started:.1f} s)")
        if failures:
            print("failures:")
            for line in failures:
                print("  " + line)
    finally:
        services.close()
        shutil.rmtree(home, ignore_errors=True)
    sys.exit(0)


def _failure(result: dict) -> str | None:
    """Why a trace does not count, or None when it finished with the expected output."""
    if "error_code" in result:
        return f"tool error {result['error_code']}: {result.get('error_message')}"
    if result.get("stop_reason") != "finished":
        detail = result.get("error_message") or result.get("message") or ""
        return f"stopped ({result.get('stop_reason')}) after {result.get('total_steps')} steps: {detail}"[:300]
    if result.get("matches_expected") is not True:
        return (
            f"answered {result.get('answer')!r}, expected {result.get('expected_output')!r} "
            f"(matches_expected {result.get('matches_expected')})"
        )[:300]
    return None


if __name__ == "__main__":
    main()
