"""``python -m tools.cli.recipes [--write]``: the ``hl_lines`` each recipe page should carry.

A page highlights the lines of its file that wire torchrl (tools.recipes.facts.read.
highlight_lines); they move when the file is edited.  Without ``--write`` this
prints them and exits 1 when a page disagrees; ``--write`` updates the pages'
``gen:outputs.tabs`` markers in place.
"""

from __future__ import annotations

import argparse
import re
import sys

from tools.core.paths import DOCS
from tools.recipes.facts.read import highlight_lines, read_all


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.cli.recipes", description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="update the hl_lines of the pages' markers")
    args = parser.parse_args(argv)
    stale = 0
    for recipe in read_all():
        page = DOCS / "recipes" / f"{recipe.slug}.md"
        wanted = highlight_lines(recipe)
        marker = re.compile(rf'(<!--\s*gen:outputs\.tabs\s+{re.escape(recipe.source)})(?:\s+hl_lines="[^"]*")?(\s*-->)')
        text = page.read_text(encoding="utf-8") if page.exists() else ""
        updated = marker.sub(rf'\1 hl_lines="{wanted}"\2', text)
        if not marker.search(text):
            print(f"{page.relative_to(DOCS.parent)}: no gen:outputs.tabs marker for {recipe.source}", file=sys.stderr)
            stale += 1
        elif updated != text:
            stale += 1
            print(f'{page.relative_to(DOCS.parent)}: hl_lines="{wanted}"' + (" (written)" if args.write else ""))
            if args.write:
                page.write_text(updated, encoding="utf-8")
    return 0 if args.write or not stale else 1


if __name__ == "__main__":
    sys.exit(main())
