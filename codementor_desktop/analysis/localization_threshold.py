"""The confidence from which a ``likely_bug_location`` is worded as a statement, not a question.

Written by ``uv run python benchmarks/fault_localization.py --fit``: the least threshold above
which the top line was the bug's line in at least 80% of the planted-bug corpus
(90 bugs with a finding; 66 of the 81 above it right). Do not edit by hand.
"""

STATEMENT_FROM = 0.38
