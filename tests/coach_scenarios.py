"""Scripted learners who talk to the offline coach: bank problems in both languages, with code that
is wrong (one edit of the reference), slow (a correct brute force) or optimal (the reference with
its names changed and its layout redone, so that it is not the reference's text), and five things
each learner says, as learners write them.

``benchmarks/coach_conversations.py`` plays all of them and measures the coach;
``tests/integration/test_coach_conversations.py`` plays a few and asserts what must hold.
"""

from __future__ import annotations

import ast
import random
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from codementor_desktop.problems.model import Problem

WRONG, SLOW, OPTIMAL = "wrong", "slow", "optimal"

# What a learner's turn is, so that the measures know which answers to read closely.
ASKS_WHY, RIGHT, MISTAKEN, DONT_KNOW, OPTIMAL_Q, COMPLEXITY_Q = (
    "why", "right", "mistaken", "dont_know", "optimal", "complexity",
)  # fmt: skip
WANTS_CODE, FINISH_THIS, THANKS, GREETS, WHAT_NEXT, IDEA, GOT_IT, FIXED, OFF_TOPIC, SLOW_Q = (
    "wants_code", "finish_this", "thanks", "greets", "what_next", "idea", "got_it", "fixed", "off_topic", "why_slow",
)  # fmt: skip


@dataclass(frozen=True)
class Turn:
    """One thing the learner says. ``code`` is ``None`` for the code of the turn before, ``FIXED``
    for the scenario's fixed version (the reference renamed); ``restart`` continues the session in
    a new coach object, as a restarted window does."""

    said: str
    kind: str
    code: str | None = None
    restart: bool = False


@dataclass(frozen=True)
class Scenario:
    name: str
    problem_id: str
    language: str
    kind: str  # WRONG, SLOW or OPTIMAL: what the learner's first code is
    right: str = ""  # the cause of the bug (or of the slowness), in the learner's own words
    mistaken: str = ""  # a plausible wrong cause
    idea: str = "what if I used a set?"
    bug: tuple[str, str] | None = None  # WRONG: (text of the reference, what it becomes)
    slow_js: str = ""  # SLOW in JavaScript: a hand-written correct brute force
    plan: str = ""  # which of the conversation plans below
    restart_at: int = -1  # the turn (0-based) played by a new coach object with the same session
    turns: tuple[Turn, ...] = field(default=(), compare=False)


# --------------------------------------------------------------------------- renaming the reference

_WORDS = (
    "amber birch cedar delta ember fjord grove heron iris juniper kestrel lumen maple nadir onyx pearl "
    "quill raven sable tundra umber vale willow yarrow zinnia aspen bramble cobalt dune elm"
).split()
_JS_RESERVED = set(
    "break case catch class const continue debugger default delete do else export extends finally for function if "
    "import in instanceof let new of return super switch this throw try typeof var void while with yield null true "
    "false undefined NaN Infinity Math Map Set Array Number Object String JSON BigInt Error console ListNode TreeNode "
    "parseInt parseFloat Symbol WeakMap Boolean".split()
)
JS_TOKEN = re.compile(
    r"""(?P<space>\s+)|(?P<comment>//[^\n]*|/\*.*?\*/)|(?P<string>"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`)"""
    r"""|(?P<number>0[xX][0-9a-fA-F]+|\d+(?:\.\d+)?(?:[eE][+-]?\d+)?n?)|(?P<name>[A-Za-z_$][\w$]*)"""
    r"""|(?P<op>>>>=|===|!==|\*\*=|<<=|>>=|>>>|\.\.\.|\?\?=|&&=|\|\|=|=>|==|!=|<=|>=|&&|\|\||\?\?|\?\.|\+\+|--"""
    r"""|\+=|-=|\*=|/=|%=|&=|\|=|\^=|\*\*|<<|>>|[^\s])""",
    re.DOTALL,
)


def _fresh_names(taken: set[str], seed: int) -> list[str]:
    words = [w for w in _WORDS if w not in taken]
    random.Random(seed).shuffle(words)
    return words


def rename_python(source: str, keep: str, seed: int = 0) -> str:
    """``source`` with every name it binds (parameters, locals, inner functions) changed, except
    the function ``keep`` the judge calls, and laid out again by ``ast.unparse`` (comments gone)."""
    tree = ast.parse(source)
    bound: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.arg):
            bound.add(node.arg)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            bound.add(node.id)
        elif isinstance(node, ast.FunctionDef) and node.name != keep:
            bound.add(node.name)
    everything = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)} | bound
    mapping = dict(zip(sorted(bound), _fresh_names(everything, seed), strict=False))

    class Renamer(ast.NodeTransformer):
        def visit_Name(self, node: ast.Name) -> ast.AST:
            node.id = mapping.get(node.id, node.id)
            return node

        def visit_arg(self, node: ast.arg) -> ast.AST:
            node.arg = mapping.get(node.arg, node.arg)
            return node

        def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.AST:
            node.name = mapping.get(node.name, node.name)
            self.generic_visit(node)
            return node

        def visit_Nonlocal(self, node: ast.Nonlocal) -> ast.AST:
            node.names = [mapping.get(n, n) for n in node.names]
            return node

    return ast.unparse(Renamer().visit(tree)) + "\n"


def rename_javascript(source: str, keep: str, seed: int = 0) -> str:
    """``source`` with every identifier it binds changed (all but globals, properties and the
    function ``keep``), indented by four spaces instead of two."""
    tokens = [(m.lastgroup, m.group()) for m in JS_TOKEN.finditer(source)]
    names = {text for kind, text in tokens if kind == "name"}
    mapping: dict[str, str] = {}
    fresh = iter(_fresh_names(names, seed))
    out: list[str] = []
    previous = ""  # the last token that is not space or comment
    for index, (kind, text) in enumerate(tokens):
        if kind == "name" and text not in _JS_RESERVED and text != keep and previous not in (".", "?."):
            following = next((t for k, t in tokens[index + 1 :] if k not in ("space", "comment")), "")
            if not (following == ":" and previous in ("{", ",")):  # an object literal's key
                if text not in mapping:
                    mapping[text] = next(fresh)
                text = mapping[text]
        if kind == "space" and "\n" in text:
            lines = text.split("\n")
            text = "\n".join(lines[:-1] + [lines[-1].replace("  ", "    ")])
        if kind == "comment":
            continue
        if kind not in ("space", "comment"):
            previous = text
        out.append(text)
    return "".join(out).rstrip() + "\n"


def renamed_reference(problem: Problem, language: str, seed: int = 0) -> str:
    if language == "python":
        return rename_python(problem.solutions.python, problem.function.python, seed)
    return rename_javascript(problem.solutions.javascript, problem.function.javascript, seed)


def half_of(code: str) -> str:
    """The first half of the code's lines: what a learner pastes asking to have it finished."""
    lines = code.rstrip("\n").split("\n")
    return "\n".join(lines[: max(2, len(lines) // 2)]) + "\n"


def first_code(scenario: Scenario, problem: Problem, seed: int = 0) -> str:
    """The learner's code as the conversation starts."""
    if scenario.kind == OPTIMAL:
        return renamed_reference(problem, scenario.language, seed)
    if scenario.kind == SLOW:
        return problem.solutions.python_slow if scenario.language == "python" else scenario.slow_js
    reference = problem.solutions.python if scenario.language == "python" else problem.solutions.javascript
    assert scenario.bug is not None, scenario.name
    before, after = scenario.bug
    assert reference.count(before) == 1, f"{scenario.name}: the bug's text must occur once in the reference"
    return reference.replace(before, after)


# --------------------------------------------------------------------------- conversation plans


def _plans(s: Scenario) -> dict[str, list[Turn]]:
    return {
        # Wrong code: asks why, names the cause, asks about optimality, thanks, "I get it" while it still fails.
        "wrong_right": [
            Turn("why does it fail?", ASKS_WHY),
            Turn(s.right, RIGHT),
            Turn("is my solution optimal?", OPTIMAL_Q),
            Turn("thanks!", THANKS),
            Turn("I get it", GOT_IT),
        ],
        # Wrong code: greets, asks, a wrong idea, does not know, then fixes the code and gets it.
        "wrong_mistaken": [
            Turn("hi", GREETS),
            Turn("why is my code failing", ASKS_WHY),
            Turn(s.mistaken, MISTAKEN),
            Turn("I don't know", DONT_KNOW),
            Turn("ok I fixed it, I get it now", GOT_IT, code=FIXED),
        ],
        # Wrong code: does not know, then names it, asks for the code, fixes it and asks about complexity.
        "wrong_fix": [
            Turn("whats wrong with my code", ASKS_WHY),
            Turn("i dont know", DONT_KNOW),
            Turn(s.right, RIGHT),
            Turn("can you just give me the code", WANTS_CODE),
            Turn("fixed it. what is the complexity of my code?", COMPLEXITY_Q, code=FIXED),
        ],
        # Slow code: optimality and complexity, names why it is slow, an idea, "I get it".
        "slow_evidence": [
            Turn("is my solution optimal?", OPTIMAL_Q),
            Turn("what is the complexity of my code?", COMPLEXITY_Q),
            Turn(s.right, RIGHT),
            Turn(s.idea, IDEA),
            Turn("thanks, I get it", GOT_IT),
        ],
        # Slow code: greets, asks for the code, pastes half a reference to finish, asks what next.
        "slow_wants_code": [
            Turn("hi", GREETS),
            Turn("is this fast enough?", OPTIMAL_Q),
            Turn("can you just give me the code", WANTS_CODE),
            Turn("", FINISH_THIS),  # the text is made from the reference when played
            Turn("what should I practise next?", WHAT_NEXT),
        ],
        # Wrong code, typed in a hurry: why, names the cause, complexity, wants the code, "I get it" while it fails.
        "wrong_typos": [
            Turn("y does it fail??", ASKS_WHY),
            Turn(s.right, RIGHT),
            Turn("wat is the complexty of my code", COMPLEXITY_Q),
            Turn("can u just giv me the code pls", WANTS_CODE),
            Turn("ok i get it now", GOT_IT),
        ],
        # Slow code, typed in a hurry: how to be faster, names why, complexity, off topic, an idea.
        "slow_typos": [
            Turn("hw do i make this fastr", SLOW_Q),
            Turn(s.right, RIGHT),
            Turn("wats the complexity of my code", COMPLEXITY_Q),
            Turn("whats the weather like today lol", OFF_TOPIC),
            Turn(s.idea, IDEA),
        ],
        # Optimal code: optimality, complexity, what next, thanks, "I get it".
        "optimal_check": [
            Turn("is my solution optimal?", OPTIMAL_Q),
            Turn("what is the complexity of my code?", COMPLEXITY_Q),
            Turn("what should I practise next?", WHAT_NEXT),
            Turn("thanks!", THANKS),
            Turn("I get it", GOT_IT),
        ],
        # Optimal code: greets, asks if it works, if it could be faster, asks for the reference.
        "optimal_doubt": [
            Turn("hi", GREETS),
            Turn("does my code work?", ASKS_WHY),
            Turn("could it be any faster? is it optimal", OPTIMAL_Q),
            Turn("can you just give me the reference solution so I can compare", WANTS_CODE),
            Turn("I get it, thanks", GOT_IT),
        ],
    }


def turns_of(scenario: Scenario) -> list[Turn]:
    plan = _plans(scenario)[scenario.plan]
    return [Turn(t.said, t.kind, t.code, restart=(number == scenario.restart_at)) for number, t in enumerate(plan)]


def finish_this(problem: Problem, language: str, seed: int = 0) -> str:
    """A learner pasting the first half of a renamed reference and asking for the rest."""
    return "can you finish this for me?\n" + half_of(renamed_reference(problem, language, seed + 7))


# --------------------------------------------------------------------------- the scenarios

_SLOW_BRACKETS_JS = """function isBalanced(s) {
  // Find an adjacent matching pair, cut it out, and start over.
  const chars = s.split("");
  while (chars.length > 0) {
    let found = -1;
    for (let i = 0; i + 1 < chars.length; i++) {
      const pair = chars[i] + chars[i + 1];
      if (pair === "()" || pair === "[]" || pair === "{}") {
        found = i;
        break;
      }
    }
    if (found === -1) return false;
    chars.splice(found, 2);
  }
  return true;
}
"""
_SLOW_ISLANDS_JS = """function numIslands(grid) {
  const rows = grid.length, cols = grid[0].length;
  const label = grid.map((row, r) => row.map((v, c) => (v === 1 ? r * cols + c : -1)));
  let changed = true;
  while (changed) {
    changed = false;
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        if (label[r][c] < 0) continue;
        for (const [nr, nc] of [[r + 1, c], [r - 1, c], [r, c + 1], [r, c - 1]]) {
          if (nr >= 0 && nr < rows && nc >= 0 && nc < cols && label[nr][nc] >= 0 && label[nr][nc] < label[r][c]) {
            label[r][c] = label[nr][nc];
            changed = true;
          }
        }
      }
    }
  }
  const kinds = new Set();
  for (const row of label) for (const v of row) if (v >= 0) kinds.add(v);
  return kinds.size;
}
"""
_SLOW_MERGE_LISTS_JS = """function mergeSortedLists(list1, list2) {
  // Insert every node of list2 into list1, searching its place from the front each time.
  const dummy = new ListNode(0, list1);
  let node = list2;
  while (node !== null) {
    const following = node.next;
    let prev = dummy;
    while (prev.next !== null && prev.next.val <= node.val) prev = prev.next;
    node.next = prev.next;
    prev.next = node;
    node = following;
  }
  return dummy.next;
}
"""
_SLOW_ROBBER_JS = """function rob(nums) {
  // best[i]: the best total when house i is the last one robbed, looking back over every earlier house.
  const best = [];
  for (let i = 0; i < nums.length; i++) {
    let previous = 0;
    for (let j = 0; j < i - 1; j++) {
      if (best[j] > previous) previous = best[j];
    }
    best.push(previous + nums[i]);
  }
  return Math.max(...best);
}
"""
_SLOW_TWO_SUM_JS = """function twoSum(nums, target) {
  for (let i = 0; i < nums.length; i++) {
    for (let j = i + 1; j < nums.length; j++) {
      if (nums[i] + nums[j] === target) return [i, j];
    }
  }
  return [];
}
"""

SCENARIOS: tuple[Scenario, ...] = (
    # ---- Python
    Scenario(
        "two-sum-wrong-py", "two-sum", "python", WRONG, plan="wrong_right",
        bug=("for j, value in enumerate(nums):\n        if target - value in seen:",
             "for j, value in enumerate(nums):\n        seen[value] = j\n        if target - value in seen:"),
        right="i store the number before i check it so it finds itself, same index twice",
        mistaken="maybe the dict is too slow?",
    ),
    Scenario(
        "two-sum-slow-py", "two-sum", "python", SLOW, plan="slow_evidence", restart_at=2,
        right="the inner loop goes over the whole rest of the list for every i, thats n squared",
        idea="what if I used a dict to remember the numbers I already saw?",
    ),
    Scenario(
        "max-profit-wrong-py", "max-profit-single-trade", "python", WRONG, plan="wrong_mistaken",
        bug=("if price < lowest:", "if price > lowest:"),
        right="my if is backwards, it keeps the highest price as lowest instead of the cheapest one",
        mistaken="i think best should start at -1 not 0",
    ),
    Scenario(
        "merge-lists-wrong-py", "merge-two-sorted-lists", "python", WRONG, plan="wrong_fix", restart_at=3,
        bug=("tail.next = list1 if list1 is not None else list2", "tail.next = list1"),
        right="when list1 runs out I only attach list1, so whatever is left of list2 gets dropped",
        mistaken="the dummy node is added to the result",
    ),
    Scenario(
        "rotated-search-slow-py", "search-rotated-sorted-array", "python", SLOW, plan="slow_wants_code",
        right="i scan every element one by one so its linear, not log n",
        idea="could i binary search on the half that is sorted?",
    ),
    Scenario(
        "brackets-wrong-py", "balanced-brackets", "python", WRONG, plan="wrong_right",
        bug=("return not stack", "return True"),
        right="at the end i never check the stack is empty, so leftover openers like (( still say true",
        mistaken="i should pop before i push",
    ),
    Scenario("merge-intervals-optimal-py", "merge-intervals", "python", OPTIMAL, plan="optimal_check"),
    Scenario(
        "climbing-stairs-slow-py", "climbing-stairs", "python", SLOW, plan="slow_evidence",
        right="the recursion counts the same smaller staircases again and again, it blows up exponentially",
        idea="what if I store the answers for each step in a list?",
    ),
    Scenario("islands-optimal-py", "number-of-islands", "python", OPTIMAL, plan="optimal_doubt"),
    Scenario(
        "tree-diameter-wrong-py", "tree-diameter", "python", WRONG, plan="wrong_mistaken",
        bug=("best = max(best, left + right)", "best = max(best, left + right + 1)"),
        right="I add one so I count the nodes on the path, but the diameter counts the edges",
        mistaken="maybe the recursion doesnt reach the leaves",
    ),
    Scenario(
        "first-unique-slow-py", "first-unique-character", "python", SLOW, plan="slow_evidence", restart_at=4,
        right="for each letter i count it again over the whole string, so it is quadratic",
        idea="what if i count every letter once in a dict first?",
    ),
    Scenario(
        "house-robber-wrong-py", "house-robber", "python", WRONG, plan="wrong_fix",
        bug=("robbed, skipped = skipped + money, max(robbed, skipped)",
             "robbed, skipped = robbed + money, max(robbed, skipped)"),
        right="robbed adds the money to robbed, so I can rob two houses next to each other",
        mistaken="I think I should return skipped only",
    ),
    Scenario("ransom-note-optimal-py", "ransom-note", "python", OPTIMAL, plan="optimal_check", restart_at=1),
    Scenario(
        "kth-smallest-slow-py", "kth-smallest-bst", "python", SLOW, plan="slow_typos",
        right="i pick the minimum k times over all the values so its n times k, and i ignore that its a bst",
        idea="what if i walk the tree in order and stop at the kth one?",
    ),
    Scenario(
        "max-subarray-wrong-py", "maximum-subarray-sum", "python", WRONG, plan="wrong_right",
        bug=("best = ending_here = nums[0]", "best = ending_here = 0"),
        right="best starts at 0 so when all the numbers are negative it returns 0 which isnt a real sum",
        mistaken="the max should be min",
    ),
    # ---- JavaScript
    Scenario(
        "two-sum-wrong-js", "two-sum", "javascript", WRONG, plan="wrong_right", restart_at=2,
        bug=("const need = target - nums[j];", "const need = nums[j] - target;"),
        right="I compute nums[j] - target instead of target - nums[j], so i look up the wrong partner",
        mistaken="maybe Map.get returns undefined",
    ),
    Scenario(
        "brackets-slow-js", "balanced-brackets", "javascript", SLOW, plan="slow_evidence",
        slow_js=_SLOW_BRACKETS_JS,
        right="every pass rebuilds the whole string to cut out one pair, so its quadratic",
        idea="what if I used a stack of the open brackets?",
    ),
    Scenario(
        "merge-intervals-wrong-js", "merge-intervals", "javascript", WRONG, plan="wrong_mistaken",
        bug=("start <= merged[merged.length - 1][1]", "start < merged[merged.length - 1][1]"),
        right="ranges that only touch like [5,7] and [7,8] dont merge because i use < instead of <=",
        mistaken="I think the sort is in the wrong order",
    ),
    Scenario(
        "rotated-search-wrong-js", "search-rotated-sorted-array", "javascript", WRONG, plan="wrong_fix",
        bug=("if (nums[lo] <= nums[mid]) {", "if (nums[lo] < nums[mid]) {"),
        right="when lo and mid are the same index the left half is sorted but my < says it isnt",
        mistaken="mid should round up",
    ),
    Scenario(
        "islands-slow-js", "number-of-islands", "javascript", SLOW, plan="slow_wants_code", slow_js=_SLOW_ISLANDS_JS,
        right="i sweep the whole grid again every time a label changes so its way more than rows times cols",
        idea="what if i flood each island once with a queue?",
    ),
    Scenario("climbing-stairs-optimal-js", "climbing-stairs", "javascript", OPTIMAL, plan="optimal_check"),
    Scenario("tree-diameter-optimal-js", "tree-diameter", "javascript", OPTIMAL, plan="optimal_doubt", restart_at=3),
    Scenario(
        "merge-lists-slow-js", "merge-two-sorted-lists", "javascript", SLOW, plan="slow_evidence",
        slow_js=_SLOW_MERGE_LISTS_JS,
        right="for each node of list2 i search from the front of list1 again, so n times m",
        idea="what if I walk both lists at once with two pointers?",
    ),
    Scenario(
        "first-unique-wrong-js", "first-unique-character", "javascript", WRONG, plan="wrong_typos",
        bug=("for (let i = 0; i < s.length; i++) {", "for (let i = 0; i < s.length - 1; i++) {"),
        right="my loop stops one before the end so the last letter never gets checked",
        mistaken="maybe the Map counts upper and lower case the same",
    ),
    Scenario(
        "house-robber-slow-js", "house-robber", "javascript", SLOW, plan="slow_evidence", slow_js=_SLOW_ROBBER_JS,
        right="for every house i look back over all the earlier ones, thats quadratic",
        idea="what if i only keep two running totals?",
    ),
    Scenario("max-profit-optimal-js", "max-profit-single-trade", "javascript", OPTIMAL, plan="optimal_check"),
    Scenario(
        "two-sum-slow-js", "two-sum", "javascript", SLOW, plan="slow_wants_code", slow_js=_SLOW_TWO_SUM_JS,
        right="two nested loops try every pair so its n squared",
        idea="what if i used a set?",
    ),
)  # fmt: skip


def scenario(name: str) -> Scenario:
    return next(s for s in SCENARIOS if s.name == name)


def fixed_code(scenario: Scenario, problem: Problem, seed: int = 0) -> str:
    """What a learner who fixes the code ends with: the reference, renamed and laid out again."""
    return renamed_reference(problem, scenario.language, seed + 1)


SLOW_TWO_SUM_PY = """def two_sum(nums, target):
    for i in range(len(nums)):
        for j in range(i + 1, len(nums)):
            if nums[i] + nums[j] == target:
                return [i, j]
    return []
"""
