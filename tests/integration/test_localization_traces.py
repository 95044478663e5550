"""The learner's trace and the reference's are compared on a failing input of any bank problem's
shape: a tree problem's input is built from its level order as the judge builds it, so the first
step where the two traces part names the planted bug's line (before, no trace was compared on a
tree, a linked list, a design problem or an argument changed in place)."""

from __future__ import annotations

from codementor_desktop.domain.vocabulary import Caller
from codementor_desktop.tools.context import ToolContext

# The bank's reference for tree-diameter with one line slipped: line 12 forgets the node itself,
# so every height is one short and the diameter comes out too small.
SHORT_HEIGHT = """def diameter(root):
    best = 0

    def height(node):
        nonlocal best
        if node is None:
            return 0
        left = height(node.left)
        right = height(node.right)
        best = max(best, left + right)
        return max(left, right)

    height(root)
    return best
"""


def context() -> ToolContext:
    return ToolContext(caller=Caller.PERSON, learner="ada")


def _located(services, language: str, code: str) -> list[dict]:
    """The likely bug locations of ``code`` on tree-diameter after a Submit that fails."""
    run = services.registry.call(
        "execute_code",
        {"problem_id": "tree-diameter", "language": language, "code": code, "test_cases": [], "include_hidden": True},
        context(),
    )
    assert not run["all_passed"]
    analysis = services.registry.call(
        "analyze_code_patterns",
        {"problem_id": "tree-diameter", "language": language, "code": code, "test_results": run, "measure": False},
        context(),
    )
    return [p for p in analysis["detected_patterns"] if p["pattern_type"] == "likely_bug_location"]


def test_a_tree_problems_traces_name_the_slipped_line(services):
    assert SHORT_HEIGHT.splitlines()[10].strip() == "return max(left, right)"
    located = _located(services, "python", SHORT_HEIGHT)
    assert located
    top = located[0]
    assert top["code_location"]["line_start"] == 11, located
    # The claim comes from the traces (run on a tree built from the failing input), not the spectrum
    # alone: line 11 also runs in a passing test.
    divergence = top["evidence"].get("divergence")
    assert divergence is not None and divergence["kind"] == "statement", top
    assert "line 11 is the first one that differs from the reference's" in top["description"], top
    assert top["evidence"]["worded_as"] == "statement", top


# The same slip in JavaScript: line 8 forgets the node itself.
SHORT_HEIGHT_JS = """function diameter(root) {
  let best = 0;
  const height = (node) => {
    if (node === null) return 0;
    const left = height(node.left);
    const right = height(node.right);
    best = Math.max(best, left + right);
    return Math.max(left, right);
  };
  height(root);
  return best;
}
"""


def test_a_tree_problems_traces_name_the_slipped_line_in_javascript(services):
    located = _located(services, "javascript", SHORT_HEIGHT_JS)
    assert located and located[0]["code_location"]["line_start"] == 8, located
    assert located[0]["evidence"].get("divergence") is not None, located[0]
