"""``python -m tools.outputs [PATH ...]``: run examples and store what they print (``make outputs``).

With no path: every example a page shows the output of, whose stored output is
missing or stale.  ``--all`` re-runs them all.
"""

from __future__ import annotations

import argparse
import sys

from tools.outputs.shown import shown_sources
from tools.outputs.store import capture, staleness


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.outputs", description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", help="example files, relative to the project root")
    parser.add_argument("--all", action="store_true", help="re-run every shown example, fresh or not")
    args = parser.parse_args(argv)
    try:
        sources = args.paths or [s for s in shown_sources() if args.all or staleness(s)]
    except Exception as exc:  # a page that cannot be expanded: say which, no traceback
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if not sources:
        print("every shown output is fresh")
        return 0
    failed = 0
    for source in sources:
        print(f"running {source} ...", flush=True)
        try:
            captured = capture(source)
        except (RuntimeError, FileNotFoundError) as exc:
            print(f"error: {exc}", file=sys.stderr)
            failed += 1
            continue
        print(f"  stored {len(captured.stdout.splitlines())} lines in {captured.seconds:g} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
