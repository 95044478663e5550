"""Which variables point into a drawn structure (Qt-free).

* For an array: an integer variable is drawn as a named pointer under its cell when the code uses
  it to index that array (``nums[mid]``, ``a[i + 1]``) or when it has a name that people use for
  positions (``lo``, ``hi``, ``left``, ``right``, ...), and its value is a position of the array
  (or one step outside it, where a search ends).
* For nodes (a tree, a linked list): a variable that refers to one of the drawn nodes (``node``,
  ``slow``, ``fast``, the ``root`` of a recursive call) is drawn as a label on that node.
"""

from __future__ import annotations

import ast
from collections import deque
from functools import lru_cache
from typing import Any

from ...visual.normalize import fields_of

POSITION_NAMES = frozenset(
    "i j k l r lo hi low high mid left right start end begin stop top front back head tail p q m n idx index pos"
    " slow fast read write cur".split()
)


@lru_cache(maxsize=16)
def index_names(source: str) -> dict[str, frozenset[str]]:
    """For each subscripted name in the source, the names used inside its subscripts."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return {}
    found: dict[str, set[str]] = {}
    for node in ast.walk(tree):
        if not isinstance(node, ast.Subscript):
            continue
        target = node.value
        name = (
            target.id if isinstance(target, ast.Name) else (target.attr if isinstance(target, ast.Attribute) else None)
        )
        if name is None:
            continue
        inner = {n.id for n in ast.walk(node.slice) if isinstance(n, ast.Name)}
        found.setdefault(name, set()).update(inner)
    return {name: frozenset(names) for name, names in found.items()}


def array_pointers(array: str, length: int, variables: dict[str, Any], source: str) -> dict[str, int]:
    """The integer variables that point into ``array`` (of ``length`` items), by name."""
    used = index_names(source).get(array, frozenset())
    out: dict[str, int] = {}
    for name, value in variables.items():
        if name == array or isinstance(value, bool) or not isinstance(value, int):
            continue
        if (name in used or name in POSITION_NAMES) and -1 <= value <= length:
            out[name] = value
    return out


def node_refs(variables: dict[str, Any], skip: str) -> dict[int, list[str]]:
    """Heap id -> the names (other than ``skip``) that refer to that object."""
    out: dict[int, list[str]] = {}
    for name, value in variables.items():
        if name != skip and isinstance(value, dict) and "ref" in value:
            out.setdefault(int(value["ref"]), []).append(name)
    return out


def tree_node_ids(top: Any) -> dict[int, int]:
    """Heap id -> the id ``visual.normalize.tree`` gives that node (the same breadth-first walk)."""
    ids: dict[int, int] = {}
    seen = {id(top): 0}
    queue = deque([top])
    binary = "children" not in (fields_of(top) or {})
    while queue:
        node = queue.popleft()
        ref = getattr(node, "ref", None)
        if ref is not None:
            ids[int(ref)] = seen[id(node)]
        fields = fields_of(node) or {}
        kids = [fields.get("left"), fields.get("right")] if binary else list(fields.get("children") or [])
        for kid in kids:
            if fields_of(kid) is not None and id(kid) not in seen:
                seen[id(kid)] = len(seen)
                queue.append(kid)
    return ids


def list_node_positions(head: Any) -> dict[int, int]:
    """Heap id -> position along ``next`` from ``head`` (cycles stop the walk)."""
    out: dict[int, int] = {}
    node = head
    seen: set[int] = set()
    while fields_of(node) is not None and id(node) not in seen and len(out) < 100_000:
        seen.add(id(node))
        ref = getattr(node, "ref", None)
        if ref is not None:
            out[int(ref)] = len(seen) - 1
        node = (fields_of(node) or {}).get("next")
    return out
