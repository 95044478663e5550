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


def test_a_hundred_and_fifty_problems_each_topic_practised_by_25_to_30():
    assert len(PROBLEMS) >= 150
    per_topic = Counter(topic for p in PROBLEMS for topic in p.topics)
    assert all(25 <= per_topic[topic] <= 30 for topic in Topic), per_topic


def test_a_third_easy_half_medium_a_sixth_hard():
    levels = Counter(p.difficulty for p in PROBLEMS)
    assert levels[Difficulty.EASY] >= 40 and levels[Difficulty.MEDIUM] >= 60 and levels[Difficulty.HARD] >= 20
    shares = {level: levels[level] / len(PROBLEMS) for level in Difficulty}
    assert 0.25 <= shares[Difficulty.EASY] <= 0.4
    assert 0.4 <= shares[Difficulty.MEDIUM] <= 0.6
    assert 0.12 <= shares[Difficulty.HARD] <= 0.2


@pytest.mark.parametrize("topic", list(Topic))
def test_each_topic_has_every_level(topic):
    """A learner who finishes a topic's easy problems finds medium and hard ones after them."""
    levels = Counter(p.difficulty for p in PROBLEMS if topic in p.topics)
    total = sum(levels.values())
    assert levels[Difficulty.EASY] >= 0.2 * total, levels
    assert levels[Difficulty.MEDIUM] >= 0.35 * total, levels
    assert levels[Difficulty.HARD] >= 3, levels


def test_every_technique_tag_has_at_least_four_problems():
    used = Counter(tag for p in PROBLEMS for tag in p.techniques)
    assert {tag: used[tag] for tag in TECHNIQUES if used[tag] < 4} == {}


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
