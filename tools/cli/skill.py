"""``make skill``: write the agent skill into site/ (``skill/objectives-and-training/`` and ``skill.zip``),
as every build does, without building the pages."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tools.core.paths import ROOT
from tools.skill.views.budgets import over_budget
from tools.skill.views.concern import CONCERN, skill_files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="make skill", description=__doc__)
    parser.add_argument("--site-dir", type=Path, default=ROOT / "site", help="where to write (default: site/)")
    args = parser.parse_args(argv)
    problems = over_budget(skill_files())
    if problems:
        print("error: the skill is over its token budget:\n  " + "\n  ".join(problems), file=sys.stderr)
        return 1
    for path, text in CONCERN.files().items():
        target = args.site_dir / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    for path, data in CONCERN.binary_files().items():
        (args.site_dir / path).write_bytes(data)
    print(f"wrote {args.site_dir}/skill/ and {args.site_dir}/skill.zip")
    return 0


if __name__ == "__main__":
    sys.exit(main())
