"""How long loading and validating the whole problem bank takes, beside parsing its TOML alone.

uv run python benchmarks/bank_load.py [--rounds 20]
"""

from __future__ import annotations

import argparse
import statistics
import time
import tomllib

from codementor_desktop.problems.bank import load_bank
from codementor_desktop.resources import builtin_problems_dir


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=20)
    rounds = parser.parse_args().rounds
    folder = builtin_problems_dir()
    files = sorted(folder.rglob("*.toml"))
    load_bank([folder])  # warm imports and the page cache
    parse_only, full = [], []
    for _ in range(rounds):
        started = time.perf_counter()
        for path in files:
            with path.open("rb") as handle:
                tomllib.load(handle)
        parse_only.append(time.perf_counter() - started)
        started = time.perf_counter()
        bank = load_bank([folder])
        full.append(time.perf_counter() - started)
    p, f = statistics.median(parse_only), statistics.median(full)
    print(f"problems: {len(bank)} in {len(files)} files, errors: {len(bank.errors)}, rounds: {rounds}")
    print(f"TOML parse only          median {p * 1000:7.1f} ms")
    print(f"load_bank (validated)    median {f * 1000:7.1f} ms")
    print(f"ratio validated / parse only: {f / p:.2f}x; target: well under 1000 ms")


if __name__ == "__main__":
    main()
