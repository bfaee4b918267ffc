"""``python -m tools.torchrl.snapshot -o torchrl-<release>.json [--blocks DIR] [--migrations DIR]``.

Runs in the interpreter of the release to read (``make api-snapshot`` puts the
project root on its path); prints how long each part took on standard error.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sized
from pathlib import Path
from typing import TypeVar

from tools.torchrl.snapshot import snapshot
from tools.torchrl.snapshot.blocks import run_blocks
from tools.torchrl.snapshot.json_text import dumps

Result = TypeVar("Result", bound=Sized)


def _timed(what: str, call: Callable[[], Result]) -> Result:
    started = time.monotonic()
    result = call()
    count = f"{len(result)} " if what != "introspection" else ""
    print(f"{count}{what}: {time.monotonic() - started:.1f} s", file=sys.stderr)
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Snapshot the installed torchrl's API into JSON.")
    parser.add_argument("-o", "--output", type=Path, help="write the JSON here (default: standard output)")
    parser.add_argument("--blocks", type=Path, help="also run every *.py of this folder, each in its own interpreter")
    parser.add_argument(
        "--migrations", type=Path, help="also run every *.before.py of this folder (the upgrade notes' 'before' halves)"
    )
    args = parser.parse_args(argv)
    facts = _timed("introspection", snapshot)
    if args.blocks:
        facts["fixed_upstream"] = _timed("blocks", lambda: run_blocks(args.blocks))
    if args.migrations:
        migrations = args.migrations
        facts["migrations"] = _timed(
            "migrations", lambda: run_blocks(migrations, ".before.py") if migrations.is_dir() else {}
        )
    text = dumps(facts)
    if args.output:
        args.output.parent.mkdir(parents=True, exist_ok=True)
        args.output.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
