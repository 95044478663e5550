"""The concepts interview problems are made of, each with the words a learner or a hint uses for it.

A readable table, not a model: a concept is named by any of its phrases (matched word by word after
light stemming, so "sorting", "sorted" and "sort" are one word). Techniques, topics and weakness
patterns of a problem pick which concepts belong to it; a hint's text names the ones it teaches.
Phrases are written as a learner or a hint writes them, lower case.
"""

from __future__ import annotations

# id: (label a learner reads, phrases)
CONCEPTS: dict[str, tuple[str, tuple[str, ...]]] = {
    "hash_lookup": ("a hash map lookup", (
        "hash map", "hashmap", "hash table", "hashtable", "hash set", "hashset", "dict", "dictionary",
        "a map", "the map", "maps", "a set", "the set", "sets", "new map", "new set", "in the set",
        "in a set", "lookup", "look up", "constant time lookup", "o(1) lookup", "lookup table",
        "seen values", "store the values", "remember every value", "remember the values",
        "in o(1)", "constant-time lookup", "object as a map",
    )),
    "complement": ("the value that completes the pair", (
        "complement", "target minus", "target - nums", "target - num", "target - value", "target - x",
        "the other number", "the other value", "other value", "complete the pair", "completes the pair",
        "missing number", "missing value", "what i need", "the one i need", "needed value", "partner",
    )),
    "same_item_twice": ("using the same item twice", (
        "itself", "same element", "same index", "same position", "same number twice", "same item",
        "same element twice", "twice", "j starts after i", "start after i", "i + 1", "i+1",
        "different positions", "different indices", "distinct indices", "same one",
    )),
    "two_pointers": ("two pointers", (
        "two pointers", "two pointer", "pointers", "left and right pointer", "both ends", "two ends",
        "from both sides", "low and high", "low and a high", "toward each other", "towards each other",
        "moving inwards", "move inward", "lo and hi", "left pointer", "right pointer",
    )),
    "sliding_window": ("a sliding window", (
        "sliding window", "window", "slide", "left edge", "right edge", "shrink the window",
        "grow the window", "expand the window", "slid out",
    )),
    "binary_search": ("binary search", (
        "binary search", "bisect", "halve", "halving", "cut in half", "the middle", "midpoint", "mid",
        "search range", "lower bound", "log n", "o(log n)", "ordered half", "two halves",
    )),
    "sorting": ("sorting", (
        "sort", "sorted", "sorting", "sort first", "custom comparison", "comparator", "ordered by",
        "order them", "in order of",
    )),
    "prefix_sum": ("a running (prefix) sum", (
        "prefix sum", "running sum", "running total", "cumulative sum", "total minus", "running product",
        "sum of what you have passed", "left side products", "partial sums", "prefix products",
    )),
    "stack": ("a stack", (
        "stack", "push", "pop", "pile", "last in first out", "lifo", "top of the stack",
        "most recently opened", "most recent",
    )),
    "monotonic_stack": ("a monotonic stack", (
        "monotonic stack", "monotonic", "increasing stack", "decreasing stack", "values decrease",
        "heights increase", "non-decreasing order", "still waiting", "decreasing order",
    )),
    "queue_bfs": ("a queue (breadth-first search)", (
        "bfs", "breadth first", "breadth-first search", "queue", "deque", "level by level", "layer",
        "levels", "level order", "double-ended queue", "multi source",
    )),
    "dfs": ("depth-first search", (
        "dfs", "depth first", "depth-first search", "flood", "flood fill", "explore each branch",
        "explicit stack",
    )),
    "recursion": ("recursion", (
        "recursion", "recursive", "recursively", "recurse", "calls itself", "call itself",
        "recursive call", "subtree", "subtrees", "each child",
    )),
    "base_case": ("the base case", (
        "base case", "base cases", "stopping condition", "stop condition", "when to stop", "empty tree",
        "null node", "none node", "leaf", "leaves", "if not root", "root is none", "first steps",
        "ways(0)", "the first row and column", "empty word",
    )),
    "memoization": ("remembering results (memoization / dynamic programming)", (
        "memo", "memoize", "memoization", "memoise", "cache", "caching", "lru cache", "dp",
        "dynamic programming", "dp table", "dp array", "tabulation", "bottom up", "top down",
        "already computed", "remember the result", "overlapping subproblems", "subproblem",
        "subproblems", "dead end", "remember the list", "fill the table", "store the results", "store results",
        "save the results", "cache the results", "computed once", "compute each once", "reuse the results",
        "remember the answers", "results so far", "recompute", "recomputes", "recomputing", "computed again",
        "same subproblems", "same steps again", "compute the same",
    )),
    "recurrence": ("how one step follows from earlier ones (the recurrence)", (
        "recurrence", "transition", "previous two", "the two steps below", "from the previous",
        "earlier entry", "earlier values", "i - 1", "i-1", "i - 2", "previous row", "last two counts",
        "either taken or skipped", "extends the best", "state",
    )),
    "greedy": ("a greedy choice", (
        "greedy", "greedily", "locally best", "farthest", "furthest", "cheapest so far", "best so far",
        "keep the minimum", "running minimum", "running max", "min so far", "max so far",
        "cheapest day", "farthest reach", "cheapest price", "lowest price", "minimum price", "min price",
        "smallest so far", "lowest so far", "largest so far",
    )),
    "heap": ("a heap (priority queue)", (
        "heap", "heapq", "min heap", "min-heap", "max heap", "priority queue", "heappush", "heappop",
        "k smallest", "k largest", "k biggest", "smallest of only k",
    )),
    "union_find": ("union-find", (
        "union find", "union-find", "disjoint set", "disjoint-set", "dsu", "union", "find root",
        "same root", "share a root", "parent array",
    )),
    "graph_traversal": ("walking the graph", (
        "graph", "neighbours", "neighbors", "neighbour", "neighbor", "adjacency list", "adjacency",
        "edges", "an edge", "traversal", "traverse", "component", "components", "connected",
        "directed graph",
    )),
    "topological_sort": ("a topological order", (
        "topological", "topological sort", "topo sort", "indegree", "in-degree", "in degree",
        "prerequisites", "kahn", "cycle", "predecessors",
    )),
    "shortest_path": ("a shortest path", (
        "shortest path", "shortest paths", "dijkstra", "distances", "earliest arrival",
        "settle the cheapest", "cheapest frontier", "relax",
    )),
    "visited": ("remembering what was visited", (
        "visited", "visited set", "seen set", "mark as visited", "mark each cell", "already visited",
        "visit twice", "revisit", "unvisited", "mark it",
    )),
    "off_by_one": ("a bound that is off by one", (
        "off by one", "off-by-one", "bounds", "boundary", "range end", "range(len", "len - 1", "len-1",
        "length - 1", "index out of range", "out of range", "out of bounds", "one too many",
        "one too few", "last index", "inclusive", "exclusive", "<=", "start at 1", "starts at 1",
        "falls off the end", "wraps around",
    )),
    "overflow": ("running out of room (overflow, recursion depth)", (
        "overflow", "too big", "too large", "integer overflow", "stack overflow", "recursion depth",
        "recursion limit", "maximum recursion",
    )),
    "in_place": ("changing the input in place", (
        "in place", "in-place", "modify the input", "modifying the input", "mutate", "mutating",
        "mutates", "overwrite", "overwrites", "change the list", "changes the input", "a copy",
    )),
    "duplicates": ("duplicate values", (
        "duplicate", "duplicates", "repeated", "repeats", "same value", "equal values",
        "equal neighbours", "reported twice", "copies",
    )),
    "empty_input": ("an empty or tiny input", (
        "empty", "empty list", "empty array", "empty string", "no elements", "single element",
        "one element", "zero length", "edge case", "edge cases", "corner case", "corner cases",
        "only zeros", "runs out",
    )),
    "nested_loop": ("a loop inside a loop (quadratic work)", (
        "nested loop", "nested loops", "nested", "two loops", "double loop", "loop inside a loop",
        "inner loop", "every pair", "all pairs", "each pair", "brute force", "bruteforce", "quadratic",
        "n squared", "n^2", "o(n^2)", "compare every", "every triple", "try every", "trying every",
        "checking every",
    )),
    "linear_scan": ("one pass over the input", (
        "one pass", "single pass", "one loop", "single loop", "linear", "o(n)", "linear time",
        "one scan", "left to right", "left-to-right", "sweep", "scan once", "two passes",
        "forward scan", "linear pass", "only once", "walk once",
    )),
    "early_exit": ("stopping as soon as you know", (
        "early return", "return early", "break out", "break the loop", "stop early", "exit early", "short circuit",
        "as soon as", "check before you store",
    )),
    "counting": ("counting occurrences", (
        "count", "counts", "counter", "counting", "frequency", "frequencies", "occurrences",
        "tally", "histogram", "count table", "table of counts",
    )),
    "bit_manipulation": ("bit tricks (xor, shifts, masks)", (
        "xor", "exclusive or", "exclusive-or", "bits", "bit trick", "bitmask", "mask", "bit shift",
        "shifting", "bitwise", "lowest bit",
    )),
    "trie": ("a prefix tree (trie)", ("trie", "prefix tree", "tries")),
    "backtracking": ("backtracking", (
        "backtrack", "backtracking", "choose and undo", "undo the choice", "permutation",
        "permutations", "every depth", "all combinations",
    )),
    "intervals": ("ordering intervals", (
        "interval", "intervals", "overlap", "overlapping", "overlaps", "merge", "start and end",
        "ranges", "by their start", "last appearance",
    )),
    "linked_list": ("a linked list", (
        "linked list", "next pointer", "dummy node", "placeholder node", "head node", "list node",
        "relink", "relinking",
    )),
    "matrix": ("walking a grid", ("grid", "matrix", "row", "rows", "column", "columns", "cell", "cells")),
    "tree_traversal": ("walking the tree", (
        "inorder", "in order traversal", "in-order", "preorder", "postorder", "level order",
        "left subtree", "right subtree", "the root", "children", "child", "tree", "left child", "right child",
    )),
    "bst_order": ("the search-tree order", (
        "bst", "binary search tree", "smaller on the left", "left is smaller", "sorted order",
        "lower and upper bound", "min and max bound",
    )),
    "space_tradeoff": ("trading memory for time", (
        "extra space", "extra memory", "o(n) space", "o(n) extra space", "memory for time",
        "trade space", "more memory",
    )),
}  # fmt: skip

# Which concepts a problem's tags bring with them.
BY_TECHNIQUE: dict[str, tuple[str, ...]] = {
    "two_pointers": ("two_pointers",),
    "sliding_window": ("sliding_window",),
    "prefix_sum": ("prefix_sum",),
    "binary_search": ("binary_search",),
    "stack": ("stack",),
    "monotonic_stack": ("monotonic_stack", "stack"),
    "heap": ("heap",),
    "intervals": ("intervals", "sorting"),
    "linked_list": ("linked_list",),
    "sorting": ("sorting",),
    "greedy": ("greedy",),
    "bfs": ("queue_bfs", "visited"),
    "dfs": ("dfs", "recursion", "visited"),
    "topological_sort": ("topological_sort", "graph_traversal"),
    "union_find": ("union_find",),
    "shortest_path": ("shortest_path", "heap"),
    "backtracking": ("backtracking", "recursion"),
    "bit_manipulation": ("bit_manipulation",),
    "trie": ("trie",),
    "matrix": ("matrix",),
    "memoization": ("memoization", "recurrence"),
    "knapsack": ("memoization", "recurrence"),
    "design": (),
}
BY_TOPIC: dict[str, tuple[str, ...]] = {
    "arrays": (),
    "strings": (),
    "hash_maps": ("hash_lookup", "counting"),
    "trees": ("recursion", "base_case", "tree_traversal"),
    "graphs": ("graph_traversal", "visited"),
    "dynamic_programming": ("memoization", "recurrence", "base_case"),
}
BY_PATTERN: dict[str, tuple[str, ...]] = {
    "suboptimal_time_complexity": ("nested_loop",),
    "suboptimal_space_complexity": ("space_tradeoff",),
    "off_by_one": ("off_by_one",),
    "missing_edge_case": ("empty_input",),
    "recursion_base_case": ("base_case",),
    "mutating_input": ("in_place",),
}
