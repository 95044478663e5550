"""Where the shipped resources are: inside the package in a wheel or the frozen app, beside it in a
source checkout."""

from __future__ import annotations

import sys
from pathlib import Path


def resources_dir() -> Path:
    here = Path(__file__).resolve().parent
    for candidate in (
        here / "resources",
        here.parent / "resources",
        Path(getattr(sys, "_MEIPASS", here)) / "resources",
    ):
        if (candidate / "problems").is_dir():
            return candidate
    return here.parent / "resources"


def builtin_problems_dir() -> Path:
    return resources_dir() / "problems"
