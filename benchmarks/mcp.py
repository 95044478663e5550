"""What the Model Context Protocol costs a call: ``bp_execute`` through an MCP client session (a
real ``codementor mcp`` subprocess on stdio, the SDK's own client) against the same call made in
process through the registry, side by side. Both run as ``caller=model`` for the same learner on
the same data folder, so the difference is the protocol: JSON-RPC framing both ways, the pipe, the
server's validation and its worker thread. The calls alternate, so a busy machine slows both.

uv run python benchmarks/mcp.py             # 30 calls each (after 3 to warm up)
uv run python benchmarks/mcp.py --runs 100

A second pair of rows times ``bp_visualize_structure``, which starts no child: the protocol's cost
without a child's start-up (tens of milliseconds, varying) beside it.

Target: under 10 ms of protocol overhead a call (the difference of the medians).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import anyio

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
# Run as a script, this folder comes first on the path, and this file's name would hide the SDK.
sys.path[:] = [str(REPO)] + [p for p in sys.path if Path(p or ".").resolve() != HERE]

ARGUMENTS = {"language": "python", "code": "def f(x):\n    return x * 2\n", "input_data": 21}
# A call that starts no child: the protocol's cost alone, without a child's start-up noise beside it.
NO_CHILD = {"structure_type": "array", "data": [3, 1, 4, 1, 5], "highlight_indices": [2]}
TARGET_MS = 10.0


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=30, help="timed calls of each kind")
    parser.add_argument("--warmup", type=int, default=3, help="untimed calls of each kind first")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="codementor-mcp-bench-") as home:
        os.environ["CODEMENTOR_HOME"] = home
        os.environ["CODEMENTOR_USER"] = "bench"
        # A model's local runs are rate-limited (200 an hour by default); a benchmark makes more.
        (Path(home) / "config").mkdir(parents=True)
        (Path(home) / "config" / "settings.toml").write_text(
            "[rate_limits.execution_local]\ncalls = 1000000\nper_seconds = 3600\n", encoding="utf-8"
        )
        timings = anyio.run(measure, args.runs, args.warmup)
    report("bp_execute", *timings["bp_execute"])
    report("bp_visualize_structure (no child process)", *timings["bp_visualize_structure"])


async def measure(runs: int, warmup: int) -> dict[str, tuple[list[float], list[float]]]:
    from mcp.client.session import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    from codementor_desktop.domain.vocabulary import Caller
    from codementor_desktop.storage.secrets import Credentials
    from codementor_desktop.tools.context import ToolContext
    from codementor_desktop.tools.services import Services

    services = Services.build(credentials=Credentials(use_keyring=False))
    env = {k: v for k, v in os.environ.items() if k.startswith("CODEMENTOR_")}
    server = StdioServerParameters(command=sys.executable, args=["-m", "codementor_desktop", "mcp"], env=env, cwd=REPO)
    timings: dict[str, tuple[list[float], list[float]]] = {}
    try:
        with open(os.devnull, "w") as errors:
            async with stdio_client(server, errlog=errors) as (read, write), ClientSession(read, write) as session:
                await session.initialize()
                for name, arguments in (("bp_execute", ARGUMENTS), ("bp_visualize_structure", NO_CHILD)):
                    in_process: list[float] = []
                    through_mcp: list[float] = []
                    for number in range(warmup + runs):
                        started = time.perf_counter()
                        direct = services.registry.call(name, arguments, ToolContext(Caller.MODEL, "bench"))
                        middle = time.perf_counter()
                        remote = await session.call_tool(name, arguments)
                        ended = time.perf_counter()
                        if direct.get("status") == "error" or remote.is_error:
                            raise SystemExit(f"a call failed: {direct} / {remote.structured_content}")
                        if number >= warmup:
                            in_process.append((middle - started) * 1000)
                            through_mcp.append((ended - middle) * 1000)
                    timings[name] = (in_process, through_mcp)
    finally:
        services.close()
    return timings


def report(name: str, in_process: list[float], through_mcp: list[float]) -> None:
    local, remote = statistics.median(in_process), statistics.median(through_mcp)
    print(f"{name}, {len(in_process)} calls each, median (min .. max) in ms")
    print(f"  in process (registry.call)   {local:8.1f}  ({min(in_process):.1f} .. {max(in_process):.1f})")
    print(f"  through MCP (stdio session)  {remote:8.1f}  ({min(through_mcp):.1f} .. {max(through_mcp):.1f})")
    overhead = remote - local
    # Each MCP call follows its in-process twin: the median of the pairs' differences is steadier
    # than the difference of the medians when the machine's load moves.
    paired = statistics.median(b - a for a, b in zip(in_process, through_mcp, strict=True))
    verdict = "within" if overhead < TARGET_MS else "OVER"
    print(f"  protocol overhead            {overhead:8.1f} ms a call ({remote / local:.2f}x; median of the pairs' "
          f"differences {paired:.1f} ms); {verdict} the {TARGET_MS:.0f} ms target")  # fmt: skip


if __name__ == "__main__":
    main()
