"""The JavaScript instrumentation read as text: lines kept, the right names in each hook's scope."""

from __future__ import annotations

import re

import pytest

from codementor_desktop.runner.js_instrument import InstrumentFailure, as_script, instrument


def scopes_on(text: str, line: int) -> list[list[str]]:
    """The names of each statement hook's scope closure on ``line`` (1-based) of ``text``."""
    found = re.findall(r"__cmT\.s\(__cmF,\d+,(?:\(\)=>\(\{([^}]*)\}\)|0)\)", text.splitlines()[line - 1])
    return [[name.split(":")[0] for name in group.split(",") if name] for group in found]


SOURCE = """function outer(n) {
  let total = 0;
  for (let i = 0; i < n; i++) {
    const sq = i * i;
    total += sq;
  }
  const add = (x) => total + x + n;
  return add(1);
}
const top = 5;
"""


def test_every_line_stays_the_learners_line():
    made = instrument(SOURCE)
    learner = SOURCE.splitlines()
    lines = made.text.splitlines()
    for number, original in enumerate(learner):
        words = re.findall(r"[A-Za-z_]\w*|\d+", original)
        assert all(word in lines[number] for word in words), (number + 1, lines[number])
    assert all(0 < line <= len(learner) for line, _names in made.hooks)


def test_a_hook_sees_params_earlier_lets_and_loop_variables_only():
    text = instrument(SOURCE).text
    assert scopes_on(text, 2) == [["n"]]  # total is in its dead zone before its declaration
    assert scopes_on(text, 3) == [["i", "n", "total"]]  # the header's hook, each iteration
    assert scopes_on(text, 5) == [["sq", "i", "n", "total"]]
    assert scopes_on(text, 8) == [["n", "total"]]  # add holds a function: not shown


def test_a_closure_shows_the_variables_it_uses_and_globals_stay_out():
    made = instrument(SOURCE)
    arrow = made.text.splitlines()[6]
    # Its closure variables are named on entry: a write to one shows in the frames sharing it.
    assert '__cmT.c("add",7,()=>({x,n,total}),7,["n","total"])' in arrow
    assert "top" not in arrow


def test_a_closure_variable_declared_after_the_function_is_read_behind_a_guard():
    made = instrument("function f() {\n  const g = () => later;\n  const later = 1;\n  return g();\n}\n")
    assert "later:__cmT.g(()=>later)" in made.text.splitlines()[1]


def test_loops_are_described_for_the_diagnosis():
    made = instrument(
        "function f(a) {\n  while (true) {\n    a++;\n  }\n  for (const x of a) {\n    if (x) break;\n  }\n}\n"
    )
    first, second = made.loops
    assert (first["kind"], first["line"], first["end_line"], first["no_way_out"]) == ("while", 2, 4, True)
    assert (second["kind"], second["condition"], second["names"], second["no_way_out"]) == (
        "for",
        "x of a",
        ["a"],
        False,
    )
    assert first["scope"] == second["scope"] == 1


def test_async_functions_and_generators_run_untraced_but_what_they_hold_is_traced():
    made = instrument("async function a() {\n  const f = (x) => x;\n  await f(1);\n}\nfunction* g() {\n  yield 1;\n}\n")
    lines = made.text.splitlines()
    assert '__cmT.c("a"' not in made.text and '__cmT.c("g"' not in made.text
    assert '__cmT.c("f",2' in lines[1] and "__cmT.s(" not in lines[2] and "__cmT.s(" not in lines[5]


def test_export_syntax_is_blanked_with_its_columns():
    assert as_script("export function f() {}\nexport { f };\n") == " " * 7 + "function f() {}\n" + " " * 13 + "\n"


def test_code_tree_sitter_cannot_read_is_refused_with_its_place():
    with pytest.raises(InstrumentFailure) as caught:
        instrument("function f( {\n  return 1;\n}\n")
    assert caught.value.line >= 1
