"""``python -m tools.cli.upgrading diff OLD.json [NEW.json] [--list | --json]``: raw differences between releases.

Without NEW, the installed torchrl is introspected now (the same script, in this process).  ``--list``
prints each difference with its key, the text a note of ``data/upgrading.yaml`` names it by.

``python -m tools.cli.upgrading measure [--python PATH]``: measure the changed defaults of the step that
ends at the release ``PATH`` holds (default: this interpreter, the pinned release) in that release, into
``data/upgrading/measured/torchrl-<release>.json`` (``tools/upgrading/facts/measured.py``).
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict
from pathlib import Path

from tools.core.errors import UsageError, entry_point
from tools.core.fresh_python import run_fresh_python
from tools.upgrading.facts import current, measured, released, upgrades
from tools.upgrading.facts.diff import counts, diff


def _measure(python: str) -> int:
    asked = run_fresh_python(
        ["-c", "from importlib.metadata import version; print(version('torchrl'))"], python=python, timeout=300
    )
    if asked.returncode != 0:
        last = (asked.stderr.strip().splitlines() or [f"exit status {asked.returncode}"])[-1]
        raise UsageError(
            f"{python} cannot name its torchrl release ({last}); pass --python an interpreter with torchrl"
        )
    release = asked.stdout.strip()
    step = next((s for s in upgrades().steps if s.new == release), None)
    if step is None:
        raise UsageError(f"no step of data/upgrading.yaml ends at torchrl {release} (the release {python} holds)")
    new = current() if release == upgrades().pinned else released(release)
    found = measured.run(measured.changed_defaults(released(step.old), new), python)
    path = measured.stored_file(release)
    path.write_text(measured.dumps(found), encoding="utf-8")
    print(f"{len(found['measured'])} changed defaults of {step.slug} measured on torchrl {release} -> {path}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.cli.upgrading", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    command = sub.add_parser("diff", help="raw differences between two snapshots")
    command.add_argument("old", type=Path, help="a snapshot, e.g. data/snapshots/torchrl-0.13.3.json")
    command.add_argument("new", type=Path, nargs="?", help="another snapshot (default: the installed torchrl, now)")
    command.add_argument("--list", action="store_true", help="every difference, with its key")
    command.add_argument("--json", action="store_true", help="the differences and their counts as JSON")
    measuring = sub.add_parser("measure", help="measure a step's changed defaults in its newer release")
    measuring.add_argument("--python", default=sys.executable, help="interpreter of the release to measure")
    args = parser.parse_args(argv)
    if args.command == "measure":
        return _measure(args.python)
    for path in (args.old, args.new):
        if path is not None and not path.is_file():
            raise UsageError(f"no snapshot at {path}; the committed ones are data/snapshots/torchrl-*.json")
    old = json.loads(args.old.read_text(encoding="utf-8"))
    new = json.loads(args.new.read_text(encoding="utf-8")) if args.new else current()
    found = diff(old, new)
    if args.json:
        print(
            json.dumps({"counts": counts(found), "differences": [asdict(d) for d in found]}, indent=1, sort_keys=True)
        )
        return 0
    if args.list:
        for d in found:
            print(f"{d.text()}\n    key: {d.key}")
    summary = counts(found)
    print(f"torchrl {old['versions']['torchrl']} -> {new['versions']['torchrl']}: {summary['total']} differences")
    print("by kind: " + ", ".join(f"{k} {n}" for k, n in summary["by_kind"].items()))
    for section, kinds in summary["by_section"].items():
        print(f"  {section}: " + ", ".join(f"{k} {n}" for k, n in kinds.items()))
    return 0


if __name__ == "__main__":
    entry_point(main)
