"""What the model's tutor costs per turn beside the HTTP exchange: the loop's own work plus what
``ModelTutor`` adds (the message with the learner's code, the consent check, storing the turn's
messages and usage in the database).

uv run python benchmarks/model_tutor_turn.py [--rounds 30]

Against the tests' OpenAI-compatible server on loopback (it answers at once), interleaved so that
a busy machine slows each alike: the floor (the same streamed request read with ``http.client``),
a ``TutorLoop`` text turn, and a new ``ModelTutor``'s first turn (a session opened: its HTTP client
is built, its tools chosen), then a text turn and a tool turn (``get_user_progress``, a registry call
on a real database, no child process). Prints the medians and our overhead per turn:
a turn's time less one floor per request it made (target: under 50 ms a turn).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from benchmarks.tutor_turn import ANSWER, floor, isolated_services  # noqa: E402
from tests.fakes.openai_server import Call, FakeOpenAI, calls, text  # noqa: E402

CODE = "def two_sum(nums, target):\n    return [0, 1]\n" * 10


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30)
    rounds = parser.parse_args().rounds
    services = isolated_services()
    from codementor_desktop.tutor.loop import TutorLoop
    from codementor_desktop.tutor.model_tutor import ModelTutor
    from codementor_desktop.tutor.provider import Provider, ProviderConfig
    from codementor_desktop.tutor.turns import TurnContext

    script = []
    for _ in range(rounds + 1):
        # the floor's request, the loop's turn, the tutor's first and next text turns, its tool turn (two)
        script += [text(*ANSWER)] * 4 + [calls(Call("get_user_progress", {})), text(*ANSWER)]
    context = TurnContext(problem_id="two-sum", code=CODE, language="python")
    times: dict[str, list[float]] = {
        "floor": [], "loop text turn": [], "tutor first turn": [], "tutor text turn": [], "tutor tool turn": [],
    }  # fmt: skip
    with FakeOpenAI(script) as server:
        services.settings.llm_base_url = server.base_url
        services.settings.llm_model = "fast-model"
        services.settings.llm_tool_set = "full"  # get_user_progress is offered: only offered tools run
        loop = TutorLoop(
            Provider(ProviderConfig(base_url=server.base_url, model="fast-model")), services.registry, "ada"
        )
        for number in range(rounds + 1):  # the first round warms imports and connections up
            measured = []
            started = time.perf_counter()
            floor(server.base_url)
            measured.append(time.perf_counter() - started)
            loop.messages = loop.messages[:1]
            started = time.perf_counter()
            assert loop.turn("text", lambda _event: None).reason == "answered"
            measured.append(time.perf_counter() - started)
            tutor = ModelTutor(services, "ada")  # a new session: its first turn builds the HTTP client
            for said in ("first", "text", "tool"):
                started = time.perf_counter()
                ended = tutor.turn(said, lambda _event: None, context=context)
                measured.append(time.perf_counter() - started)
                assert ended.reason == "answered", ended
            tutor.close()
            if number:
                for name, seconds in zip(times, measured, strict=True):
                    times[name].append(seconds * 1000)
    services.close()
    medians = {name: statistics.median(values) for name, values in times.items()}
    for name, value in medians.items():
        print(f"{name:17s} median {value:7.2f} ms   fastest {min(times[name]):7.2f} ms   ({rounds} rounds)")
    turns = (("loop text turn", 1), ("tutor first turn", 1), ("tutor text turn", 1), ("tutor tool turn", 2))
    for name, requests in turns:
        overhead = medians[name] - requests * medians["floor"]
        print(f"our overhead, {name}: {overhead:6.2f} ms = {overhead / 50:.2f} x the 50 ms budget")


if __name__ == "__main__":
    main()
