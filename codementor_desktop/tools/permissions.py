"""What a model may not do in the learner's name: write their saved data.

A model reads the learner's data and runs code to show them something; it never writes what the
learner's profile is made of as if the learner had done it. ``LEARNER_WRITES`` names every tool that
can: importing an export (forged accepted runs would raise the problems solved and the readiness),
deleting, a snapshot of code the learner did not write, and a Submit of such code (an accepted
Submit marks the problem solved). A model's call of one of them asks the learner first where the
caller can ask (``ToolContext.confirm``: the window's dialog); where it cannot (the terminal's
``codementor ask``, MCP) it is refused outright, ``NOT_PERMITTED``, with a sentence saying where the
learner does it themselves. Deleting is never a model's, asked or not.

A model's plain run of code the learner did not write runs, and is kept, but not as their attempt
at the problem (``someone_elses``): accepted, it would count in their profile. The flags
(``flag_incorrect_analysis``, ``flag_recommendation``) are the learner's say relayed by the tutor,
kept with who relayed them, and stay a model's to call.

The learner's own code is what the editor holds (``ToolContext.own_code``), the draft the window
keeps, and their snapshots; not their stored runs, since a model's own runs are stored there too.
"""

from __future__ import annotations

from typing import Any

from ..domain.vocabulary import Caller, ErrorCode
from ..storage.drafts import Drafts
from ..storage.snapshots import CodeSnapshots
from .context import ToolContext
from .errors import tool_error
from .workbench import Workbench

LEARNER_WRITES = frozenset({"import_learner_data", "delete_learner_data", "save_code_snapshot", "execute_code"})
NEVER_A_MODELS = frozenset({"delete_learner_data"})  # not even with the learner's yes in a dialog
WHERE_THE_LEARNER_DOES_IT = {
    "import_learner_data": "Use File > Import data… in the window, or `codementor data import`.",
    "delete_learner_data": "Use File > Delete my data… in the window, or `codementor data delete`.",
    "save_code_snapshot": "Save your own code with File > History… in the window.",
    "execute_code": "Submit your own code from the window, or run the tool yourself: `codementor tool execute_code`.",
}


def change_of(name: str, arguments: Any, context: ToolContext, workbench: Workbench) -> str | None:
    """What the call would change in the learner's saved data, as a sentence for them; None when
    it writes nothing in their name (a run of their own code, a snapshot of it, a plain run)."""
    if name not in LEARNER_WRITES:
        return None
    if name == "import_learner_data":
        return "add the runs, snapshots and profile of another export to your saved data"
    if name == "delete_learner_data":
        return "delete everything kept about you"
    problem_id = getattr(arguments, "problem_id", None)
    code = getattr(arguments, "code", "")
    language = getattr(arguments, "language", "python")
    if name == "execute_code" and not (getattr(arguments, "include_hidden", False) and problem_id):
        return None  # a plain run is no Submit: nothing is marked solved
    if _is_own(code, problem_id, language, context, workbench):
        return None
    if name == "save_code_snapshot":
        return f"keep code you did not write among your snapshots of {problem_id}"
    return f"submit code you did not write as your attempt at {problem_id} (accepted, it counts as solved)"


def refusal(name: str, arguments: Any, context: ToolContext, workbench: Workbench) -> dict[str, Any] | None:
    """The error a model's call gets when it would write the learner's data unasked or declined;
    None when it may run."""
    if context.caller is not Caller.MODEL:
        return None
    change = change_of(name, arguments, context, workbench)
    if change is None:
        return None
    where = WHERE_THE_LEARNER_DOES_IT[name]
    if context.confirm is None or name in NEVER_A_MODELS:
        return tool_error(
            ErrorCode.NOT_PERMITTED, f"{name} changes your saved data ({change}); a model may not call it. {where}"
        )
    if not context.confirm(name, change):
        return tool_error(ErrorCode.NOT_PERMITTED, f"The learner declined: {name} would {change}. It was not run.")
    return None


def someone_elses(code: str, problem_id: str, language: str, context: ToolContext, workbench: Workbench) -> bool:
    """Whether a model's call carries code for ``problem_id`` that the learner did not write (a
    person's or the coach's code is the learner's)."""
    return context.caller is Caller.MODEL and not _is_own(code, problem_id, language, context, workbench)


def _is_own(code: str, problem_id: str | None, language: str, context: ToolContext, workbench: Workbench) -> bool:
    mine = _plain(code)
    if not mine:
        return True  # nothing written: nothing of anyone else's
    if any(_plain(own) == mine for own in context.own_code):
        return True
    if problem_id is None:
        return False
    database = workbench.runs.database
    draft = Drafts(database, context.learner).load(problem_id, language)
    if draft is not None and _plain(draft) == mine:
        return True
    return any(_plain(s.code) == mine for s in CodeSnapshots(database).list(context.learner, problem_id))


def _plain(code: str | None) -> str:
    """``code`` without the spacing an editor or a model's JSON may change: trailing spaces, blank lines."""
    return "\n".join(line.rstrip() for line in (code or "").splitlines() if line.strip())
