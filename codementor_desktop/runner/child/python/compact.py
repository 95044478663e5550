"""Compact frames, for a Piston server, which keeps only 1,024 characters of output by default.

A compact frame leaves out what the parent already knows or can rebuild (a test's input, empty
fields, ``passed``, ``error_type``, the actual output of a test that passed under exact
comparison, every traceback after the first) or can do without (the CPU time of each test: the
server measures the run's) and uses short keys. The parent turns it back
(``runner/piston_report.py``); the JavaScript child does the same (``compact.js``), with the
same keys, which a test checks.
"""

try:
    from .. import wire
except ImportError:  # run as a flat script inside the child
    import wire

SHORT = {
    "kind": "k",
    "test_id": "i",
    "verdict": "v",
    "execution_time_ms": "t",
    "actual_output": "a",
    "error_message": "m",
    "message": "M",
    "line_number": "l",
    "solution_line": "L",
    "column": "c",
    "source_line": "S",
    "stdout": "o",
    "stderr": "e",
    "return_value": "R",
    "traceback": "b",
    "memory_used_kb": "r",
    "name": "n",
    "status": "s",
    "where": "w",
    "lines_total": "T",
    "lines_covered": "C",
    "missed": "x",
    "reason": "y",
    "line_events": "E",
}
_DROP = {
    "test": ("input", "passed", "error_type", "cpu_time_ms"),
    "case": ("passed", "error_type", "cpu_time_ms"),
    "execution": ("error_type", "cpu_time_ms"),
}


class Compactor(object):
    """Turns the frames of one run into compact ones (or None for a frame not worth sending)."""

    def __init__(self, compare=None):
        self.compare = compare
        self.traceback_sent = False

    def frame(self, kind, payload):
        if kind == wire.Frame.STARTED:
            return None
        payload = {k: v for k, v in payload.items() if v is not None and v != ""}
        for key in _DROP.get(kind, ("error_type",)):
            payload.pop(key, None)
        if (
            kind == wire.Frame.TEST
            and payload.get("verdict") == wire.Verdict.AC
            and self.compare in (None, "", "exact")
        ):
            payload.pop("actual_output", None)
        if "traceback" in payload:
            if self.traceback_sent:
                del payload["traceback"]
            self.traceback_sent = True
        if isinstance(payload.get("execution_time_ms"), float):
            payload["execution_time_ms"] = round(payload["execution_time_ms"], 1)
        out = {"k": kind}
        for key, value in payload.items():
            out[SHORT.get(key, key)] = value
        return out
