"""The fitted counts of each detector rule on the labelled corpus: (right, fired).

Written by ``uv run python benchmarks/analysis_quality.py --fit``; a test checks that it is what
fitting on the corpus gives today. Do not edit by hand.
"""

FITTED: dict[str, tuple[int, int]] = {}
