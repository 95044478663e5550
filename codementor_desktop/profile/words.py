"""The weakness patterns in plain words, for reasons a learner reads."""

from __future__ import annotations

PLAIN = {
    "suboptimal_time_complexity": "choosing a faster algorithm",
    "suboptimal_space_complexity": "using less memory",
    "data_structure_choice": "picking the right data structure",
    "missing_edge_case": "handling edge cases",
    "off_by_one": "getting loop bounds and indices right",
    "recursion_base_case": "recursion base cases",
    "mutating_input": "leaving the input unchanged",
    "inefficient_string_building": "building strings efficiently",
    "shadowed_builtin": "naming without hiding built-ins",
    "unreachable_code": "code that can run",
    "infinite_loop_risk": "loops that always end",
    "wrong_algorithm": "choosing an approach that works",
    "runtime_error_habit": "guarding lookups and indices",
    "likely_bug_location": "finding the line where a bug sits",
}


def plain(pattern: str) -> str:
    return PLAIN.get(pattern, pattern.replace("_", " "))
