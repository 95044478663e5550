"""The cells of a grid as a size: ``rows · cols`` counted once, where the code walks cells rather
than rows and columns. A worklist of cells (a flood fill's stack, Dijkstra's heap of ``(r, c)``)
takes each cell off once; a list filled while sweeping the grid (``land.append((r, c))``) holds
up to every cell; a sweep repeated until nothing changes runs at most once per cell, since each
pass but the last changes one cell at least.
"""

from __future__ import annotations

from collections.abc import Mapping

from . import program as p
from .facts import Scope

CELLS = ".cells"  # a size name suffix: the cells of a grid, rows · cols
EDGES = ".edges"  # a size name suffix: the entries of an adjacency list, one per edge
_TAKE = ("pop", "popleft", "heappop", "get")
_FILL = ("append", "add", "appendleft", "heappush")


def grids(types: Mapping[str, str]) -> list[str]:
    """The parameters declared as a list of lists (a grid)."""
    return [n for n, t in types.items() if t.replace(" ", "").lower().startswith("list[list[")]


def cells_of(size: str) -> tuple[str, ...]:
    """``grid.cells`` -> its rows and its columns, each a factor of the named reading."""
    if size.endswith(CELLS):
        base = size.removesuffix(CELLS)
        return (f"{base}.rows", f"{base}.cols")
    return (size,)


def named_factors(sizes: tuple[str, ...]) -> int:
    """How many sizes a reading multiplies once cells are rows and columns: of two statements of
    the same class in n, the one over every pair of cells outweighs one sweep of the grid."""
    if "?" in sizes:
        return len(sizes)  # a factor not named: no reason to prefer this reading
    return sum(len(cells_of(size)) for size in sizes)


def _mentions(scope: Scope, expr: p.Node | None, grid: str) -> bool:
    """Whether ``expr`` reads the grid, directly or through a name bound to it (rows = len(grid))."""
    names = p.names_in(expr)
    if grid in names:
        return True
    for node in p.walk(scope.function.body, into_functions=False):
        if isinstance(node, p.Assign) and node.op is None and node.value is not None:
            bound = {n for t in node.targets for n in p.assigned_names(t)}
            if bound & names and grid in p.names_in(node.value):
                return True
    return False


def filled_in_sweep(scope: Scope, name: str | None, types: Mapping[str, str]) -> str | None:
    """The grid whose cells a local collection is filled from: ``land.append((r, c))`` (or
    ``limits.add(...)``) inside a loop inside a loop over the grid's rows."""
    if name is None or name in scope.function.params:
        return None
    for grid in grids(types):
        for outer in p.walk(scope.function.body, into_functions=False):
            if not isinstance(outer, p.Loop) or not _mentions(scope, outer.iter, grid):
                continue
            for inner in p.walk(outer.body, into_functions=False):
                if isinstance(inner, (p.Loop, p.Comprehension)) and any(_fills(n, name) for n in p.walk(inner)):
                    return grid
    return None


def _fills(node: p.Node, name: str) -> bool:
    return (
        isinstance(node, p.Call)
        and node.name in _FILL
        and isinstance(node.func, p.Attr)
        and isinstance(node.func.obj, p.Name)
        and node.func.obj.id == name
    )


def worklist_of_cells(loop: p.Loop | p.Comprehension, types: Mapping[str, str]) -> str | None:
    """``while stack: r, c = stack.pop()`` on a function with one grid: each cell is taken off the
    worklist a bounded number of times (a cell is pushed when it is first reached)."""
    if not (isinstance(loop, p.Loop) and loop.kind == "while" and isinstance(loop.test, p.Name)):
        return None
    found = grids(types)
    if len(found) != 1:
        return None
    for node in p.walk(loop.body, into_functions=False):
        if not (isinstance(node, p.Assign) and node.op is None and isinstance(node.value, p.Call)):
            continue
        if node.value.name not in _TAKE or loop.test.id not in p.names_in(node.value):
            continue
        taken = {n for t in node.targets for n in p.assigned_names(t)}
        # and the neighbours built from them: for nr, nc in ((r + 1, c), ...)
        taken |= {
            t for inner in p.walk(loop.body, into_functions=False) if isinstance(inner, p.Loop) for t in inner.targets
        }
        for index in p.walk(loop.body, into_functions=False):
            if isinstance(index, p.Index) and isinstance(index.obj, p.Index):
                if p.names_in(index.index) & taken and p.names_in(index.obj.index) & taken:
                    return found[0]  # grid[r][c] with r, c just taken off the worklist
    return None


def repeated_sweep(loop: p.Loop | p.Comprehension, inner_sizes: tuple[str, ...]) -> str | None:
    """``while changed:`` (or ``while True:``) around a sweep of every cell of one grid: the
    number of passes is at most the cells, each pass but the last changing one at least."""
    if not (isinstance(loop, p.Loop) and loop.kind == "while"):
        return None
    flag = isinstance(loop.test, p.Name) or (isinstance(loop.test, p.Const) and loop.test.value is True)
    if not flag:
        return None
    rows = {s.removesuffix(".rows") for s in inner_sizes if s.endswith(".rows")}
    cols = {s.removesuffix(".cols") for s in inner_sizes if s.endswith(".cols")}
    swept = rows & cols
    return f"{next(iter(swept))}{CELLS}" if len(swept) == 1 else None
