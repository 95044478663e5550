"""A bank problem's tests as the judge takes them: visible examples, hidden tests, and the
seeded large inputs (generated once per problem version and cached, with the reference
solution's counted operations on each)."""

from __future__ import annotations

import hashlib
import json
import threading
from pathlib import Path
from typing import TYPE_CHECKING

from ..problems.model import Problem
from ..runner.executor import Executor
from ..runner.protocol import Limits, generate_job

if TYPE_CHECKING:
    from ..runner.child.wire import FunctionSpec, TestCase

HIDDEN_ID_START = 1001  # hidden tests are numbered apart from the visible ones


def function_spec(problem: Problem, language: str = "python") -> FunctionSpec:
    """What the child needs to call the learner's function: its name, parameters and returns."""
    return {
        "name": problem.function_name(language),
        "params": [p.model_dump() for p in problem.function.params],
        "returns": problem.function.returns,
        "inplace": problem.function.inplace,
    }


def visible_tests(problem: Problem) -> list[TestCase]:
    return [{"test_id": i + 1, "input": e.input, "expected_output": e.output} for i, e in enumerate(problem.examples)]


class GeneratedTests:
    """Computes and caches the generated hidden tests of problems (thread-safe)."""

    def __init__(self, executor: Executor, cache_dir: Path):
        self._executor = executor
        self._cache_dir = cache_dir / "generated"
        self._lock = threading.Lock()
        self._memory: dict[str, list[dict]] = {}

    def _key(self, problem: Problem) -> str:
        digest = hashlib.sha256(
            (problem.generator.python + problem.solutions.python + json.dumps(problem.generator.sizes)).encode()
        ).hexdigest()[:12]
        return f"{problem.id}-v{problem.version}-{digest}-counted"  # "-counted": with line_events

    def for_problem(self, problem: Problem, cancel: threading.Event | None = None) -> list[dict]:
        """``[{"input", "expected_output", "size", "line_events"}]``, one per generator size;
        ``line_events`` is the reference solution's count on that input."""
        key = self._key(problem)
        with self._lock:
            if key in self._memory:
                return self._memory[key]
        path = self._cache_dir / f"{key}.json"
        if path.exists():
            try:
                cases = json.loads(path.read_text(encoding="utf-8"))
                with self._lock:
                    self._memory[key] = cases
                return cases
            except (OSError, ValueError):
                pass
        cases = self._generate(problem, cancel)
        self._cache_dir.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(cases), encoding="utf-8")
        tmp.replace(path)
        with self._lock:
            self._memory[key] = cases
        return cases

    def _generate(self, problem: Problem, cancel: threading.Event | None) -> list[dict]:
        limits = Limits(timeout_seconds=10, run_seconds=60, memory_mb=512, output_bytes=64 * 1024 * 1024)
        job = generate_job(
            problem.solutions.python,
            limits,
            generator=problem.generator.python,
            sizes=problem.generator.sizes,
            function=function_spec(problem),
            compare=problem.compare,
        )
        job["limits"]["output_chars_per_test"] = 10**9
        report = self._executor.run_job(job, 60.0, cancel)
        frames = sorted(report.generated, key=lambda f: f["index"])
        if len(frames) != len(problem.generator.sizes):
            problem_text = report.of_kind("internal_error") or [{"message": report.stderr[-500:]}]
            raise RuntimeError(f"generating the large tests of {problem.id} failed: {problem_text[0].get('message')}")
        return [
            {
                "input": f["input"],
                "expected_output": f["expected_output"],
                "size": f["size"],
                "line_events": f["line_events"],
            }
            for f in frames
        ]


def hidden_tests(
    problem: Problem, generated: GeneratedTests | None, cancel: threading.Event | None = None
) -> list[TestCase]:
    """The hidden tests: written-out ones, then the generated large ones."""
    tests: list[TestCase] = [
        {"test_id": HIDDEN_ID_START + i, "input": t.input, "expected_output": t.output}
        for i, t in enumerate(problem.tests)
    ]
    if generated is not None:
        start = HIDDEN_ID_START + len(tests)
        for i, case in enumerate(generated.for_problem(problem, cancel)):
            tests.append({"test_id": start + i, "input": case["input"], "expected_output": case["expected_output"]})
    return tests
