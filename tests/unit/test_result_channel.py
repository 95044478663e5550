"""The result channel on the app's side (``runner/channel.py``): what a decoder keeps of a child's
frames, the decoded size it estimates before it decodes, the trace steps it keeps, and a run with
tests missing that the profile never counts as solved."""

from __future__ import annotations

import json
import tracemalloc

import pytest

from codementor_desktop.domain.vocabulary import ProblemStatus
from codementor_desktop.runner.channel import CHANNEL_MESSAGE, FrameDecoder, decoded_cost, decoder_for
from codementor_desktop.runner.child.wire import FRAME_TAG
from codementor_desktop.runner.protocol import ChildReport, Limits, judge_job, trace_job
from codementor_desktop.runner.trace_assembly import TraceAssembler
from codementor_desktop.storage.database import Database, sqlite_url
from codementor_desktop.storage.evidence import learner_evidence
from codementor_desktop.storage.progress import problem_statuses
from codementor_desktop.storage.runs import RunStore

TESTS = [{"test_id": 1, "input": "1"}, {"test_id": 2, "input": "2"}]


def line(job: dict, frame: dict) -> bytes:
    return b"\n" + (FRAME_TAG + job["nonce"] + ":").encode() + json.dumps(frame).encode() + b"\n"


def judge() -> dict:
    return dict(judge_job("python", "x = 1", Limits(), tests=TESTS, function={"name": "f"}))


@pytest.mark.parametrize(
    "pattern", ["{},", "[],", '"ab",', "100000,", "1.5,", '{"a":1},', '{"a":100000,"b":"xy"},', "[[1]],", '"a",']
)
def test_the_estimate_is_never_below_what_decoding_takes(pattern):
    text = ("[" + pattern * 50_000 + "0]").encode()
    tracemalloc.start()
    value = json.loads(text)
    taken = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    del value
    assert decoded_cost(text) >= taken


def test_a_returned_values_text_costs_about_its_bytes():
    # Brackets and commas inside a string are that string's bytes, not objects.
    value = json.dumps(list(range(100_000)))
    frame = json.dumps({"test_id": 1, "value": value, "kind": "test"}).encode()
    assert decoded_cost(frame) < 1.2 * len(frame)


def test_a_judge_run_keeps_its_kinds_its_fields_and_one_result_per_test():
    job = judge()
    decoder = decoder_for(job)
    frames = decoder.feed(
        line(job, {"kind": "started", "pid": 1})
        + line(job, {"test_id": 1, "value": "1", "stdout": "x" * 50_000, "junk": [1, 2], "kind": "test"})
    )
    assert [f["kind"] for f in frames] == ["started", "test"] and decoder.fault is None
    assert "junk" not in frames[1] and len(frames[1]["stdout"]) < 17_000
    assert decoder.feed(line(job, {"test_id": 1, "value": "1", "kind": "test"})) == []
    assert decoder.fault == "a second result for test 1"


@pytest.mark.parametrize(
    ("frame", "fault"),
    [
        ({"kind": "started"}, "a second started frame"),
        ({"kind": "case", "name": "t"}, "a case frame in a judge run"),
        ({"kind": "progress"}, "a frame of no kind (progress)"),
        ({"kind": "test", "test_id": 2}, "a result out of turn for test 2"),
        ({"kind": "test", "test_id": [1]}, "a result out of turn for test [1]"),
    ],
)
def test_frames_a_judge_harness_never_sends_are_faults(frame, fault):
    job = judge()
    decoder = decoder_for(job)
    decoder.feed(line(job, {"kind": "started"}))
    assert decoder.feed(line(job, frame)) == [] and decoder.fault == fault


def test_a_frame_that_decodes_to_far_more_than_its_text_is_never_decoded():
    job = judge()
    decoder = decoder_for(job)
    bomb = line(job, {"kind": "started", "junk": [{}] * 800_000})
    tracemalloc.start()
    assert decoder.feed(bomb) == []
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert decoder.fault is not None and "once read" in decoder.fault
    assert peak < 4 * len(bomb)  # the 800,000 dicts (58 MB) were never made


def test_small_frames_full_of_structure_are_kept_only_within_a_budget():
    job = dict(trace_job("python", "x = 1", Limits(), arguments={}, trace_points=[], max_steps=10))
    decoder = decoder_for(job)
    decoder.feed(line(job, {"kind": "started"}))
    junk = line(job, {"kind": "internal_error", "junk": [{}] * 100_000})  # 300 KB, about 7 MB once read
    kept = [decoder.feed(junk) for _ in range(20)]
    assert decoder.fault is not None and "once read" in decoder.fault
    assert sum(len(frames) for frames in kept) < 12  # about 64 MB of them, not 140


def test_a_runs_bytes_are_bounded_and_nothing_is_kept_past_a_fault():
    decoder = FrameDecoder("00", max_frame=1000, max_total=10_000)
    assert decoder.feed(b"x" * 20_000) == [] and decoder.fault
    assert decoder.feed(b'\n\x1eCM1:00:{"kind":"done"}\n') == []


def test_a_trace_keeps_at_most_its_steps():
    job = trace_job("python", "x = 1", Limits(), arguments={}, trace_points=[], max_steps=3)
    assembler = TraceAssembler(max_steps=3)
    step = [0, 1, 1, {}, {}, ""]
    assembler.feed({"kind": "trace_batch", "first": 0, "steps": json.dumps([step] * 3)})
    assembler.feed({"kind": "trace_batch", "first": 3, "steps": json.dumps([step] * 50)})
    assert len(assembler.steps) == 3 and assembler.fault == "more than 3 trace steps"
    report = ChildReport(frames=[{"kind": "started"}], exit_code=0)
    result = assembler.result(report, 3)
    assert result["stop_reason"] == "crashed" and CHANNEL_MESSAGE in result["message"], result
    assert job["max_steps"] == 3


def test_trace_steps_over_their_decoded_budget_are_not_read():
    assembler = TraceAssembler(max_steps=10)
    assembler.feed({"kind": "trace_batch", "first": 0, "steps": json.dumps([[0, 1, 1, [{}] * 600_000]])})
    assert assembler.steps == [] and "MB of trace steps once read" in (assembler.fault or "")


@pytest.fixture
def database(tmp_path):
    opened = Database.open(sqlite_url(tmp_path / "learner.sqlite3"))
    yield opened
    opened.close()


def test_a_submit_with_tests_missing_never_counts_as_solved(database):
    # Whatever produced it, an AC with a test that did not run (or did not pass) is no solve.
    cut_short = {
        "verdict": "AC",
        "tests_run": 1,
        "tests_total": 2,
        "test_results": [{"verdict": "AC", "hidden": True}, {"verdict": None, "status": "not_run", "hidden": True}],
    }
    runs = RunStore(database)
    runs.save("run", "execute_code", "ada", cut_short, problem_id="two-sum", verdict="AC")
    assert problem_statuses(database, "ada")["two-sum"] == ProblemStatus.ATTEMPTED
    whole = {**cut_short, "tests_run": 2}
    whole["test_results"] = [{"verdict": "AC", "hidden": True}, {"verdict": "WA", "hidden": True}]
    runs.save("run", "execute_code", "ada", whole, problem_id="two-sum", verdict="AC")
    assert problem_statuses(database, "ada")["two-sum"] == ProblemStatus.ATTEMPTED
    assert not any(a.submitted for a in learner_evidence(database, "ada").attempts)
    solved = {**whole, "test_results": [{"verdict": "AC", "hidden": True}] * 2}
    runs.save("run", "execute_code", "ada", solved, problem_id="two-sum", verdict="AC")
    assert problem_statuses(database, "ada")["two-sum"] == ProblemStatus.SOLVED
