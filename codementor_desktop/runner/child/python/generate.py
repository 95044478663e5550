"""Generation mode: the bank's seeded worst-case inputs, with expected outputs computed by the
reference solution (trusted code from the problem file, run in the child all the same).

The reference is called exactly as the judge calls a learner's code (``judge.call_entry``), and
with ``count_lines`` its line events on each input are counted the same way: the yardstick a
learner's operations are measured against.
"""

import random

try:
    from .. import wire
    from . import fastjson, judge, literals, structures
    from .session import LineCounter
except ImportError:
    import fastjson
    import judge
    import literals
    import structures
    import wire
    from session import LineCounter


def run_generate(job, workdir, send):
    namespace = {}
    exec(compile(job["generator"], "<generator>", "exec"), namespace)  # noqa: S102 - bank code
    generate = namespace["generate"]
    reference = job["code"]
    function = job.get("function") or {}
    compare_mode = job.get("compare") or "exact"
    code_object, path = judge.compile_solution(reference, workdir)
    session = judge.Session(job, workdir)
    for index, size in enumerate(job.get("sizes", [])):
        args = generate(size, random.Random(index))
        text = fastjson.dumps(args)[1:-1]
        module, outcome = judge.run_module(session, code_object, reference)
        counter = LineCounter(path) if job.get("count_lines") else None
        if not outcome.failed:
            target = judge.find_entry_point(module, code_object, function.get("name"))
            outcome = judge.call_entry(session, target, args, {}, function, compare_mode, "", counter, True)
        if outcome.failed:
            send(wire.Frame.INTERNAL_ERROR, message="reference failed on size %d: %r" % (size, outcome.exception))
            return
        if compare_mode == "operations":
            expected = literals.to_jsonable(outcome.value)
        else:
            expected = literals.to_jsonable(structures.encode(outcome.value, function.get("returns")))
        frame = {"index": index, "size": size, "input": text, "expected_output": fastjson.dumps(expected)}
        if counter is not None:
            frame["line_events"] = counter.count
        send(wire.Frame.GENERATED, **frame)
