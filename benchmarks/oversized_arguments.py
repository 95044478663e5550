"""What a model's tool call with 21 MB of arguments costs the app: the answer read through the
provider (the openai SDK against the tests' OpenAI-compatible server on loopback) until the call
passes ``MAX_ARGUMENTS``, where it is refused and the rest is not read, and, for comparison, the
same fragments assembled the way the app did before (each piece added to one string).

uv run python benchmarks/oversized_arguments.py [--size 21000000] [--rounds 3]

The server runs in a process of its own (so it does not share the interpreter with the client) and
makes its events before the clock starts: the figures are the client's reading and assembling.
Fragment sizes: 300 characters (about 70,000 events, what makes the old assembly quadratic) and
4 KiB. Prints the median seconds of each.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from tests.fakes.openai_server import Call, FakeOpenAI, Reply, calls  # noqa: E402

PIECES = (300, 4096)


def serve(size: int, piece: int, answers: int) -> None:
    """In the server's process: answer ``answers`` requests with the big call, events made first."""
    reply = big_call(size, piece)
    with FakeOpenAI([reply] * answers) as server:
        events = server.chunks("fast-model", reply)
        server.chunks = lambda _model, _reply: events  # type: ignore[method-assign]
        print(server.base_url, flush=True)
        sys.stdin.read()  # until the benchmark closes it


@contextmanager
def server_process(size: int, piece: int, answers: int):
    """The base URL of a server in a child process, stopped afterwards."""
    command = [sys.executable, __file__, "--serve", str(size), str(piece), str(answers)]
    child = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=REPO)
    try:
        assert child.stdout is not None
        yield child.stdout.readline().strip()
    finally:
        assert child.stdin is not None
        child.stdin.close()
        child.wait(timeout=60)


def big_call(size: int, piece: int) -> Reply:
    return calls(Call("execute_code", '{"code": "' + "x" * size + '"}'), piece=piece)


def read_once(base_url: str) -> tuple[float, int]:
    """Seconds for the provider to give the answer, and how much of the call it had read when it
    refused it."""
    from codementor_desktop.tutor.provider import Provider, ProviderConfig

    provider = Provider(ProviderConfig(base_url=base_url, model="fast-model", total_timeout=600))
    started = time.perf_counter()
    done = provider.complete([{"role": "user", "content": "hi"}])
    took = time.perf_counter() - started
    provider.close()
    return took, done.tool_calls[0].oversized


def concatenated(reply: Reply) -> float:
    """Seconds to join the same fragments the old way: ``call["arguments"] += piece``."""
    raw, piece = reply.calls[0].raw, reply.piece
    call = {"arguments": ""}
    started = time.perf_counter()
    for start in range(0, len(raw), piece):
        call["arguments"] += raw[start : start + piece]
    return time.perf_counter() - started


def main() -> None:
    if sys.argv[1:2] == ["--serve"]:
        return serve(*(int(value) for value in sys.argv[2:5]))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=21_000_000)
    parser.add_argument("--rounds", type=int, default=3)
    options = parser.parse_args()
    from codementor_desktop.tutor.answer import MAX_ARGUMENTS

    print(f"one call with {options.size + 12:,} characters of arguments (the cap is {MAX_ARGUMENTS:,})")
    for piece in PIECES:
        with server_process(options.size, piece, options.rounds + 1) as base_url:
            read_once(base_url)  # warm imports and the connection path up
            reads, counted = [], 0
            for _ in range(options.rounds):
                took, counted = read_once(base_url)
                reads.append(took)
        old = concatenated(big_call(options.size, piece))
        events = -(-(options.size + 12) // piece)
        print(
            f"fragments of {piece:>5} characters ({events:,} events): read by the provider "
            f"{statistics.median(reads):.3f} s median of {options.rounds} (refused after {counted:,}, kept 0); "
            f"the old string assembly alone {old:.2f} s"
        )


if __name__ == "__main__":
    main()
