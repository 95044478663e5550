"""Where each stepping command lands, read from the depth of every step (Qt-free).

* into: the next step, whatever it is;
* over: the next step at the same depth or shallower (a call on this line runs through);
* out: the next step shallower than this one (back in the caller, after the return);
* back: the step before.

A command with nowhere to go (out of the outermost call) lands on the last step.
"""

from __future__ import annotations

from collections.abc import Sequence


def step_into(depths: Sequence[int], index: int) -> int:
    return min(index + 1, len(depths) - 1) if depths else 0


def step_back(depths: Sequence[int], index: int) -> int:
    return max(index - 1, 0)


def step_over(depths: Sequence[int], index: int) -> int:
    return _next_within(depths, index, 0)


def step_out(depths: Sequence[int], index: int) -> int:
    return _next_within(depths, index, -1)


def _next_within(depths: Sequence[int], index: int, slack: int) -> int:
    if not depths:
        return 0
    if not 0 <= index < len(depths):
        return min(max(index, 0), len(depths) - 1)
    limit = depths[index] + slack
    for later in range(index + 1, len(depths)):
        if depths[later] <= limit:
            return later
    return len(depths) - 1
