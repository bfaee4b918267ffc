"""``python -m tools.cli.parity accept``: record the audit's current differences as reviewed.

Run it (``make parity-accept``) after reading the rows the build named and
classifying in data/configs.yaml the ones that are by design: it writes
``data/captured/parity-differences.json`` from the installed torchrl.
"""

from __future__ import annotations

import argparse
import sys

from tools.parity.facts import rows
from tools.parity.facts.reviewed import REVIEWED_FILE, record


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.cli.parity", description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["accept"], help="accept: store the current differences as reviewed")
    parser.parse_args(argv)

    added, removed = record(rows())
    print(f"accept: differences recorded in {REVIEWED_FILE.name}; {added} new, {removed} gone since the last review")
    return 0


if __name__ == "__main__":
    sys.exit(main())
