"""What our code costs per tutor turn, beside the HTTP exchange it cannot avoid.

uv run python benchmarks/tutor_turn.py [--rounds 30]

Against the tests' OpenAI-compatible server on loopback (it answers at once, so the model's own
time is nil), runs, interleaved so that a busy machine slows each alike:

- the floor: the same streamed request sent with ``http.client`` and its events read, no SDK;
- a text turn: ``TutorLoop.turn`` answered with streamed text (one request);
- a tool turn: the model calls ``get_user_progress`` (a real registry call on a real database, no
  child process), then answers (two requests); the turn's time is given without the tool's run.

and prints the median of each and our overhead per turn: a turn's time less one floor per request
it made and less the tool's own run (timed around the registry's call) (target: under 50 ms on every turn, the spec's budget for function execution, the
learner's code and the model excluded). The loop's very first turn (the first round, a new
``Provider``) is printed apart, and every turn is checked, not only the median.

As the app does at its start, the certificates are loaded on a background thread first
(``prepare_in_background``; its time is printed): before, the first turn of every new ``Provider``
loaded them (about 100 ms) into a TLS context of its own; now one context serves the process.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from codementor_desktop.tutor.loop import TutorLoop  # noqa: E402
from codementor_desktop.tutor.provider import Provider, ProviderConfig, prepare_in_background  # noqa: E402
from tests.fakes.openai_server import Call, FakeOpenAI, calls, text  # noqa: E402

ANSWER = ["Which ", "test ", "fails, ", "and on ", "which input?"]
BUDGET_MS = 50.0  # our own time a turn, the model's and the tools' runs excluded


def floor(base_url: str) -> None:
    """One streamed chat request read to its end with the standard library."""
    parts = urlsplit(base_url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port)
    body = json.dumps({"model": "fast-model", "stream": True, "messages": [{"role": "user", "content": "hi"}]})
    connection.request("POST", parts.path + "/chat/completions", body, {"Content-Type": "application/json"})
    response = connection.getresponse()
    assert response.status == 200
    assert b"[DONE]" in response.read()
    connection.close()


class ToolClock:
    """The time ``registry`` spends in its tools' calls: the tools' own runs, which a turn's
    overhead excludes (the first run of get_user_progress imports its module, for one)."""

    def __init__(self, registry) -> None:  # noqa: ANN001 - a ToolRegistry
        self.seconds = 0.0
        self.runs: list[float] = []
        call = registry.call

        def timed(*args, **kwargs):  # noqa: ANN202 - the registry's own call
            started = time.perf_counter()
            try:
                return call(*args, **kwargs)
            finally:
                self.seconds += time.perf_counter() - started
                self.runs.append((time.perf_counter() - started) * 1000)

        registry.call = timed

    def lap(self) -> float:
        """Seconds spent in tools since the last lap."""
        seconds, self.seconds = self.seconds, 0.0
        return seconds


def isolated_services():  # noqa: ANN201 - Services, imported once the home is set
    """The app's services in a fresh home of their own (no keyring), as a first start has them."""
    home = tempfile.mkdtemp(prefix="codementor-bench-")
    os.environ["CODEMENTOR_HOME"] = home
    os.environ["CODEMENTOR_SYSTEM_CONFIG"] = str(Path(home) / "system")
    from codementor_desktop.storage.secrets import Credentials
    from codementor_desktop.tools.services import Services

    return Services.build(credentials=Credentials(use_keyring=False))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30)
    rounds = parser.parse_args().rounds
    services = isolated_services()
    progress = Call("get_user_progress", {})
    script = []
    for _ in range(rounds + 1):
        script += [text(*ANSWER), text(*ANSWER), calls(progress), text(*ANSWER)]
    times: dict[str, list[float]] = {"floor": [], "text turn": [], "tool turn": []}
    first: dict[str, float] = {}
    with FakeOpenAI(script) as server:
        services.bank.all()  # the window lists the problems at its start: no turn loads the bank
        started = time.perf_counter()
        prepare_in_background().join()  # as the app's start does, on a thread of its own
        warm_up_ms = (time.perf_counter() - started) * 1000
        config = ProviderConfig(base_url=server.base_url, model="fast-model")
        loop = TutorLoop(Provider(config), services.registry, services.settings.user)
        tools = ToolClock(services.registry)
        for number in range(rounds + 1):  # the first round warms imports and connections up
            measured = []
            started = time.perf_counter()
            floor(server.base_url)
            measured.append(time.perf_counter() - started)
            for said in ("text", "tool"):
                loop.messages = loop.messages[:1]  # each turn starts a conversation
                started = time.perf_counter()
                ended = loop.turn(said, lambda _event: None)
                measured.append(time.perf_counter() - started - tools.lap())
                assert ended.reason == "answered", ended
            if number:
                for name, seconds in zip(times, measured, strict=True):
                    times[name].append(seconds * 1000)
            else:
                first = {name: seconds * 1000 for name, seconds in zip(times, measured, strict=True)}
    services.close()
    medians = {name: statistics.median(values) for name, values in times.items()}
    print(f"warm-up at the app's start (certificates, a background thread): {warm_up_ms:7.2f} ms")
    print(f"get_user_progress's own run (excluded below): first {tools.runs[0]:7.2f} ms, "
          f"median {statistics.median(tools.runs):7.2f} ms")  # fmt: skip
    over, turns = 0, 0
    for name, requests in (("text turn", 1), ("tool turn", 2)):
        overhead = first[name] - requests * medians["floor"]
        over += overhead >= BUDGET_MS
        turns += 1
        print(f"the loop's first {name} (tool run excluded): {first[name]:7.2f} ms, our overhead {overhead:6.2f} ms")
    report_turns(times, {"text turn": 1, "tool turn": 2}, rounds, over, turns)


def report_turns(times: dict[str, list[float]], requests: dict[str, int], rounds: int, over: int, turns: int) -> None:
    """Each series' median, fastest and slowest, then every turn's overhead (its time less one floor
    a request) against the budget, and the verdict counting ``over`` of ``turns`` already seen."""
    medians = {name: statistics.median(values) for name, values in times.items()}
    width = max(len(name) for name in times)
    for name, value in medians.items():
        print(f"{name:{width}s} median {value:7.2f} ms   fastest {min(times[name]):7.2f} ms   "
              f"slowest {max(times[name]):7.2f} ms   ({rounds} rounds)")  # fmt: skip
    for name, count in requests.items():
        overhead = medians[name] - count * medians["floor"]
        each = [value - count * medians["floor"] for value in times[name]]
        late = sum(value >= BUDGET_MS for value in each)
        over += late
        turns += len(each)
        print(f"our overhead, {name}: median {overhead:6.2f} ms = {overhead / BUDGET_MS:.2f} x the 50 ms budget; "
              f"slowest {max(each):6.2f} ms; {late} of {len(each)} at or over 50 ms")  # fmt: skip
    verdict = "met" if over == 0 else f"NOT met ({over} of {turns} turns at or over)"
    print(f"target every turn's overhead under {BUDGET_MS:.0f} ms, the first included: {verdict}")


if __name__ == "__main__":
    main()
