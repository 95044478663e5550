"""Framed messages from the child to the parent, apart from anything the learner prints.

Each frame is one line on the real stdout: a record separator, the protocol tag, the run's nonce,
then compact JSON. The learner's own prints are captured in memory and never reach this stream.
"""

import os

try:
    from .. import wire
    from . import fastjson
except ImportError:
    import fastjson
    import wire


_STEPS = "@steps@"  # where a batch's steps go in its frame (see send_steps)

# What a frame is written with, taken when this module loads, before the learner's code: that code
# shares this process and may rebind ``os.write``, builtins or the JSON encoder's names, but a
# frame the harness writes is serialised and written with these.
_dumps = fastjson.private_dumps()
_write_fd = os.write
_view = memoryview


class FrameWriter:
    """Writes frames to a file descriptor that the learner's code does not hold.

    A mode is handed its writer and calls it to send a frame: ``writer(kind, **fields)`` is
    ``writer.send(kind, **fields)``.
    """

    def __init__(self, nonce, fd=1, compact=False, compare=None):
        self._prefix = (wire.FRAME_TAG + nonce + ":").encode("ascii")
        self._fd = fd
        self._compactor = None
        if compact:  # a Piston run: see compact.py
            try:
                from . import compact as compact_frames
            except ImportError:
                import compact as compact_frames
            self._compactor = compact_frames.Compactor(compare)

    def __call__(self, kind, **payload):
        self.send(kind, **payload)

    def send(self, kind, **payload):
        payload = self._shaped(kind, payload)
        if payload is not None:
            self._write(_dumps(payload))

    def send_steps(self, first, steps):
        """One ``trace_batch`` frame: ``steps`` encoded trace steps, the first numbered ``first``.

        The steps travel as JSON text inside the frame, so that the app can keep them as they came
        (it stores a trace's batches without encoding them again). They are plain acyclic data:
        the JSON encoder skips its circular-reference bookkeeping (a third of its time). And JSON
        text holds no raw control character, so it becomes a string literal by escaping its
        backslashes and quotes, two passes of ``str.replace`` rather than the encoder's scan.
        """
        text = _dumps(steps, check_circular=False)
        payload = self._shaped(wire.Frame.TRACE_BATCH, {"first": first, "steps": _STEPS})
        if payload is not None:
            literal = '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
            self._write(_dumps(payload).replace('"%s"' % _STEPS, literal, 1))

    def _shaped(self, kind, payload):
        if self._compactor is not None:
            return self._compactor.frame(kind, payload)
        payload["kind"] = kind
        return payload

    def _write(self, text):
        view = _view(b"\n" + self._prefix + text.encode("utf-8", "replace") + b"\n")
        while view:
            view = view[_write_fd(self._fd, view) :]
