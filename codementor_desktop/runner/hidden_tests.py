"""A problem's large hidden tests: its seeded generator's inputs, answered by its reference solution.

Generating them runs the reference through the executor once per problem version, counting its
line events on each input (the yardstick of ``operations.py``); the cases are cached (in memory
and on disk) under a key of the code that made them. This module takes plain
data (``GeneratorSpec``), not a bank ``Problem``: the runner knows how to run, not what a problem is.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, NotRequired, TypedDict, cast

from .executor import Executor
from .protocol import Limits, generate_job

if TYPE_CHECKING:
    from .child.wire import FunctionSpec, TestCase

HIDDEN_ID_START = 1001  # hidden tests are numbered apart from the visible ones


class GeneratedCase(TypedDict):
    input: str
    expected_output: str
    size: int
    line_events: NotRequired[int]  # the reference solution's, on this input


@dataclass(frozen=True)
class GeneratorSpec:
    """What generating a problem's large tests takes: its generator, its reference solution (Python),
    the sizes, and how the reference is called and its answers compared."""

    name: str  # the problem's id: names the cache file and the error
    version: int
    generator: str
    reference: str
    sizes: tuple[int, ...]
    function: dict[str, Any] = field(default_factory=dict)
    compare: str = "exact"

    @property
    def key(self) -> str:
        digest = hashlib.sha256((self.generator + self.reference + json.dumps(list(self.sizes))).encode()).hexdigest()
        return f"{self.name}-v{self.version}-{digest[:12]}-counted"  # "-counted": with line_events


class GeneratedTests:
    """Computes and caches generated hidden tests (thread-safe)."""

    def __init__(self, executor: Executor, cache_dir: Path):
        self._executor = executor
        self._cache_dir = cache_dir / "generated"
        self._lock = threading.Lock()
        self._memory: dict[str, list[GeneratedCase]] = {}

    def cases(self, spec: GeneratorSpec, cancel: threading.Event | None = None) -> list[GeneratedCase]:
        """One case per generator size, from memory, the disk cache, or a run of the reference."""
        key = spec.key
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
                pass  # a damaged cache file is made again
        cases = self._generate(spec, cancel)
        self._cache_dir.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(cases), encoding="utf-8")
        tmp.replace(path)
        with self._lock:
            self._memory[key] = cases
        return cases

    def _generate(self, spec: GeneratorSpec, cancel: threading.Event | None) -> list[GeneratedCase]:
        limits = Limits(timeout_seconds=10, run_seconds=60, memory_mb=512, output_bytes=64 * 1024 * 1024)
        job = generate_job(
            spec.reference,
            limits,
            generator=spec.generator,
            sizes=list(spec.sizes),
            function=cast("FunctionSpec", spec.function),
            compare=spec.compare,
        )
        job["limits"]["output_chars_per_test"] = 10**9
        report = self._executor.run_job(job, 60.0, cancel)
        frames = sorted(report.generated, key=lambda f: f["index"])
        if len(frames) != len(spec.sizes):
            problem_text = report.of_kind("internal_error") or [{"message": report.stderr[-500:]}]
            raise RuntimeError(f"generating the large tests of {spec.name} failed: {problem_text[0].get('message')}")
        return [
            {
                "input": f["input"],
                "expected_output": f["expected_output"],
                "size": f["size"],
                "line_events": f["line_events"],
            }
            for f in frames
        ]


def numbered_hidden_tests(written: Sequence[tuple[str, str]], generated: Sequence[GeneratedCase]) -> list[TestCase]:
    """The hidden tests as the judge takes them: written-out ones, then generated ones, numbered
    from ``HIDDEN_ID_START``."""
    tests: list[TestCase] = [
        {"test_id": HIDDEN_ID_START + i, "input": given, "expected_output": expected}
        for i, (given, expected) in enumerate(written)
    ]
    start = HIDDEN_ID_START + len(tests)
    for i, case in enumerate(generated):
        tests.append({"test_id": start + i, "input": case["input"], "expected_output": case["expected_output"]})
    return tests
