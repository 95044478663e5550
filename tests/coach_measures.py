"""Checks of what the offline coach said, written apart from the coach so that they can disagree
with it: repeated questions and paragraphs, leaks of the reference (by token shape, so renaming
does not hide one), claims that code fails, optimality answered with evidence, and whether an
insight kept at the end is true of this problem and this code.
"""

from __future__ import annotations

import ast
import io
import keyword
import re
import token
import tokenize
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rapidfuzz import fuzz

from tests.coach_scenarios import JS_TOKEN

SHORTEST_PIECE = 25  # characters: a shorter paragraph or question is not counted as a repeat
SAME = 85  # rapidfuzz score from which two pieces are the same text
LEAK_RUN = 25  # shape tokens shared with a reference that make a leak

# ----------------------------------------------------------------------------- repeats


def normalised(text: str) -> str:
    return " ".join(text.lower().split())


def pieces(text: str) -> list[tuple[str, list[str]]]:
    """The paragraphs (lines) of one answer, each with its questions (sentences ending in "?")."""
    found: list[tuple[str, list[str]]] = []
    for line in text.splitlines():
        line = line.strip()
        if line:
            questions = [s for s in re.split(r"(?<=[.?!])\s+", line) if s.endswith("?") and s != line]
            found.append((line, questions))
    return found


@dataclass(frozen=True)
class Repeat:
    turn: int  # 0-based
    text: str
    earlier: str


def repeats(answers: Sequence[str], hints: Sequence[str]) -> list[Repeat]:
    """Paragraphs and questions of a later answer that say again what an earlier answer said (a
    reworded near-copy counts). A hint of the problem is not counted the first time it is quoted;
    a question inside a repeated paragraph is not counted again."""
    earlier: list[str] = []
    quoted: set[str] = set()
    found: list[Repeat] = []

    def seen_before(piece: str) -> str | None:
        text = normalised(piece)
        for hint in (normalised(h) for h in hints):
            if hint in text and hint not in quoted:
                quoted.add(hint)
                text = text.replace(hint, " ").strip()
        if len(text) < SHORTEST_PIECE:
            return None
        return next((e for e in earlier if fuzz.token_set_ratio(text, e) >= SAME or fuzz.ratio(text, e) >= SAME), None)

    for number, answer in enumerate(answers):
        mine: list[str] = []
        for paragraph, questions in pieces(answer):
            match = seen_before(paragraph)
            if match is not None:
                found.append(Repeat(number, paragraph, match))
            else:
                for question in questions:
                    match = seen_before(question)
                    if match is not None:
                        found.append(Repeat(number, question, match))
            mine += [normalised(p) for p in (paragraph, *questions)]
        earlier += [m for m in mine if len(m) >= SHORTEST_PIECE]
    return found


# ----------------------------------------------------------------------------- token shapes and leaks

_PY_OPS = sorted(token.EXACT_TOKEN_TYPES, key=len, reverse=True)
_PY_FALLBACK = re.compile(
    r"(?P<comment>#[^\n]*)|(?P<string>[rRbBuUfF]{0,2}(?:'''.*?'''|\"\"\".*?\"\"\"|'(?:\\.|[^'\\\n])*'|\"(?:\\.|[^\"\\\n])*\"))"
    r"|(?P<number>\d[\d_]*(?:\.\d+)?(?:[eE][+-]?\d+)?j?)|(?P<name>[^\W\d]\w*)"
    r"|(?P<op>" + "|".join(re.escape(o) for o in _PY_OPS) + r")|(?P<other>\S)",
    re.DOTALL,
)
_JS_KEYWORDS = set(
    "break case catch class const continue debugger default delete do else export extends finally for function if "
    "import in instanceof let new of return super switch this throw try typeof var void while with yield null true "
    "false undefined".split()
)


def python_shapes(text: str) -> list[tuple[str, int]]:
    """(shape, offset) of each token: names ID, literals LIT, keywords and operators themselves."""
    shapes: list[tuple[str, int]] = []
    starts = [0]
    for line in text.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    try:
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            offset = starts[tok.start[0] - 1] + tok.start[1] if tok.start[0] - 1 < len(starts) else len(text)
            if tok.type == token.NAME:
                shapes.append((tok.string if keyword.iskeyword(tok.string) else "ID", offset))
            elif tok.type in (token.NUMBER, token.STRING):
                shapes.append(("LIT", offset))
            elif tok.type == token.OP:
                shapes.append((tok.string, offset))
        return shapes
    except (tokenize.TokenError, SyntaxError):  # prose around code: read it token by token instead
        pass
    shapes = []
    for m in _PY_FALLBACK.finditer(text):
        kind, value = m.lastgroup, m.group()
        if kind == "name":
            shapes.append((value if keyword.iskeyword(value) else "ID", m.start()))
        elif kind in ("string", "number"):
            shapes.append(("LIT", m.start()))
        elif kind == "op":
            shapes.append((value, m.start()))
    return shapes


def javascript_shapes(text: str) -> list[tuple[str, int]]:
    shapes: list[tuple[str, int]] = []
    for m in JS_TOKEN.finditer(text):
        kind, value = m.lastgroup, m.group()
        if kind == "name":
            shapes.append((value if value in _JS_KEYWORDS else "ID", m.start()))
        elif kind in ("string", "number"):
            shapes.append(("LIT", m.start()))
        elif kind == "op":
            shapes.append((value, m.start()))
    return shapes


def _runs(shapes: list[tuple[str, int]]) -> set[tuple[str, ...]]:
    kinds = [s for s, _ in shapes]
    return {tuple(kinds[i : i + LEAK_RUN]) for i in range(len(kinds) - LEAK_RUN + 1)}


_FENCE = re.compile(r"^```[\w+-]*$|`", re.MULTILINE)


@dataclass(frozen=True)
class Leak:
    language: str
    excerpt: str


def leaks(shown: str, references: dict[str, Sequence[str]], own: Iterable[str]) -> list[Leak]:
    """Runs of LEAK_RUN tokens of ``shown`` whose shapes are a reference's (``references`` by
    language) and are not in the learner's own code or words (``own``)."""
    # Backticks of Markdown (a fence, inline code) are not JavaScript's template strings here.
    shown = _FENCE.sub(" ", shown)
    own = [_FENCE.sub(" ", o) for o in own]
    found: list[Leak] = []
    for language, shapes_of in (("python", python_shapes), ("javascript", javascript_shapes)):
        reference = set().union(*(_runs(shapes_of(r)) for r in references.get(language, ())))
        if not reference:
            continue
        theirs = set().union(*(_runs(shapes_of(o)) for o in own)) if own else set()
        shapes = shapes_of(shown)
        kinds = [s for s, _ in shapes]
        index = 0
        while index <= len(kinds) - LEAK_RUN:
            run = tuple(kinds[index : index + LEAK_RUN])
            if run in reference and run not in theirs:
                start = shapes[index][1]
                end = shapes[min(index + LEAK_RUN, len(shapes) - 1)][1]
                found.append(Leak(language, " ".join(shown[start : end + 1].split())[:160]))
                index += LEAK_RUN  # one leak per run of text, not one per token of it
            else:
                index += 1
    return found


# ----------------------------------------------------------------------------- claims that code fails

_CLAIM = re.compile(
    r"\bfail(s|ed|ing|ure)?\b|\bwrong\b|\bbug(s|gy)?\b|\bincorrect\b|\bnot correct\b|\bis expected\b|\bexpected\b.*\bbut\b"
    r"|\bdoes(n't| not) (pass|work)\b|\bbreaks?\b|\bcrash(es)?\b|\bgoes wrong\b|\binstead of the (right|correct)\b",
    re.IGNORECASE,
)
_WRONG_ANSWER = re.compile(
    r"\bwrong\b|\bbug(s|gy)?\b|\bincorrect\b|\bnot correct\b|\bis expected\b|\bexpected\b.*\bbut\b|\bcrash(es)?\b",
    re.IGNORECASE,
)
_NOT_A_CLAIM = re.compile(
    r"\b(no|none|never|nothing|not a single|zero|without)\b[^.?!]{0,40}\b(fail|wrong|bug|break|crash)|\bpass(es|ed)? (all|every)\b"
    r"|\b(fixed|found|solved|removed|caught|earlier|before|previous(ly)?|used to|was|were|had)\b[^.?!]{0,40}"
    r"\b(fail|wrong|bug|broke|crash)"
    r"|\b(would|could|might|if)\b[^.?!]*\?$|\bwhat (can|could) go wrong\b",
    re.IGNORECASE,
)


def sentences(text: str) -> list[str]:
    return [s.strip() for s in re.split(r"(?<=[.?!])\s+|\n+", text) if s.strip()]


def failure_claims(text: str, answers_right: bool = False) -> list[str]:
    """Sentences of ``text`` saying the code fails. ``answers_right``: only claims of a wrong
    answer count (code that is right but too slow may be told it runs out of time)."""
    pattern = _WRONG_ANSWER if answers_right else _CLAIM
    return [s for s in sentences(text) if pattern.search(s) and not _NOT_A_CLAIM.search(s)]


# ----------------------------------------------------------------------------- optimality with evidence

_BIG_O = re.compile(r"O\((?:[^()]|\([^()]*\))*\)")
_REFUSAL = re.compile(
    r"\b(won't|will not|can't|cannot|not going to) (write|give|show|hand)\b[^.?!]*\b(solution|code|answer)", re.I
)
_NOT_MEASURED = re.compile(
    r"\b(could not|couldn't|cannot|can't|were not|weren't|are not|aren't|is not|isn't|not) (be |yet )?"
    r"(measured|counted)\b|\bcounted (only )?for python\b|\bonce the answers are right\b|\bno operation counts?\b",
    re.IGNORECASE,
)
_COUNT_WORDS = re.compile(r"\boperations?\b|\bline events\b|\bsteps\b", re.I)
# A count, not a size (n = 2,000) nor a ratio (100x), nor a one-digit line or value.
_NUMBER = re.compile(r"(?<![\w.=,])(?<!= )\d[\d,]*\d(?:\.\d+)?(?![\w.]*\s*[x×])(?![\w])")


def complexity_key(notation: str) -> str:
    """O(n²), O(n^2) and O(n · m)-like spellings alike: lower case, no spaces, powers as ^k."""
    text = notation.lower().replace(" ", "").replace("²", "^2").replace("³", "^3")
    return text.replace("·", "*").replace("×", "*").replace("⋅", "*")


def complexities(text: str) -> list[str]:
    return [complexity_key(m.group()) for m in _BIG_O.finditer(text)]


@dataclass(frozen=True)
class Evidence:
    learner_complexity: bool
    best_complexity: bool
    counts: bool
    question: bool
    refused: bool

    @property
    def complete(self) -> bool:
        return self.learner_complexity and self.best_complexity and self.counts and self.question and not self.refused

    def missing(self) -> str:
        parts = [
            ("the learner's O(...)", self.learner_complexity),
            ("the best known O(...)", self.best_complexity),
            ("operation counts", self.counts),
            ("a question at the end", self.question),
            ("no refusal", not self.refused),
        ]
        return ", ".join(name for name, present in parts if not present)


def optimality_evidence(text: str, best: str, learner_is_optimal: bool) -> Evidence:
    """Whether an answer to "is it optimal?" or "what is its complexity?" carries its evidence."""
    said = complexities(text)
    best_key = complexity_key(best)
    has_best = best_key in said
    # The learner's class is another one, or the best one named twice (theirs, and the best known).
    has_learner = any(c != best_key for c in said) or said.count(best_key) >= 2 or (learner_is_optimal and has_best)
    counted = [n for s in sentences(text) if _COUNT_WORDS.search(s) for n in _NUMBER.findall(_BIG_O.sub(" ", s))]
    counts = len(counted) >= 2 or bool(_NOT_MEASURED.search(text))
    return Evidence(has_learner, has_best, counts, text.rstrip().endswith("?"), bool(_REFUSAL.search(text)))


# ----------------------------------------------------------------------------- insights at conclusion

_STOP = set(
    """a an the and or but if then so of to in on at by for with from as is are was were be been being it its this that
    these those there their they them you your i my me we our he she his her not no yes do does did done can could would
    should will shall may might must have has had what which who whom when where why how all any each every some more
    most other such only own same than too very just also about into over under again once here up down out off
    learner learners said says say understand understands understood get gets got clicked session code solution
    problem function value values input inputs output return returns returned line lines one two use used using
    make makes need needs way thing things now really i'm it's don't""".split()
)
_WORD = re.compile(r"[a-z][a-z0-9_]+")


def _stem(word: str) -> str:
    for suffix in ("ing", "ed", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


# Words a learner or a tutor uses for the same idea as the bank's words: one name each.
_SAME_IDEA = {
    "dict": "hash", "dictionary": "hash", "hashmap": "hash", "map": "hash", "set": "hash", "lookup": "hash",
    "hashing": "hash", "table": "hash", "pile": "stack", "push": "stack", "pop": "stack", "queue": "bfs",
    "breadth": "bfs", "depth": "dfs", "recursion": "dfs", "memo": "memoization", "cache": "memoization",
    "pointer": "two_pointers", "window": "sliding", "sort": "sorted", "sorting": "sorted", "heap": "heap",
}  # fmt: skip


def content_words(text: str, drop: Iterable[str] = ()) -> set[str]:
    dropped = {_stem(d) for d in drop}
    raw = [w for part in _WORD.findall(text.lower()) for w in (part, *part.split("_")) if w]
    words = {_stem(_SAME_IDEA.get(w, _SAME_IDEA.get(_stem(w), w))) for w in raw}
    return {w for w in words if w not in {_stem(s) for s in _STOP} and w not in dropped and len(w) > 2}


def _python_tree(code: str) -> ast.Module | None:
    try:
        return ast.parse(code)
    except SyntaxError:
        return None


def is_recursive(code: str, language: str) -> bool:
    if language == "python":
        tree = _python_tree(code)
        if tree is None:
            return False
        for function in (f for f in ast.walk(tree) if isinstance(f, ast.FunctionDef)):
            calls = [c for c in ast.walk(function) if isinstance(c, ast.Call) and isinstance(c.func, ast.Name)]
            if any(c.func.id == function.name for c in calls):  # type: ignore[union-attr]
                return True
        return False
    names = re.findall(
        r"function\s+([A-Za-z_$][\w$]*)|(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*(?:\([^)]*\)|[\w$]+)\s*=>", code
    )
    return any(len(re.findall(rf"\b{re.escape(a or b)}\s*\(", code)) >= 2 for a, b in names)


def has_nested_loops(code: str, language: str) -> bool:
    if language == "python":
        tree = _python_tree(code)
        loops = (ast.For, ast.While, ast.comprehension)
        if tree is None:
            return False
        for outer in (n for n in ast.walk(tree) if isinstance(n, (ast.For, ast.While))):
            inner = [n for n in ast.walk(outer) if n is not outer and isinstance(n, loops)]
            if inner:
                return True
        return False
    tokens = [m.group() for m in JS_TOKEN.finditer(code) if m.lastgroup not in ("space", "comment")]
    for index, word in enumerate(tokens):
        if word not in ("for", "while"):
            continue
        depth, cursor = 0, index + 1
        while cursor < len(tokens):  # the loop's header (...)
            depth += {"(": 1, ")": -1}.get(tokens[cursor], 0)
            cursor += 1
            if depth == 0:
                break
        body: list[str] = []
        depth = 0
        for word_in in tokens[cursor:]:
            body.append(word_in)
            depth += {"{": 1, "}": -1}.get(word_in, 0)
            if depth == 0 and word_in in (";", "}"):
                break
        if any(w in ("for", "while") for w in body):
            return True
    return False


# Detector patterns an insight may name, and whether the code has what each names.
_PATTERNS = (
    ("base case / recursion", re.compile(r"\bbase case|\brecursi", re.I), lambda code, lang, _f: is_recursive(code, lang)),
    ("nested loops", re.compile(r"\bnested loops?\b|\bquadratic\b|O\(n(²|\^2)\)", re.I),
     lambda code, lang, _f: has_nested_loops(code, lang)),
    ("off by one", re.compile(r"\boff[- ]by[- ]one\b", re.I), lambda _c, _l, failed: failed),
    ("infinite loop", re.compile(r"\binfinite loop", re.I),
     lambda code, _l, _f: bool(re.search(r"while\s*(\(\s*true\s*\)|True)", code))),
    ("shadowed builtin", re.compile(r"\bshadow", re.I),
     lambda code, _l, _f: bool(re.search(r"\b(list|dict|str|sum|max|min|len|set|map|input|id|type)\s*=[^=]", code))),
    ("string building", re.compile(r"\bstring building\b|\bconcatenat", re.I), lambda code, _l, _f: "+=" in code),
)  # fmt: skip


_FILLER = set("thanks thank you ok okay i get it got now cool great hi hello sure yes right see understand".split())


def substantive(said: str) -> bool:
    """Whether words a learner said carry an idea: four words or more, not all of them thanks,
    greetings or "I get it"."""
    words = re.findall(r"[a-z']+", said.lower())
    return len(words) >= 4 and any(w not in _FILLER for w in words)


@dataclass(frozen=True)
class Insight:
    text: str
    true: bool
    why: str


def judge_insight(
    insight: str,
    learner_said: Sequence[str],
    vocabulary: str,
    title: str,
    codes: Sequence[tuple[str, str]],
    code_failed: bool,
) -> Insight:
    """True when it is the learner's own words (a substantive thing they said, found in it), or names a detector pattern the learner's code has (nested loops in code with nested
    loops), or a concept of this problem (2 content words shared with its hints, statement and
    techniques, its title left out). False when it names a pattern the code does not have (a base
    case in code with no recursion), whatever else it says."""
    text = normalised(insight)
    for said in learner_said:
        said_text = normalised(said)
        if substantive(said_text) and fuzz.partial_ratio(said_text, text) >= SAME:
            return Insight(insight, True, "the learner's own words")
    named = [(name, any(applies(code, language, code_failed) for code, language in codes))
             for name, pattern, applies in _PATTERNS if pattern.search(insight)]  # fmt: skip
    for name, present in named:
        if not present:
            return Insight(insight, False, f"names {name}, which this code does not have")
    if named:
        return Insight(insight, True, f"names {named[0][0]}, which this code has")
    shared = content_words(insight, drop=content_words(title)) & content_words(vocabulary)
    if len(shared) >= 2:
        return Insight(insight, True, "this problem's concept: " + ", ".join(sorted(shared)[:4]))
    return Insight(insight, False, "neither the learner's words nor a concept of this problem")
