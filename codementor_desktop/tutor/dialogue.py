"""What the offline coach remembers of one conversation: the questions it asked, the paragraphs it
said, the question still open and what an answer to it would name, the hint level open, what the
learner claimed, the concepts they reached, and the evidence it gathered for each version of the
code. Stored with the conversation (as the ``dialogue`` of the coach's last message), so a
conversation continued in another process goes on where it was.

A repeat is a near-copy, not only the same words: two sentences whose words, in lower case, agree
at ``NEAR_COPY`` or more by rapidfuzz's ``token_set_ratio`` or ``ratio`` are the same sentence.
Sentences under ``SHORT`` characters ("Yes.", "Well done.") are not counted as repeats.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import asdict, dataclass, field
from typing import Any

from rapidfuzz import fuzz

NEAR_COPY = 85.0
SHORT = 25
VERSIONS_KEPT = 4  # code versions whose evidence stays with the conversation
_SENTENCE_END = re.compile(r"(?<=[.?!:])\s+(?=[A-Z\"'(`])")


def version_key(problem_id: str, problem_version: int, language: str, code: str) -> str:
    """The version of the code the evidence is about: a hash of the problem, the language and the code
    (trailing spaces and blank lines at the end aside: they change nothing a run sees)."""
    lines = [line.rstrip() for line in code.strip("\n").splitlines()]
    text = "\n".join(lines)
    digest = hashlib.sha256(f"{problem_id}\0{problem_version}\0{language}\0{text}".encode()).hexdigest()
    return digest[:20]


def sentences(text: str) -> list[str]:
    """``text`` split into sentences (and lines), each stripped."""
    out: list[str] = []
    for line in text.splitlines():
        out += [part.strip() for part in _SENTENCE_END.split(line) if part.strip()]
    return out


def _plain(text: str) -> str:
    return " ".join(text.lower().split())


def near_copy(one: str, other: str) -> bool:
    """Whether two sentences say the same thing in (nearly) the same words."""
    a, b = _plain(one), _plain(other)
    if len(a) < SHORT or len(b) < SHORT:
        return a == b and len(a) >= SHORT
    return fuzz.ratio(a, b) >= NEAR_COPY or fuzz.token_set_ratio(a, b) >= NEAR_COPY


@dataclass
class OpenQuestion:
    """The question the coach asked last and is waiting on: its key (which step of which ladder),
    its text, and what an answer that finds the cause would name."""

    key: str
    text: str
    names: list[str] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)
    values: list[str] = field(default_factory=list)
    concepts: list[str] = field(default_factory=list)
    version: str = ""  # the code version it was asked about


@dataclass
class Claim:
    """What the learner said in answer, and how it stood against the open question."""

    text: str
    fit: str  # names_cause | partial | off | idea | understands
    concepts: list[str] = field(default_factory=list)
    version: str = ""


@dataclass
class DialogueState:
    """One conversation's memory; ``to_json``/``from_json`` keep it with the stored messages."""

    asked: list[str] = field(default_factory=list)  # question keys, in order
    said: list[str] = field(default_factory=list)  # every sentence the coach said
    paragraphs: list[str] = field(default_factory=list)  # and every paragraph (a question may copy part of one)
    shown: list[str] = field(default_factory=list)  # evidence shown: "<version>:<what>"
    open: OpenQuestion | None = None
    hint_level: int = 0  # the highest hint opened in this conversation
    claims: list[Claim] = field(default_factory=list)
    reached: list[str] = field(default_factory=list)  # concept labels the learner reached
    evidence: dict[str, dict[str, Any]] = field(default_factory=dict)  # per version, newest last
    checked_understanding: list[str] = field(default_factory=list)  # versions an "I get it" was checked on
    turns: int = 0

    # --- repeats ---------------------------------------------------------------------------------
    def repeats(self, sentence: str) -> bool:
        """Whether ``sentence`` (near-)copies something already said in this conversation."""
        if any(near_copy(sentence, before) for before in self.said):
            return True
        # A question whose words all stood in an earlier paragraph asks nothing new.
        return sentence.rstrip().endswith("?") and any(near_copy(sentence, p) for p in self.paragraphs)

    def is_new(self, text: str) -> bool:
        """Whether none of ``text``'s sentences was said before."""
        return not any(self.repeats(sentence) for sentence in sentences(text))

    def fresh(self, parts: list[str]) -> list[str]:
        """The parts (each a sentence or a few) that say something new: a part any of whose sentences
        was said before is dropped whole, and so is a part repeating an earlier one of ``parts``."""
        kept: list[str] = []
        seen: list[str] = []
        for part in parts:
            if not part or not part.strip():
                continue
            pieces = sentences(part)
            if any(self.repeats(p) or any(near_copy(p, s) for s in seen) for p in pieces):
                continue
            kept.append(part)
            seen += pieces
        return kept

    def remember(self, text: str) -> None:
        self.said += sentences(text)
        self.paragraphs += [line.strip() for line in text.splitlines() if line.strip()]

    def was_asked(self, key: str) -> bool:
        return key in self.asked

    def ask(self, question: OpenQuestion) -> None:
        self.open = question
        if question.key not in self.asked:
            self.asked.append(question.key)

    def saw(self, version: str, what: str) -> bool:
        return f"{version}:{what}" in self.shown

    def show(self, version: str, what: str) -> None:
        if f"{version}:{what}" not in self.shown:
            self.shown.append(f"{version}:{what}")

    def keep_evidence(self, version: str, evidence: dict[str, Any]) -> None:
        self.evidence.pop(version, None)
        self.evidence[version] = evidence
        while len(self.evidence) > VERSIONS_KEPT:
            self.evidence.pop(next(iter(self.evidence)))

    # --- storage ---------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Any) -> DialogueState:
        """The stored state; anything unreadable starts a fresh one (the conversation itself is kept)."""
        if not isinstance(data, dict):
            return cls()
        try:
            state = cls(
                asked=[str(k) for k in data.get("asked") or []],
                said=[str(s) for s in data.get("said") or []],
                paragraphs=[str(s) for s in data.get("paragraphs") or []],
                shown=[str(s) for s in data.get("shown") or []],
                hint_level=int(data.get("hint_level") or 0),
                reached=[str(r) for r in data.get("reached") or []],
                evidence={str(k): v for k, v in (data.get("evidence") or {}).items() if isinstance(v, dict)},
                checked_understanding=[str(v) for v in data.get("checked_understanding") or []],
                turns=int(data.get("turns") or 0),
            )
            opened = data.get("open")
            if isinstance(opened, dict):
                state.open = OpenQuestion(**{k: opened[k] for k in opened if k in OpenQuestion.__dataclass_fields__})
            state.claims = [
                Claim(**{k: c[k] for k in c if k in Claim.__dataclass_fields__})
                for c in data.get("claims") or []
                if isinstance(c, dict)
            ]
        except (TypeError, ValueError):
            return cls()
        return state
