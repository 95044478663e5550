"""What the Structure tab draws for one variable at one step (Qt-free).

The value is rebuilt from the trace (``visual.replay``), its shape detected as the structure
tool's ``auto`` does (a ``deque`` or a variable named ``stack``/``queue`` drawn as one), cut to a
size the window can draw (``visual.normalize``), and laid out (``visual.layout``, networkx) for
trees and graphs. What this step changed is read from the step's own heap patches: the indices a
list patch set or appended, the nodes whose fields changed, the keys a dict patch put.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ...visual.model import Cells, Graph, HashMap, LinkedList, Matrix, Structure, Tree, label
from ...visual.normalize import Budget, StructureError, detect, fields_of, normalize
from ...visual.structures import summary
from .pointers import array_pointers, list_node_positions, node_refs, tree_node_ids
from .timeline import HIDDEN_TYPES, StepState, TraceTimeline
from .tree_check import as_graph, why_not_a_tree

VIEW_BUDGET = Budget(cells=40, tree_nodes=1023, tree_depth=24, graph_nodes=120, graph_edges=400, list_nodes=24,
                     matrix_side=20, map_entries=48)  # fmt: skip
SHAPES = ("auto", "array", "stack", "queue", "linked_list", "tree", "graph", "matrix", "hash_map")
STACK_NAMES = frozenset({"stack", "stk", "st"})
QUEUE_NAMES = frozenset({"queue", "q", "dq", "frontier"})
ALL = "all"


@dataclass
class Drawing:
    """One variable drawn at one step: the model, what changed, and which names point where."""

    variable: str
    kind: str = ""
    model: Structure | None = None
    changed: set[Any] = field(default_factory=set)  # indices, node ids, (row, col) or key labels
    node_names: dict[Any, list[str]] = field(default_factory=dict)  # node id -> variables pointing at it
    note: str = ""


def candidates(state: StepState, declared: Mapping[str, Any] | None = None) -> list[str]:
    """Names worth drawing: the problem's declared structures (``declared``: a tree, a linked list,
    a graph) first, then the learner's objects (nodes), then dicts, then other containers."""
    scored = []
    for order, name in enumerate(state.names_in_scope()):
        found = state.lookup(name)
        obj = _heap_object(state, found[1]) if found else {}
        rank = 3 if not obj else {"object": 0, "dict": 1}.get(str(obj.get("type")), 2)
        if declared and name in declared and found is not None and found[1] is not None:
            rank = -1
        if rank == 2 and any(isinstance(item, dict) and "ref" in item for item in obj.get("items", [])[:3]):
            rank = 1  # a list of lists (a grid) or of nodes
        scored.append((rank, order, name))
    return [name for _, _, name in sorted(scored)]


class StructureReader:
    """Turns (state, variable, shape) into a ``Drawing``.

    The value, its cut model and its layout are kept while no object reachable from the variable
    changes (``TraceTimeline.touched_between``): scrubbing through a walk over a 1,000-node tree rebuilds
    nothing but the colours.
    """

    def __init__(self, timeline: TraceTimeline | None = None):
        self.timeline = timeline if timeline is not None else TraceTimeline()
        self._encoded: str | None = None
        self._reach: set[int] | None = None
        self._at = -1
        self._generation = 0
        self._value_key: tuple | None = None
        self._value: Any = None
        self._model_key: tuple | None = None
        self._model: Structure | None = None
        self._node_ids: dict[int, int] = {}
        self._layout_key: Any = None
        self._checked_key: tuple | None = None  # the value whose tree check is kept
        self._checked: str | None = None
        self._layout: dict = {}

    def read(self, state: StepState, name: str, shape: str = "auto", source: str = "") -> Drawing:
        found = state.lookup(name)
        if found is None:
            return Drawing(name, note=f"{name} is not in scope at this step.")
        uid, encoded = found
        key = self._key(state, encoded)
        value = self._materialize(state, encoded, key)
        declared = self.timeline.shapes.get(name) if shape in ("auto", "graph") else None
        if declared is not None and declared.kind == "graph":
            # An edge list with its node count (or an adjacency list), as the problem declares it.
            count = state.lookup(declared.count) if declared.count else None
            value = declared.graph_data(value, state.replay.value(count[1]) if count else None)
            key = None if key is None else (*key, "declared", json.dumps(value, sort_keys=True, default=str))
        if shape == "auto":
            shape = declared.kind if declared is not None else "auto"
        kind = shape if shape != "auto" else guess_shape(name, encoded, state, value)
        not_a_tree = None
        if kind == "tree":  # never a tree drawn from what is not one: the graph it is instead
            declared = self.timeline.shapes.get(name)
            if declared is not None and declared.kind == "graph":
                not_a_tree = "the problem gives it as a graph's edges"
                count = state.lookup(declared.count) if declared.count else None
                value = declared.graph_data(value, state.replay.value(count[1]) if count else None)
            else:
                not_a_tree = self._why_not_a_tree(value, key)
                value = as_graph(value) if not_a_tree else value
            if not_a_tree:
                kind, key = "graph", None
        drawing = Drawing(name, kind)
        obj = _heap_object(state, encoded)
        try:
            if kind in ("array", "stack", "queue"):
                changed = self._changed_items(state, name, encoded)
                length = len(value) if isinstance(value, (list, tuple, str)) else 1
                scope = {**state.replay.frames.get(uid, {}), **state.variables()}
                pointers = array_pointers(name, length, scope, source)
                model: Structure = normalize(kind, value, sorted(i for i in changed if isinstance(i, int)), pointers,
                                             [], [], VIEW_BUDGET)  # fmt: skip
                drawing.changed = changed
            else:
                model = self._model_of(kind, value, key)
                drawing.changed = self._changed_other(state, kind, encoded, obj)
                drawing.node_names = self._node_names(state, name, kind, value)
        except StructureError as exc:
            drawing.note = str(exc)
            return drawing
        except (TypeError, ValueError, KeyError, IndexError) as exc:
            drawing.note = f"{name} cannot be drawn as a {kind.replace('_', ' ')} ({type(exc).__name__})."
            return drawing
        drawing.model = model
        drawing.note = summary(model)
        if not_a_tree:
            drawing.note = f"not a tree ({not_a_tree}): drawn as a graph. {drawing.note}"
        return drawing

    # -- caches -----------------------------------------------------------------------------------

    def _why_not_a_tree(self, value: Any, key: tuple | None) -> str | None:
        """``why_not_a_tree``, kept while the value stays the same (scrubbing a walk over a tree)."""
        if key is not None and key == self._checked_key:
            return self._checked
        self._checked_key, self._checked = key, why_not_a_tree(value)
        return self._checked

    def _key(self, state: StepState, encoded: Any) -> tuple | None:
        """Names the value: the same key while nothing reachable from the variable changed."""
        try:
            text = json.dumps(encoded, sort_keys=True)
        except (TypeError, ValueError):
            return None
        if text == self._encoded and self._reach is not None:
            touched = self.timeline.touched_between(self._at, state.index)
            if touched is not None and not touched & self._reach:
                self._at = state.index
                return (text, self._generation)
        self._encoded, self._at = text, state.index
        self._reach = state.replay.refers_to(encoded)
        self._generation += 1
        return (text, self._generation)

    def _materialize(self, state: StepState, encoded: Any, key: tuple | None) -> Any:
        if key is not None and key == self._value_key:
            return self._value
        value = state.replay.value(encoded)
        self._value_key, self._value = key, value
        return value

    def _model_of(self, kind: str, value: Any, key: tuple | None) -> Structure:
        if key is not None and (key, kind) == self._model_key and self._model is not None:
            return self._model
        model = normalize(kind, value, [], {}, [], [], VIEW_BUDGET)
        if isinstance(model, (Tree, Graph)):
            self._lay_out(model)
        ids: dict[int, int] = {}
        if kind == "tree" and fields_of(value) is not None:
            ids = tree_node_ids(value)
        elif kind == "linked_list" and not isinstance(value, (list, tuple)):
            ids = list_node_positions(value)
        self._model_key, self._model, self._node_ids = (key, kind), model, ids
        return model

    def _lay_out(self, model: Tree | Graph) -> None:
        from ...visual.layout import graph_positions, tree_positions  # networkx: loaded when first drawn

        if isinstance(model, Tree):
            key: Any = ("tree", model.root, tuple(sorted((n, tuple(k)) for n, k in model.children.items())))
        else:
            key = ("graph", tuple(model.nodes), tuple((a, b) for a, b, _ in model.edges), model.directed)
        if key != self._layout_key:
            self._layout = tree_positions(model) if isinstance(model, Tree) else graph_positions(model)
            self._layout_key = key
        model.positions = self._layout

    # -- what changed at this step, and who points where -------------------------------------------

    def _changed_items(self, state: StepState, name: str, encoded: Any) -> set[Any]:
        patches = state.step.get("heap") or {}
        if not (isinstance(encoded, dict) and "ref" in encoded):
            return {ALL} if name in (state.step.get("changed") or {}) else set()
        return _patched_indices(patches.get(str(encoded["ref"])))

    def _changed_other(self, state: StepState, kind: str, encoded: Any, obj: dict) -> set[Any]:
        patches = state.step.get("heap") or {}
        if not patches:
            return set()
        touched = {int(key) for key in patches}
        if self._node_ids:
            return {self._node_ids[hid] for hid in touched if hid in self._node_ids}
        ref = int(encoded["ref"]) if isinstance(encoded, dict) and "ref" in encoded else None
        patch = patches.get(str(ref)) if ref is not None else None
        if kind == "tree":  # a level-order list: node ids are list indices
            return _patched_indices(patch)
        if kind == "matrix":
            out: set[Any] = {(row, ALL) for row in _patched_indices(patch) if isinstance(row, int)}
            for row, item in enumerate(obj.get("items", [])):
                if isinstance(item, dict) and "ref" in item and int(item["ref"]) in touched:
                    out |= {(row, col) for col in _patched_indices(patches[str(item["ref"])])}
            return out
        if kind in ("hash_map", "graph"):
            if patch is not None and "type" in patch:
                return {ALL}
            keys = {label(state.replay.value(k)) for k, _ in (patch or {}).get("put", [])}
            for key, item in obj.get("entries", []):
                if isinstance(item, dict) and "ref" in item and int(item["ref"]) in touched:
                    keys.add(label(state.replay.value(key)))
            return keys
        return set()

    def _node_names(self, state: StepState, name: str, kind: str, value: Any) -> dict[Any, list[str]]:
        if not self._node_ids:
            return {}
        out: dict[Any, list[str]] = {}
        for hid, names in node_refs(state.variables(), skip=name).items():
            if hid in self._node_ids:
                out.setdefault(self._node_ids[hid], []).extend(names)
        return out


def _patched_indices(patch: dict | None) -> set[Any]:
    if not patch:
        return set()
    if "type" in patch:
        return {ALL}
    out: set[Any] = {int(index) for index, _ in patch.get("set", [])}
    if "length" in patch:
        length = int(patch["length"])
        out |= set(range(length - len(patch.get("append") or []), length))
    return out


def _heap_object(state: StepState, encoded: Any) -> dict:
    if isinstance(encoded, dict) and "ref" in encoded:
        return state.replay.heap.get(int(encoded["ref"])) or {}
    return {}


def guess_shape(name: str, encoded: Any, state: StepState, value: Any) -> str:
    """The structure tool's ``auto``, plus stacks and queues told by their type or their name."""
    obj = _heap_object(state, encoded)
    if obj.get("type") == "deque":
        return "queue"
    if isinstance(value, list) and detect(value) == "array":
        base = name.lower()
        if base in STACK_NAMES or base.endswith("stack"):
            return "stack"
        if base in QUEUE_NAMES or base.endswith("queue"):
            return "queue"
    if isinstance(encoded, dict) and encoded.get("type") in HIDDEN_TYPES:
        return "array"
    return detect(value)


def drawn_labels(model: Structure) -> int:
    """How many elements a model draws (to choose label sizes and whether to label at all)."""
    if isinstance(model, Cells):
        return len(model.labels)
    if isinstance(model, Tree):
        return len(model.labels)
    if isinstance(model, Graph):
        return len(model.nodes)
    if isinstance(model, LinkedList):
        return len(model.labels)
    if isinstance(model, Matrix):
        return sum(len(row) for row in model.cells)
    assert isinstance(model, HashMap)
    return len(model.entries)
