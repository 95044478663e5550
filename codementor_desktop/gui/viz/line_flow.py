"""The execution flow of a trace by source line, gathered step by step in the timeline's pass (Qt-free).

Each executed line of each function is a node, counted each time it ran; an edge joins two lines
that ran one after the other in the same call (backwards: a loop) or a calling line and the first
line of the call. Every step remembers the edge that brought it (``edge_at``), so the drawing can
light the one the current step just took. ``visual.flow`` merges the same lines into basic blocks
for the Mermaid text.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass

from ...visual.replay import Replay

LineKey = tuple[str, int]  # (function, line)


@dataclass
class FlowEdge:
    source: LineKey
    target: LineKey
    kind: str  # "next" | "loop" | "call"
    count: int = 0


class LineFlow:
    """Nodes, edges and the edge each step took; fed by the timeline's pass."""

    def __init__(self) -> None:
        self.counts: dict[LineKey, int] = {}
        self.functions: list[str] = []
        self.edges: list[FlowEdge] = []
        self._edge_ids: dict[tuple[LineKey, LineKey, str], int] = {}
        self._last: dict[int, LineKey] = {}
        self._caller: dict[int, LineKey] = {}
        self._came_by = array("i")
        self.version = 0  # bumps when a node or an edge appears
        self.fed = 0

    def feed(self, step: dict, replay: Replay) -> None:
        event = step.get("event")
        frame = int(step.get("frame", 0))
        function = str(step.get("function", "?"))
        edge = -1
        if event == "call" and not step.get("resumed"):
            parent = step.get("parent")
            caller = self._last.get(int(parent)) if parent is not None else None
            if caller is not None:
                self._caller[frame] = caller
        elif event == "line":
            here = (function, int(step.get("line", 0)))
            if here not in self.counts:
                self.counts[here] = 0
                if function not in self.functions:
                    self.functions.append(function)
                self.version += 1
            self.counts[here] += 1
            before = self._last.get(frame)
            if before is not None:
                edge = self._edge(before, here, "loop" if here[1] <= before[1] else "next")
            elif frame in self._caller:
                edge = self._edge(self._caller.pop(frame), here, "call")
            self._last[frame] = here
        self._came_by.append(edge)
        self.fed += 1

    def _edge(self, source: LineKey, target: LineKey, kind: str) -> int:
        key = (source, target, kind)
        index = self._edge_ids.get(key)
        if index is None:
            index = self._edge_ids[key] = len(self.edges)
            self.edges.append(FlowEdge(source, target, kind))
            self.version += 1
        self.edges[index].count += 1
        return index

    def edge_at(self, step: int) -> int | None:
        """The index (in ``edges``) of the edge step ``step`` took, if it took one."""
        if 0 <= step < len(self._came_by) and self._came_by[step] >= 0:
            return self._came_by[step]
        return None

    def nodes(self) -> list[LineKey]:
        """Executed lines, function by function (in order of first call), then by line."""
        order = {name: index for index, name in enumerate(self.functions)}
        return sorted(self.counts, key=lambda key: (order.get(key[0], 0), key[1]))
