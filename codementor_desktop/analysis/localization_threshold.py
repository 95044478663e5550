"""The confidence from which a ``likely_bug_location`` is worded as a statement, not a question,
per language.

Written by ``uv run python benchmarks/fault_localization.py --fit --language L``: the least
threshold above which the top line was the bug's line in at least 80% of the planted-bug
corpus with 90% confidence (Wilson's lower bound), from the run result alone (the findings the
traces back are surer). Do not edit by hand.
"""

STATEMENT_FROM: dict[str, float] = {
    "javascript": 0.81,
    "python": 0.77,
}
