"""``python -m tools.wings.sota_scanner PATH``: map a pytorch/rl checkout's sota-implementations/ into JSON.

PATH is the root of a checkout (a ``git worktree`` or a ``git archive`` of the
commit, extracted).  The commit is read from ``git -C PATH rev-parse HEAD``, or
given with ``--commit`` (an archive has no .git).  ``make sota-data`` runs this
on the fetched mirror and writes data/sota.json.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

from tools.core.errors import UsageError, run
from tools.sota.facts.records import encode
from tools.wings.sota_scanner.flow import ScanError
from tools.wings.sota_scanner.scan import check_checkout, scan


def _commit(root: Path, given: str | None) -> str:
    if given:
        return given
    try:
        done = subprocess.run(["git", "-C", str(root), "rev-parse", "HEAD"], capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        raise UsageError(f"{root} is not a git checkout, so its commit is unknown; pass --commit SHA") from None
    return done.stdout.strip()


def render_json(sota_map) -> str:
    return json.dumps(encode(sota_map), indent=1, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.wings.sota_scanner", description=__doc__.splitlines()[0])
    parser.add_argument("path", help="root of a pytorch/rl checkout (holding sota-implementations/)")
    parser.add_argument("--commit", help="the commit PATH was exported from (default: git -C PATH rev-parse HEAD)")
    parser.add_argument("--output", "-o", help="write the JSON here instead of stdout")
    args = parser.parse_args(argv)

    root = Path(args.path)
    try:
        check_checkout(root)
        text = render_json(scan(root, _commit(root, args.commit)))
    except ScanError as exc:
        raise UsageError(str(exc)) from None
    if args.output:
        Path(args.output).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.argv[0] = "python -m tools.wings.sota_scanner"  # the name the error messages start with
    sys.exit(run(main))
