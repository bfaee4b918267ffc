"""``python -m tools.wings.fix_scanner GIT_DIR``: pytorch/rl's bug fixes to the covered code, as JSON.

GIT_DIR is the git directory of a pytorch/rl clone (a bare clone is enough).  ``--commit`` names
the commit whose history is read (default: HEAD).  ``make fix-history`` runs this on the mirror
and writes data/fix-history.json; ``make fix-history-verify`` checks that the recorded commit
gives the committed file again.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tools.core.errors import UsageError, run
from tools.wings.fix_scanner.scan import ScanError, render_json, scan


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.wings.fix_scanner", description=__doc__.splitlines()[0])
    parser.add_argument("git_dir", help="the git directory of a pytorch/rl clone (.mirrors/pytorch-rl.git)")
    parser.add_argument("--commit", default="HEAD", help="the commit whose history is read (default: HEAD)")
    parser.add_argument("--repository", default="pytorch/rl", help="owner/name on GitHub, for the links")
    parser.add_argument("--output", "-o", help="write the JSON here instead of stdout")
    args = parser.parse_args(argv)

    git_dir = Path(args.git_dir)
    if not git_dir.is_dir():
        raise UsageError(
            f"{git_dir} does not exist; clone pytorch/rl first "
            f"(git clone --bare https://github.com/pytorch/rl {git_dir}) or pass the git directory of a clone"
        )
    if args.output and not Path(args.output).resolve().parent.is_dir():
        raise UsageError(f"cannot write {args.output}: its folder does not exist")
    try:
        text = render_json(scan(git_dir, args.commit, args.repository))
    except ScanError as exc:
        raise UsageError(str(exc)) from None
    if args.output:
        Path(args.output).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.argv[0] = "python -m tools.wings.fix_scanner"  # the name the error messages start with
    sys.exit(run(main))
