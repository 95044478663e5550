"""TreeNode and ListNode, and the encodings tests use for them (level-order and plain lists)."""

from _collections import deque  # the C type: "collections" costs a fresh interpreter ~8 ms


class TreeNode:
    """A binary tree node, as learners know it from interview sites."""

    def __init__(self, val=0, left=None, right=None):
        self.val = val
        self.left = left
        self.right = right

    def __repr__(self):
        return "TreeNode(%r)" % (self.val,)


class ListNode:
    """A singly linked list node."""

    def __init__(self, val=0, next=None):  # noqa: A002 - the name learners expect
        self.val = val
        self.next = next

    def __repr__(self):
        return "ListNode(%r)" % (self.val,)


def build_tree(values):
    """Build a tree from a level-order list with ``None`` for missing children."""
    if not values or values[0] is None:
        return None
    root = TreeNode(values[0])
    queue = deque([root])
    i = 1
    while queue and i < len(values):
        node = queue.popleft()
        if i < len(values) and values[i] is not None:
            node.left = TreeNode(values[i])
            queue.append(node.left)
        i += 1
        if i < len(values) and values[i] is not None:
            node.right = TreeNode(values[i])
            queue.append(node.right)
        i += 1
    return root


def tree_to_list(root, limit=200000):
    """Level-order list of a tree, trailing ``None`` dropped."""
    out = []
    queue = deque([root])
    while queue and len(out) < limit:
        node = queue.popleft()
        if node is None:
            out.append(None)
            continue
        out.append(node.val)
        queue.append(node.left)
        queue.append(node.right)
    while out and out[-1] is None:
        out.pop()
    return out


def build_list(values):
    """Build a linked list from a plain list."""
    head = None
    for value in reversed(values or []):
        head = ListNode(value, head)
    return head


def list_to_list(head, limit=200000):
    """Plain list of a linked list; a cycle is cut after ``limit`` nodes."""
    out = []
    seen = 0
    while head is not None and seen < limit:
        out.append(head.val)
        head = head.next
        seen += 1
    return out


def decode(value, type_name):
    """Turn test data into the argument the function expects, by the declared type."""
    if type_name == "TreeNode" or type_name == "Optional[TreeNode]":
        return build_tree(value)
    if type_name == "ListNode" or type_name == "Optional[ListNode]":
        return build_list(value)
    if type_name.startswith("list[") and type_name[5:-1] in ("TreeNode", "ListNode") and value is not None:
        return [decode(v, type_name[5:-1]) for v in value]
    return value


def encode(value, type_name=None):
    """Turn a function's result into test data: nodes become lists (no node is the empty list
    when the function is declared to return a node)."""
    if value is None and type_name in ("TreeNode", "ListNode", "Optional[TreeNode]", "Optional[ListNode]"):
        return []
    if isinstance(value, TreeNode):
        return tree_to_list(value)
    if isinstance(value, ListNode):
        return list_to_list(value)
    if isinstance(value, (list, tuple)) and value and isinstance(value[0], (TreeNode, ListNode)):
        return [encode(v) for v in value]
    return value


ITEMS_LIMIT = 10**6  # items read from a returned iterator: past them it is OLE, not a hang


def materialised(value, sandbox, limit=ITEMS_LIMIT):
    """A returned generator, iterator, range or dict view as the list it yields (the judge
    compares values, never a repr such as ``<generator object ...>``); anything else as it is.

    Read inside the test's call, so its clocks stop an endless generator (TLE), and past
    ``limit`` items the answer is too long (``sandbox.OutputLimitExceeded``: OLE).
    """
    if value is None or isinstance(value, (bool, int, float, str, bytes, list, tuple, dict, set, frozenset)):
        return value
    if not (isinstance(value, range) or type(value) in _VIEWS or _is_iterator(value)):
        return value
    items = []
    for item in value:
        if len(items) >= limit:
            raise sandbox.OutputLimitExceeded(
                "Output limit exceeded: the returned iterator gave more than %d items (is it endless?)" % limit
            )
        items.append(item)
    return items


_VIEWS = (type({}.keys()), type({}.values()), type({}.items()))


def _is_iterator(value):
    kind = type(value)
    return hasattr(kind, "__next__") and hasattr(kind, "__iter__")
