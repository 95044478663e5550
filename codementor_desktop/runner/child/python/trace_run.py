"""The trace mode of the child: run the learner's code under the tracer, from start to trace_end.

Shared with the breakpoint mode: how a session is set up for tracing, how the module and then the
entry function run (the foundation's ``input_data``/``target_value`` rule), and how the end of
the program becomes the closing frame's fields.
"""

import gc
import sys

try:
    from . import judge, plan_checks, sandbox, value_text
    from . import tracer as tracing
except ImportError:  # run as a flat script inside the child (Piston ships what ``import`` names)
    import judge
    import plan_checks
    import sandbox
    import tracer as tracing
    import value_text


def tracing_session(job, workdir):
    """The judge's session, with the alarm moved past the tracer's own time limit."""
    session = judge.Session(job, workdir)
    seconds = session.test_timeout
    # The tracer stops itself on time, with a diagnosis; the alarm is only a backstop.
    session.test_timeout = seconds + 1.0
    return session, seconds


def exit_child(writer):
    """What ends a stopped trace: the closing frames are sent; no more learner code may run."""

    def finish():
        import os

        try:
            memory = sandbox.peak_memory_kb()
        except Exception:  # noqa: BLE001 - memory is a nicety
            memory = None
        writer.send("done", memory_used_kb=memory)
        sys.stdout.flush()
        os._exit(0)

    return finish


def _trace_points(points):
    lines, variables, all_lines, all_variables = [], [], False, False
    for point in points or ["all_lines", "all_variables"]:
        if point == "all_lines":
            all_lines = True
        elif point == "all_variables":
            all_variables = True
        elif isinstance(point, int) and not isinstance(point, bool):
            lines.append(point)
        elif isinstance(point, str) and point.isdigit():
            lines.append(int(point))
        elif isinstance(point, str):
            variables.append(point)
    return (None if all_lines or not lines else lines), (None if all_variables or not variables else variables)


def run_program(tracer, session, job, code, code_object):
    """Run the module, then the entry function with the job's input, under the tracer; returns the
    last outcome and the function called. A job of a bank problem (its ``function`` named, its
    ``input`` a test's arguments) is called as the judge calls it (``judge.run_declared``: typed
    arguments, in-place answers, design problems played); free code by ``judge.run_program``'s rule."""
    if "input" in job and job.get("function"):
        return judge.run_declared(session, job, code, code_object, tracer.trace_call, tracer.new_output)
    return judge.run_program(session, job, code, code_object, tracer.trace_call, tracer.new_output)


def text_of(value, limit=2000):
    """A person's text of a live value (``[1, 2, 3]``, ``TreeNode(val=1, ...)``), never its repr()."""
    snap = tracing.new_heap(patches=False)
    return value_text.show(snap.value(value), snap.latest, limit)


def _answer(value, job):
    """The answer's JSON text as a judged test's frame carries it, for the app to compare with the
    example's expected output; None when it cannot be read."""
    returns = None if job.get("compare") == "operations" else (job.get("function") or {}).get("returns")
    try:
        return judge.encoded_value(value, returns)
    except BaseException:  # noqa: BLE001 - the learner's __repr__ or __iter__ raised
        return None


def ending(outcome, path, tracer, job=None):
    """The closing frame's fields for how the program ended."""
    exc = outcome.exception
    if exc is None:
        value = outcome.value
        fields = {"reason": "finished", "return_value": tracer.encode(value), "return_text": text_of(value)}
        if job is not None and "input" in job and job.get("function"):
            fields["answer"] = _answer(value, job)
        return fields
    fields = judge.describe_exception(exc, path)
    if isinstance(exc, judge.NoEntryPoint):
        return {"reason": "error", "error_type": fields["error_type"], "error_message": fields["error_message"]}
    reason = {"timeout": "time_limit", "memory_limit": "memory_limit", "output_limit": "output_limit"}
    fields["reason"] = reason.get(fields.get("error_type"), "exception")
    fields.pop("verdict", None)
    return fields


def run(job, workdir, writer):
    """Trace mode: stream steps in batches, then a trace_end frame."""
    session, seconds = tracing_session(job, workdir)
    code = job.get("code", "")
    try:
        code_object, path = judge.compile_solution(code, workdir)
    except (SyntaxError, ValueError) as exc:
        writer("compile_error", **judge.syntax_error_payload(exc))
        return
    lines, variables = _trace_points(job.get("trace_points"))
    limits = job.get("limits") or {}
    tracer = tracing.Tracer(
        path, code, writer, session.stdout,
        max_steps=int(job.get("max_steps") or 1000), seconds=seconds, lines=lines, variables=variables,
        batch_size=int(job.get("batch_size") or 1000), heap=tracing.new_heap(int(limits.get("trace_items") or 100)),
        on_stop=exit_child(writer), checks=plan_checks.Checks(job["checks"]) if job.get("checks") else None,
    )  # fmt: skip
    # The harness's own objects (its modules, the session, the tracer) live as long as the child: out
    # of the collector's sight, each full collection the trace's steps set off walks only the
    # learner's objects and the steps, not the child's whole heap again.
    gc.freeze()
    outcome, _target = run_program(tracer, session, job, code, code_object)
    if tracer.program_ended(outcome):
        return
    tracer.flush()
    tracer.close(ending(outcome, path, tracer, job))
