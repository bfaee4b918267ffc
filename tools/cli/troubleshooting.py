"""``python -m tools.cli.troubleshooting accept``: record the current error texts as reviewed.

Run it (``make troubleshooting-accept``) after re-reading the entries (and the
mechanisms) whose text the drift test says changed: it writes
``data/captured/troubleshooting.json`` from what the installed torchrl raises now.
"""

from __future__ import annotations

import argparse
import json
import sys

from tools.troubleshooting.facts import REVIEWED_FILE, captures, reviewable, reviewed
from tools.troubleshooting.facts.capture import CaptureError
from tools.troubleshooting.facts.curated import CuratedDataError


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.cli.troubleshooting", description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["accept"], help="accept: store the current error texts as reviewed")
    args = parser.parse_args(argv)

    try:
        current = reviewable(captures())
    except (CaptureError, CuratedDataError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    before = reviewed()
    changed = sorted(slug for slug in current if before.get(slug) != current[slug])
    REVIEWED_FILE.parent.mkdir(parents=True, exist_ok=True)
    REVIEWED_FILE.write_text(json.dumps(current, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(
        f"{args.command}: {len(current)} entries and mechanisms recorded in {REVIEWED_FILE.name}; "
        f"changed: {', '.join(changed) or 'none'}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
