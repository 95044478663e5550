"""A problem's own vocabulary: the concepts it is made of (from its tags and its hints, matched
against the lexicon), what each hint teaches, and the names in the learner's code."""

from __future__ import annotations

import ast
import builtins
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING

from pygments.lexers import JavascriptLexer, PythonLexer
from pygments.token import Name

from .lexicon import BY_PATTERN, BY_TECHNIQUE, BY_TOPIC, CONCEPTS
from .words import content_words, normalise, stem, tokens

if TYPE_CHECKING:
    from ...problems.model import Problem

HINT_PREFIX = "hint:"
LONGEST_PHRASE = 6  # words; the lexicon's longest phrase is shorter
# Words a hint shares with almost any message about the problem: they say nothing of its idea.
_HINT_NOISE = frozenset("time space extra aim target list value values code function return pass step solve".split())
_JS_GLOBALS = frozenset(
    "console Math Object Array Map Set JSON Number String Boolean Infinity NaN undefined null true false "
    "this window document require module exports Symbol Promise parseInt parseFloat BigInt".split()
)
_PY_BUILTINS = frozenset(dir(builtins)) | {"self", "cls"}


@dataclass(frozen=True)
class Concept:
    """An idea a learner can name: a lexicon concept, or the idea of one of the problem's hints."""

    id: str  # e.g. "hash_lookup", "two_pointers", "hint:2"
    label: str  # words a learner reads: "a hash map lookup"
    phrases: tuple[str, ...]  # what it is called (lexicon phrases, or the hint's content words)


LEXICON: tuple[Concept, ...] = tuple(Concept(cid, label, phrases) for cid, (label, phrases) in CONCEPTS.items())
_BY_ID = {c.id: c for c in LEXICON}


def phrase_key(phrase: str) -> str:
    """A phrase as the matcher compares it: its tokens' stems, space separated."""
    return " ".join(stem(t) for t in tokens(normalise(phrase)))


# stemmed phrase -> the lexicon concepts it names
_PHRASES: dict[str, tuple[str, ...]] = {}
for _concept in LEXICON:
    for _phrase in _concept.phrases:
        _key = phrase_key(_phrase)
        if _key:
            _PHRASES[_key] = (*_PHRASES.get(_key, ()), _concept.id)
LEXICON_WORDS: frozenset[str] = frozenset(w for key in _PHRASES for w in key.split() if w.isalpha())


def lexicon_concepts(stems: list[str]) -> list[str]:
    """The lexicon concepts a stemmed token sequence names, in order of first mention."""
    found: dict[str, None] = {}
    start = 0
    while start < len(stems):
        # the longest phrase at each place wins: "edge case" is not an edge of a graph
        for length in range(min(LONGEST_PHRASE, len(stems) - start), 0, -1):
            ids = _PHRASES.get(" ".join(stems[start : start + length]))
            if ids:
                for cid in ids:
                    found.setdefault(cid, None)
                start += length
                break
        else:
            start += 1
    return list(found)


def concept(concept_id: str) -> Concept | None:
    """A lexicon concept by id."""
    return _BY_ID.get(concept_id)


@dataclass(frozen=True)
class Vocabulary:
    """The problem's own words, built once per (problem, code)."""

    concepts: tuple[Concept, ...]  # its techniques, topics, patterns and hints, hint concepts last
    hint_concepts: tuple[tuple[str, ...], ...]  # per hint (index 0 = hint 1): the concept ids it teaches
    names: frozenset[str]  # identifiers in the learner's code (variables, functions, params)
    words: frozenset[str] = field(default=frozenset())  # stems of the problem's title, statement, hints
    # lower-cased name -> the name as written (learners type "twosum" for twoSum, "maxprofit" for max_profit)
    spelled: dict[str, str] = field(default_factory=dict, compare=False, hash=False)

    @classmethod
    def of(cls, problem: Problem | None, code: str = "", language: str = "python") -> Vocabulary:
        """The vocabulary of a problem (None: the lexicon alone) and of the learner's code."""
        concepts, hint_concepts, words = _problem_part(problem) if problem is not None else ((), (), frozenset())
        names = code_names(code, language)
        spelled = {n.lower().replace("_", ""): n for n in names} | {n.lower(): n for n in names}
        return cls(concepts, hint_concepts, names, words, spelled)

    def concept(self, concept_id: str) -> Concept | None:
        """A concept of this problem or of the lexicon, by id."""
        for c in self.concepts:
            if c.id == concept_id:
                return c
        return _BY_ID.get(concept_id)

    def owns(self, concept_id: str) -> bool:
        """Whether a concept is one of this problem's: a learner's idea naming none of them is
        worth a question that tests it on a small input."""
        return any(c.id == concept_id for c in self.concepts)

    def label(self, concept_id: str) -> str:
        """Words a learner reads for a concept id."""
        found = self.concept(concept_id)
        return found.label if found else concept_id.replace("_", " ")

    @property
    def hints(self) -> tuple[Concept, ...]:
        return tuple(c for c in self.concepts if c.id.startswith(HINT_PREFIX))


def _problem_key(problem: Problem) -> tuple:
    return (
        problem.id,
        problem.version,
        problem.title,
        problem.statement,
        tuple(problem.hints),
        tuple(problem.techniques),
    )


_PROBLEM_PARTS: dict[tuple, tuple[tuple[Concept, ...], tuple[tuple[str, ...], ...], frozenset[str]]] = {}


def _problem_part(problem: Problem) -> tuple[tuple[Concept, ...], tuple[tuple[str, ...], ...], frozenset[str]]:
    key = _problem_key(problem)
    if key not in _PROBLEM_PARTS:
        _PROBLEM_PARTS[key] = _build_problem_part(problem)
    return _PROBLEM_PARTS[key]


def _build_problem_part(problem: Problem) -> tuple[tuple[Concept, ...], tuple[tuple[str, ...], ...], frozenset[str]]:
    ids: dict[str, None] = {}
    per_hint: list[tuple[str, ...]] = []
    hint_concepts: list[Concept] = []
    for number, text in enumerate(problem.hints, start=1):
        named = lexicon_concepts([stem(t) for t in tokens(normalise(text))])
        for cid in named:
            ids.setdefault(cid, None)
        own = f"{HINT_PREFIX}{number}"
        per_hint.append((*named, own))
        hint_concepts.append(Concept(own, f"the idea of hint {number}", tuple(sorted(hint_words(text)))))
    for tag in problem.techniques:
        for cid in BY_TECHNIQUE.get(tag, ()):
            ids.setdefault(cid, None)
    for topic in problem.topics:
        for cid in BY_TOPIC.get(topic.value, ()):
            ids.setdefault(cid, None)
    for pattern in problem.patterns:
        for cid in BY_PATTERN.get(pattern, ()):
            ids.setdefault(cid, None)
    concepts = tuple(_BY_ID[cid] for cid in ids) + tuple(hint_concepts)
    words = content_words(" ".join([problem.title, problem.statement, *problem.hints]))
    words |= {p.name.lower() for p in problem.function.params}
    return concepts, tuple(per_hint), frozenset(words)


def hint_words(text: str) -> set[str]:
    """A hint's own content words (stems), those that say something of its idea."""
    return {w for w in content_words(text) if w not in _HINT_NOISE}


@lru_cache(maxsize=256)
def code_names(code: str, language: str = "python") -> frozenset[str]:
    """The identifiers the learner's code binds or uses (no builtins, keywords or attribute
    lookups of library objects); code that does not parse still gives its names."""
    if not code.strip():
        return frozenset()
    if language != "javascript":
        try:
            return frozenset(_python_names(ast.parse(code)))
        except (SyntaxError, ValueError):
            pass
    return frozenset(_lexed_names(code, language))


def _python_names(tree: ast.AST) -> Iterable[str]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id not in _PY_BUILTINS:
            yield node.id
        elif isinstance(node, ast.arg) and node.arg not in _PY_BUILTINS:
            yield node.arg
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            yield node.name
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self":
            yield node.attr


def _lexed_names(code: str, language: str) -> Iterable[str]:
    """Names from tokens: a member after a dot is a library's method ("seen.has"), unless it is the
    learner's own field ("this.cache", "self.cache")."""
    lexer = JavascriptLexer() if language == "javascript" else PythonLexer()
    before: list[str] = ["", ""]  # the two tokens before this one, spaces left out
    for kind, text in lexer.get_tokens(code):
        if text.isspace():
            continue
        member = before[-1] in (".", "?.")
        own_field = member and before[-2] in ("this", "self")
        if kind in Name and (own_field or (kind not in Name.Builtin and not member)):
            if text not in _JS_GLOBALS and text not in _PY_BUILTINS and (text[:1].isalpha() or text[:1] in "_$"):
                yield text
        before = [before[-1], text]
