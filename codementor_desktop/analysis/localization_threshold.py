"""The confidence from which a ``likely_bug_location`` is worded as a statement, not a question.

Written by ``uv run python benchmarks/fault_localization.py --fit``: the least threshold above
which the top line was the bug's line in at least 80% of the planted-bug corpus
from the run result alone (90 bugs with a finding; 21 of the 25 above it
right; the findings the traces back are surer). Do not edit by hand.
"""

STATEMENT_FROM = 0.58
