"""What a model receives: a capped result (about 8 KB) with the id of the whole one."""

from __future__ import annotations

import json
from typing import Any

MODEL_RESULT_BYTES = 8000
_STRING_CAP = 400


def _size(value: Any) -> int:
    return len(json.dumps(value, separators=(",", ":"), default=str))


def _shorten(value: Any, limit: int) -> Any:
    if isinstance(value, str) and len(value) > limit:
        return value[:limit] + f"... ({len(value)} characters)"
    if isinstance(value, list):
        return [_shorten(v, limit) for v in value]
    if isinstance(value, dict):
        return {k: _shorten(v, limit) for k, v in value.items()}
    return value


def cap_for_model(result: dict, limit: int = MODEL_RESULT_BYTES) -> dict:
    """Keep the summary and the first failing case; cut long strings and lists; say so.

    A passing test's ``covered_lines`` never go to the model (the stored run keeps them for the
    analysis that reads the run by its id)."""
    result = _without_passing_lines(result)
    if _size(result) <= limit:
        return result
    capped = dict(result)
    tests = capped.get("test_results")
    if isinstance(tests, list):
        failing = [t for t in tests if not t.get("passed")]
        capped["test_results"] = failing[:2] or tests[:2]
        capped["test_results_omitted"] = len(tests) - len(capped["test_results"])
    for key in ("steps", "history", "series", "rows"):
        if isinstance(capped.get(key), list) and len(capped[key]) > 20:
            capped[f"{key}_omitted"] = len(capped[key]) - 20
            capped[key] = capped[key][-20:] if key == "steps" else capped[key][:20]
    capped = _shorten(capped, _STRING_CAP)
    text_limit = _STRING_CAP
    while _size(capped) > limit and text_limit > 40:
        text_limit //= 2
        capped = _shorten(capped, text_limit)
    capped["truncated"] = True
    reference = capped.get("run_id") or capped.get("trace_id")
    capped["note"] = (
        f"Shortened for the model; the window shows it all. Refer to it as {reference!r}."
        if reference
        else "Shortened for the model; the window shows it all."
    )
    return capped


def _without_passing_lines(result: dict) -> dict:
    tests = result.get("test_results")
    if not isinstance(tests, list) or not any(
        isinstance(t, dict) and t.get("passed") and "covered_lines" in t for t in tests
    ):
        return result
    kept = [
        {k: v for k, v in t.items() if k != "covered_lines"} if isinstance(t, dict) and t.get("passed") else t
        for t in tests
    ]
    return {**result, "test_results": kept}
