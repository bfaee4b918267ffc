"""``python -m tools.cli.outputs [PATH ...]``: run examples and store what they print (``make outputs``).

With no path: every example a page shows the output of (example files, and the
examples generated pages show), whose stored output is missing or stale, and every
training recipe whose stored report under the probe is (``tools/outputs/facts/probes.py``).
A recipe's path re-runs it under the probe.  ``--all`` re-runs them all.
"""

from __future__ import annotations

import argparse
import os
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from tools.core.paths import ROOT
from tools.outputs.facts import probes
from tools.outputs.facts.shown import generated_examples, shown_sources
from tools.outputs.facts.store import capture, staleness
from tools.recipes.facts.read import recipe_files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.cli.outputs", description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", help="example files, relative to the project root")
    parser.add_argument("--all", action="store_true", help="re-run every shown example, fresh or not")
    # Each example pays torch's import alone (seconds); two at a time halves the wait on two cores.
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1), help="examples run at once")
    args = parser.parse_args(argv)
    recipes = {path.relative_to(ROOT).as_posix(): path for path in recipe_files()}
    try:
        generated = generated_examples()
        candidates = args.paths or [*shown_sources(), *generated]
        sources = [s for s in candidates if args.paths or args.all or staleness(s, generated.get(s))]
        probed = [
            recipes[s]
            for s in args.paths or recipes
            if s in recipes and (args.paths or args.all or probes.staleness(recipes[s]))
        ]
    except Exception as exc:  # a page that cannot be expanded: say which, no traceback
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if not sources and not probed:
        print("every shown output and recipe report is fresh")
        return 0

    def run(source: str) -> str | None:
        """Capture one example; the error text when it fails."""
        try:
            captured = capture(source, generated.get(source))
        except (RuntimeError, FileNotFoundError) as exc:
            return str(exc)
        print(f"stored {source}: {len(captured.stdout.splitlines())} lines in {captured.seconds:g} s", flush=True)
        return None

    def probe(recipe: Path) -> str | None:
        """Run one recipe under the probe and store its report; the error text when it fails."""
        try:
            stored = probes.capture(recipe)
        except RuntimeError as exc:
            return str(exc)
        print(f"stored the probe report of {stored.recipe} in {stored.seconds:g} s", flush=True)
        return None

    jobs = [(run, source) for source in sources] + [(probe, recipe) for recipe in probed]
    print(
        f"running {len(sources)} examples and {len(probed)} recipes under the probe, {args.jobs} at a time ...",
        flush=True,
    )
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        errors = [error for error in pool.map(lambda job: job[0](job[1]), jobs) if error]
    for error in errors:
        print(f"error: {error}", file=sys.stderr)
    failed = len(errors)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
