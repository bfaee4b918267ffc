"""``python -m tools.cli.records``: measure the record sets kept in the tree where stale (``make records``).

A record set that runs torchrl code to measure something is kept under
``outputs/records/<name>.json`` with the fingerprint it was measured under
(``tools.core.cache``): the installed versions, the code that measures it and
its data.  A build reads the file while the fingerprint holds; this command
measures again every set whose file is missing or stale, and removes the files
of sets that are no longer kept.  ``--all`` measures them all.
"""

from __future__ import annotations

import argparse
import sys
import time

from tools.core.cache import committed_path, record_sets
from tools.core.errors import run
from tools.core.paths import COMMITTED_RECORDS
from tools.core.registry import concerns


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.cli.records", description=__doc__.splitlines()[0])
    parser.add_argument("--all", action="store_true", help="measure every kept set again, current or not")
    args = parser.parse_args(argv)
    concerns()  # every concern's record sets, registered by importing it
    kept = [rs for rs in record_sets() if rs.committed]
    for rs in kept:
        if args.all:
            committed_path(rs.name).unlink(missing_ok=True)
        started = time.process_time()
        if rs.commit():
            print(f"measured {rs.name} in {time.process_time() - started:.1f} s of CPU", flush=True)
    names = {committed_path(rs.name) for rs in kept}
    for orphan in sorted(set(COMMITTED_RECORDS.glob("*.json")) - names):
        orphan.unlink()
        print(f"removed {orphan.name}: no record set is kept under that name")
    print(
        f"{len(kept)} record sets kept in {COMMITTED_RECORDS.relative_to(COMMITTED_RECORDS.parents[1])}/, all current"
    )
    return 0


if __name__ == "__main__":
    sys.exit(run(main))
