"""A plan's steps matched to lines of the code when the learner marked none: each step's words
against each line's names, calls and keywords ("move left" ~ ``left += 1``, "map" ~ ``{}``,
"loop over" ~ ``for``), the steps taken in order so their lines mostly increase.

A guess is a guess: the result says so, and the learner can mark the lines. Words are compared
with the parts of the code's names (``max_len`` -> max, len; ``seenChars`` -> seen, chars) by
``rapidfuzz``, so "visited" finds ``visit`` and "counts" finds ``count``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rapidfuzz import fuzz

# A cue: words of a step -> a pattern of a line that does what they say.
_CUES: list[tuple[frozenset[str], re.Pattern[str], float]] = [
    (frozenset({"loop", "iterate", "each", "every", "through", "traverse", "scan", "walk", "over", "visit"}),
     re.compile(r"^\s*(for|while)\b|\.forEach\(|\bfor\s*\("), 2.0),
    (frozenset({"while", "until", "repeat", "keep", "meet", "cross"}), re.compile(r"^\s*while\b"), 2.0),
    (frozenset({"map", "dictionary", "dict", "hash", "hashmap", "table", "lookup", "index", "counter"}),
     re.compile(r"=\s*\{\s*\}|\bdict\(|\bnew Map\(|defaultdict|Counter\(|\{\}"), 2.0),
    (frozenset({"set", "seen", "visited", "unique", "distinct"}), re.compile(r"\bset\(|new Set\("), 1.5),
    (frozenset({"sort", "sorted", "order"}), re.compile(r"\bsort(ed)?\b|\.sort\("), 2.5),
    (frozenset({"return", "answer", "result", "output", "give", "report", "finally", "end"}),
     re.compile(r"^\s*return\b"), 2.0),
    (frozenset({"push", "append", "add", "insert", "put", "store", "record", "remember", "save", "enqueue"}),
     re.compile(r"\.(append|push|add|insert|appendleft|set)\(|\]\s*=[^=]|heappush"), 2.0),
    (frozenset({"pop", "remove", "dequeue", "take", "discard", "drop", "evict"}),
     re.compile(r"\.(pop|popleft|shift|remove|discard|delete)\(|heappop|\bdel\b"), 2.0),
    (frozenset({"swap", "exchange"}), re.compile(r"^\s*\w+(\[[^\]]*\])?\s*,\s*\w+.*=|^\s*\[.*\]\s*=\s*\["), 3.0),
    (frozenset({"move", "advance", "increment", "increase", "forward", "step", "next", "shift", "grow", "extend"}),
     re.compile(r"\+=\s*1\b|\+\+|=\s*\w+\s*\+\s*1\b|\.next\b"), 1.5),
    (frozenset({"move", "decrement", "decrease", "back", "shrink", "retreat"}),
     re.compile(r"-=\s*1\b|--|=\s*\w+\s*-\s*1\b"), 1.5),
    (frozenset({"if", "check", "compare", "whether", "when", "otherwise", "else", "found", "match", "equal",
                "bigger", "smaller", "greater", "less", "larger", "too"}),
     re.compile(r"^\s*(if|elif|else)\b|\}\s*else\b|\?"), 1.0),
    (frozenset({"start", "initialize", "init", "create", "begin", "set", "empty", "prepare", "make"}),
     re.compile(r"^\s*(const|let|var)?\s*[\w, \[\]]+\s*=[^=]"), 0.8),
    (frozenset({"max", "maximum", "largest", "best", "longest", "biggest", "most"}), re.compile(r"\bmax\b|Math\.max"), 2.0),
    (frozenset({"min", "minimum", "smallest", "shortest", "least", "cheapest"}), re.compile(r"\bmin\b|Math\.min"), 2.0),
    (frozenset({"sum", "total", "add"}), re.compile(r"\bsum\(|\+=|\+\s*\w"), 1.0),
    (frozenset({"recurse", "recursion", "recursive", "call", "itself", "subtree", "children", "dfs", "helper"}),
     re.compile(r"\b(dfs|helper|recurse|go|walk|visit|solve|build)\s*\(|\.(left|right)\b"), 1.5),
    (frozenset({"queue", "bfs", "level", "breadth"}), re.compile(r"deque|queue|\.shift\(|popleft"), 2.0),
    (frozenset({"stack"}), re.compile(r"\bstack\b"), 2.0),
    (frozenset({"split", "words", "tokens"}), re.compile(r"\.split\("), 2.0),
    (frozenset({"reverse", "backwards", "reversed"}), re.compile(r"reverse|\[::-1\]"), 2.0),
    (frozenset({"count", "frequency", "frequencies", "occurrences", "tally"}),
     re.compile(r"\.get\(\w+,\s*0\)\s*\+|\+=\s*1|Counter|\|\|\s*0\)\s*\+\s*1"), 1.5),
    (frozenset({"length", "size", "len"}), re.compile(r"\blen\(|\.length\b|\.size\b"), 1.0),
    (frozenset({"middle", "mid", "half", "binary", "midpoint"}), re.compile(r"\bmid\b|//\s*2|/\s*2|>>\s*1"), 2.0),
    (frozenset({"table", "dp", "memo", "cache", "subproblem", "grid"}), re.compile(r"\bdp\b|\bmemo\b|cache"), 2.0),
]  # fmt: skip
_STOP = frozenset(
    "a an the of to in on at by for and or with from is are be it its this that then than as we i my our "
    "into while each all up down one two".split()
)
_SKIP_LINE = re.compile(r"^\s*($|#|//|/\*|\*|class\b|from\b|import\b|@|\}\s*;?\s*$|\)\s*;?\s*$|\]\s*;?\s*$)")
_HEADER = re.compile(
    r"^\s*(def\b|function\b|(async\s+)?(?!(?:for|while|if|switch|catch)\b)\w+\s*\([^)]*\)\s*\{\s*$|(const|let|var)\s+\w+\s*=\s*(function|\([^)]*\)\s*=>))"
)
_WORD = re.compile(r"[A-Za-z]+")
_NAME = re.compile(r"[A-Za-z_][A-Za-z_0-9]*")
_CODE_WORDS = frozenset(
    "def return for while if elif else in not and or is none true false const let var function new this of "
    "len range self".split()
)


def _stem(word: str) -> str:
    word = word.lower()
    for ending in ("ing", "es", "ed", "s"):
        if len(word) > len(ending) + 2 and word.endswith(ending):
            return word[: -len(ending)]
    return word


def _name_parts(line: str) -> set[str]:
    parts: set[str] = set()
    for name in _NAME.findall(line):
        if name.lower() in _CODE_WORDS:
            continue
        for piece in re.split(r"_|(?<=[a-z])(?=[A-Z])", name):
            if len(piece) >= 1:
                parts.add(_stem(piece))
    return parts


def _words(text: str) -> list[str]:
    return [w.lower() for w in _WORD.findall(text) if w.lower() not in _STOP]


def line_score(words: Sequence[str], line: str) -> float:
    """How well a step's words describe one line: its cues and its names."""
    score = 0.0
    given = set(words)
    for cue_words, pattern, weight in _CUES:
        if given & cue_words and pattern.search(line):
            score += weight
    parts = _name_parts(line)
    for word in {_stem(w) for w in words}:
        best = 0.0
        for part in parts:
            if part == word:
                best = 1.0
                break
            if len(part) >= 3 and len(word) >= 3:
                similarity = fuzz.ratio(word, part) / 100
                if similarity >= 0.8:
                    best = max(best, similarity * 0.8)
        score += 1.5 * best
    return score


def guess_lines(steps: Sequence[str], code: str, language: str = "python") -> list[tuple[int, ...]]:
    """For each step's words, the lines (1-based) it most likely stands for; an empty tuple when
    no line says anything like it. Later steps prefer later lines (a plan is in order)."""
    del language  # the cues cover both languages' spellings
    source = code.splitlines()
    candidates = [n for n, text in enumerate(source, 1) if not _SKIP_LINE.match(text) and not _HEADER.match(text)]
    if not candidates or not steps:
        return [() for _ in steps]
    scores = [[line_score(_words(step), source[n - 1]) for n in candidates] for step in steps]
    chosen = _in_order(scores)
    out: list[tuple[int, ...]] = []
    for step_scores, index in zip(scores, chosen, strict=True):
        if index is None:
            out.append(())
            continue
        best = step_scores[index]
        lines = [candidates[index]]
        # A line right after with as good a score belongs to the same step ("swap" over two lines).
        following = index + 1
        while following < len(candidates) and candidates[following] == lines[-1] + 1 and step_scores[following] >= best:
            lines.append(candidates[following])
            following += 1
        out.append(tuple(lines))
    return out


_BACKWARDS = 3.0  # what a step pays for a line before the previous step's


def _in_order(scores: list[list[float]]) -> list[int | None]:
    """Each step's best line, the steps' lines mostly increasing: a best path through the steps
    where going back to an earlier line costs ``_BACKWARDS``. A step scoring nothing gets None."""
    count = len(scores[0])
    best: list[list[float]] = []
    back: list[list[int]] = []
    for i, row in enumerate(scores):
        if i == 0:
            best.append(list(row))
            back.append([-1] * count)
            continue
        previous = best[-1]
        # The best of the previous step ending at or before each line, and anywhere.
        prefix, prefix_at = [], []
        top, top_at = float("-inf"), 0
        for j in range(count):
            if previous[j] > top:
                top, top_at = previous[j], j
            prefix.append(top)
            prefix_at.append(top_at)
        overall = max(range(count), key=lambda j: previous[j])
        here, links = [], []
        for j in range(count):
            forward = prefix[j]
            backward = previous[overall] - _BACKWARDS
            if forward >= backward:
                here.append(forward + row[j])
                links.append(prefix_at[j])
            else:
                here.append(backward + row[j])
                links.append(overall)
        best.append(here)
        back.append(links)
    index = max(range(count), key=lambda j: best[-1][j])
    path = [index]
    for i in range(len(scores) - 1, 0, -1):
        index = back[i][index]
        path.append(index)
    path.reverse()
    return [j if scores[i][j] > 0 else None for i, j in enumerate(path)]
