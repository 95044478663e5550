"""The fitted counts of each detector rule on the labelled corpus: (right, fired).

Written by ``uv run python benchmarks/analysis_quality.py --fit``; a test checks that it is what
fitting on the corpus gives today. Do not edit by hand.
"""

FITTED: dict[str, tuple[int, int]] = {
    "all_pairs_stored": (2, 2),
    "base_case_stepped_over": (4, 4),
    "builtin_name_reused": (12, 12),
    "condition_never_changes": (2, 2),
    "counter_moves_away": (1, 1),
    "descending_from_length": (2, 2),
    "forever_without_exit": (1, 1),
    "index_past_end": (4, 4),
    "linear_scan_in_loop": (3, 3),
    "list_as_priority_queue": (2, 2),
    "list_as_queue": (8, 8),
    "list_membership_in_loop": (6, 6),
    "membership_in_loop": (6, 6),
    "mutates_parameter": (12, 12),
    "nested_loops_same_input": (8, 8),
    "no_base_case": (8, 8),
    "progress_on_some_paths": (6, 6),
    "range_past_end": (3, 3),
    "recursion_copies_input": (4, 4),
    "recursion_without_memo": (5, 5),
    "same_error_again": (10, 10),
    "search_bound_past_end": (2, 2),
    "search_bound_stalls": (2, 2),
    "slice_in_loop": (3, 3),
    "sort_in_loop": (3, 3),
    "statement_after_exit": (11, 11),
    "stops_one_early": (4, 4),
    "string_concatenation_in_loop": (10, 10),
    "table_where_constant_suffices": (8, 8),
    "unguarded_division": (4, 4),
    "unguarded_index": (12, 12),
    "unguarded_node": (8, 8),
    "while_past_end": (1, 1),
    "wrong_answers_unexplained": (10, 10),
}
