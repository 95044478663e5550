"""The built-in bank: its shape, its vocabulary, its hints and its statements' examples."""

import re
from collections import Counter

import pytest

from codementor_desktop.domain.vocabulary import TECHNIQUES, Difficulty, Topic
from codementor_desktop.problems.bank import load_bank
from codementor_desktop.resources import builtin_problems_dir
from codementor_desktop.runner.child.python import literals

BANK = load_bank([builtin_problems_dir()])
PROBLEMS = BANK.all()
EXAMPLE_BULLET = re.compile(r"^\s*[-*]\s+`(?P<input>[^`]*)`\s+gives\s+`(?P<output>[^`]*)`", re.MULTILINE)


def test_every_file_loads():
    assert BANK.errors == []


def test_ninety_problems_fifteen_per_topic():
    assert len(PROBLEMS) >= 90
    per_topic = Counter(p.topic for p in PROBLEMS)
    assert {topic: per_topic[topic] for topic in Topic} == {topic: 15 for topic in Topic}


@pytest.mark.parametrize("topic", list(Topic))
def test_difficulty_split_per_topic(topic):
    levels = Counter(p.difficulty for p in PROBLEMS if p.topic == topic)
    assert 4 <= levels[Difficulty.EASY] <= 6
    assert 6 <= levels[Difficulty.MEDIUM] <= 9
    assert 2 <= levels[Difficulty.HARD] <= 4


def test_every_technique_tag_appears():
    used = {tag for p in PROBLEMS for tag in p.techniques}
    assert set(TECHNIQUES) - used == set()


def test_files_live_in_their_first_topics_folder():
    for problem in PROBLEMS:
        assert BANK.sources[problem.id].parent.name == problem.topic.value


def test_hints_are_progressive_and_never_shared():
    seen = {}
    for problem in PROBLEMS:
        assert 2 <= len(problem.hints) <= 5, problem.id
        assert "O(" in problem.hints[0], f"{problem.id}: the first hint states the target complexity"
        for hint in problem.hints:
            key = " ".join(hint.lower().split())
            assert key not in seen, f"{problem.id} and {seen.get(key)} share a hint"
            seen[key] = problem.id


@pytest.mark.parametrize("problem", PROBLEMS, ids=lambda p: p.id)
def test_statement_examples_are_the_visible_tests(problem):
    bullets = EXAMPLE_BULLET.findall(problem.statement)
    assert len(bullets) == len(problem.examples), f"{problem.id}: {len(bullets)} bullets"
    names = [p.name for p in problem.function.params]
    visible = [(literals.parse_arguments(e.input)[0], literals.parse_value(e.output)) for e in problem.examples]
    for text, output in bullets:
        args, kwargs = literals.parse_arguments(text)
        if kwargs:
            args = [kwargs[name] for name in names] if problem.compare != "operations" else list(kwargs.values())
        assert (args, literals.parse_value(output)) in visible, f"{problem.id}: {text} gives {output}"


@pytest.mark.parametrize("problem", PROBLEMS, ids=lambda p: p.id)
def test_enough_tests_with_edges_and_large_inputs(problem):
    assert len(problem.examples) >= 3
    assert len(problem.tests) + len(problem.generator.sizes) >= 10
    for case in [*problem.examples, *problem.tests]:
        literals.parse_arguments(case.input)
        literals.parse_value(case.output)
    assert problem.statement.count("## Examples") == 1 and "## Constraints" in problem.statement


def test_search_by_text_topic_difficulty_and_pattern():
    assert [p.id for p in BANK.search("two sum")][:1] == ["two-sum"]
    hard_graphs = BANK.search(topic="graphs", difficulty="hard")
    assert hard_graphs and all(p.difficulty is Difficulty.HARD and Topic.GRAPHS in p.topics for p in hard_graphs)
    off_by_one = BANK.search(pattern="off_by_one")
    assert off_by_one and all("off_by_one" in p.patterns for p in off_by_one)
    status = {p.id: "solved" for p in PROBLEMS[:3]}
    assert [p.id for p in BANK.search(status_of=status, status="solved")] == [p.id for p in PROBLEMS[:3]]
