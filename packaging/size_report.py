"""What takes the space in a built one-folder app: its total, then the largest folders and files.

    uv run python packaging/size_report.py dist/CodeMentor [--top 25] [--limit-mb 250]

Sizes are of the files as unpacked (symbolic links are not counted twice). With ``--limit-mb`` it
exits 1 when the whole is larger (CI keeps the Linux bundle within 250 MB so).
"""

from __future__ import annotations

import argparse
import os
from collections import Counter
from pathlib import Path


def sizes(root: Path) -> dict[Path, int]:
    """Every regular file under ``root`` (links not followed) with its size in bytes."""
    found: dict[Path, int] = {}
    for folder, _, names in os.walk(root):
        for name in names:
            path = Path(folder) / name
            if not path.is_symlink():
                found[path.relative_to(root)] = path.stat().st_size
    return found


def folder_totals(files: dict[Path, int], depth: int) -> Counter[Path]:
    """The size under each folder down to ``depth`` levels (a folder counts all it holds)."""
    totals: Counter[Path] = Counter()
    for path, size in files.items():
        for level in range(1, min(depth, len(path.parts) - 1) + 1):
            totals[Path(*path.parts[:level])] += size
    return totals


def megabytes(size: int) -> str:
    return f"{size / 1_000_000:8.1f} MB"


def report(root: Path, top: int) -> str:
    files = sizes(root)
    lines = [f"{root.name}: {megabytes(sum(files.values())).strip()} unpacked in {len(files)} files", ""]
    lines.append(f"largest folders (to {3} levels):")
    for path, size in folder_totals(files, 3).most_common(top):
        lines.append(f"  {megabytes(size)}  {path}/")
    lines.append("")
    lines.append("largest files:")
    for path, size in Counter(files).most_common(top):
        lines.append(f"  {megabytes(size)}  {path}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bundle", type=Path, help="the one-folder app, e.g. dist/CodeMentor")
    parser.add_argument("--top", type=int, default=20, help="how many folders and files to list")
    parser.add_argument("--limit-mb", type=float, help="exit 1 when the whole is larger than this")
    args = parser.parse_args()
    print(report(args.bundle, args.top))
    total = sum(sizes(args.bundle).values())
    if args.limit_mb is not None and total > args.limit_mb * 1_000_000:
        raise SystemExit(f"error: {args.bundle} is {megabytes(total).strip()}, more than {args.limit_mb:g} MB")


if __name__ == "__main__":
    main()
