"""The trace's heap keeps ids stable without keeping the program's objects alive: what the program
drops dies as it would untraced, and an id is never given to two objects."""

from __future__ import annotations

import gc
import tracemalloc
import weakref

from codementor_desktop.runner.child.python import heap as heapmod


class Node:
    freed: list[int] = []

    def __init__(self, val, nxt=None):
        self.val = val
        self.next = nxt

    def __del__(self):
        Node.freed.append(self.val)


def new_heap():
    return heapmod.Heap(learner_modules=(__name__,))


def test_an_object_the_program_drops_dies_at_once_and_its_id_is_forgotten():
    heap = new_heap()
    Node.freed.clear()
    node = Node(7)
    watcher = weakref.ref(node)
    assert heap.value(node) == {"ref": 0}
    del node
    assert Node.freed == [7] and watcher() is None  # no sweep needed: held weakly
    assert heap.ids == {}
    assert heap.value(Node(8)) == {"ref": 1}  # a new object, wherever it was born, gets a new id


def test_a_sweep_forgets_the_lists_the_program_dropped_and_keeps_the_rest():
    heap = new_heap()
    kept = [[1], [2]]
    inner = kept[0]
    dropped = [[3], ["x"]]
    cycle = [Node(9)]
    cycle.append(cycle)
    ids = {name: heap.value(value)["ref"] for name, value in
           (("kept", kept), ("inner", inner), ("dropped", dropped), ("cycle", cycle))}  # fmt: skip
    nested_in_kept = heap.ids[heapmod.identity(kept[1])]
    nested_in_dropped = heap.ids[heapmod.identity(dropped[0])]
    watcher = weakref.ref(cycle[0])
    del dropped, cycle
    heap.sweep()
    gc.collect()
    assert watcher() is None  # a dropped cycle dies too
    live = set(heap.ids.values())
    assert {ids["kept"], ids["inner"], nested_in_kept} <= live
    assert not {ids["dropped"], ids["cycle"], nested_in_dropped} & live
    assert heap.value(kept) == {"ref": ids["kept"]} and heap.value(inner) == {"ref": ids["inner"]}


def test_an_object_still_in_a_live_one_keeps_its_id_across_sweeps():
    heap = new_heap()
    table = {"rows": [[1, 2]]}
    row = table["rows"][0]
    heap.value(table)
    before = heap.ids[heapmod.identity(row)]
    del row
    for _ in range(3):
        heap.sweep()
    assert heap.ids[heapmod.identity(table["rows"][0])] == before


def test_a_loop_that_drops_what_it_builds_runs_in_bounded_memory():
    heap = new_heap()
    tracemalloc.start()
    try:
        for _ in range(3000):
            row = [0] * 20_000
            heap.value(row)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 20 * 1024 * 1024  # 3,000 rows held would be 480 MB
    assert len(heap.held) <= 2 * heapmod.SWEEP_FIRST + 1
