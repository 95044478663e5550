"""The search for the inputs where the learner's code goes wrong, and the smallest of them.

First the explicit cases of every category asked for; then Hypothesis, within the time budget:
its examples are *batches* of argument lists (a strategy of lists of inputs), so each example is
one round trip to the children, and when a batch holds an input that goes wrong, Hypothesis's
shrinking takes the batch down to one input and that input down to a minimal counterexample.

Only inputs inside the problem's promises count. A stated ``precondition`` (the problem's, or the
caller's) is judged first, in its own restricted child (``promises.py``): an input that breaks it
never reaches the learner's code. With an oracle (the bank's reference, or the caller's reference
code) an input goes wrong when the learner's answer differs from the oracle's under the problem's
compare mode, or the learner's code fails where the oracle did not. An input where the oracle
raises or runs out of time, or whose answer the problem's own checker refuses, breaks a promise no
table states (``k <= n``, a sorted input): it is skipped, never reported. This holds on every path:
the explicit cases, Hypothesis's examples and shrinking steps, and the last polish. Without an
oracle, a crash, a timeout or a broken stated property is what goes wrong.

The budget is a deadline: it is checked before every batch, and the children stop starting
examples past it, so a call overruns it by at most one example's time limit. Once something is
found, the last part of the budget is kept for polishing it.

Both sides run in batch children (``runner/batches.py``): the learner's code, and reference code,
never run in this process. Answers are cached by input, so shrinking never runs an input twice.
"""

from __future__ import annotations

import hashlib
import json
import random
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from ..runner.batches import Answer, BatchChildFailed, Cancelled, CompileFailed
from ..runner.child.python import compare
from ..runner.child.wire import Verdict
from ..runner.judging import load_checker
from .categories import canonical, category_cases
from .params import Signature
from .polish import OutOfTime, polish
from .properties import violated
from .strategies import MAX_SEED_SIZE, arguments_strategy, seeded_strategy

BATCH = 20  # inputs in one Hypothesis example: one round trip to each child
MAX_REPORTED = 20
MAX_GENERATED = 5  # wrong inputs the random search came upon, beside the minimal one
POLISH_SHARE = 0.2  # of the budget, kept for the polish once a wrong input is found
POLISH_MAX_S = 1.5
COUNT_SHARE = 0.15  # of the budget, kept for counting a too-slow case's operations once one is found
COUNT_MAX_S = 1.5
DEFAULT_BUDGET_S = 8.0  # the search's share of a call that stays around 10 s with the children's start


class Answers(Protocol):
    """What answers inputs: a batch child (or anything with its ``answers``). Past ``deadline`` it
    may answer fewer than the inputs (the first ones)."""

    def answers(self, inputs: list[str], deadline: float | None = None) -> list[Answer]: ...


@dataclass
class EdgeCase:
    """One input where the learner's code goes wrong."""

    arguments: dict[str, Any]
    category: str
    learner_output: Any
    expected_output: Any
    verdict: str
    error_message: str | None
    minimal: bool = False
    # A case that is only too slow: its operation counts, when measured (``too_slow`` in the report).
    too_slow: dict[str, Any] | None = None

    @property
    def size(self) -> int:
        return input_size(list(self.arguments.values()))

    def as_dict(self) -> dict[str, Any]:
        return {
            "input": self.arguments,
            "category": self.category,
            "learner_output": self.learner_output,
            "expected_output": self.expected_output,
            "verdict": self.verdict,
            "error_message": self.error_message,
            "minimal": self.minimal,
            "too_slow": self.too_slow if self.verdict == Verdict.TLE else None,
        }


@dataclass
class SearchOutcome:
    edge_cases: list[EdgeCase] = field(default_factory=list)
    categories_tried: list[str] = field(default_factory=list)
    categories_clean: list[str] = field(default_factory=list)
    examples_run: int = 0
    elapsed_ms: int = 0
    stopped_by: str = "exhausted"
    first_found_ms: int | None = None  # when the first wrong input was seen (the benchmark's figure)


class _Stop(BaseException):
    """Ends the search from inside Hypothesis: a BaseException, so Hypothesis neither shrinks nor
    reports it as the test's failure, it lets it through."""

    def __init__(self, why: str, cause: BaseException | None = None):
        super().__init__(why)
        self.why = why
        self.cause = cause


@dataclass
class _Verdict:
    """What one input gave, cached by its text: ``None`` fields mean clean; ``skipped`` an input the
    oracle refused."""

    wrong: bool = False
    skipped: bool = False
    learner_output: Any = None
    expected_output: Any = None
    verdict: str = ""
    message: str | None = None


def input_size(values: Sequence[Any]) -> int:
    """How large an input is: its numbers and characters, and one for each list."""
    total = 0
    for value in values:
        if isinstance(value, list):
            total += 1 + input_size(value)
        elif isinstance(value, str):
            total += len(value)
        else:
            total += 1
    return total


def _size(arguments: dict[str, Any]) -> int:
    return input_size(list(arguments.values()))


def literal_arguments(arguments: dict[str, Any]) -> str:
    """The bank's literal form of an argument list, ``"[1,2], 3"`` (JSON: both children read it)."""
    return ", ".join(json.dumps(value, separators=(",", ":")) for value in arguments.values())


class EdgeSearch:
    """One search: its signature, the learner's child, the oracle's (or None), the budget."""

    def __init__(
        self,
        signature: Signature,
        learner: Answers,
        oracle: Answers | None,
        *,
        categories: list[str],
        properties: list[str] | None = None,
        budget_s: float = DEFAULT_BUDGET_S,
        cancel: threading.Event | None = None,
        database_dir: Path | None = None,
        seed: int = 0,
        progress: Callable[[float, str], None] | None = None,
        key: str = "",
        witness: Answers | None = None,
        promise: Answers | None = None,
        slow_reference_ms: float | None = None,
        seeds: list[dict[str, Any]] | None = None,
    ):
        self.signature = signature
        self._learner = learner
        self._oracle = oracle
        self._witness = witness if oracle is not None else None
        self._promise = promise
        self._slow_reference_ms = slow_reference_ms
        self._seeds = [s for s in seeds or [] if _size(s) <= MAX_SEED_SIZE]
        self._categories = [canonical(c) for c in categories]
        self._properties = list(properties or [])
        self._budget = budget_s
        self._cancel = cancel or threading.Event()
        self._database_dir = database_dir
        self._seed = seed
        self._progress = progress
        self._key = key
        self._cache: dict[str, _Verdict] = {}
        self._wrong: dict[str, tuple[dict[str, Any], str]] = {}  # text -> (arguments, category)
        self._checker: Any = None
        self._shrunk: dict[str, Any] | None = None  # the smallest wrong input Hypothesis's shrinking reached
        self._started = 0.0
        self._polishing = False
        self.outcome = SearchOutcome()

    def run(self) -> SearchOutcome:
        """Search until the budget, the end of the search, or a cancel. ``CompileFailed`` and
        ``BatchChildFailed`` come through from the children."""
        self._started = time.perf_counter()
        outcome = self.outcome
        if self.signature.compare == "checker" and self.signature.checker:
            self._checker = load_checker(self.signature.checker)
        try:
            cases = category_cases(self.signature, self._categories, self._seed)
            outcome.categories_tried = list(dict.fromkeys(c for c, _ in cases))
            self._say(0.05, f"{len(cases)} explicit cases")
            self._judge([args for _, args in cases], [category for category, _ in cases])
            wrong_categories = {category for _, category in self._wrong.values()}
            outcome.categories_clean = [c for c in outcome.categories_tried if c not in wrong_categories]
            minimal = self._hypothesis()
            outcome.stopped_by = "exhausted"
        except _Stop as stop:
            if isinstance(stop.cause, CompileFailed | BatchChildFailed):
                raise stop.cause from None
            outcome.stopped_by = stop.why
            minimal = None
        if outcome.stopped_by != "cancelled":
            minimal = self._polished(minimal)
        outcome.edge_cases = self._report(minimal)
        outcome.elapsed_ms = round((time.perf_counter() - self._started) * 1000)
        return outcome

    # ------------------------------------------------------------------ phases

    def _hypothesis(self) -> str | None:
        """Hypothesis over batches; the text of the minimal counterexample when it finished shrinking one."""
        from hypothesis import HealthCheck, Phase, Verbosity, find, settings
        from hypothesis import strategies as st
        from hypothesis.database import DirectoryBasedExampleDatabase
        from hypothesis.errors import NoSuchExample, Unsatisfiable

        database = DirectoryBasedExampleDatabase(str(self._database_dir)) if self._database_dir else None
        config = settings(
            database=database,
            deadline=None,
            max_examples=10_000,
            phases=[Phase.reuse, Phase.generate, Phase.shrink],
            suppress_health_check=list(HealthCheck),
            verbosity=Verbosity.quiet,
        )
        drawn = arguments_strategy(self.signature)
        if self._seeds and not self.signature.design:
            seeded = seeded_strategy(self.signature, self._seeds)
            # Under a precondition free draws are mostly refused: the neighbours of the written
            # tests get the larger share there.
            drawn = st.one_of(drawn, seeded, seeded) if self._promise is not None else st.one_of(drawn, seeded)
        strategy = st.lists(drawn, min_size=1, max_size=BATCH)

        shrinking = [False]  # past the first wrong batch, Hypothesis only shrinks: its steps are not news

        def goes_wrong(batch: list[dict[str, Any]]) -> bool:
            verdicts = self._judge(batch, ["generated"] * len(batch), record=not shrinking[0])
            for args, verdict in zip(batch, verdicts, strict=True):
                if verdict.wrong and (self._shrunk is None or _size(args) < _size(self._shrunk)):
                    self._shrunk = args  # where the budget cuts the shrinking short, polish goes on from here
            wrong = any(v.wrong for v in verdicts)
            shrinking[0] = shrinking[0] or wrong
            return wrong

        self._say(0.1, "searching with Hypothesis")
        try:
            found = find(
                strategy, goes_wrong, settings=config, random=random.Random(self._seed), database_key=self._db_key()
            )
        except (NoSuchExample, Unsatisfiable):  # Unsatisfiable: every draw broke a stated promise
            return None
        wrong = [args for args in found if self._cache[literal_arguments(args)].wrong]
        if not wrong:
            return None
        smallest = min(wrong, key=lambda args: input_size(list(args.values())))
        text = literal_arguments(smallest)
        self._wrong.setdefault(text, (smallest, "generated"))
        return text

    def _polished(self, minimal: str | None) -> str | None:
        """The smallest wrong input, shrunk further by ``polish`` (a second or so past the budget:
        a counterexample found late is still worth its smallest form)."""
        if not self._wrong:
            return None
        # The smallest wrong input of all: Hypothesis's, an explicit case's, or a shrinking step's.
        starts = list(self._wrong.values())
        if self._shrunk is not None:
            starts.append((self._shrunk, "generated"))
        arguments, category = min(starts, key=lambda start: (_size(start[0]), literal_arguments(start[0]) != minimal))
        self._polishing = True

        def goes_wrong(steps: list[dict[str, Any]]) -> list[bool]:
            try:
                return [v.wrong for v in self._judge(steps, [category] * len(steps), record=False)]
            except _Stop as stop:
                if isinstance(stop.cause, CompileFailed | BatchChildFailed):
                    raise stop.cause from None
                raise OutOfTime() from None

        best = polish(self.signature, arguments, goes_wrong, _size)
        text = literal_arguments(best)
        self._wrong[text] = (best, category)
        return text

    def _db_key(self) -> bytes:
        text = json.dumps([repr(self.signature), self._key, self._oracle is not None, self._properties])
        return hashlib.sha256(text.encode()).digest()

    def _judge(self, batch: list[dict[str, Any]], categories: list[str], record: bool = True) -> list[_Verdict]:
        """The verdict of every argument list in ``batch``, running only the new ones; ``record``
        keeps the wrong ones for the report (not a shrinking step's)."""
        if self._cancel.is_set():
            raise _Stop("cancelled")
        if time.perf_counter() > self._deadline():
            raise _Stop("budget")
        texts = [literal_arguments(args) for args in batch]
        new = list(dict.fromkeys(t for t in texts if t not in self._cache))
        if new:
            try:
                self._run(new)
            except Cancelled:
                raise _Stop("cancelled") from None
            except (CompileFailed, BatchChildFailed) as exc:
                raise _Stop("failed", exc) from None
        for text, args, category in zip(texts, batch, categories, strict=True):
            if text in self._cache and self._cache[text].wrong and text not in self._wrong:
                if record:
                    self._wrong[text] = (args, category)
                if self.outcome.first_found_ms is None:
                    self.outcome.first_found_ms = round((time.perf_counter() - self._started) * 1000)
        if any(t not in self._cache for t in texts):
            raise _Stop("budget")  # the children stopped at the deadline with inputs unjudged
        return [self._cache[t] for t in texts]

    @property
    def budget_end(self) -> float:
        """When the whole budget ends (``time.perf_counter()``)."""
        return self._started + self._budget

    @property
    def end(self) -> float:
        """The budget's end (``time.perf_counter()``), less the share kept for counting the
        operations of a case that is only too slow, once there is one."""
        end = self._started + self._budget
        if any(self._cache[text].verdict == Verdict.TLE for text in self._wrong):
            end -= min(COUNT_SHARE * self._budget, COUNT_MAX_S)
        return end

    def _deadline(self) -> float:
        """When the current phase must stop: the end, or before the share kept for polishing once
        there is something to polish."""
        end = self.end
        if self._wrong and not self._polishing:
            end -= min(POLISH_SHARE * self._budget, POLISH_MAX_S)
        return end

    def _run(self, texts: list[str]) -> None:
        """Judge ``texts``: the promise first, then the oracle, the learner and the witness, each
        only on the inputs still standing. Inputs left unanswered at the deadline stay uncached."""
        deadline = self.end
        valid = texts
        if self._promise is not None:
            valid = []
            for text, answer in _answered(self._promise, texts, deadline):
                if answer.ok and answer.value is True:
                    valid.append(text)
                else:
                    self._cache[text] = _Verdict(skipped=True)  # outside the problem's promises
        expected: dict[str, Answer] = {}
        if self._oracle is not None:
            asked, valid = valid, []
            for text, answer in _answered(self._oracle, asked, deadline):
                if answer.ok and self._accepted(text, answer.value):
                    expected[text] = answer
                    valid.append(text)
                else:
                    self._cache[text] = _Verdict(skipped=True)  # the reference refuses it: not an input
        if not valid:
            return
        judged = _answered(self._learner, valid, deadline)
        self.outcome.examples_run += len(judged)
        for text, answer in judged:
            self._cache[text] = self._verdict(text, answer, expected.get(text))
        if self._witness is not None:
            wrong = [t for t, _ in judged if self._cache[t].verdict == Verdict.WA]
            self._witnessed(wrong, expected, deadline)

    def _reference_was_slow(self, expected: Answer | None) -> bool:
        if expected is None or self._slow_reference_ms is None:
            return False
        return expected.time_ms is not None and expected.time_ms > self._slow_reference_ms

    def _accepted(self, text: str, value: Any) -> bool:
        """Whether the problem's own checker accepts the reference's answer on this input (an
        input it refuses is outside what the checker was written for)."""
        if self.signature.compare != "checker" or self._checker is None:
            return True
        return self._same(text, value, value) is True

    def _witnessed(self, texts: list[str], expected: dict[str, Answer], deadline: float) -> None:
        """A wrong answer stands only where a second right solution agrees with the oracle. Where
        they disagree (or it fails), the input has several right answers or breaks a promise of the
        statement that no table states ("exactly one solution"): it is skipped, never reported. A
        second solution out of time (a slow one on a large input) cannot judge, and leaves it."""
        assert self._witness is not None
        if not texts:
            return
        answered = _answered(self._witness, texts, deadline)
        for text in texts[len(answered) :]:
            del self._cache[text]  # not yet confirmed: judged again if asked again
        for text, answer in answered:
            if answer.verdict == Verdict.TLE:
                continue
            if not answer.ok or not self._same(text, expected[text].value, answer.value):
                self._cache[text] = _Verdict(skipped=True)

    def _same(self, text: str, expected: Any, actual: Any) -> bool | None:
        """Whether ``actual`` is right for ``expected`` under the compare mode (None: undecidable)."""
        mode = "exact" if self.signature.compare == "operations" else self.signature.compare
        try:
            return bool(compare.same(mode, expected, actual, self._checker, json.loads("[" + text + "]")))
        except Exception:  # noqa: BLE001 - a checker that fails on this input cannot judge it
            return None

    def _verdict(self, text: str, answer: Answer, expected: Answer | None) -> _Verdict:
        expected_value = expected.value if expected is not None else None
        if not answer.ok:
            if answer.verdict == Verdict.IE:
                return _Verdict(skipped=True)
            if answer.verdict == Verdict.TLE and self._reference_was_slow(expected):
                # The reference itself took a good part of the limit: out of time here says more
                # about the machine's load than about the learner's code.
                return _Verdict(skipped=True)
            return _Verdict(True, False, None, expected_value, str(answer.verdict), answer.message)
        if expected is not None:
            same = self._same(text, expected.value, answer.value)
            if same is None:
                return _Verdict(skipped=True)
            if same:
                return _Verdict()
            return _Verdict(True, False, answer.value, expected_value, Verdict.WA, None)
        if self._properties:
            problem = violated(self._properties, json.loads("[" + text + "]"), answer.value)
            if problem is not None:
                return _Verdict(True, False, answer.value, None, Verdict.WA, problem)
        return _Verdict()

    def _report(self, minimal: str | None) -> list[EdgeCase]:
        cases: list[EdgeCase] = []
        for text, (args, category) in self._wrong.items():
            v = self._cache[text]
            cases.append(
                EdgeCase(args, category, v.learner_output, v.expected_output, v.verdict, v.message, text == minimal)
            )
        # The minimal one first, then every category's, then the first few the search came upon.
        minimal_cases = [c for c in cases if c.minimal]
        explicit = [c for c in cases if not c.minimal and c.category != "generated"]
        generated = [c for c in cases if not c.minimal and c.category == "generated"][:MAX_GENERATED]
        return (minimal_cases + explicit + generated)[:MAX_REPORTED]

    def _say(self, fraction: float, text: str) -> None:
        if self._progress is not None:
            self._progress(fraction, text)


def _answered(child: Answers, texts: list[str], deadline: float) -> list[tuple[str, Answer]]:
    """``(text, answer)`` for the inputs ``child`` answered before ``deadline`` (the first ones)."""
    if not texts:
        return []
    answers = child.answers(texts, deadline)
    return list(zip(texts[: len(answers)], answers, strict=True))
