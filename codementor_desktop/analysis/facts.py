"""What the detectors ask of a function: which names hold the input (or measure or copy it),
and what kind of value each variable holds (a list, a string, a node, a number...)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from . import program as p

_LIST_MAKERS = {"list", "sorted", "split", "keys", "values", "items", "range", "reversed", "copy"}
_SET_MAKERS = {"set", "frozenset"}
_DICT_MAKERS = {"dict", "defaultdict", "Counter", "OrderedDict"}
_STR_MAKERS = {
    "str",
    "join",
    "strip",
    "lower",
    "upper",
    "replace",
    "lstrip",
    "rstrip",
    "format",
    "String",
    "toLowerCase",
}
_NODE_ATTRIBUTES = {"val", "left", "right", "next", "children"}
_SEQUENCE_METHODS = {"append", "index", "count", "sort", "insert", "pop", "extend", "remove", "reverse", "splice"}
_STRING_METHODS = {
    "lower", "upper", "isalpha", "isdigit", "isalnum", "isspace", "strip", "lstrip", "rstrip", "startswith",
    "endswith", "find", "charAt", "charCodeAt", "substring", "substr", "toLowerCase", "toUpperCase", "trim",
    "codePointAt", "localeCompare", "padStart", "padEnd", "repeat",
}  # fmt: skip


@dataclass
class Scope:
    """One function as the detectors see it."""

    function: p.Function
    language: str
    kinds: dict[str, str] = field(default_factory=dict)
    # name -> the input it measures or copies ("n" -> "nums" for n = len(nums); "ordered" -> "nums").
    families: dict[str, str] = field(default_factory=dict)
    inputs: list[str] = field(default_factory=list)
    # name -> (input, k) for a name bound once to len(input) + k: ``n = len(nums)``, ``hi = len(a) - 1``.
    lengths: dict[str, tuple[str, int]] = field(default_factory=dict)
    parent: Scope | None = None

    def kind(self, name: str | None) -> str:
        scope: Scope | None = self
        while scope is not None and name is not None:
            if name in scope.kinds:
                return scope.kinds[name]
            scope = scope.parent
        return "unknown"

    def family(self, name: str | None) -> str | None:
        scope: Scope | None = self
        while scope is not None and name is not None:
            if name in scope.families:
                return scope.families[name]
            scope = scope.parent
        return None

    def length(self, name: str) -> tuple[str, int] | None:
        scope: Scope | None = self
        while scope is not None:
            if name in scope.lengths:
                return scope.lengths[name]
            scope = scope.parent
        return None

    def is_input(self, name: str | None) -> bool:
        return name is not None and self.family(name) in self.all_inputs()

    def all_inputs(self) -> set[str]:
        found: set[str] = set()
        scope: Scope | None = self
        while scope is not None:
            found.update(scope.inputs)
            scope = scope.parent
        return found


def param_kind(type_name: str) -> str:
    """The kind of a parameter from the bank's type (``list[int]``, ``str``, ``TreeNode``) or a
    Python annotation (``List[int]``, ``Optional[TreeNode]``)."""
    text = type_name.replace(" ", "").replace("typing.", "")
    if text.startswith(("Optional[", "None|")) or text.endswith("|None"):
        inner = (
            text.removeprefix("Optional[").removesuffix("]")
            if text.startswith("Optional[")
            else text.replace("None|", "").replace("|None", "")
        )
        return param_kind(inner)
    if text.startswith(("List", "Sequence", "Deque")):
        return "list"
    if text.startswith(("Dict", "Mapping", "DefaultDict")):
        return "dict"
    if text.startswith(("Set", "set[", "FrozenSet")) or text == "set":
        return "set"
    if text.startswith("list"):
        return "list"
    if text == "str":
        return "str"
    if text in ("int", "float"):
        return "int"
    if text.startswith("dict"):
        return "dict"
    if text in ("TreeNode", "ListNode"):
        return "node"
    return "unknown"


def build_scopes(program: p.Program, problem: Mapping | None = None) -> list[Scope]:
    """A scope per function, nested ones linked to their parent."""
    signature = _signature(problem)
    scopes: list[Scope] = []

    def visit(body: list, parent: Scope | None, top: bool) -> None:
        for node in p.walk(body, into_functions=False):
            if not isinstance(node, p.Function):
                continue
            scope = Scope(node, program.language, parent=parent)
            given = signature if top and not node.is_method else {}
            _infer(scope, given)
            scopes.append(scope)
            visit(node.body, scope, top=False)

    visit(program.body, None, top=True)
    script = [s for s in program.body if not isinstance(s, (p.Function, p.ClassDef, p.Pass))]
    if any(isinstance(s, (p.Loop, p.If, p.Assign)) for s in script):
        scopes.append(_script_scope(program, script))
    return scopes


def _script_scope(program: p.Program, statements: list) -> Scope:
    """Code at the top of the file (a script that reads stdin): one more scope, whose
    collections are its input."""
    last = max((s.end for s in statements), default=1)
    module = p.Function(statements[0].line, last, "<module>", [], statements)
    scope = Scope(module, program.language)
    _infer(scope, {})
    for name, kind in list(scope.kinds.items()):
        if kind in ("list", "str", "seq", "dict", "set") and name not in scope.families:
            scope.families[name] = name
        if kind in ("list", "str", "seq") and scope.families.get(name) == name:
            scope.inputs.append(name)
    return scope


def _signature(problem: Mapping | None) -> dict[str, str]:
    """Parameter -> kind, and ``name[]`` -> the kind of its items (``list[str]`` -> str)."""
    if not problem:
        return {}
    function = problem.get("function") or {}
    kinds = {}
    for item in function.get("params") or []:
        if not isinstance(item, Mapping):
            continue
        name, type_name = str(item.get("name")), str(item.get("type", "")).replace(" ", "")
        kinds[name] = param_kind(type_name)
        if type_name.startswith("list[") and type_name.endswith("]"):
            kinds[name + "[]"] = param_kind(type_name[5:-1])
    return kinds


def _infer(scope: Scope, signature: dict[str, str]) -> None:
    function = scope.function
    for name in function.params:
        if name in ("self", "this", "cls"):
            continue
        declared = param_kind(function.annotations[name]) if name in function.annotations else "unknown"
        given = signature.get(name) or (declared if declared != "unknown" else "")
        scope.kinds[name] = given or _kind_from_use(function, name)
        element = function.annotations.get(name, "").replace(" ", "")
        if name + "[]" not in signature and element.startswith(("List[", "list[")) and element.endswith("]"):
            signature = {**signature, name + "[]": param_kind(element[5:-1])}
        scope.families[name] = name
        scope.inputs.append(name)
    for name in function.params:
        if name + "[]" in signature:
            scope.kinds[name + "[]"] = signature[name + "[]"]
    for name, default in function.defaults.items():
        if scope.kinds.get(name) == "unknown":
            scope.kinds[name] = kind_of(default, scope)
    bound_count: dict[str, int] = {}
    for node in p.walk(function.body, into_functions=False):
        if isinstance(node, p.Assign) and node.value is not None:
            for target in node.targets:
                if node.op is None:
                    _bind(scope, target, node.value)
                for name in p.assigned_names(target):
                    bound_count[name] = bound_count.get(name, 0) + (1 if node.op is None else 2)
        elif isinstance(node, p.Loop):
            for name in node.targets:
                bound_count[name] = bound_count.get(name, 0) + 2
            item = scope.kind(node.iter.id + "[]") if isinstance(node.iter, p.Name) else "unknown"
            if len(node.targets) == 1 and item != "unknown":
                scope.kinds.setdefault(node.targets[0], item)
        elif isinstance(node, p.Call) and node.name == "heapify" and node.args:
            heap_name = p.root_name(node.args[0])
            if heap_name:
                scope.kinds[heap_name] = "heap"
    scope.lengths = {name: size for name, size in scope.lengths.items() if bound_count.get(name, 0) == 1}
    for name in _grown_in_loops(function.body):
        if scope.kinds.get(name) in ("list", "set", "deque"):
            scope.families.setdefault(name, name)
    # Once the grown collections are known, what measures them is known too (size = len(queue)).
    for node in p.walk(function.body, into_functions=False):
        if isinstance(node, p.Assign) and node.op is None and node.value is not None:
            for target in node.targets:
                if isinstance(target, p.Name) and target.id not in scope.families:
                    family = family_of(node.value, scope)
                    if family is not None:
                        scope.families[target.id] = family


_GROWERS = {"append", "add", "extend", "insert", "appendleft"}


def _grown_in_loops(body: list) -> set[str]:
    """Collections filled inside a loop: they grow with the input (``values.append(node.val)``)."""
    grown: set[str] = set()

    def visit(node: p.Node, in_loop: bool) -> None:
        if isinstance(node, p.Function):
            return
        if in_loop and isinstance(node, p.Call) and node.name in _GROWERS and isinstance(node.receiver, p.Name):
            grown.add(node.receiver.id)
        looping = in_loop or isinstance(node, (p.Loop, p.Comprehension))
        for child in p.children(node):
            visit(child, looping)

    for stmt in body:
        visit(stmt, False)
    return grown


def _bind(scope: Scope, target: p.Expr, value: p.Expr) -> None:
    if isinstance(target, p.Seq) and isinstance(value, p.Seq) and len(target.items) == len(value.items):
        for sub_target, sub_value in zip(target.items, value.items, strict=True):
            _bind(scope, sub_target, sub_value)
        return
    if not isinstance(target, p.Name):
        return
    name = target.id
    kind = kind_of(value, scope)
    previous = scope.kinds.get(name)
    if previous is None or previous == "unknown" or name not in scope.inputs:
        scope.kinds[name] = kind if previous in (None, "unknown", kind) else previous
    family = family_of(value, scope)
    if family is not None and name not in scope.families:
        scope.families[name] = family
    size = length_of(value, scope)
    if size is not None:
        scope.lengths.setdefault(name, size)


def length_of(value: p.Expr | None, scope: Scope) -> tuple[str, int] | None:
    """``len(xs) + k`` (or ``n + k`` with ``n = len(xs)``) as ``("xs", k)``."""
    if isinstance(value, p.Call) and value.name == "len" and len(value.args) == 1 and isinstance(value.args[0], p.Name):
        family = scope.family(value.args[0].id)
        return (family, 0) if family else None
    if isinstance(value, p.Name):
        return scope.length(value.id)
    if isinstance(value, p.BinOp) and value.op in ("+", "-"):
        inner, shift = length_of(value.left, scope), p.const_int(value.right)
        if inner is not None and shift is not None:
            return inner[0], inner[1] + (shift if value.op == "+" else -shift)
    return None


def _kind_from_use(function: p.Function, name: str) -> str:
    """A parameter's kind guessed from how the body uses it (no problem signature at hand)."""
    kinds: set[str] = set()
    for node in p.walk(function.body):
        if isinstance(node, p.Attr) and isinstance(node.obj, p.Name) and node.obj.id == name:
            if node.name in _NODE_ATTRIBUTES:
                kinds.add("node")
            elif node.name in _STRING_METHODS:
                kinds.add("str")
            elif node.name in _SEQUENCE_METHODS:
                kinds.add("seq")
        elif isinstance(node, (p.Index, p.Slice)) and isinstance(node.obj, p.Name) and node.obj.id == name:
            kinds.add("seq")
        elif isinstance(node, p.Call) and node.name == "range" and any(_is_name(a, name) for a in node.args):
            kinds.add("int")
    if "node" in kinds:
        return "node"
    if "str" in kinds:
        return "str"
    if len(kinds) == 1:
        return kinds.pop()
    return "unknown"


def _is_name(expr: p.Expr | None, name: str) -> bool:
    return isinstance(expr, p.Name) and expr.id == name


def kind_of(value: p.Expr | None, scope: Scope | None = None) -> str:  # noqa: C901 - a table of literal forms
    """The kind of value an expression makes."""
    if isinstance(value, p.Seq):
        return {"list": "list", "tuple": "tuple", "set": "set", "dict": "dict"}[value.kind]
    if isinstance(value, p.Comprehension):
        return {"set": "set", "dict": "dict", "generator": "generator"}.get(value.kind, "list")
    if isinstance(value, p.Const):
        if isinstance(value.value, str):
            return "str"
        if isinstance(value.value, (int, float)) and not isinstance(value.value, bool):
            return "int"
        return "unknown"
    if (
        isinstance(value, p.Other)
        and value.parts
        and isinstance(value.parts[0], p.Const)
        and value.parts[0].value == ""
    ):
        return "str"  # an f-string or a template string
    if isinstance(value, p.Slice):
        return kind_of_name(value.obj, scope)
    if isinstance(value, p.BinOp):
        if value.op == "*" and isinstance(value.left, p.Seq) and value.left.kind == "list":
            return "list"
        left, right = kind_of(value.left, scope), kind_of(value.right, scope)
        if value.op == "+" and "str" in (left, right):
            return "str"
        if value.op == "+" and left == right == "list":
            return "list"
        if "int" in (left, right) or value.op in ("-", "/", "//", "%", "**"):
            return "int"
        return "unknown"
    if isinstance(value, p.Call):
        name = value.name
        if name in _LIST_MAKERS and name != "copy":
            return "list"
        if name in ("copy", "sort", "toSorted", "reverse") and value.receiver is not None:
            return kind_of_name(value.receiver, scope)
        if name in _SET_MAKERS:
            return "set"
        if name in _DICT_MAKERS:
            return "dict"
        if name in _STR_MAKERS:
            return "str"
        if name == "deque":
            return "deque"
        if name in (
            "len",
            "int",
            "sum",
            "abs",
            "ord",
            "floor",
            "ceil",
            "count",
            "index",
            "bisect_left",
            "bisect_right",
        ):
            return "int"
    if isinstance(value, p.Name):
        return kind_of_name(value, scope)
    return "unknown"


def kind_of_name(value: p.Expr | None, scope: Scope | None) -> str:
    if isinstance(value, p.Name) and scope is not None:
        return scope.kind(value.id)
    return kind_of(value, None) if not isinstance(value, p.Name) else "unknown"


def family_of(value: p.Expr | None, scope: Scope) -> str | None:
    """The input an expression measures or copies: ``len(nums)``, ``sorted(nums)``, ``nums[:]``."""
    if isinstance(value, p.Name):
        return scope.family(value.id)
    if isinstance(value, p.Call) and value.name in (
        "len",
        "sorted",
        "list",
        "reversed",
        "copy",
        "tuple",
        "set",
        "sort",
        "toSorted",
    ):
        inner = value.args[0] if value.args and value.name != "sort" else value.receiver
        return family_of(inner, scope)
    if isinstance(value, p.Slice) and value.lower is None and value.upper is None:
        return family_of(value.obj, scope)
    if isinstance(value, p.Comprehension) and value.kind in ("map", "filter", "list", "set", "dict", "generator"):
        return family_of(value.iter, scope) if isinstance(value.iter, p.Name) else None
    if isinstance(value, p.BinOp) and value.op in ("+", "-") and p.const_int(value.right) is not None:
        return family_of(value.left, scope)
    return None
