"""Accepted code is not called faulty: every bank reference (both languages) and slower solution,
analysed after a run in which every example passed, gets no finding that claims a fault."""

from __future__ import annotations

import pytest

from codementor_desktop.analysis import analyze
from codementor_desktop.problems.bank import load_bank
from codementor_desktop.resources import builtin_problems_dir

# What a slower solution may be told: why it is slower.
WHY_SLOWER = {
    "suboptimal_time_complexity",
    "suboptimal_space_complexity",
    "data_structure_choice",
    "inefficient_string_building",
}
LETTER_QUEUE = """function order(words) {
  const seen = new Set();
  for (const w of words) for (const ch of w) seen.add(ch);
  const free = [...seen].sort();
  let out = "";
  while (free.length) {
    free.sort();
    out += free.shift();
  }
  return out;
}
"""


@pytest.fixture(scope="module")
def bank():
    return load_bank([builtin_problems_dir()])


def _all_passed(problem) -> dict:
    tests = [
        {"test_id": i, "input": e.input, "passed": True, "verdict": "AC"} for i, e in enumerate(problem.examples, 1)
    ]
    return {"status": "success", "all_passed": True, "test_results": tests}


def test_no_reference_or_slower_solution_is_told_it_has_a_fault(bank):
    alarms = []
    for problem in bank.all():
        data = problem.model_dump(mode="json")
        run = _all_passed(problem)
        for kind, language, code in (
            ("reference", "python", problem.solutions.python),
            ("reference", "javascript", problem.solutions.javascript),
            ("slower", "python", problem.solutions.python_slow),
        ):
            for item in analyze(code, language, problem=data, test_results=run)["detected_patterns"]:
                if kind == "slower" and item["pattern_type"] in WHY_SLOWER:
                    continue
                alarms.append((problem.id, kind, language, item["pattern_type"], item["description"]))
    assert alarms == []


def test_a_queue_of_letters_is_bounded_by_the_alphabet():
    problem = {"function": {"params": [{"name": "words", "type": "list[str]"}]}}
    report = analyze(LETTER_QUEUE, "javascript", problem=problem)
    assert report["detected_patterns"] == []
    unknown = analyze(LETTER_QUEUE.replace("ch of w", "ch of w.parts"), "javascript", problem=problem)
    assert unknown["detected_patterns"]  # a collection of anything else is still read as growing


UNION_FIND_OVER_LETTERS = """def rules_hold(equations):
    parent = list(range(26))

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for rule in equations:
        if rule[1] == "=":
            parent[find(ord(rule[0]) - 97)] = find(ord(rule[3]) - 97)
    return all(find(ord(r[0]) - 97) != find(ord(r[3]) - 97) for r in equations if r[1] == "!")
"""


def test_overwriting_a_slot_of_a_fixed_list_is_not_a_growing_table(bank):
    """parent[x] = y in a loop over the input keeps 26 slots: O(1) space, as the problem asks."""
    data = bank.get("consistent-equations").model_dump(mode="json")
    assert data["complexity"]["space"] == "O(1)"
    assert analyze(UNION_FIND_OVER_LETTERS, "python", problem=data)["detected_patterns"] == []
    growing = UNION_FIND_OVER_LETTERS.replace("    return all(", "        parent.append(0)\n    return all(")
    assert [d["pattern_type"] for d in analyze(growing, "python", problem=data)["detected_patterns"]] == [
        "suboptimal_space_complexity"
    ]


PREORDER_LINE = """def load_tree(line):
    tokens = line.split(",")

    def build(start):
        if tokens[start] == "#":
            return None, start + 1
        node = TreeNode(int(tokens[start]))
        node.left, after = build(start + 1)
        node.right, after = build(after)
        return node, after

    return build(0)[0]
"""
PREORDER_LINE_JS = """function loadTree(line) {
  const tokens = line.split(",");
  function build(start) {
    if (tokens[start] === "#") return [null, start + 1];
    const node = new TreeNode(Number(tokens[start]));
    let after;
    [node.left, after] = build(start + 1);
    [node.right, after] = build(after);
    return [node, after];
  }
  return build(0)[0];
}
"""


@pytest.mark.parametrize(("code", "language"), [(PREORDER_LINE, "python"), (PREORDER_LINE_JS, "javascript")])
def test_a_preorder_reader_has_a_base_case_and_reads_its_line_once(code, language):
    """The recursion stops where the line says '#' (testing tokens[start] tests start's place),
    and each call starts where the last one stopped."""
    result = analyze(code, language)
    assert "recursion_base_case" not in [d["pattern_type"] for d in result["detected_patterns"]]
    # Each call starts where the last stopped: one pass over the line, not a pivot split.
    assert result["complexity_analysis"]["time_complexity"] == "O(n)"


def test_a_recursion_with_no_test_at_all_is_still_told_it_has_no_base_case():
    code = "def total(nums, i):\n    return nums[i] + total(nums, i + 1)\n"
    assert [d["pattern_type"] for d in analyze(code, "python")["detected_patterns"]] == ["recursion_base_case"]


POINTER_WALK = """def finish_order(adj):
    nxt = [0] * len(adj)
    seen = [False] * len(adj)
    seen[0] = True
    order = []
    stack = [0]
    while stack:
        node = stack[-1]
        if nxt[node] < len(adj[node]):
            other = adj[node][nxt[node]]
            nxt[node] += 1
            if not seen[other]:
                seen[other] = True
                stack.append(other)
        else:
            order.append(stack.pop())
    return order
"""
POINTER_WALK_JS = """function finishOrder(adj) {
  const nxt = new Array(adj.length).fill(0);
  const seen = new Array(adj.length).fill(false);
  seen[0] = true;
  const order = [];
  const stack = [0];
  while (stack.length > 0) {
    const node = stack[stack.length - 1];
    if (nxt[node] < adj[node].length) {
      const other = adj[node][nxt[node]];
      nxt[node] += 1;
      if (!seen[other]) {
        seen[other] = true;
        stack.push(other);
      }
    } else {
      order.push(stack.pop());
    }
  }
  return order;
}
"""


@pytest.mark.parametrize(("code", "language"), [(POINTER_WALK, "python"), (POINTER_WALK_JS, "javascript")])
def test_a_walk_that_moves_a_pointer_before_it_skips_is_not_an_endless_loop(code, language):
    """The branch that may leave the stack as it is moves nxt[node], which its own test reads."""
    found = [d["pattern_type"] for d in analyze(code, language)["detected_patterns"]]
    assert "infinite_loop_risk" not in found
    # Without the pointer's move, the branch that finds a seen neighbour changes nothing it tests.
    stuck = code.replace("      nxt[node] += 1;\n", "").replace("            nxt[node] += 1\n", "")
    assert stuck != code
    assert "infinite_loop_risk" in [d["pattern_type"] for d in analyze(stuck, language)["detected_patterns"]]
