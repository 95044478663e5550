"""The Edge cases tab: inputs where the learner's code goes wrong, found by ``bp_find_edge_cases``."""
