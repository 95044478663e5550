"""A detected weakness before and after its confidence is calibrated."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

UNCERTAIN_BELOW = 0.6  # the spec: results under this confidence are flagged as uncertain


@dataclass
class Finding:
    """One detection: a pattern of the vocabulary, found by one rule of one detector.

    ``evidence`` names what moved its confidence (``"test:empty_input_failed"``); the weights of
    those names live in ``confidence``.
    """

    pattern: str
    rule: str
    line_start: int
    line_end: int
    description: str
    suggestion: str
    severity: str  # high | medium | low
    evidence: list[str] = field(default_factory=list)
    confidence: float = 0.0
    details: dict[str, Any] = field(default_factory=dict)  # shown as the spec item's ``evidence``

    def to_spec(self) -> dict[str, Any]:
        """The spec's ``detected_patterns`` item (plus ``uncertain: true`` below 0.6)."""
        item: dict[str, Any] = {
            "pattern_type": self.pattern,
            "confidence": round(self.confidence, 2),
            "severity": self.severity,
            "description": self.description,
            "code_location": {"line_start": self.line_start, "line_end": max(self.line_end, self.line_start)},
            "suggestion": self.suggestion,
        }
        if self.details:
            item["evidence"] = dict(self.details)
        if self.confidence < UNCERTAIN_BELOW:
            item["uncertain"] = True
        return item


def lines_of(node: Any) -> tuple[int, int]:
    return int(getattr(node, "line", 0) or 0), int(getattr(node, "end", 0) or 0)
