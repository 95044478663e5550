"""Scripted learners talk to the offline coach; what a learner would notice is counted.

uv run python benchmarks/coach_conversations.py [--only NAME[,NAME]] [--verbose] [--seed N]

Each scenario of ``tests/coach_scenarios.py`` is a learner with wrong, slow or optimal code on a
bank problem (Python or JavaScript) who says five things to the coach (some turns in a new coach
object continuing the session, as a restarted window does). The code of each scenario is judged
first (all visible and hidden tests, and the analysis' complexity) and a warning is printed for
code that is not what its scenario claims. Then, over all conversations, computed by the checks
of ``tests/coach_measures.py``, never by the coach (``tests/coach_play.py`` plays and judges):

1. repeated questions or paragraphs (rapidfuzz token_set_ratio or ratio >= 85 with an earlier one);
2. optimality and complexity questions answered with evidence (both O(...), operation counts,
   a question, no refusal);
3. accepted code called wrong (and code whose answers are right but slow called wrong);
4. leaks of the reference, renamed or not (a run of 25 token shapes shared with a reference and
   not with the learner's own code), in everything the learner sees;
5. true insights at the conclusion (the learner's words, or a concept of this problem that the
   code has);
6. the time of a turn on unchanged code and of the first turn on new code, in process; and the
   runs kept in each learner's history against the versions of code they talked about.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from tests import coach_measures as measures  # noqa: E402
from tests.coach_play import Conversation, Judgment, judge, play  # noqa: E402
from tests.coach_scenarios import (  # noqa: E402
    COMPLEXITY_Q,
    FIXED,
    GOT_IT,
    OPTIMAL,
    OPTIMAL_Q,
    SCENARIOS,
    Scenario,
    first_code,
    fixed_code,
    turns_of,
)


def isolated_services():  # noqa: ANN201 - Services, imported once the home is set
    """The app's services in a fresh home of their own (no keyring), as a first start has them."""
    home = tempfile.mkdtemp(prefix="codementor-coach-")
    os.environ["CODEMENTOR_HOME"] = home
    os.environ["CODEMENTOR_SYSTEM_CONFIG"] = str(Path(home) / "system")
    from codementor_desktop.storage.secrets import Credentials
    from codementor_desktop.tools.services import Services

    return Services.build(credentials=Credentials(use_keyring=False))


# ----------------------------------------------------------------------------- one conversation's figures


@dataclass
class Figures:
    conversation: Conversation
    judged: dict[str, Judgment]
    repeats: list[measures.Repeat] = field(default_factory=list)
    optimality: list[tuple[int, measures.Evidence]] = field(default_factory=list)
    called_wrong: list[tuple[int, str]] = field(default_factory=list)  # on accepted code
    accepted_turns: int = 0
    called_wrong_slow: list[tuple[int, str]] = field(default_factory=list)  # right answers, too slow
    slow_turns: int = 0
    leaks: list[tuple[int, measures.Leak]] = field(default_factory=list)
    insights: list[measures.Insight] = field(default_factory=list)
    unchanged_ms: list[float] = field(default_factory=list)
    new_ms: list[float] = field(default_factory=list)
    runs: int = 0
    got_it_failing: list[tuple[int, str]] = field(default_factory=list)  # (turn, "checked" or "concluded")


def figures_of(services: Any, conversation: Conversation, judged: dict[str, Judgment]) -> Figures:
    scenario = conversation.scenario
    problem = services.bank.get(scenario.problem_id)
    figures = Figures(conversation, judged)
    turns = conversation.turns
    figures.repeats = measures.repeats([t.text for t in turns], problem.hints)
    references = {"python": [problem.solutions.python, problem.solutions.python_slow],
                  "javascript": [problem.solutions.javascript]}  # fmt: skip
    own: list[str] = []
    for number, turn in enumerate(turns):
        judgment = judged[turn.code]
        own += [turn.code, turn.said]
        if turn.kind in (OPTIMAL_Q, COMPLEXITY_Q):
            evidence = measures.optimality_evidence(turn.text, problem.complexity.time, judgment.kind == OPTIMAL)
            figures.optimality.append((number, evidence))
        if judgment.accepted:
            figures.accepted_turns += 1
            figures.called_wrong += [(number, s) for s in measures.failure_claims(turn.text)]
        elif judgment.answers_right:
            figures.slow_turns += 1
            figures.called_wrong_slow += [(number, s) for s in measures.failure_claims(turn.text, answers_right=True)]
        for shown in turn.shown():
            figures.leaks += [(number, leak) for leak in measures.leaks(shown, references, own)]
        (figures.new_ms if turn.new_code else figures.unchanged_ms).append(turn.seconds * 1000)
        if turn.kind == GOT_IT and not judgment.answers_right:
            outcome = (
                "concluded"
                if turn.concluded() is not None
                else "checked"
                if turn.text.rstrip().endswith("?")
                else "neither"
            )
            figures.got_it_failing.append((number, outcome))
    figures.insights = insights_of(services, conversation, judged)
    figures.runs = turns[-1].runs_after if turns else 0
    return figures


def insights_of(services: Any, conversation: Conversation, judged: dict[str, Judgment]) -> list[measures.Insight]:
    """Each insight the conversation concluded with, and each kept with the stored session."""
    problem = services.bank.get(conversation.scenario.problem_id)
    shown = [i for t in conversation.turns for i in (t.concluded() or ())]
    stored = services.conversations.session(conversation.session_id)
    kept = list(stored.insights) if stored is not None else []
    topics = [t.value for t in problem.topics]
    vocabulary = " ".join([problem.statement, *problem.hints, *problem.techniques, *topics])
    codes = [(code, conversation.scenario.language) for code in conversation.versions]
    failed = any(not judged[code].answers_right for code in conversation.versions)
    said = [t.said for t in conversation.turns]
    return [
        measures.judge_insight(insight, said, vocabulary, problem.title, codes, failed)
        for insight in dict.fromkeys(shown + kept)
    ]


# ----------------------------------------------------------------------------- printing


def percentile(values: list[float], fraction: float) -> float:
    """The nearest-rank percentile (no interpolation between turns)."""
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, -(-int(fraction * 100) * len(ordered) // 100) - 1))]


def milliseconds(values: list[float]) -> str:
    if not values:
        return "-"
    return f"median {statistics.median(values):7.1f} ms, p95 {percentile(values, 0.95):7.1f} ms (n={len(values)})"


def print_turns(conversation: Conversation) -> None:
    for number, turn in enumerate(conversation.turns, 1):
        restart = " [new coach object, same session]" if turn.restarted else ""
        code = " [new code]" if turn.new_code else ""
        print(f"  --- turn {number}{restart}{code} ({turn.seconds * 1000:.0f} ms)")
        print("  learner: " + turn.said.replace("\n", "\n           "))
        cards = [e for e in turn.events if type(e).__name__ == "ToolFinished"]
        for card in cards:
            print(f"  [card] {card.summary}")
        print("  coach:   " + turn.text.strip().replace("\n", "\n           "))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", help="scenario names, comma-separated")
    parser.add_argument("--verbose", action="store_true", help="print each turn's full text")
    parser.add_argument("--seed", type=int, default=0, help="the renamer's choice of names")
    args = parser.parse_args()
    chosen: list[Scenario] = list(SCENARIOS)
    if args.only:
        names = set(args.only.split(","))
        chosen = [s for s in SCENARIOS if s.name in names]
        if unknown := names - {s.name for s in chosen}:
            parser.error(f"unknown scenario(s): {', '.join(sorted(unknown))}")
    services = isolated_services()
    languages = ", ".join(
        f"{sum(s.language == name for s in chosen)} {name}" for name in sorted({s.language for s in chosen})
    )
    kinds = ", ".join(f"{sum(s.kind == kind for s in chosen)} {kind}" for kind in ("wrong", "slow", "optimal"))
    topics = sorted(
        {t for s in chosen for p in [services.bank.get(s.problem_id)] for t in [p.topics[0].value, *p.techniques]}
    )
    print(f"{len(chosen)} conversations of 5 turns: {languages}; code {kinds}")
    print(f"topics and techniques: {', '.join(topics)}")

    every: list[Figures] = []
    for index, scenario in enumerate(chosen):
        problem = services.bank.get(scenario.problem_id)
        codes = [first_code(scenario, problem, args.seed)]
        if any(t.code == FIXED for t in turns_of(scenario)):
            codes.append(fixed_code(scenario, problem, args.seed))
        judged = {code: judge(services, code, scenario.language, scenario.problem_id) for code in codes}
        first = judged[codes[0]]
        if first.kind != scenario.kind:
            print(f"WARNING {scenario.name}: its code is {first.kind} ({first.verdict}, {first.complexity}), "
                  f"not {scenario.kind}")  # fmt: skip
        for code in codes[1:]:
            if not judged[code].accepted:
                print(f"WARNING {scenario.name}: its fixed code is not accepted ({judged[code].verdict})")
        conversation = play(services, scenario, f"learner-{index:02d}", args.seed, tolerant=True)
        for number, turn in enumerate(conversation.turns, 1):
            if turn.raised():
                print(f"WARNING {scenario.name} turn {number}: the coach raised {turn.raised()}")
        if not conversation.kept_session:
            print(f"WARNING {scenario.name}: a restarted coach did not continue the session")
        if args.verbose:
            print(f"=== {scenario.name} ({scenario.language}, {scenario.kind}, {scenario.problem_id})")
            print_turns(conversation)
        every.append(figures_of(services, conversation, judged))
    services.close()
    report(every)


def report(every: list[Figures]) -> None:
    print()
    print(f"{'scenario':30s} {'lang':4s} {'kind':7s} {'rep':>3s} {'leak':>4s} {'opt':>5s} {'wrong':>5s} "
          f"{'insight':>7s} {'runs/ver':>8s} {'unchanged med':>13s} {'new med':>9s}")  # fmt: skip
    for f in every:
        s = f.conversation.scenario
        answered = sum(e.complete for _n, e in f.optimality)
        true = sum(i.true for i in f.insights)
        unchanged = f"{statistics.median(f.unchanged_ms):.0f} ms" if f.unchanged_ms else "-"
        new = f"{statistics.median(f.new_ms):.0f} ms" if f.new_ms else "-"
        print(f"{s.name:30s} {s.language[:4]:4s} {s.kind:7s} {len(f.repeats):3d} {len(f.leaks):4d} "
              f"{answered:2d}/{len(f.optimality):<2d} {len(f.called_wrong):5d} {true:3d}/{len(f.insights):<3d} "
              f"{f.runs:3d}/{len(f.conversation.versions):<4d} {unchanged:>13s} {new:>9s}")  # fmt: skip

    raised = sum(1 for f in every for t in f.conversation.turns if t.raised())
    if raised:
        print(f"\nTurns where the coach raised an exception: {raised} (their warnings are above)")
    print("\n1. Repeated questions or paragraphs:", sum(len(f.repeats) for f in every))
    for f in every:
        for r in f.repeats:
            print(f"   {f.conversation.scenario.name} turn {r.turn + 1}: {r.text[:140]!r}")
            print(f"      repeats: {r.earlier[:140]!r}")

    asked = [(f, n, e) for f in every for n, e in f.optimality]
    print(f"\n2. Optimality and complexity questions answered with evidence: "
          f"{sum(e.complete for _f, _n, e in asked)} / {len(asked)}")  # fmt: skip
    for f, n, e in asked:
        if not e.complete:
            print(f"   {f.conversation.scenario.name} turn {n + 1}: missing {e.missing()}")

    print(f"\n3. Accepted code called wrong: {sum(len({n for n, _ in f.called_wrong}) for f in every)} / "
          f"{sum(f.accepted_turns for f in every)} turns on accepted code")  # fmt: skip
    print(f"   right-but-slow code said to give wrong answers: {sum(len({n for n, _ in f.called_wrong_slow}) for f in every)}"
          f" / {sum(f.slow_turns for f in every)} turns on such code")  # fmt: skip
    for f in every:
        for n, sentence in f.called_wrong + f.called_wrong_slow:
            print(f"   {f.conversation.scenario.name} turn {n + 1}: {sentence[:160]!r}")

    print("\n4. Leaks of the reference (renamed or not):", sum(len(f.leaks) for f in every))
    for f in every:
        for n, leak in f.leaks:
            print(f"   {f.conversation.scenario.name} turn {n + 1} ({leak.language} reference): {leak.excerpt!r}")

    insights = [(f, i) for f in every for i in f.insights]
    print(f"\n5. True insights at conclusion: {sum(i.true for _f, i in insights)} / {len(insights)}")
    for f, i in insights:
        if not i.true:
            print(f"   {f.conversation.scenario.name}: {i.text[:140]!r}: {i.why}")

    got_it = [(f, n, outcome) for f in every for n, outcome in f.got_it_failing]
    print(f"\n   \"I get it\" while the code still fails: {len(got_it)} turns; "
          f"{sum(o == 'checked' for _f, _n, o in got_it)} met with a question, "
          f"{sum(o == 'concluded' for _f, _n, o in got_it)} concluded")  # fmt: skip
    for f, n, outcome in got_it:
        if outcome != "checked":
            print(f"   {f.conversation.scenario.name} turn {n + 1}: {outcome}")

    unchanged = [ms for f in every for ms in f.unchanged_ms]
    new = [ms for f in every for ms in f.new_ms]
    print("\n6. Time of a turn, in process (time.perf_counter around coach.turn):")
    print(f"   on unchanged code: {milliseconds(unchanged)}")
    print(f"   first turn on new code: {milliseconds(new)}")
    runs = sum(f.runs for f in every)
    versions = sum(len(f.conversation.versions) for f in every)
    print(f"   runs kept in the learners' histories: {runs} for {versions} versions of code "
          f"({runs / versions:.2f} per version; one per version is the aim)")  # fmt: skip


if __name__ == "__main__":
    main()
