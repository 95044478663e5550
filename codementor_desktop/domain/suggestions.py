"""'Did you mean ...?': the known names closest to one that was mistyped (a tool, a problem id)."""

from __future__ import annotations

from collections.abc import Iterable

# Below this similarity (rapidfuzz's 0-100, on names without case or separators) a name is not
# offered: a wrong guess misleads more than none. A swapped, dropped or doubled letter in one of
# the bank's ids or the tools' names stays above it ("tow-sum", "bp_excute", "climbing-stair").
CUTOFF = 80


def close_names(given: str, known: Iterable[str], limit: int = 3) -> list[str]:
    """Up to ``limit`` of ``known`` that ``given`` was most likely meant to be, the closest first."""
    from rapidfuzz import fuzz, process, utils  # only for a name that was not found

    choices = sorted(set(known))
    if not given or not choices:
        return []
    found = process.extract(given, choices, scorer=fuzz.ratio, processor=_plain, limit=limit, score_cutoff=CUTOFF)
    if not found:  # a part of a longer name: "sum" for two-sum is too short to be close by ratio
        found = process.extract(
            given, choices, scorer=fuzz.partial_ratio, processor=utils.default_process, limit=limit,
            score_cutoff=95,
        ) if len(given) >= 4 else []  # fmt: skip
    return [name for name, _score, _index in found]


def did_you_mean(given: str, known: Iterable[str]) -> str:
    """`` Did you mean 'a' or 'b'?`` (a sentence to append), or nothing when no name is close."""
    names = close_names(given, known)
    if not names:
        return ""
    quoted = [repr(name) for name in names]
    listed = quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]
    return f" Did you mean {listed}?"


def _plain(name: str) -> str:
    """Case, hyphens, underscores and spaces do not make names different."""
    return "".join(ch for ch in name.lower() if ch.isalnum())
