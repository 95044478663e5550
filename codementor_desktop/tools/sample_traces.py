"""Sample programs traced in this process by the child's own tracer: real traces for the window's
demos, screenshots and benchmarks, made without a child process.

The steps take the same JSON round trip and the same assembler as a child's, so a panel shows
exactly what ``bp_trace`` would give it. Only these sample programs run here: a learner's code is
always traced in a child (``bp_trace``).
"""

from __future__ import annotations

import contextlib
import json
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..runner.child.python import sandbox
from ..runner.child.python import tracer as child_tracer
from ..runner.protocol import ChildReport
from ..runner.trace_assembly import TraceAssembler

if TYPE_CHECKING:
    from ..runner.child.wire import TraceStep

FILENAME = "<sample solution>"

BINARY_SEARCH = """def search(nums, target):
    lo, hi = 0, len(nums) - 1
    while lo <= hi:
        mid = (lo + hi) // 2
        if nums[mid] == target:
            return mid
        if nums[mid] < target:
            lo = mid + 1
        else:
            hi = mid - 1
    return -1
"""

FACTORIAL = """def fact(n):
    if n <= 1:
        return 1
    rest = fact(n - 1)
    return n * rest
"""

RUNNING_SUM = """def running_sum(values):
    total = 0
    seen = []
    for value in values:
        total += value
        seen.append(total)
        print("total", total)
    return seen
"""

BUILD_TREE = """class TreeNode:
    def __init__(self, val):
        self.val = val
        self.left = None
        self.right = None


def build(values):
    if not values:
        return None
    middle = len(values) // 2
    node = TreeNode(values[middle])
    node.left = build(values[:middle])
    node.right = build(values[middle + 1:])
    return node
"""

TREE_WALK = (  # a 1,000-node tree built, then walked in order: the Structure tab's heaviest drawing
    BUILD_TREE
    + """

def walk(root):
    order = []
    stack = []
    node = root
    while stack or node:
        while node:
            stack.append(node)
            node = node.left
        node = stack.pop()
        order.append(node.val)
        node = node.right
    return order


def main(n):
    root = build(list(range(n)))
    return walk(root)
"""
)

INSERT_TREE = """class TreeNode:
    def __init__(self, val):
        self.val = val
        self.left = None
        self.right = None


def insert(root, val):
    if root is None:
        return TreeNode(val)
    if val < root.val:
        root.left = insert(root.left, val)
    else:
        root.right = insert(root.right, val)
    return root


def build(keys):
    root = None
    for key in keys:
        root = insert(root, key)
    return root
"""

ENDLESS_LOOP = """def count_down(n):
    steps = 0
    while n > 0:
        steps += 1
    return steps
"""

COUNTING = """def running_stats(n):
    recent = [0] * 10
    counts = {}
    total = 0
    for i in range(n):
        value = (i * 7) % 23
        recent[i % 10] = value
        counts[value % 5] = counts.get(value % 5, 0) + 1
        total += value
    return total, counts
"""


class _MemoryWriter:
    """The child's frame writer, keeping the frames after the JSON round trip a child's take."""

    def __init__(self) -> None:
        self.frames: list[dict] = []

    def send(self, kind: str, **payload: Any) -> None:
        payload["kind"] = kind
        self.frames.append(json.loads(json.dumps(payload)))

    __call__ = send

    def send_steps(self, first: int, steps: list) -> None:
        self.send("trace_batch", first=first, steps=json.dumps(steps))  # JSON text, as a child sends it


def trace_here(
    code: str,
    call: str | None = None,
    *args: Any,
    max_steps: int = 100_000,
    on_steps: Callable[[list[TraceStep]], None] | None = None,
) -> dict[str, Any]:
    """The ``bp_trace`` result of running ``code`` and then ``call(*args)``, traced in this process.

    ``on_steps`` receives the steps batch by batch, as a window receives them while a trace
    streams. A run that reaches ``max_steps`` ends as a child's does: with the loop diagnosis.
    """
    writer = _MemoryWriter()
    frames = writer.frames
    printed = sandbox.CapturedOutput(sandbox.OutputBudget(10_000_000))
    tracer = child_tracer.Tracer(FILENAME, code, writer, printed, max_steps=max_steps, seconds=120)
    namespace: dict[str, Any] = {"__name__": "__main__"}
    value = None
    stopped = False
    with contextlib.redirect_stdout(printed):
        sys.settrace(tracer.trace_call)
        try:
            exec(compile(code, FILENAME, "exec"), namespace)  # noqa: S102 - our own sample code
            if call is not None:
                value = namespace[call](*args)
        except child_tracer.TraceStopped:
            stopped = True
        finally:
            sys.settrace(None)
    if not stopped:
        tracer.flush()
        tracer.close({"reason": "finished", "return_value": tracer.encode(value)})
    assembler = TraceAssembler(on_steps=on_steps)
    for frame in frames:
        assembler.feed(frame)
    result = assembler.result(ChildReport(frames=frames), max_steps)
    result["source_lines"] = code.splitlines()
    return result
