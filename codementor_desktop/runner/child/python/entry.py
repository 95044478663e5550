"""The child's entry: read one job from stdin, limit and guard this process, run, report frames.

Started as ``python -I -S entry.py`` (or ``codementor --child`` in the frozen app). The job is read
in full before anything else happens, so on Windows, where the parent assigns this process to a
Job Object before it writes the job, no learner code runs outside the Job Object.
"""

import os
import sys

if __package__ in (None, ""):
    _HERE = os.path.dirname(os.path.abspath(__file__))
    sys.path.insert(0, _HERE)
    # wire.py, shared with the app, is one folder up here and beside this file on Piston.
    sys.path.append(os.path.dirname(_HERE))
    import fastjson
    import frames
    import sandbox
    import wire
else:
    from .. import wire
    from . import fastjson, frames, sandbox

# mode -> (module, function): modules are imported only when their mode is asked for. Each
# function is called with the job, the working directory and the frame writer, which it calls to
# send a frame (``writer(kind, **fields)``).
MODES = {
    "judge": ("judge", "judge_tests"),
    "execute": ("judge", "execute_once"),
    "trace": ("trace_run", "run"),
    "breakpoint": ("breakpoints", "run"),
    "tests": ("test_frameworks", "run_tests"),
    "generate": ("generate", "run_generate"),
    "batch": ("batch", "serve"),
}


def _load(module_name):
    if __package__ in (None, ""):
        return __import__(module_name)
    import importlib

    return importlib.import_module("." + module_name, __package__)


def _private_input(reader):
    """The rest of the job's channel, for the harness alone: the learner's fd 0 leads nowhere, so its
    code cannot read (or swallow) the inputs that come next. Nothing has been read ahead: the parent
    sends the first batch only after the child says it is ready."""
    private = os.dup(0)
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    os.close(devnull)
    del reader
    return os.fdopen(private, "rb")


def _wait_as_standby():
    """Started before its job (``runner/standby.py``): import now what every run needs, say so
    on stderr (the parent reads exactly this line), then wait for the job like any child. Nothing
    here depends on the job, and no limit or fence is raised before it: that comes after, as
    always."""
    _load("judge")
    if sys.platform.startswith("linux"):
        _load("confinement").make_ready()
    for name in ("resource", "_posixsubprocess"):  # the limits' module; the one the guard tames
        try:
            __import__(name)
        except ImportError:
            pass
    os.write(2, b"codementor standby ready\n")


def main():
    standby = "--standby" in sys.argv[1:]
    if standby:
        _wait_as_standby()
    # One line: a batch child's inputs follow its job on the same channel (a job's JSON has no
    # newline in it, and every other mode's job is the whole of stdin).
    reader = sys.stdin.buffer
    raw = reader.readline()
    job = fastjson.loads(raw.decode("utf-8"))
    nonce = str(job.pop("nonce", ""))
    if "code" not in job and job.get("code_file"):
        # On a Piston server the learner's code travels as a file beside the harness.
        here = os.path.dirname(os.path.abspath(__file__))
        with open(os.path.join(here, os.path.basename(job["code_file"])), encoding="utf-8") as handle:
            job["code"] = handle.read()
    # Frames go to a private copy of stdout; the learner's fd 1 leads nowhere.
    private = os.dup(1)
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.close(devnull)
    writer = frames.FrameWriter(nonce, private, compact=bool(job.get("compact")), compare=job.get("compare"))
    workdir = os.getcwd()
    mode = job.get("mode", "judge")
    if mode not in MODES:
        writer.send(wire.Frame.INTERNAL_ERROR, message="unknown mode %r" % mode)
        return 0
    if mode == "batch":
        job["_channel"] = _private_input(reader)
    module_name, function_name = MODES[mode]
    try:
        handler = getattr(_load(module_name), function_name)
    except (ImportError, AttributeError) as exc:
        writer.send(wire.Frame.INTERNAL_ERROR, message="mode %r is not available: %s" % (mode, exc))
        return 0
    sys.setrecursionlimit(int((job.get("limits") or {}).get("recursion_limit") or 10000))
    if workdir not in sys.path:
        sys.path.insert(0, workdir)
    sandbox.apply_limits(job.get("limits") or {})
    if job.get("confinement"):
        _load("confinement").apply(job["confinement"])  # the kernel's fences: they hold without the guard
    elif standby and sys.platform.startswith("linux"):
        _load("confinement").apply({})  # no fences: it drops what the standby made ready
    if job.get("guard", True):
        sandbox.install_guard(workdir)
    writer.send(wire.Frame.STARTED, pid=os.getpid(), python=sys.version.split()[0])
    try:
        handler(job, workdir, writer)
    except MemoryError:
        writer.send(wire.Frame.INTERNAL_ERROR, message="out of memory in the harness", verdict=wire.Verdict.MLE)
    except BaseException as exc:  # noqa: BLE001 - report, never die silently
        import traceback

        writer.send(
            wire.Frame.INTERNAL_ERROR,
            message="".join(traceback.format_exception_only(type(exc), exc)).strip(),
            detail=traceback.format_exc()[-4000:],
        )
    writer.send(wire.Frame.DONE, memory_used_kb=sandbox.peak_memory_kb())
    return 0


def run_and_exit():
    """Run the job, then end at once: the frames are written (unbuffered), and what a normal exit
    would still do belongs to the learner (atexit handlers, threads left running that it would
    wait for, files never closed in a folder about to go). It saves the app a few ms a run."""
    code = main()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:  # noqa: BLE001 - the learner may have replaced or closed them
            pass
    os._exit(code)


if __name__ == "__main__":
    run_and_exit()
