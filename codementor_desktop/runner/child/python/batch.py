"""Batch mode: one child answers many inputs, so that a search for edge cases does not start a
process per example.

The code is compiled once; then every line on the private input channel is a batch,
``{"batch": n, "tests": [{"test_id": ..., "input": "..."}, ...]}``, and every input gets one
``test`` frame exactly as in judge mode (a value, or how it failed), then the batch one
``batch_end``. An empty line or the end of the channel ends the run. A TLE, MLE or OLE ends it too:
the learner's state may be broken past one, and the parent starts a fresh child for the rest. Each
input runs the module afresh, as in judge mode, so one example's globals do not leak into the next.
"""

try:
    from .. import wire
    from . import fastjson
    from .judge import STOPPING, _Judge, _start
    from .session import Session
except ImportError:  # run as a flat script inside the child
    import fastjson
    import wire
    from judge import STOPPING, _Judge, _start
    from session import Session


def serve(job, workdir, send):
    channel = job.pop("_channel")
    started = _start(job, workdir, send)
    if started is None:
        return  # a compile error: its frame is sent
    session, code, code_object, path = started
    judge = _Judge(session, job, code, code_object, path)
    send(wire.Frame.READY)
    while True:
        line = channel.readline()
        if not line.strip():
            return
        batch = fastjson.loads(line.decode("utf-8"))
        judge.session = Session(job, workdir)  # each batch has the whole output budget
        for test in batch.get("tests") or []:
            result = judge.one(test, None)
            send(wire.Frame.TEST, **result)
            if result.get("verdict") in STOPPING:
                return
        send(wire.Frame.BATCH_END, batch=batch.get("batch"))
