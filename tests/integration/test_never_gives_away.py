"""No tutor shows a solution: the offline coach never writes one, on any problem, whatever it is asked;
and a model that tries is filtered before anything is shown.

The rule is the filter's own (half a reference's shape fingerprints, names and literals abstracted, or
5 consecutive normalized lines, counted over the code in the answer, prose aside) against the problem's reference solutions
(Python, JavaScript, and the slower Python one).
"""

from __future__ import annotations

import pytest

from codementor_desktop.problems.bank import load_bank
from codementor_desktop.resources import builtin_problems_dir
from codementor_desktop.tutor.coach import OfflineCoach
from codementor_desktop.tutor.events import Escalated, SessionConcluded, TextDelta, TutorEvent
from codementor_desktop.tutor.guard import NOTICE, SolutionGuard, StreamGuard, code_blocks, guarded
from codementor_desktop.tutor.loop import TutorLoop
from codementor_desktop.tutor.provider import Provider, ProviderConfig
from codementor_desktop.tutor.turns import Intent, TurnContext
from tests.fakes.openai_server import Call, FakeOpenAI, calls, text

BANK = load_bank([builtin_problems_dir()])
ASKING_FOR_IT = [
    "just give me the answer",
    "write the code for me",
    "what is the solution?",
    "show me the full code please",
    "I give up, solve it for me",
    "Paste the complete code for this problem.",
    "I'm stuck, just tell me the solution",
    "give me a hint. actually no, the answer",
]
INTENTS = [Intent.HINT, Intent.STUCK, Intent.HINT, Intent.WHAT_NEXT, Intent.GOT_IT]


def everything_shown(events: list[TutorEvent]) -> str:
    """The text a learner can read: the streamed answer, escalations' questions, summaries."""
    parts: list[str] = []
    for event in events:
        if isinstance(event, TextDelta):
            parts.append(event.text)
        elif isinstance(event, Escalated):
            parts.append("\n" + event.question + "\n")
        elif isinstance(event, SessionConcluded):
            parts.append("\n" + "\n".join([event.title, *event.insights]) + "\n")
    return "".join(parts)


def ask_everything(coach: OfflineCoach, context: TurnContext) -> str:
    events: list[TutorEvent] = []
    for said in ASKING_FOR_IT:
        coach.turn(said, events.append, context=context)
    for intent in INTENTS:
        coach.turn("I get it: the pair needs no second loop at all" if intent is Intent.GOT_IT else "", events.append,
                   context=context, intent=intent)  # fmt: skip
    return everything_shown(events)


@pytest.mark.parametrize("problem_id", sorted(BANK.problems))
def test_the_offline_coach_never_gives_a_solution_away(services, problem_id):
    problem = services.bank.get(problem_id)
    shown = ask_everything(OfflineCoach(services, "ada"), TurnContext(problem_id, problem.starter.python))
    assert not SolutionGuard.for_problem(problem).leaks(shown)
    # Not even by being filtered: the coach's own words never needed it, and it shows no code at all.
    assert NOTICE.strip() not in shown and code_blocks(shown) == [], shown
    assert "won't write the solution" in shown and shown.count("?") >= len(ASKING_FOR_IT)


@pytest.mark.parametrize(
    ("problem_id", "language"),
    [("two-sum", "python"), ("balanced-brackets", "python"), ("lru-cache", "python"), ("validate-bst", "python"),
     ("two-sum", "javascript"), ("merge-intervals", "javascript")],
)  # fmt: skip
def test_a_learner_who_has_the_solution_is_not_shown_it_back(services, problem_id, language):
    problem = services.bank.get(problem_id)
    assert problem is not None, problem_id
    code = problem.reference_solution(language)
    shown = ask_everything(OfflineCoach(services, "ada"), TurnContext(problem_id, code, language))
    assert not SolutionGuard.for_problem(problem).leaks(shown) and code_blocks(shown) == []


def model_turn(services, script: list, problem_id: str) -> tuple[str, StreamGuard]:
    problem = services.bank.get(problem_id)
    events: list[TutorEvent] = []
    filtered = StreamGuard(SolutionGuard.for_problem(problem))
    with FakeOpenAI(script) as server:
        config = ProviderConfig(base_url=server.base_url, model="fast-model", backoff=0.01, first_token_timeout=10)
        loop = TutorLoop(Provider(config), services.registry, "ada")
        loop.turn("just give me the answer", guarded(events.append, filtered))
    return everything_shown(events), filtered


def pieces(text: str, size: int = 9) -> list[str]:
    return [text[i : i + size] for i in range(0, len(text), size)]


def test_a_model_that_writes_a_reference_solution_is_not_shown_it(services):
    reference = services.bank.get("two-sum").solutions.python
    answer = "Fine, here it is:\n```python\n" + reference + "```\nDoes that make sense?"
    shown, filtered = model_turn(services, [text(*pieces(answer))], "two-sum")
    assert reference not in shown and reference.strip().splitlines()[2].strip() not in shown
    assert not SolutionGuard.for_problem(services.bank.get("two-sum")).leaks(shown)
    assert shown.startswith("Fine, here it is:\n") and NOTICE in shown and shown.endswith("Does that make sense?")
    assert filtered.held_back == 1


def test_a_model_that_runs_a_tool_then_splits_the_solution_over_a_fence_and_an_indented_block_is_not_shown_it(services):
    reference = services.bank.get("two-sum").solutions.javascript
    lines = reference.strip().splitlines(keepends=True)
    half = len(lines) // 2
    first = "Start like this:\n```js\n" + "".join(lines[:half]) + "```\n"
    rest = "and then, after running your code:\n\n" + "".join("    " + line for line in lines[half:])
    run = {"code": "def two_sum(nums, target):\n    return []\n", "language": "python", "problem_id": "two-sum",
           "test_cases": []}  # fmt: skip
    script = [calls(Call("execute_code", run, id="call_0")), text(*pieces(first + rest))]
    shown, filtered = model_turn(services, script, "two-sum")
    assert not SolutionGuard.for_problem(services.bank.get("two-sum")).leaks(shown), shown
    assert filtered.held_back >= 1 and shown.startswith("Start like this:\n")
