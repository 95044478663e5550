"""The chat pane on its own, with a scripted tutor in the same process:
``python -m codementor_desktop.gui.chat.demo``. Each button and message answers from a script
(streamed text, a tool card, an escalation, a summary, an offer of help), so the pane can be seen
and tried without a model, a server or the problem bank."""

from __future__ import annotations

import sys
from collections.abc import Iterable

from ...tutor.cancellation import Cancellation
from ...tutor.events import (
    Escalated,
    HelpOffered,
    Listener,
    SessionConcluded,
    TextDelta,
    ToolFinished,
    ToolStarted,
    TurnEnded,
    TutorEvent,
)
from ...tutor.summaries import summarize
from ...tutor.turns import Intent, TurnContext

WRONG = "def two_sum(nums, target):\n    return [0, 1]\n"
RUN_RESULT = {
    "status": "completed",
    "verdict": "WA",
    "tests_total": 3,
    "test_results": [
        {"test_id": 1, "input": "[2,7,11,15], 9", "expected_output": "[0,1]", "actual_output": "[0,1]",
         "verdict": "AC", "passed": True},
        {"test_id": 2, "input": "[3,2,4], 6", "expected_output": "[1,2]", "actual_output": "[0,1]",
         "verdict": "WA", "passed": False},
        {"test_id": 3, "input": "[3,3], 6", "expected_output": "[0,1]", "actual_output": "[0,1]",
         "verdict": "AC", "passed": True},
    ],
    "failed_test_case": {"test_id": 2, "input": "[3,2,4], 6"},
    "run_id": "run_demo",
}  # fmt: skip
ANSWER = (
    "Test **2** fails on `[3,2,4], 6`: your function returns `[0, 1]` there.\n\n"
    "Look at this line:\n\n```python\nreturn [0, 1]\n```\n\n"
    "Which two numbers of `[3, 2, 4]` add up to 6, and *where* are they?"
)


def script(said: str, intent: Intent) -> list[TutorEvent]:
    """What the demo tutor says to ``said``: a run and a question, or one button's answer."""
    if intent == Intent.STUCK:
        return [
            Escalated("deep-model", "three failing runs on test 2", "What must be true of two indices i and j?"),
            TextDelta("Take your time with that question."),
        ]
    if intent == Intent.GOT_IT:
        return [SessionConcluded("Two Sum: finding the pair", ("Indices, not values, are the answer.",
                                                                "A dictionary remembers what was seen."))]  # fmt: skip
    if intent == Intent.HINT:
        return [HelpOffered("You have run test 2 three times. Shall we look at it together?", "failing_runs")]
    arguments = {"code": WRONG, "language": "python", "problem_id": "two-sum", "test_cases": []}
    summary = summarize("execute_code", RUN_RESULT, arguments)
    pieces = [ANSWER[i : i + 6] for i in range(0, len(ANSWER), 6)]
    return [
        ToolStarted("execute_code", arguments, "call_demo"),
        ToolFinished("execute_code", RUN_RESULT, summary, "call_demo"),
        *(TextDelta(piece) for piece in pieces),
    ]


class ScriptedTutor:
    """A tutor that answers from ``script``, a piece every ``pace`` seconds (Stop ends it early)."""

    label = "Demo tutor (scripted)"
    session_id = "demo"

    def __init__(self, pace: float = 0.02, answers: Iterable[TutorEvent] | None = None) -> None:
        self.pace = pace
        self.answers = list(answers) if answers is not None else None
        self.heard: list[tuple[str, Intent, TurnContext | None]] = []

    def turn(
        self,
        said: str,
        emit: Listener,
        cancellation: Cancellation | None = None,
        *,
        context: TurnContext | None = None,
        intent: Intent = Intent.SAY,
    ) -> TurnEnded:
        cancellation = cancellation or Cancellation()
        self.heard.append((said, intent, context))
        for event in self.answers if self.answers is not None else script(said, intent):
            if cancellation.event.wait(self.pace):  # the demo's pace, as a model streams
                ended = TurnEnded("cancelled", 1)
                emit(ended)
                return ended
            emit(event)
        ended = TurnEnded("answered", 1)
        emit(ended)
        return ended


def main() -> int:
    from PySide6.QtWidgets import QApplication

    from ..jobs import Jobs
    from ..session import Session
    from .pane import ChatPane

    app = QApplication.instance() or QApplication(sys.argv)
    jobs = Jobs(None, Session("demo"))
    pane = ChatPane(ScriptedTutor(), jobs, lambda: TurnContext("two-sum", WRONG, "python"))
    pane.setWindowTitle("CodeMentor: the chat pane")
    pane.resize(460, 640)
    pane.show()
    pane.send("Why does my two_sum fail?")
    code = app.exec()
    pane.shutdown()
    jobs.shutdown()
    return code


if __name__ == "__main__":
    sys.exit(main())
