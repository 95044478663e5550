"""What our code costs per tutor turn, beside the HTTP exchange it cannot avoid.

uv run python benchmarks/tutor_turn.py [--rounds 30]

Against the tests' OpenAI-compatible server on loopback (it answers at once, so the model's own
time is nil), runs, interleaved so that a busy machine slows each alike:

- the floor: the same streamed request sent with ``http.client`` and its events read, no SDK;
- a text turn: ``TutorLoop.turn`` answered with streamed text (one request);
- a tool turn: the model calls ``get_user_progress`` (a real registry call on a real database, no
  child process), then answers (two requests).

and prints the median of each and our overhead per turn: a turn's time less one floor per request
it made (target: under 50 ms a turn, the spec's budget for function execution, the learner's code
and the model excluded).
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
from codementor_desktop.tutor.provider import Provider, ProviderConfig  # noqa: E402
from tests.fakes.openai_server import Call, FakeOpenAI, calls, text  # noqa: E402

ANSWER = ["Which ", "test ", "fails, ", "and on ", "which input?"]


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
    with FakeOpenAI(script) as server:
        config = ProviderConfig(base_url=server.base_url, model="fast-model")
        loop = TutorLoop(Provider(config), services.registry, services.settings.user)
        for number in range(rounds + 1):  # the first round warms imports and connections up
            measured = []
            started = time.perf_counter()
            floor(server.base_url)
            measured.append(time.perf_counter() - started)
            for said in ("text", "tool"):
                loop.messages = loop.messages[:1]  # each turn starts a conversation
                started = time.perf_counter()
                ended = loop.turn(said, lambda _event: None)
                measured.append(time.perf_counter() - started)
                assert ended.reason == "answered", ended
            if number:
                for name, seconds in zip(times, measured, strict=True):
                    times[name].append(seconds * 1000)
    services.close()
    medians = {name: statistics.median(values) for name, values in times.items()}
    for name, value in medians.items():
        print(f"{name:10s} median {value:7.2f} ms   fastest {min(times[name]):7.2f} ms   ({rounds} rounds)")
    for name, requests in (("text turn", 1), ("tool turn", 2)):
        overhead = medians[name] - requests * medians["floor"]
        print(f"our overhead, {name}: {overhead:6.2f} ms = {overhead / 50:.2f} x the 50 ms budget")


if __name__ == "__main__":
    main()
