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


class FrameWriter:
    """Writes frames to a file descriptor that the learner's code does not hold."""

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

    def send(self, kind, **payload):
        if self._compactor is not None:
            payload = self._compactor.frame(kind, payload)
            if payload is None:
                return
        else:
            payload["kind"] = kind
        data = fastjson.dumps(payload)
        line = b"\n" + self._prefix + data.encode("utf-8", "replace") + b"\n"
        view = memoryview(line)
        while view:
            written = os.write(self._fd, view)
            view = view[written:]
