"""What an input is: a parameter's kind and bounds, from a bank problem's ``[inputs]`` table or from
the loose names a caller writes (``array``, ``number``, ``TreeNode``, ``graph``, ``matrix``...).

The kinds are few on purpose: every category and strategy is written once per kind. A value is
plain JSON data in the bank's encodings (a tree is its level-order list, a linked list a list, a
graph an edge list or an adjacency list), so it travels to either child as a literal.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

# Loose defaults where the caller gives a type and no bounds: small enough for a fast search,
# wide enough to hold negatives and a few duplicates.
DEFAULT_MIN, DEFAULT_MAX = -1000, 1000
DEFAULT_MAX_LEN = 50
LOWERCASE = "abcdefghijklmnopqrstuvwxyz"

# Names that say a list of lists is a grid (rectangular), or a list of pairs.
GRID_NAMES = ("matrix", "grid", "image", "board", "heights", "mat", "rooms", "maze")
PAIR_NAMES = ("intervals", "envelopes", "pairs", "points", "ranges", "meetings")
WEIGHTED_EDGE_NAMES = ("times", "flights", "weighted_edges")
NODE_COUNT_NAMES = ("n", "num_courses", "num_nodes", "node_count", "nodes", "v")

KINDS = ("int", "float", "bool", "str", "list", "tree", "linked", "grid", "edges", "adjacency")


class UnknownType(ValueError):
    """A type name this search cannot generate values for."""


@dataclass(frozen=True)
class Param:
    """One parameter: its ``kind``, bounds, and (for lists) the element it holds."""

    name: str
    kind: str
    lo: int = DEFAULT_MIN
    hi: int = DEFAULT_MAX
    min_len: int = 0
    max_len: int = DEFAULT_MAX_LEN
    alphabet: str | None = None  # None: any character (the unicode category may use any)
    element: Param | None = None  # a list's element
    width: int = 2  # an edge's numbers (3 for a weighted one), a pair's
    from_table: bool = False  # bounds from a problem's table: never generate outside them
    # Preconditions a problem's table may state: values all different, in increasing order, a tree
    # that is a binary search tree (no larger value left, no smaller one right).
    distinct: bool = False
    ascending: bool = False
    rotated: bool = False  # increasing, then rotated by some amount (``sorted = "rotated"``)
    bst: bool = False

    @property
    def bank_type(self) -> str:
        """The bank's type name, which the child uses to build nodes from lists."""
        if self.kind == "list" and self.element is not None:
            return f"list[{self.element.bank_type}]"
        return {
            "int": "int",
            "float": "float",
            "bool": "bool",
            "str": "str",
            "tree": "TreeNode",
            "linked": "ListNode",
            "grid": "list[list[int]]",
            "edges": "list[list[int]]",
            "adjacency": "list[list[int]]",
        }.get(self.kind, "")

    @property
    def is_collection(self) -> bool:
        return self.kind in ("str", "list", "tree", "linked", "grid", "edges", "adjacency")

    @property
    def numbers(self) -> Param:
        """The parameter whose ``lo``/``hi`` bound the numbers inside this one."""
        return self.element.numbers if self.kind == "list" and self.element is not None else self


_LOOSE = {
    "integer": "int", "number": "int", "num": "int", "long": "int", "index": "int",
    "double": "float", "real": "float", "decimal": "float",
    "boolean": "bool",
    "string": "str", "char": "str", "text": "str", "word": "str",
    "array": "list[int]", "list": "list[int]", "arr": "list[int]", "numbers": "list[int]", "vector": "list[int]",
    "matrix": "grid", "2d array": "grid", "2d_array": "grid",
    "tree": "TreeNode", "treenode": "TreeNode", "binary tree": "TreeNode", "binary_tree": "TreeNode",
    "bst": "TreeNode", "optional[treenode]": "TreeNode",
    "listnode": "ListNode", "linked list": "ListNode", "linked_list": "ListNode", "linkedlist": "ListNode",
    "optional[listnode]": "ListNode",
    "graph": "adjacency", "adjacency list": "adjacency", "adjacency_list": "adjacency",
    "edge list": "edges", "edge_list": "edges",
}  # fmt: skip
_ARRAY_SUFFIX = re.compile(r"^(.+?)\s*\[\]$")  # "int[]", "number[]", "string[]"
_GENERIC = re.compile(r"^(?:list|array|sequence)\s*[\[<](.+)[\]>]$")


def canonical_type(type_name: str) -> str:
    """The bank's spelling of a loose type name: ``array`` is ``list[int]``, ``number[]`` too."""
    text = " ".join(type_name.strip().split())
    lowered = text.lower()
    if lowered in _LOOSE:
        return _LOOSE[lowered]
    suffix = _ARRAY_SUFFIX.match(text)
    if suffix:
        return f"list[{canonical_type(suffix.group(1))}]"
    generic = _GENERIC.match(lowered)
    if generic:
        return f"list[{canonical_type(generic.group(1))}]"
    return lowered if lowered in ("int", "float", "bool", "str", "grid", "edges", "adjacency") else text


def parse_type(name: str, type_name: str, table: Mapping[str, Any] | None = None) -> Param:
    """The parameter ``name`` of ``type_name`` (loose or the bank's), bounded by ``table`` when given.

    Raises ``UnknownType`` with the name it could not read."""
    table = table or {}
    text = canonical_type(type_name)
    numbers = _numbers(table)
    if text in ("int", "float", "bool"):
        return replace(Param(name, text), **numbers)
    if text == "str":
        return replace(Param(name, "str", alphabet=LOWERCASE if table else None, max_len=20), **_strings(table))
    if text == "TreeNode":
        nodes = table.get("nodes")
        tree = Param(name, "tree", max_len=int(nodes) if isinstance(nodes, int) else 15)
        return replace(tree, **numbers, **_lengths(table))
    if text == "ListNode":
        return replace(Param(name, "linked"), **numbers, **_lengths(table))
    if text in ("grid", "edges", "adjacency"):
        element = replace(Param(name, "int"), **numbers)
        return replace(_grid_like(name, text, element), **_lengths(table), from_table=bool(table))
    generic = _GENERIC.match(text) or _GENERIC.match(text.lower())
    if generic is None:
        raise UnknownType(f"cannot generate values of type {type_name!r} for {name!r}")
    inner = canonical_type(generic.group(1))
    inner_generic = _GENERIC.match(inner)
    if inner_generic is not None:  # a list of lists: a graph, a grid, or a list of pairs
        leaf = parse_type(
            name, inner_generic.group(1), {k: v for k, v in table.items() if k in ("min", "max", "alphabet")}
        )
        kind = _list_of_lists_kind(name, table, leaf)
        if leaf.kind == "str" and kind == "grid":
            leaf = replace(leaf, min_len=1, max_len=1)  # a grid of letters
        if kind == "pairs":
            pair = Param(name, "list", element=leaf, min_len=2, max_len=2, from_table=bool(table))
            return replace(Param(name, "list", element=pair), **_lengths(table), from_table=bool(table))
        return replace(_grid_like(name, kind, leaf), **_lengths(table), from_table=bool(table))
    element_table = {k: v for k, v in table.items() if k in ("min", "max", "alphabet")}
    element = parse_type(name, inner, element_table)
    if element.kind == "str":
        element = replace(element, min_len=1, max_len=6)
    elif element.kind in ("linked", "tree"):
        element = replace(element, max_len=6)
    return replace(Param(name, "list", element=element), **_lengths(table), from_table=bool(table))


def _numbers(table: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"from_table": bool(table)}
    for key, field_name in (("min", "lo"), ("max", "hi")):
        value = table.get(key)
        if isinstance(value, int | float) and not isinstance(value, bool):
            out[field_name] = int(value)
    return out


def _lengths(table: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {key: True for key in ("distinct", "bst") if table.get(key) is True}
    if table.get("sorted") is True:
        out["ascending"] = True
    elif table.get("sorted") == "rotated":
        out["ascending"] = out["rotated"] = True
    for key in ("min_len", "max_len"):
        value = table.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            out[key] = value
    return out


def _strings(table: Mapping[str, Any]) -> dict[str, Any]:
    out = {**_lengths(table), "from_table": bool(table)}
    if isinstance(table.get("alphabet"), str) and table["alphabet"]:
        out["alphabet"] = table["alphabet"]
    return out


def _list_of_lists_kind(name: str, table: Mapping[str, Any], leaf: Param) -> str:
    lowered = name.lower()
    if "nodes" in table:
        return "adjacency" if lowered in ("graph", "adj", "adjacency", "adjacency_list") else "edges"
    if lowered in PAIR_NAMES or lowered in ("queries",):
        return "pairs"
    if lowered in ("edges", "connections", "prerequisites", "trust"):
        return "edges"
    return "grid"


def _grid_like(name: str, kind: str, element: Param) -> Param:
    width = 3 if name.lower() in WEIGHTED_EDGE_NAMES else 2
    return Param(name, kind, element=element, width=width, lo=element.lo, hi=element.hi)


@dataclass(frozen=True)
class Signature:
    """The inputs of one function, in call order, and how its answers are compared."""

    params: tuple[Param, ...]
    compare: str = "exact"
    checker: str | None = None
    design: tuple[tuple[str, int], ...] = ()  # a design problem: its class's methods and their arities

    def function_params(self) -> list[dict[str, str]]:
        return [{"name": p.name, "type": p.bank_type} for p in self.params]

    def allows(self, arguments: Mapping[str, Any]) -> bool:
        """Whether ``arguments`` keep the preconditions the table states (distinct, sorted, BST)."""
        return all(
            keeps_preconditions(p, arguments.get(p.name)) and long_enough(p, arguments.get(p.name)) for p in self.params
        )

    def node_count_param(self) -> Param | None:
        """The int parameter that counts a graph's nodes (``n``), if there is one."""
        return next((p for p in self.params if p.kind == "int" and p.name.lower() in NODE_COUNT_NAMES), None)


def loose_signature(input_types: Mapping[str, str]) -> Signature:
    """A signature from the caller's ``input_types`` (``{"arr": "array", "target": "number"}``).

    A graph's nodes are numbered from 0, and a node count (``n``) beside a graph is no negative
    number: the loose number bounds would make a graph of a thousand nodes numbered from -1000."""
    params = [parse_type(name, type_name) for name, type_name in input_types.items()]
    if any(p.kind in ("edges", "adjacency") for p in params):
        counter = Signature(tuple(params)).node_count_param()
        nodes = DEFAULT_MAX_LEN
        params = [
            replace(p, lo=0, hi=nodes)
            if p is counter
            else replace(p, lo=0, hi=nodes - 1, element=replace(p.element, lo=0, hi=nodes - 1) if p.element else None)
            if p.kind in ("edges", "adjacency")
            else p
            for p in params
        ]
    return Signature(tuple(params))


def with_alphabet(signature: Signature, alphabet: str | Mapping[str, str] | None) -> Signature:
    """``signature`` whose strings are drawn from ``alphabet``: one for every string parameter (and
    the strings inside lists and grids), or one per parameter name (``"*"``: every other one)."""
    if not alphabet:
        return signature

    def narrowed(param: Param, letters: str | None) -> Param:
        if letters is None:
            return param
        element = narrowed(param.element, letters) if param.element is not None else None
        if param.kind == "str":
            return replace(param, alphabet=letters, element=element)
        return replace(param, element=element)

    def letters_of(param: Param) -> str | None:
        return alphabet if isinstance(alphabet, str) else alphabet.get(param.name, alphabet.get("*"))

    return replace(signature, params=tuple(narrowed(p, letters_of(p)) for p in signature.params))


def table_signature(
    params: list[tuple[str, str]],
    tables: Mapping[str, Mapping[str, Any]],
    compare: str = "exact",
    checker: str | None = None,
    design: tuple[tuple[str, int], ...] = (),
) -> Signature:
    """A bank problem's signature: each ``(name, type)`` bounded by its ``[inputs]`` table."""
    return Signature(
        tuple(parse_type(name, type_name, tables.get(name) or {}) for name, type_name in params),
        compare=compare,
        checker=checker,
        design=design,
    )


def long_enough(param: Param, value: Any) -> bool:
    """``value`` has at least the parameter's ``min_len`` items (a tree: nodes)."""
    if param.kind == "tree" and isinstance(value, list):
        return sum(v is not None for v in value) >= param.min_len
    return not isinstance(value, list | str) or len(value) >= param.min_len


def keeps_preconditions(param: Param, value: Any) -> bool:
    """``value`` keeps ``param``'s stated preconditions (a parameter without any keeps them all)."""
    if not (param.distinct or param.ascending or param.bst) or not isinstance(value, list | str):
        return True
    items = list(value)
    if param.bst:
        return is_search_tree(items) and (not param.distinct or _all_different([v for v in items if v is not None]))
    if param.kind == "tree":
        # A tree's level order holds a null per missing child: only its values need be different.
        return not param.distinct or _all_different([v for v in items if v is not None])
    if param.distinct and not _all_different(items):
        return False
    descents = sum(1 for a, b in zip(items, items[1:], strict=False) if a > b)
    if param.rotated:
        return descents == 0 or (descents == 1 and items[-1] <= items[0])
    return not param.ascending or descents == 0


def _all_different(items: list[Any]) -> bool:
    keys = [repr(item) for item in items]
    return len(set(keys)) == len(keys)


def is_search_tree(level_order: list[Any]) -> bool:
    """Whether a level-order list is a binary search tree (a left subtree at most, a right one at
    least the node's value: a repeated value may sit on either side, anywhere below it, as
    ``bst-mode`` states; ``distinct`` excludes it)."""
    if not level_order or level_order[0] is None:
        return all(value is None for value in level_order)
    if not all(value is None or isinstance(value, int | float) for value in level_order):
        return False
    nodes: list[tuple[Any, float, float]] = [(level_order[0], float("-inf"), float("inf"))]
    index = 1
    position = 0
    while position < len(nodes) and index < len(level_order):
        value, low, high = nodes[position]
        position += 1
        for side in ("left", "right"):
            if index >= len(level_order):
                break
            child = level_order[index]
            index += 1
            if child is None:
                continue
            if side == "left" and not (low <= child <= value):
                return False
            if side == "right" and not (value <= child <= high):
                return False
            nodes.append((child, low, value) if side == "left" else (child, value, high))
    return True


def search_tree(values: list[int]) -> list[Any]:
    """The level-order list of the binary search tree ``values`` make, inserted in their order."""
    if not values:
        return []
    left: dict[int, int] = {}
    right: dict[int, int] = {}
    for index in range(1, len(values)):
        node = 0
        while True:
            side = left if values[index] < values[node] else right
            if node not in side:
                side[node] = index
                break
            node = side[node]
    out: list[Any] = []
    queue: list[int | None] = [0]
    while queue:
        at = queue.pop(0)
        if at is None:
            out.append(None)
            continue
        out.append(values[at])
        queue += [left.get(at), right.get(at)]
    while out and out[-1] is None:
        out.pop()
    return out
