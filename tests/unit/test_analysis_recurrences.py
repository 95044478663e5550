"""Recurrences: divide and conquer, pivot splits, output-bound enumeration and overlapping
subproblems are told apart, and only the last is called overlapping."""

from __future__ import annotations

import textwrap

import pytest

from codementor_desktop.analysis import analyze

QUICKSORT = """
def sort_values(values):
    if len(values) <= 1:
        return values
    pivot = values[0]
    smaller = sort_values([v for v in values[1:] if v < pivot])
    larger = sort_values([v for v in values[1:] if v >= pivot])
    return smaller + [pivot] + larger
"""
QUICKSELECT = """
def kth_smallest(values, k):
    pivot = values[len(values) // 3]
    low = [v for v in values if v < pivot]
    high = [v for v in values if v > pivot]
    equal = len(values) - len(low) - len(high)
    if k < len(low):
        return kth_smallest(low, k)
    if k >= len(low) + equal:
        return kth_smallest(high, k - len(low) - equal)
    return pivot
"""
IN_PLACE_QUICKSORT = """
def sort_range(values, lo, hi):
    if lo >= hi:
        return
    cut = split(values, lo, hi)
    sort_range(values, lo, cut - 1)
    sort_range(values, cut + 1, hi)

def split(values, lo, hi):
    pivot = values[hi]
    store = lo
    for i in range(lo, hi):
        if values[i] < pivot:
            values[i], values[store] = values[store], values[i]
            store += 1
    values[store], values[hi] = values[hi], values[store]
    return store
"""
MERGESORT = """
def merge_sort(values):
    if len(values) < 2:
        return values
    middle = len(values) // 2
    left = merge_sort(values[:middle])
    right = merge_sort(values[middle:])
    merged = []
    i = j = 0
    while i < len(left) and j < len(right):
        if left[i] <= right[j]:
            merged.append(left[i])
            i += 1
        else:
            merged.append(right[j])
            j += 1
    return merged + left[i:] + right[j:]
"""
BINARY_SEARCH = """
def locate(values, goal, lo, hi):
    if lo > hi:
        return -1
    middle = (lo + hi) // 2
    if values[middle] == goal:
        return middle
    if values[middle] < goal:
        return locate(values, goal, middle + 1, hi)
    return locate(values, goal, lo, middle - 1)
"""
EUCLID = """
def common_divisor(a, b):
    if b == 0:
        return a
    return common_divisor(b, a % b)
"""
MOVES = """
def tower_moves(disks, source=1, target=3):
    moves = []
    if disks > 0:
        spare = 6 - source - target
        moves.extend(tower_moves(disks - 1, source, spare))
        moves.append((source, target))
        moves.extend(tower_moves(disks - 1, spare, target))
    return moves
"""
SUBSETS = """
def all_subsets(items):
    if not items:
        return [[]]
    head, *tail = items
    without = all_subsets(tail)
    return without + [[head] + subset for subset in without]
"""
CHOOSE = """
def choose(start, stop, count):
    if count == 0:
        return [[]]
    picked = []
    for first in range(start, stop - count + 1):
        picked.extend([first] + rest for rest in choose(first + 1, stop, count - 1))
    return picked
"""
BACKTRACKING = """
def subsets(nums):
    found = []

    def walk(index, chosen):
        if index == len(nums):
            found.append(chosen[:])
            return
        walk(index + 1, chosen + [nums[index]])
        walk(index + 1, chosen)

    walk(0, [])
    return found
"""
FIB = """
def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)
"""
EDIT_DISTANCE = """
def distance(a, b):
    if not a or not b:
        return len(a) + len(b)
    if a[0] == b[0]:
        return distance(a[1:], b[1:])
    return 1 + min(distance(a, b[1:]), distance(a[1:], b), distance(a[1:], b[1:]))
"""
MEMO_FIB = """
from functools import cache

@cache
def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)
"""


def _report(code: str) -> dict:
    return analyze(textwrap.dedent(code), "python")


def _overlapping(report: dict) -> list[dict]:
    return [p for p in report["detected_patterns"] if "overlapping" in p["description"]]


@pytest.mark.parametrize(
    ("code", "time", "words"),
    [
        (QUICKSORT, "O(n²)", "on average"),
        (QUICKSELECT, "O(n²)", "O(n) on average"),
        (IN_PLACE_QUICKSORT, "O(n²)", "O(n log n) on average"),
        (MERGESORT, "O(n log n)", "divide and conquer"),
        (BINARY_SEARCH, "O(log n)", "halves"),
        (EUCLID, "O(log n)", "halves"),
        (MOVES, "O(2ⁿ)", "output-bound"),
        (SUBSETS, "O(2ⁿ)", "2ⁿ · n"),
        (CHOOSE, "O(2ⁿ)", "output-bound"),
        (BACKTRACKING, "O(2ⁿ)", "output-bound"),
        (FIB, "O(2ⁿ)", "overlapping subproblems"),
        (EDIT_DISTANCE, "O(2ⁿ)", "overlapping subproblems"),
        (MEMO_FIB, "O(n)", "memoized"),
    ],
)
def test_each_recurrence_has_its_class_and_its_name(code, time, words):
    complexity = _report(code)["complexity_analysis"]
    assert complexity["time_complexity"] == time, complexity["evidence"]["time"]
    assert any(words in note for note in complexity["evidence"]["time"]), complexity["evidence"]["time"]


@pytest.mark.parametrize("code", [QUICKSORT, QUICKSELECT, IN_PLACE_QUICKSORT, MERGESORT, MOVES, SUBSETS, CHOOSE])
def test_divide_and_conquer_and_output_bound_recursion_are_never_called_overlapping(code):
    report = _report(code)
    assert _overlapping(report) == []
    assert not any("overlapping" in note for note in report["complexity_analysis"]["evidence"]["time"])


@pytest.mark.parametrize("code", [FIB, EDIT_DISTANCE])
def test_arguments_that_really_recur_are_overlapping_and_the_hint_is_memoization(code):
    found = _overlapping(_report(code))
    assert len(found) == 1
    assert "memoization" in found[0]["suggestion"].lower()


def test_the_recursion_depth_is_space():
    assert _report(FIB)["complexity_analysis"]["space_complexity"] == "O(n)"
    assert _report(BINARY_SEARCH)["complexity_analysis"]["space_complexity"] == "O(log n)"


TWO_SUM = """
def two_sum(nums, target):
    seen = {}
    for i, x in enumerate(nums):
        if target - x in seen:
            return [seen[target - x], i]
        seen[x] = i
    return []
"""
TWO_SUM_JS = """
function twoSum(nums, target) {
  const seen = new Map();
  for (let i = 0; i < nums.length; i++) {
    if (seen.has(target - nums[i])) return [seen.get(target - nums[i]), i];
    seen.set(nums[i], i);
  }
  return [];
}
"""
LETTER_COUNTS = """
def first_single(s: str) -> int:
    counts = {}
    for ch in s:
        counts[ch] = counts.get(ch, 0) + 1
    for i, ch in enumerate(s):
        if counts[ch] == 1:
            return i
    return -1
"""
BRACKETS = """
def balanced(s: str) -> bool:
    stack = []
    for ch in s:
        if ch == "(":
            stack.append(ch)
        elif not stack:
            return False
        else:
            stack.pop()
    return not stack
"""


@pytest.mark.parametrize(
    ("code", "language", "space"),
    [
        (TWO_SUM, "python", "O(n)"),
        (TWO_SUM_JS, "javascript", "O(n)"),
        (LETTER_COUNTS, "python", "O(1)"),
        (BRACKETS, "python", "O(n)"),
    ],
)
def test_a_container_that_grows_with_the_input_is_extra_space(code, language, space):
    complexity = analyze(textwrap.dedent(code), language)["complexity_analysis"]
    assert complexity["space_complexity"] == space, complexity["evidence"]["space"]


NEXT_ORDER = """
def next_order(perm):
    for i in range(len(perm) - 2, -1, -1):
        if perm[i] < perm[i + 1]:
            for j in range(len(perm) - 1, i, -1):
                if perm[j] > perm[i]:
                    result = list(perm)
                    result[i], result[j] = result[j], result[i]
                    result[i + 1 :] = result[i + 1 :][::-1]
                    return result
    return sorted(perm)
"""
BRUTE_PAIR = """
def pair(nums, target):
    for i in range(len(nums)):
        for j in range(i + 1, len(nums)):
            if nums[i] + nums[j] == target:
                return [i, j]
    return []
"""
FIRST_MATCH = """
def first_negative(nums):
    for i, value in enumerate(nums):
        if value < 0:
            return i
    return -1
"""


@pytest.mark.parametrize(
    ("code", "time"),
    [(NEXT_ORDER, "O(n log n)"), (BRUTE_PAIR, "O(n²)"), (FIRST_MATCH, "O(n)")],
)
def test_loops_are_read_through_their_early_exits(code, time):
    report = _report(code)
    assert report["complexity_analysis"]["time_complexity"] == time, report["complexity_analysis"]["evidence"]
    if code is NEXT_ORDER:
        # Two scans from the end, each ending at its first match: no nested-loop finding.
        assert not [p for p in report["detected_patterns"] if p["pattern_type"] == "suboptimal_time_complexity"]


TABLE = """
def best_value(capacity, items):
    best = [0] * (capacity + 1)
    for weight, value in items:
        for room in range(capacity, weight - 1, -1):
            best[room] = max(best[room], best[room - weight] + value)
    return best[capacity]
"""
GRID = """
def count_land(grid):
    rows, cols = len(grid), len(grid[0])
    land = 0
    for r in range(rows):
        for c in range(cols):
            land += grid[r][c]
    return land
"""


def test_several_sizes_are_kept_where_the_code_has_them():
    problem = {
        "function": {"params": [{"name": "capacity", "type": "int"}, {"name": "items", "type": "list[list[int]]"}]}
    }
    table = analyze(textwrap.dedent(TABLE), "python", problem=problem)["complexity_analysis"]
    assert table["time_complexity"] == "O(n²)"
    assert table["evidence"]["time_in_sizes"]["notation"] == "O(capacity · len(items))"
    grid = analyze(
        textwrap.dedent(GRID), "python", problem={"function": {"params": [{"name": "grid", "type": "list[list[int]]"}]}}
    )["complexity_analysis"]
    assert grid["evidence"]["time_in_sizes"]["notation"] == "O(cols · rows)"
    assert "time_in_sizes" not in _report(BRUTE_PAIR)["complexity_analysis"]["evidence"]  # one size says it


BITS = """
def ones(n):
    count = 0
    while n:
        n &= n - 1
        count += 1
    return count
"""
NEWTON = """
def root(x, tolerance):
    guess = x / 2
    while abs(guess * guess - x) > tolerance:
        guess = 0.5 * (guess + x / guess)
    return guess
"""
NESTED_ITEMS = """
def leaves(tree):
    found = []
    for item in tree:
        if isinstance(item, list):
            found.extend(leaves(item))
        else:
            found.append(item)
    return found
"""
GROWING_ORDER = """
def order(nodes):
    done = [node for node in nodes if not node.before]
    for node in done:
        for after in node.after:
            if set(done).issuperset(after.before) and after not in done:
                done.append(after)
    return done
"""


@pytest.mark.parametrize(
    ("code", "time"),
    [(BITS, "O(log n)"), (NEWTON, "O(log n)"), (NESTED_ITEMS, "O(n)"), (GROWING_ORDER, "O(n²)")],
)
def test_bit_clearing_newton_steps_nested_lists_and_a_growing_order(code, time):
    complexity = _report(code)["complexity_analysis"]
    assert complexity["time_complexity"] == time, complexity["evidence"]["time"]


SUBSET_TABLE = """
def reachable(nums):
    n = len(nums)
    ok = [False] * (1 << n)
    ok[0] = True
    for mask in range(1 << n):
        if ok[mask]:
            for i in range(n):
                ok[mask | (1 << i)] = True
    return ok[-1]
"""


def test_a_table_over_every_subset_is_exponential_in_time_and_space():
    complexity = _report(SUBSET_TABLE)["complexity_analysis"]
    assert complexity["time_complexity"] == "O(2ⁿ)" and complexity["space_complexity"] == "O(2ⁿ)"
    assert any("subset" in note for note in complexity["evidence"]["time"])


JS_QUICKSORT = """function sortValues(arr) {
  if (arr.length <= 1) return arr;
  const pivot = arr[0];
  const rest = arr.slice(1);
  return [...sortValues(rest.filter((x) => x < pivot)), pivot, ...sortValues(rest.filter((x) => x >= pivot))];
}
"""
JS_MOVES = """function moves(n, from, to) {
  const out = [];
  if (n > 0) {
    const spare = 6 - from - to;
    out.push(...moves(n - 1, from, spare));
    out.push([from, to]);
    out.push(...moves(n - 1, spare, to));
  }
  return out;
}
"""
JS_FIB = """function fib(n) {
  if (n < 2) return n;
  return fib(n - 1) + fib(n - 2);
}
"""


@pytest.mark.parametrize(
    ("code", "time", "words", "overlapping"),
    [
        (JS_QUICKSORT, "O(n²)", "O(n log n) on average", False),
        (JS_MOVES, "O(2ⁿ)", "output-bound", False),
        (JS_FIB, "O(2ⁿ)", "overlapping subproblems", True),
    ],
)
def test_javascript_recurrences_read_as_pythons_do(code, time, words, overlapping):
    report = analyze(code, "javascript")
    complexity = report["complexity_analysis"]
    assert complexity["time_complexity"] == time
    assert any(words in note for note in complexity["evidence"]["time"]), complexity["evidence"]["time"]
    assert bool(_overlapping(report)) is overlapping


WINDOW_MAXIMA = """
def window_maxima(nums, k):
    found = []
    for start in range(len(nums) - k + 1):
        best = nums[start]
        for i in range(start + 1, start + k):
            best = max(best, nums[i])
        found.append(best)
    return found
"""


def test_a_window_of_k_items_is_named_by_k():
    problem = {"function": {"params": [{"name": "nums", "type": "list[int]"}, {"name": "k", "type": "int"}]}}
    complexity = analyze(textwrap.dedent(WINDOW_MAXIMA), "python", problem=problem)["complexity_analysis"]
    assert complexity["evidence"]["time_in_sizes"]["notation"] == "O(k · len(nums))"


GRAPH_WALK = """
from collections import deque


def reachable(n, edges, start, goal):
    adj = [[] for _ in range(n)]
    for a, b in edges:
        adj[a].append(b)
        adj[b].append(a)
    seen = [False] * n
    seen[start] = True
    queue = deque([start])
    while queue:
        node = queue.popleft()
        if node == goal:
            return True
        for nxt in adj[node]:
            if not seen[nxt]:
                seen[nxt] = True
                queue.append(nxt)
    return False
"""


def test_a_graph_walk_is_nodes_plus_edges():
    problem = {
        "function": {
            "params": [
                {"name": "n", "type": "int"},
                {"name": "edges", "type": "list[list[int]]"},
                {"name": "start", "type": "int"},
                {"name": "goal", "type": "int"},
            ]
        }
    }
    complexity = analyze(textwrap.dedent(GRAPH_WALK), "python", problem=problem)["complexity_analysis"]
    assert complexity["time_complexity"] == "O(n)"
    assert complexity["evidence"]["time_in_sizes"]["notation"] == "O(n + len(edges))"
