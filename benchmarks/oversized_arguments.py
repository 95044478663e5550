"""What a model's tool call with 21 MB of arguments costs the app: the answer read through the
provider (the openai SDK against the tests' OpenAI-compatible server on loopback), the call
counted past ``MAX_ARGUMENTS`` but not kept, and the same fragments assembled the way the app did
before (each piece added to one string), for comparison.

uv run python benchmarks/oversized_arguments.py [--size 21000000] [--rounds 3]

The server's events are made before the clock starts, so the figures are the client's reading and
assembling. Fragment sizes: 300 characters (about 70,000 events, what makes the old assembly
quadratic) and 4 KiB. Prints the median seconds of each.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from tests.fakes.openai_server import Call, FakeOpenAI, Reply, calls  # noqa: E402

PIECES = (300, 4096)


def read_once(server: FakeOpenAI, reply: Reply) -> tuple[float, int]:
    """Seconds for the provider to read ``reply``, and the size it counted for the call."""
    from codementor_desktop.tutor.provider import Provider, ProviderConfig

    events = server.chunks("fast-model", reply)
    server.chunks = lambda _model, _reply: events  # type: ignore[method-assign]  # made before the clock
    server.script.append(reply)
    provider = Provider(ProviderConfig(base_url=server.base_url, model="fast-model", total_timeout=600))
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
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=21_000_000)
    parser.add_argument("--rounds", type=int, default=3)
    options = parser.parse_args()
    from codementor_desktop.tutor.answer import MAX_ARGUMENTS

    huge = '{"code": "' + "x" * options.size + '"}'
    print(f"one call with {len(huge):,} characters of arguments (the cap is {MAX_ARGUMENTS:,})")
    with FakeOpenAI() as server:
        for piece in PIECES:
            reply = calls(Call("execute_code", huge), piece=piece)
            read_once(server, reply)  # warm imports and the connection path up
            reads, counted = [], 0
            for _ in range(options.rounds):
                took, counted = read_once(server, reply)
                reads.append(took)
            old = concatenated(reply)
            events = -(-len(huge) // piece)
            print(
                f"fragments of {piece:>5} characters ({events:,} events): read by the provider "
                f"{statistics.median(reads):.2f} s median of {options.rounds} (counted {counted:,}, kept 0); "
                f"the old string assembly alone {old:.2f} s"
            )


if __name__ == "__main__":
    main()
