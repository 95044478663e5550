"""How many problems synthetic learners need until they master every pattern, taught by our
recommender, by random choice and by a fixed popular order; and how fast the recommendation tool
answers with 10,000 stored attempts.

uv run python benchmarks/recommender.py [--learners 100] [--seeds 5] [--cap 400] [--no-latency]
                                         [--hours-between 1]

The learners follow a rule fixed before the recommender was tuned, and unlike its own model:

- Each learner has a true skill (log-odds) per pattern the bank trains: three hidden weak patterns
  drawn from U(-2, -1), the others from U(1.5, 2.5).
- The chance of solving a problem is ``sigmoid(min skill over its patterns - d + 1)``, d = 0, 0.7
  and 1.5 for easy, medium and hard: the weakest pattern decides (the recommender averages).
- Each attempt teaches every pattern the problem trains ``0.3 * w`` (w = 1, 1.3, 1.6 by
  difficulty: harder problems teach more), half of it when the attempt fails.
- What the recommender sees: the verdict (an accepted Submit or a wrong answer) and, after a
  failure, each trained pattern detected with probability ``sigmoid(-skill)`` at confidence 0.8,
  plus a false detection of a trained pattern 5% of the time. One attempt an hour (or every
  ``--hours-between`` hours: the recommender leaves out what was tried in the last 7 days, so the
  pace decides how many recent problems it must pass over).
- Mastered: ``sigmoid(skill) >= 0.8`` for every pattern. A learner still short of it after
  ``--cap`` problems counts as ``--cap`` (and the censored count is printed).
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Mapping
from datetime import datetime, timedelta
from pathlib import Path

from codementor_desktop.domain.learner_evidence import AttemptRecord, LearnerEvidence, PatternRecord
from codementor_desktop.profile.attempts import AttemptSummary, summarize
from codementor_desktop.profile.mastery import build_profile
from codementor_desktop.profile.problems import ProblemFacts
from codementor_desktop.profile.recommender import Request, recommend
from codementor_desktop.profile.weights import Weights

THRESHOLD = 0.8
WEIGHTS = Weights()
LEVEL_OFFSET = {"easy": 0.0, "medium": 0.7, "hard": 1.5}
TEACHES = {"easy": 1.0, "medium": 1.3, "hard": 1.6}
START = datetime(2026, 1, 5, 9, 0)
Policy = Callable[[LearnerEvidence, datetime, random.Random, int], str]


def sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


def bank_facts() -> dict[str, ProblemFacts]:
    from codementor_desktop.problems.bank import load_bank
    from codementor_desktop.resources import builtin_problems_dir

    bank = load_bank([builtin_problems_dir()])
    return {
        p.id: ProblemFacts(
            p.id, p.title, p.difficulty.value, tuple(t.value for t in p.topics), tuple(p.patterns), p.estimated_minutes
        )
        for p in bank.problems.values()
    }


class Learner:
    """One synthetic learner: hidden true skills, a solving rule and a learning rule."""

    def __init__(self, patterns: list[str], rng: random.Random):
        weak = set(rng.sample(patterns, 3))
        self.skill = {p: rng.uniform(-2.0, -1.0) if p in weak else rng.uniform(1.5, 2.5) for p in patterns}

    def mastered(self) -> bool:
        return all(sigmoid(s) >= THRESHOLD for s in self.skill.values())

    def attempt(self, problem: ProblemFacts, rng: random.Random) -> tuple[bool, list[str]]:
        weakest = min(self.skill[p] for p in problem.patterns)
        solved = rng.random() < sigmoid(weakest - LEVEL_OFFSET[problem.difficulty] + 1.0)
        detected = []
        if not solved:
            detected = [p for p in problem.patterns if rng.random() < sigmoid(-self.skill[p])]
            if rng.random() < 0.05:
                detected.append(rng.choice(problem.patterns))
        gain = 0.3 * TEACHES[problem.difficulty] * (1.0 if solved else 0.5)
        for pattern in problem.patterns:
            self.skill[pattern] += gain
        return solved, detected


def ours(problems: Mapping[str, ProblemFacts]) -> Policy:
    kept: list[AttemptSummary | None] = [None]  # extended step by step, as the tool does

    def choose(evidence: LearnerEvidence, now: datetime, rng: random.Random, step: int) -> str:
        kept[0] = summary = summarize(evidence.attempts, problems, WEIGHTS, kept[0])
        profile = build_profile(evidence, problems, now, WEIGHTS, summary)
        chosen, _starter = recommend(profile, evidence, problems, {}, [], Request(count=1), now, summary)
        return chosen[0].problem.id if chosen else rng.choice(list(problems))

    return choose


def random_choice(problems: Mapping[str, ProblemFacts]) -> Policy:
    ids = sorted(problems)
    return lambda _evidence, _now, rng, _step: rng.choice(ids)


def popular_order(problems: Mapping[str, ProblemFacts]) -> Policy:
    """The order a class would follow without a profile: easy first, quickest first, then by id."""
    level = {"easy": 0, "medium": 1, "hard": 2}
    order = [p.id for p in sorted(problems.values(), key=lambda p: (level[p.difficulty], p.estimated_minutes, p.id))]
    return lambda _evidence, _now, _rng, step: order[step % len(order)]


def teach(
    learner: Learner, policy: Policy, problems: Mapping[str, ProblemFacts], rng: random.Random, cap: int, gap: float = 1
) -> int:
    """Problems needed until the learner masters every pattern (``cap`` if never)."""
    attempts: list[AttemptRecord] = []
    detections: list[PatternRecord] = []
    for step in range(cap):
        if learner.mastered():
            return step
        now = START + timedelta(hours=gap * step)
        problem = problems[policy(LearnerEvidence(attempts, detections), now, rng, step)]
        solved, detected = learner.attempt(problem, rng)
        attempts.append(AttemptRecord(problem.id, "AC" if solved else "WA", True, now))
        detections += [PatternRecord(problem.id, p, 0.8, now) for p in detected]
    return cap


def simulate(learners: int, seeds: list[int], cap: int, gap: float = 1) -> dict[str, list[tuple[float, int]]]:
    """Per policy, per seed: the mean problems needed and how many learners hit the cap."""
    problems = bank_facts()
    patterns = sorted({p for facts in problems.values() for p in facts.patterns})
    policies = {"ours": ours(problems), "random": random_choice(problems), "popular": popular_order(problems)}
    results: dict[str, list[tuple[float, int]]] = {name: [] for name in policies}
    for seed in seeds:
        for name, policy in policies.items():
            needed = []
            for index in range(learners):
                # The same learners (and the same luck) for every policy within a seed.
                rng = random.Random(seed * 1_000_003 + index)
                learner = Learner(patterns, rng)
                needed.append(teach(learner, policy, problems, rng, cap, gap))
            results[name].append((statistics.fmean(needed), sum(n >= cap for n in needed)))
    return results


def interval(values: list[float]) -> tuple[float, float, float]:
    """Mean and a 95% interval across seeds (t, or the mean itself for one seed)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, mean, mean
    t = {2: 12.71, 3: 4.30, 4: 3.18, 5: 2.78, 6: 2.57, 7: 2.45, 8: 2.36, 9: 2.31, 10: 2.26}.get(len(values), 2.0)
    half = t * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


def latency(attempts: int = 10_000, rounds: int = 40) -> dict[str, tuple[float, float]]:
    """Median and p95 (ms) of get_personalized_recommendation with ``attempts`` stored for the
    learner (and 2,000 by each of four classmates): right after a new attempt (the cache is stale,
    the evidence read so far is kept), cold (a new process: everything read), and cached."""
    os.environ["CODEMENTOR_HOME"] = tempfile.mkdtemp(prefix="codementor-bench-")
    os.environ["CODEMENTOR_USER"] = "ada"
    from sqlalchemy import insert

    from codementor_desktop.storage import evidence
    from codementor_desktop.storage.runs import RUNS, encode_result
    from codementor_desktop.storage.secrets import Credentials
    from codementor_desktop.tools import recommendations
    from codementor_desktop.tools.context import ToolContext
    from codementor_desktop.tools.services import Services

    services = Services.build(credentials=Credentials(use_keyring=False))
    rng = random.Random(7)
    ids = sorted(recommendations.problem_facts(services))
    submit = encode_result({"verdict": "AC", "test_results": [{"verdict": "AC", "hidden": True}] * 20})
    wrong = encode_result({"verdict": "WA", "test_results": [{"verdict": "WA"}] * 20})
    for learner, count in [("ada", attempts)] + [(f"classmate{i}", 2000) for i in range(4)]:
        learner_id = services.database.learner_id(learner)
        rows = []
        for i in range(count):
            passed = rng.random() < 0.4
            rows.append(
                dict(
                    id=f"run_{learner_id:02d}{i:010x}",
                    learner_id=learner_id,
                    kind="run",
                    tool="execute_code",
                    problem_id=rng.choice(ids),
                    language="python",
                    verdict="AC" if passed else "WA",
                    submitted=passed,  # as the run store keeps a Submit
                    created_at=datetime.now() - timedelta(minutes=13 * (count - i)),
                    result=submit if passed else wrong,
                )  # fmt: skip
            )
        with services.database.transaction() as connection:
            connection.execute(insert(RUNS), rows)
    context = ToolContext(learner="ada")
    arguments = {"num_recommendations": 5}

    def timed(before: Callable[[], None]) -> list[float]:
        spent = []
        for _ in range(rounds):
            before()
            started = time.perf_counter()
            result = services.registry.call("get_personalized_recommendation", arguments, context)
            spent.append((time.perf_counter() - started) * 1000)
            assert result.get("recommendations"), result
        return sorted(spent)

    def new_attempt() -> None:  # what invalidates the cache: a run stored
        services.runs.save("run", "execute_code", "ada", {"verdict": "WA"}, problem_id=rng.choice(ids), verdict="WA")

    def forget_everything() -> None:  # a first call in a new process
        recommendations._caches.clear()
        recommendations._summaries.clear()
        recommendations._calibrations.clear()
        evidence._attempts_read.clear()

    services.registry.call("get_personalized_recommendation", arguments, context)  # read once, as a session would
    measured = {
        "after a new attempt": timed(new_attempt),
        "cold (nothing read yet)": timed(forget_everything),
        "cached": timed(lambda: None),
    }
    services.close()
    # The first call of a new process: also the SQL statements compiled and the connection opened
    # for the first time. The process has done what the app does at start (the tools built, the
    # bank loaded for the problem browser) and imported the tool's modules; "+ import" leaves the
    # registry's lazy import of them to the call (a one-off of the first call), "+ bank" the bank too.
    # Its CPU time too: on a machine shared with other work, the wall time counts their turns.
    for name, done_before, processes in [
        ("first in a new process", ("bank", "import"), 10),
        ("first, + import", ("bank",), 5),
        ("first, + import + bank", (), 5),
    ]:
        wall, cpu = zip(*(first_call_in_a_new_process(*done_before) for _ in range(processes)), strict=True)
        measured[name] = sorted(wall)
        measured[f"{name} (CPU)"] = sorted(cpu)
    return {name: (statistics.median(t), t[min(len(t) - 1, int(0.95 * len(t)))]) for name, t in measured.items()}


FIRST_CALL = """
import sys, time
from codementor_desktop.storage.secrets import Credentials
from codementor_desktop.tools.context import ToolContext
from codementor_desktop.tools.services import Services
services = Services.build(credentials=Credentials(use_keyring=False))
if "bank" in sys.argv:
    len(services.bank)
if "import" in sys.argv:
    import codementor_desktop.tools.recommendations
started, cpu = time.perf_counter(), time.process_time()
result = services.registry.call("get_personalized_recommendation", {"num_recommendations": 5}, ToolContext(learner="ada"))
print((time.perf_counter() - started) * 1000, (time.process_time() - cpu) * 1000)
assert result.get("recommendations"), result
services.close()
"""


def first_call_in_a_new_process(*done_before: str) -> tuple[float, float]:
    """Milliseconds (wall, CPU) of the first recommendation in a new process (on the database
    ``latency`` made), after what ``done_before`` names ("bank": the bank loaded; "import": the
    tool's modules)."""
    root = str(Path(__file__).resolve().parent.parent)
    env = {**os.environ, "PYTHONPATH": root}
    command = [sys.executable, "-c", FIRST_CALL, *done_before]
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True, cwd=root)
    wall, cpu = done.stdout.strip().splitlines()[-1].split()
    return float(wall), float(cpu)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--learners", type=int, default=100)
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--cap", type=int, default=400)
    parser.add_argument("--no-latency", action="store_true")
    parser.add_argument("--hours-between", type=float, default=1.0, help="hours from one attempt to the next")
    options = parser.parse_args()
    seeds = list(range(1, options.seeds + 1))
    started = time.perf_counter()
    results = simulate(options.learners, seeds, options.cap, options.hours_between)
    print(
        f"learners: {options.learners} x seeds {seeds}, mastery threshold {THRESHOLD}, cap {options.cap} problems, "
        f"one attempt every {options.hours_between:g} h; bank of {len(bank_facts())} problems"
    )
    print("problems needed until every pattern is mastered (mean per seed; mean and 95% interval across seeds)")
    for name, per_seed in results.items():
        means = [m for m, _ in per_seed]
        mean, low, high = interval(means)
        capped = sum(c for _, c in per_seed)
        print(
            f"  {name:8} {mean:7.1f}  [{low:6.1f}, {high:6.1f}]  per seed: {', '.join(f'{m:.1f}' for m in means)}"
            f"  (at cap: {capped})"
        )
    ratios = [o / r for (o, _), (r, _) in zip(results["ours"], results["random"], strict=True)]
    mean, low, high = interval(ratios)
    print(f"ratio ours / random:  {mean:.2f}  [{low:.2f}, {high:.2f}]; target <= 0.60")
    popular = [o / p for (o, _), (p, _) in zip(results["ours"], results["popular"], strict=True)]
    print(f"ratio ours / popular: {statistics.fmean(popular):.2f}")
    print(f"simulation took {time.perf_counter() - started:.1f} s")
    if not options.no_latency:
        print("get_personalized_recommendation with 10,000 stored attempts (target < 50 ms):")
        for name, (median, p95) in latency().items():
            print(f"  {name:34} median {median:6.1f} ms  p95 {p95:6.1f} ms")
        print(f"  (load average while measuring: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    main()
