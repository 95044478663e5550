"""The problem's own vocabulary: which concepts its tags and hints bring, what each hint teaches,
and the names in the learner's code (both languages, code that does not parse too)."""

from __future__ import annotations

import pytest

from codementor_desktop.problems.bank import ProblemBank, load_bank
from codementor_desktop.resources import builtin_problems_dir
from codementor_desktop.tutor.understanding import LEXICON, Vocabulary, code_names


@pytest.fixture(scope="module")
def bank() -> ProblemBank:
    return load_bank([builtin_problems_dir()])


def test_two_sums_hints_teach_the_complement_and_a_hash_lookup(bank: ProblemBank) -> None:
    vocabulary = Vocabulary.of(bank.get("two-sum"))
    assert "complement" in vocabulary.hint_concepts[1]
    assert "hash_lookup" in vocabulary.hint_concepts[2]
    assert [h[-1] for h in vocabulary.hint_concepts] == ["hint:1", "hint:2", "hint:3"]
    ids = [c.id for c in vocabulary.concepts]
    assert {"hash_lookup", "complement", "nested_loop"} <= set(ids)
    assert "pair" in vocabulary.concept("hint:2").phrases


def test_a_tree_problem_brings_recursion_and_its_base_case(bank: ProblemBank) -> None:
    ids = {c.id for c in Vocabulary.of(bank.get("tree-diameter")).concepts}
    assert {"recursion", "base_case", "tree_traversal"} <= ids
    assert "two_pointers" not in ids


def test_every_bank_problem_has_concepts_and_every_hint_its_own_words(bank: ProblemBank) -> None:
    for problem in bank.all():
        vocabulary = Vocabulary.of(problem)
        lexicon = [c for c in vocabulary.concepts if not c.id.startswith("hint:")]
        assert lexicon, problem.id
        assert len(vocabulary.hint_concepts) == len(problem.hints)
        # the first hint is often only the target complexity; the others carry an idea
        assert all(len(h.phrases) >= 3 for h in vocabulary.hints[1:]), problem.id


def test_the_names_of_javascript_code_are_its_own_not_the_globals_or_methods() -> None:
    code = """function twoSum(nums, target) {
  const seen = new Map();
  for (let i = 0; i < nums.length; i++) {
    const need = target - nums[i];
    if (seen.has(need)) return [seen.get(need), i];
    seen.set(nums[i], i); console.log(Math.max(need, 0));
  }
  return [];
}"""
    assert code_names(code, "javascript") == {"twoSum", "nums", "target", "seen", "i", "need"}


def test_a_classs_own_fields_are_names_in_both_languages() -> None:
    js = "class LRUCache {\n  constructor(capacity) { this.capacity = capacity; this.store = new Map(); }\n"
    assert {"LRUCache", "capacity", "store"} <= code_names(js, "javascript")
    python = "class LRUCache:\n    def __init__(self, capacity):\n        self.store = {}\n"
    assert {"LRUCache", "capacity", "store"} <= code_names(python)


def test_python_names_come_from_code_that_does_not_parse_too() -> None:
    assert code_names("def f(nums):\n    total = sum(nums)\n    return total\n") == {"f", "nums", "total"}
    broken = "def two_sum(nums, target):\n    for i in range(len(nums)\n        seen = {}\n"
    assert {"two_sum", "nums", "target", "i", "seen"} <= code_names(broken)
    assert "range" not in code_names(broken) and "len" not in code_names(broken)


def test_a_problem_owns_its_concepts_not_the_whole_lexicon(bank: ProblemBank) -> None:
    vocabulary = Vocabulary.of(bank.get("two-sum"))
    assert vocabulary.owns("hash_lookup") and vocabulary.owns("hint:3")
    assert not vocabulary.owns("binary_search")
    assert vocabulary.label("binary_search") == "binary search"  # the lexicon still names it
    assert Vocabulary.of(None).concepts == ()


def test_a_name_is_found_as_the_learner_types_it(bank: ProblemBank) -> None:
    vocabulary = Vocabulary.of(bank.get("max-profit-single-trade"), "def max_profit(prices):\n    return 0\n")
    assert vocabulary.spelled["maxprofit"] == "max_profit"
    assert vocabulary.spelled["max_profit"] == "max_profit"


def test_every_lexicon_concept_has_a_label_and_phrases() -> None:
    assert len(LEXICON) >= 30
    for concept in LEXICON:
        assert concept.label and concept.phrases, concept.id
