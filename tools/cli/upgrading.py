"""``python -m tools.cli.upgrading diff OLD.json [NEW.json] [--list | --json]``: raw differences between releases.

Without NEW, the installed torchrl is introspected now (the same script, in this process).  ``--list``
prints each difference with its key, the text a note of ``data/upgrading.yaml`` names it by.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict
from pathlib import Path

from tools.core.errors import UsageError, entry_point
from tools.upgrading.facts import current
from tools.upgrading.facts.diff import counts, diff


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.cli.upgrading", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    command = sub.add_parser("diff", help="raw differences between two snapshots")
    command.add_argument("old", type=Path, help="a snapshot, e.g. data/snapshots/torchrl-0.13.3.json")
    command.add_argument("new", type=Path, nargs="?", help="another snapshot (default: the installed torchrl, now)")
    command.add_argument("--list", action="store_true", help="every difference, with its key")
    command.add_argument("--json", action="store_true", help="the differences and their counts as JSON")
    args = parser.parse_args(argv)
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
