"""What to try instead of slow code, from the problem's techniques and what the code does.

A hint names a technique and the idea that makes it fast, never the code: a learner is pointed
at a stack for a "next warmer day" problem, at a sliding window for a substring problem, at a
hash map for a pair-finding one. A bank problem lists its ``techniques`` (VOCABULARY); those that
fit the slow pattern found come first, in the problem's own order. Without a problem (or when
none fits), the pattern itself decides: a pair search asks for a hash map, a range sum for
running totals, a search for the next larger item for a stack.
"""

from __future__ import annotations

from collections.abc import Mapping

from . import program as p
from .context import Context

NESTED = "nested_scan"
SLICE = "repeated_slice"
SORT = "repeated_sort"
EXTREME = "repeated_extreme"
RECURSION = "repeated_recursion"

# technique -> the idea, in words (no code), per slow pattern it can remove.
_IDEAS: dict[str, str] = {
    "two_pointers": "two indexes that move toward each other (or one behind the other) over sorted values "
    "meet every pair that matters in one pass",
    "sliding_window": "a window whose two edges only move forward: add what enters, take out what leaves, "
    "instead of reading the window again",
    "prefix_sum": "running totals (prefix sums) give the sum of any range with one subtraction",
    "monotonic_stack": "a stack of the items still waiting for their answer, kept in order: each item is "
    "pushed once and popped once",
    "stack": "a stack of what is still open or waiting: each item is pushed once and popped once",
    "heap": "a heap keeps the smallest (or largest) item ready, O(log n) per change instead of a scan",
    "greedy": "the best choice so far, decided once per item (a running best or reach), so one pass is enough",
    "binary_search": "the order of the values lets you halve the range at each step instead of scanning it",
    "sorting": "sorting once puts the items you compare next to each other",
    "intervals": "sorted by start once, each interval only has to meet the last one kept",
    "memoization": "remember the answer of each smaller case (a memo or a table) instead of computing it again",
    "knapsack": "a table of answers per item and remaining capacity, each cell filled once",
    "union_find": "union-find joins groups and answers 'same group?' in near-constant time",
    "bfs": "a breadth-first walk that marks what it has seen visits each node and edge once",
    "dfs": "a depth-first walk that marks what it has seen visits each node and edge once",
    "topological_sort": "counting incoming edges and taking the nodes that reach zero visits each edge once",
    "shortest_path": "a priority queue (Dijkstra) settles each node once, nearest first",
    "trie": "a trie shares common prefixes, so one walk down it checks every word at once",
    "bit_manipulation": "the bits of a number can stand for a whole set, so one operation handles all of them",
    "hash_map": "a hash map (or set) of what earlier passes saw answers each lookup in one step",
}

# Which techniques can replace which slow pattern.
_FITS: dict[str, set[str]] = {
    NESTED: {
        "two_pointers",
        "sliding_window",
        "prefix_sum",
        "monotonic_stack",
        "stack",
        "heap",
        "greedy",
        "binary_search",
        "sorting",
        "intervals",
        "memoization",
        "knapsack",
        "union_find",
        "bfs",
        "dfs",
        "topological_sort",
        "shortest_path",
        "trie",
        "bit_manipulation",
        "hash_map",
    },
    SLICE: {"prefix_sum", "sliding_window", "two_pointers", "greedy", "hash_map"},
    SORT: {"heap", "sorting", "binary_search", "intervals", "shortest_path"},
    EXTREME: {"heap", "monotonic_stack", "sliding_window", "sorting", "shortest_path", "greedy"},
    RECURSION: {"memoization", "knapsack"},
}


def techniques(problem: Mapping | None) -> list[str]:
    """The problem's techniques in its own order, with ``hash_map`` for a hash-map topic."""
    if not problem:
        return []
    listed = [str(t) for t in problem.get("techniques") or []]
    if "hash_maps" in (problem.get("topics") or []) and "hash_map" not in listed:
        listed.append("hash_map")
    return listed


def time_hint(ctx: Context, slow: str, node: p.Node | None = None, target: str = "") -> str:
    """A sentence that points at the technique that removes the ``slow`` pattern at ``node``."""
    fitting = [t for t in techniques(ctx.raw_problem) if t in _FITS[slow] and t in _IDEAS]
    if "monotonic_stack" in fitting and "stack" in fitting:
        fitting.remove("stack")  # the same idea, said once
    if fitting:
        ideas = [_IDEAS[t] for t in fitting[:2]]
        names = " or ".join(t.replace("_", " ") for t in fitting[:2])
        return f"Think of {names}: {'; '.join(ideas)}{target}."
    return _from_the_code(slow, node) + f"{target}."


def _from_the_code(slow: str, node: p.Node | None) -> str:
    if slow == RECURSION:
        return "Remember each result by its arguments (memoization), or fill a table bottom-up"
    if slow == SLICE:
        return f"Keep a running total instead: {_IDEAS['prefix_sum']}"
    if slow == SORT:
        return "Sort once before the loop, or keep the values in a heap as they arrive"
    if slow == EXTREME:
        return f"Keep the candidates in a heap, or a stack in order: {_IDEAS['heap']}"
    looks_for = _what_the_inner_loop_does(node)
    if looks_for == "total":
        return f"Reuse the sums you already have: {_IDEAS['prefix_sum']}, or {_IDEAS['sliding_window']}"
    if looks_for == "larger":
        return f"Ask which items are still waiting for a larger one: {_IDEAS['monotonic_stack']}"
    if looks_for == "extreme":
        return f"Carry the best value so far instead of searching for it again: {_IDEAS['greedy']}"
    return f"Remember what earlier passes saw: {_IDEAS['hash_map']}"


def _what_the_inner_loop_does(node: p.Node | None) -> str:
    """``total`` (adds items up), ``larger`` (stops at the first larger item), ``extreme`` (a
    min or max over the items) or ``match`` (looks for an equal partner)."""
    if node is None:
        return "match"
    body = node.body if isinstance(node, (p.Loop, p.Comprehension)) else []
    stops = any(isinstance(n, (p.Jump, p.Return)) for n in p.walk(body))
    for sub in p.walk(body):
        if isinstance(sub, p.Assign) and sub.op == "+" and any(isinstance(n, p.Index) for n in p.walk(sub.value or [])):
            return "total"
        if isinstance(sub, p.If) and stops:
            tests = [n for n in p.walk(sub.test) if isinstance(n, p.Compare)]
            if tests and all(op in ("<", ">", "<=", ">=") for t in tests for op in t.ops):
                return "larger"
        if isinstance(sub, p.Call) and sub.name in ("max", "min"):
            return "extreme"
    return "match"
