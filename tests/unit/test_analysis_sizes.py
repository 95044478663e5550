"""Time in the problem's own sizes: the height of a tree, string lengths, linked lists and grids
are kept apart from the count of items where the code has them."""

from __future__ import annotations

import importlib.util
import textwrap
from pathlib import Path
from typing import Any

from codementor_desktop.analysis import analyze

TREE = {"function": {"params": [{"name": "root", "type": "TreeNode"}]}}

HEIGHT_AT_EVERY_NODE = """
def diameter(root):
    def height(node):
        if node is None:
            return 0
        return 1 + max(height(node.left), height(node.right))

    best = 0
    stack = [root] if root is not None else []
    while stack:
        node = stack.pop()
        best = max(best, height(node.left) + height(node.right))
        if node.left is not None:
            stack.append(node.left)
        if node.right is not None:
            stack.append(node.right)
    return best
"""
SUBTREE_VALUES_AT_EVERY_NODE = """
def is_valid(root):
    def values(node):
        out, stack = [], [node]
        while stack:
            n = stack.pop()
            if n is not None:
                out.append(n.val)
                stack.append(n.left)
                stack.append(n.right)
        return out

    stack = [root]
    while stack:
        node = stack.pop()
        if node is None:
            continue
        if any(v >= node.val for v in values(node.left)):
            return False
        stack.append(node.left)
        stack.append(node.right)
    return True
"""
INSERT_EACH = """
def build(values):
    def insert(node, value):
        if node is None:
            return TreeNode(value)
        if value < node.val:
            node.left = insert(node.left, value)
        else:
            node.right = insert(node.right, value)
        return node

    root = None
    for value in values:
        root = insert(root, value)
    return root
"""
HEIGHT_OF_ROOT_PER_QUERY = """
def heights(root, queries):
    def height(node):
        if node is None:
            return 0
        return 1 + max(height(node.left), height(node.right))

    return [height(root) + q for q in queries]
"""


def _complexity(code: str, problem: dict) -> dict:
    return analyze(textwrap.dedent(code), "python", problem=problem)["complexity_analysis"]


def _notation(code: str, problem: dict) -> str | None:
    return (_complexity(code, problem)["evidence"].get("time_in_sizes") or {}).get("notation")


def test_a_helper_on_the_subtree_below_each_node_costs_the_height():
    complexity = _complexity(HEIGHT_AT_EVERY_NODE, TREE)
    assert complexity["time_complexity"] == "O(n²)"  # the worst case: a tree as deep as it is large
    assert complexity["evidence"]["time_in_sizes"] == {
        "notation": "O(h · n)",
        "sizes": {"h": "the height of the tree", "n": "the nodes of root"},
    }
    assert _notation(SUBTREE_VALUES_AT_EVERY_NODE, TREE) == "O(h · n)"


def test_a_walk_down_one_path_is_the_height():
    problem = {"function": {"params": [{"name": "values", "type": "list[int]"}]}}
    assert _notation(INSERT_EACH, problem) == "O(h · len(values))"


def test_a_whole_tree_walk_that_is_not_below_a_walked_node_is_not_the_height():
    problem = {"function": {"params": [{"name": "root", "type": "TreeNode"}, {"name": "queries", "type": "list[int]"}]}}
    complexity = _complexity(HEIGHT_OF_ROOT_PER_QUERY, problem)
    assert complexity["time_complexity"] == "O(n²)"
    assert "h" not in (complexity["evidence"].get("time_in_sizes") or {}).get("sizes", {})


GRID = {"function": {"params": [{"name": "grid", "type": "list[list[int]]"}]}}

FLOOD = """
def fill(grid):
    rows, cols = len(grid), len(grid[0])
    stack = [(0, 0)]
    grid[0][0] = 2
    while stack:
        r, c = stack.pop()
        for nr, nc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if 0 <= nr < rows and 0 <= nc < cols and grid[nr][nc] == 1:
                grid[nr][nc] = 2
                stack.append((nr, nc))
    return grid
"""
SWEEP_UNTIL_STILL = """
def spread(grid):
    rows, cols = len(grid), len(grid[0])
    changed = True
    while changed:
        changed = False
        for r in range(rows):
            for c in range(cols):
                if grid[r][c] == 1 and r > 0 and grid[r - 1][c] == 2:
                    grid[r][c] = 2
                    changed = True
    return grid
"""
PAIRS_OF_CELLS = """
def touching(grid):
    land = []
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            if cell == 1:
                land.append((r, c))
    count = 0
    for a in land:
        for b in land:
            if abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1:
                count += 1
    return count
"""
WORKLIST_OF_NUMBERS = """
def drain(nums):
    stack = list(nums)
    total = 0
    while stack:
        value = stack.pop()
        total += value
    return total
"""


def test_a_worklist_of_cells_takes_each_cell_once():
    complexity = _complexity(FLOOD, GRID)
    assert complexity["time_complexity"] == "O(n)"  # n: the cells, as the generator counts them
    assert complexity["evidence"]["time_in_sizes"] == {
        "notation": "O(cols · rows)",
        "sizes": {"cols": "the columns of grid", "rows": "the rows of grid"},
    }


def test_a_sweep_repeated_until_nothing_changes_runs_once_per_cell():
    assert _notation(SWEEP_UNTIL_STILL, GRID) == "O(cols^2 · rows^2)"


def test_cells_collected_by_a_sweep_are_the_cells_and_outweigh_the_sweep():
    assert _notation(PAIRS_OF_CELLS, GRID) == "O(cols^2 · rows^2)"


def test_a_worklist_without_a_grid_is_not_cells():
    problem = {"function": {"params": [{"name": "nums", "type": "list[int]"}]}}
    assert "time_in_sizes" not in _complexity(WORKLIST_OF_NUMBERS, problem)["evidence"]


MERGE = """
def merge(list1, list2):
    dummy = ListNode()
    tail = dummy
    while list1 is not None and list2 is not None:
        if list2.val < list1.val:
            tail.next = list2
            list2 = list2.next
        else:
            tail.next = list1
            list1 = list1.next
        tail = tail.next
    tail.next = list1 if list1 is not None else list2
    return dummy.next
"""
INSERT_EACH_NODE = """
def merge(list1, list2):
    dummy = ListNode(0, list1)
    node = list2
    while node is not None:
        following = node.next
        prev = dummy
        while prev.next is not None and prev.next.val <= node.val:
            prev = prev.next
        node.next = prev.next
        prev.next = node
        node = following
    return dummy.next
"""


def test_a_merge_walks_both_lists_once_and_an_insertion_per_node_multiplies_them():
    problem = {"function": {"params": [{"name": "list1", "type": "ListNode"}, {"name": "list2", "type": "ListNode"}]}}
    merged = _complexity(MERGE, problem)
    assert merged["time_complexity"] == "O(n)"
    assert merged["evidence"]["time_in_sizes"] == {
        "notation": "O(len(list1) + len(list2))",
        "sizes": {"len(list1)": "the length of list1", "len(list2)": "the length of list2"},
    }
    assert _notation(INSERT_EACH_NODE, problem) == "O(len(list1) · len(list2))"


def test_a_one_size_measurement_does_not_overrule_a_reading_in_several_sizes():
    sizes = [16, 32, 64, 128, 256, 512]
    measurement = {"sizes": sizes, "counts": [3 * n * n + 5 for n in sizes]}  # the cells grown as one n
    report = analyze(textwrap.dedent(SWEEP_UNTIL_STILL), "python", problem=GRID, measurement=measurement)
    complexity = report["complexity_analysis"]
    assert complexity["evidence"]["measured"]["class"] == "O(n²)"
    assert complexity["time_complexity"] == "O(n³)"
    assert complexity["evidence"]["time_from"]["source"] == "structure"
    assert "grows the input by one n" in complexity["evidence"]["time_from"]["text"]
    assert complexity["evidence"]["time_in_sizes"]["notation"] == "O(cols^2 · rows^2)"


def test_a_one_size_measurement_still_decides_an_unsure_reading_in_one_size():
    code = """
def count(nums):
    i, total = 0, 0
    while i < len(nums):
        for x in nums:
            total += x
        i += 1
    return total
"""
    sizes = [16, 32, 64, 128, 256, 512]
    measurement = {"sizes": sizes, "counts": [4 * n + 3 for n in sizes]}
    complexity = analyze(
        textwrap.dedent(code),
        "python",
        problem={"function": {"params": [{"name": "nums", "type": "list[int]"}]}},
        measurement=measurement,
    )["complexity_analysis"]
    assert complexity["evidence"]["time_from"]["source"] == "measurement"
    assert complexity["time_complexity"] == "O(n)"


LEVEL_BY_LEVEL = """
def level_sums(root):
    sums = []
    level = [root]
    while level:
        total = 0
        next_level = []
        for node in level:
            total += node.val
            if node.left is not None:
                next_level.append(node.left)
            if node.right is not None:
                next_level.append(node.right)
        sums.append(total)
        level = next_level
    return sums
"""


def test_a_level_by_level_walk_takes_each_node_once():
    complexity = _complexity(LEVEL_BY_LEVEL, TREE)
    assert complexity["time_complexity"] == "O(n)"


EVERY_SUBMATRIX = """
def count(matrix):
    rows, cols = len(matrix), len(matrix[0])
    total = 0
    for r1 in range(rows):
        for r2 in range(r1 + 1, rows + 1):
            for c1 in range(cols):
                for c2 in range(c1 + 1, cols + 1):
                    total += 1
    return total
"""
K_ROUNDS = """
def shorten(num, k):
    for _ in range(k):
        i = 0
        while i + 1 < len(num) and num[i] <= num[i + 1]:
            i += 1
        num = num[:i] + num[i + 1:]
    return num
"""


def test_a_bound_past_the_last_column_is_still_the_columns():
    problem = {"function": {"params": [{"name": "matrix", "type": "list[list[int]]"}]}}
    assert _notation(EVERY_SUBMATRIX, problem) == "O(cols^2 · rows^2)"


def test_a_pointer_bounded_by_a_length_runs_over_that_input_not_over_a_count():
    problem = {"function": {"params": [{"name": "num", "type": "str"}, {"name": "k", "type": "int"}]}}
    assert _notation(K_ROUNDS, problem) == "O(k · len(num))"


ONE_WALK_PER_LEVEL = """
def level_totals(root):
    totals = []
    depth = 0
    while True:
        total, found = 0, False
        stack = [(root, 0)] if root is not None else []
        while stack:
            node, d = stack.pop()
            if d == depth:
                total += node.val
                found = True
                continue
            if node.left is not None:
                stack.append((node.left, d + 1))
            if node.right is not None:
                stack.append((node.right, d + 1))
        if not found:
            return totals
        totals.append(total)
        depth += 1
"""


def test_a_whole_walk_on_every_level_is_n_times_h():
    complexity = _complexity(ONE_WALK_PER_LEVEL, TREE)
    assert complexity["time_complexity"] == "O(n²)"  # a new walk from the root on every pass
    assert complexity["evidence"]["time_in_sizes"]["notation"] == "O(h · n)"


UNION_FIND = """
def count_components(n, edges):
    parent = list(range(n))

    def find(x):
        root = x
        while parent[root] != root:
            root = parent[root]
        while parent[x] != root:
            parent[x], x = root, parent[x]
        return root

    groups = n
    for a, b in edges:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[ra] = rb
            groups -= 1
    return groups
"""


def test_union_find_with_path_compression_is_nodes_plus_edges():
    problem = {"function": {"params": [{"name": "n", "type": "int"}, {"name": "edges", "type": "list[list[int]]"}]}}
    complexity = _complexity(UNION_FIND, problem)
    assert complexity["time_complexity"] == "O(n)"
    assert complexity["evidence"]["time_in_sizes"]["notation"] == "O(n + len(edges))"


def _benchmark() -> Any:
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "complexity_accuracy.py"
    spec = importlib.util.spec_from_file_location("complexity_accuracy", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_benchmark_reads_union_find_and_outer_parentheses_as_the_plain_sum():
    documented_sizes = _benchmark().documented_sizes
    assert documented_sizes("O((V + E) α(V))") == documented_sizes("O(V + E)") == (((1,), (1,)), 0)
    assert documented_sizes("O((rows * cols)^2)") == (((2, 2),), 0)
    assert documented_sizes("O(V * (V + E))") is None  # a sum inside a product stays unscored


BEST_K_OF_COUNTS = """
import heapq

def top_k(nums, k):
    counts = {}
    for value in nums:
        counts[value] = counts.get(value, 0) + 1
    best = heapq.nsmallest(k, counts.items(), key=lambda item: (-item[1], item[0]))
    return [value for value, _ in best]
"""


def test_the_best_k_of_the_distinct_values_counted_is_n_plus_d_log_k():
    problem = {"function": {"params": [{"name": "nums", "type": "list[int]"}, {"name": "k", "type": "int"}]}}
    complexity = _complexity(BEST_K_OF_COUNTS, problem)
    assert complexity["time_complexity"] == "O(n log n)"  # k and the distinct values at most n
    assert complexity["evidence"]["time_in_sizes"] == {
        "notation": "O(len(nums) + len(counts) · log)",
        "sizes": {"len(nums)": "the length of nums", "len(counts)": "the length of counts"},
    }


TWO_COLOURS = """
from collections import deque

def two_colours(graph):
    colour = [-1] * len(graph)
    for start in range(len(graph)):
        if colour[start] != -1:
            continue
        colour[start] = 0
        queue = deque([start])
        while queue:
            u = queue.popleft()
            for v in graph[u]:
                if colour[v] == -1:
                    colour[v] = 1 - colour[u]
                    queue.append(v)
                elif colour[v] == colour[u]:
                    return False
    return True
"""


def test_the_neighbours_of_each_node_taken_off_the_queue_are_each_edge_once():
    problem = {"function": {"params": [{"name": "graph", "type": "list[list[int]]"}]}}
    complexity = _complexity(TWO_COLOURS, problem)
    assert complexity["time_complexity"] == "O(n)"
    assert complexity["evidence"]["time_in_sizes"]["notation"] == "O(len(graph) + E)"
    assert complexity["evidence"]["time_in_sizes"]["sizes"]["E"].startswith("the edges of graph")


BALANCED_TOP_DOWN = """
def is_balanced(root):
    def height(node):
        if node is None:
            return 0
        return 1 + max(height(node.left), height(node.right))

    if root is None:
        return True
    if abs(height(root.left) - height(root.right)) > 1:
        return False
    return is_balanced(root.left) and is_balanced(root.right)
"""
BALANCED_BOTTOM_UP = """
def is_balanced(root):
    def check(node):
        if node is None:
            return 0
        left, right = check(node.left), check(node.right)
        if left < 0 or right < 0 or abs(left - right) > 1:
            return -1
        return 1 + max(left, right)

    return check(root) >= 0
"""


def test_a_recursion_that_measures_the_subtrees_of_each_node_is_n_times_h():
    complexity = _complexity(BALANCED_TOP_DOWN, TREE)
    assert complexity["time_complexity"] == "O(n²)"
    assert complexity["evidence"]["time_in_sizes"]["notation"] == "O(h · n)"
    once = _complexity(BALANCED_BOTTOM_UP, TREE)
    assert once["time_complexity"] == "O(n)"
    assert "time_in_sizes" not in once["evidence"]  # one walk: n says it all
