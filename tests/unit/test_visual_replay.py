"""The child's heap encoding (full objects and patches) replayed by visual.replay gives back
exactly the values the program held, whatever sequence of mutations happened."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from codementor_desktop.runner.child.python import heap as heapmod
from codementor_desktop.visual.replay import Node, Replay


class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y


def plain(value, seen=None):
    """What Replay.value should give back for a live value (Nodes compared by their fields)."""
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, tuple):
        return tuple(plain(v) for v in value)
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, Point):
        return ("Point", plain(value.x), plain(value.y))
    return value


def rebuilt(value):
    if isinstance(value, Node):
        return (value.cls, rebuilt(value.fields["x"]), rebuilt(value.fields["y"]))
    if isinstance(value, list):
        return [rebuilt(v) for v in value]
    if isinstance(value, tuple):
        return tuple(rebuilt(v) for v in value)
    if isinstance(value, dict):
        return {k: rebuilt(v) for k, v in value.items()}
    return value


OPERATIONS = st.lists(
    st.tuples(
        st.sampled_from(
            ["append", "pop", "set", "insert", "put", "delete", "nest", "inner", "point", "clear", "extend", "alias"]
        ),
        st.integers(min_value=-5, max_value=12),
    ),
    max_size=40,
)


def _apply(operation, number, items, table, box):
    if operation == "append":
        items.append(number)
    elif operation == "pop" and items:
        items.pop()
    elif operation == "set" and items:
        items[number % len(items)] = number * 7
    elif operation == "insert":
        items.insert(0, number)
    elif operation == "put":
        table[f"k{number % 4}"] = number
    elif operation == "delete" and table:
        del table[next(iter(table))]
    elif operation == "nest":
        items.append([number, [number]])
    elif operation == "inner":
        for item in items:
            if isinstance(item, list):
                item[-1].append(number) if isinstance(item[-1], list) else item.append(number)
                break
    elif operation == "point":
        box.x, box.y = box.y, [number]
    elif operation == "clear":
        items.clear()
    elif operation == "extend":
        items.extend(range(number % 3))
    elif operation == "alias":
        table["same"] = items


@settings(max_examples=150, deadline=None)
@given(OPERATIONS, st.sampled_from([100, 3]))
def test_patches_replay_to_the_real_values(operations, max_items):
    heap = heapmod.Heap(max_items=max_items, learner_modules=(__name__,))
    items, table, box = [1, 2], {"a": 1}, Point(0, (1, 2))
    roots = [heap.value(v) for v in (items, table, box)]
    replay = Replay({"steps": []})
    step = 0
    replay.apply({"step": step, "frame": 0, "heap": heap.take() or {}})
    for operation, number in operations:
        _apply(operation, number, items, table, box)
        for value in (items, table, box):
            heap.recheck(value)
        step += 1
        replay.apply({"step": step, "frame": 0, "heap": {str(k): v for k, v in (heap.take() or {}).items()}})
        if max_items >= 100:
            assert rebuilt(replay.value(roots[0])) == plain(items)
            assert rebuilt(replay.value(roots[1])) == plain(table)
            assert rebuilt(replay.value(roots[2])) == plain(box)
        else:
            encoded = replay.heap[roots[0]["ref"]]
            assert len(encoded["items"]) == min(len(items), max_items)
            assert encoded.get("length", len(encoded["items"])) == len(items)
            assert bool(encoded.get("cut")) == (len(items) > max_items)


def test_aliases_share_one_heap_id_and_see_each_others_changes():
    heap = heapmod.Heap(learner_modules=(__name__,))
    a = [1, 2]
    b = a
    first, second = heap.value(a), heap.value(b)
    assert first == second == {"ref": 0}
    b.append(3)
    heap.recheck(b)
    replay = Replay({"steps": []})
    replay.apply(
        {"step": 0, "frame": 0, "changed": {"a": first, "b": second}, "heap": {"0": {"type": "list", "items": [1, 2]}}}
    )
    replay.apply({"step": 1, "frame": 0, "heap": heap.take()})
    assert replay.value(replay.frames[0]["a"]) == [1, 2, 3]


def test_rows_of_a_multiplied_grid_are_one_object():
    heap = heapmod.Heap()
    grid = [[0] * 2] * 2
    heap.value(grid)
    encoded = heap.take()
    rows = encoded[0]["items"]
    assert rows[0] == rows[1] == {"ref": 1}
    grid[1] = [0, 0]
    heap.recheck(grid)
    patch = heap.take()
    assert patch[0] == {"set": [[1, {"ref": 2}]]}


def test_values_are_bounded_and_marked_where_cut():
    heap = heapmod.Heap(max_items=5, max_objects=3, max_chars=10)
    assert heap.value("x" * 50) == {"type": "str", "value": "x" * 10, "length": 50, "cut": True}
    assert heap.value(10**20) == {"type": "int", "repr": str(10**20)}
    assert heap.value(float("nan")) == {"type": "float", "repr": "nan"}
    heap.value(list(range(50)))
    encoding = heap.take()[0]
    assert encoding["items"] == [0, 1, 2, 3, 4] and encoding["length"] == 50 and encoding["cut"]
    chain = [[[[[[1]]]]]]
    heap.value(chain)
    encodings = heap.take()
    assert {"cut": "list"} in [item for enc in encodings.values() for item in enc.get("items", [])]


def test_functions_modules_and_classes_are_labels_not_heap_objects():
    heap = heapmod.Heap()
    assert heap.value(len) == {"type": "function", "repr": "len()"}
    assert heap.value(Point)["type"] == "class"
    assert heap.value(heapmod)["type"] == "module"
    assert heap.take() is None


def test_replay_text_reads_like_python():
    replay = Replay({"steps": []})
    replay.apply(
        {
            "step": 0,
            "frame": 0,
            "changed": {"d": {"ref": 0}},
            "heap": {
                "0": {"type": "dict", "entries": [["a", {"ref": 1}], [2, None]]},
                "1": {"type": "tuple", "items": [1]},
            },
        }
    )
    assert replay.text(replay.frames[0]["d"]) == "{'a': (1,), 2: None}"
    replay.apply({"step": 1, "frame": 0, "heap": {"0": {"put": [["b", True]]}}})
    assert replay.value(replay.frames[0]["d"]) == {"a": (1,), 2: None, "b": True}
