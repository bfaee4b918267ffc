"""``python -m tools.cli.records``: measure the record sets kept in the tree where stale (``make records``).

A record set that needs torchrl imported is kept under
``outputs/records/<name>.json`` with the fingerprint it was measured under
(``tools.core.cache``): the installed versions, the code that measures it and
its data.  A build reads the file while the fingerprint holds; this command
measures again every set whose file is missing or stale, each in a fresh
interpreter (what one measurement warns about must not depend on what another
warned before it), and removes the files of sets no longer kept.  ``--all``
measures them all.  ``--measure NAME --to FILE`` is that fresh interpreter's
part: it writes one set's records, as JSON, to FILE.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

from tools.core.cache import RecordSet, committed_key, committed_path, record_sets
from tools.core.errors import UsageError, run, unknown_name
from tools.core.fresh_python import run_fresh_python
from tools.core.paths import COMMITTED_RECORDS, ROOT
from tools.core.registry import concerns

TIMEOUT_SECONDS = 900


def kept_sets() -> list[RecordSet[Any]]:
    concerns()  # every concern's record sets, registered by importing it
    return [rs for rs in record_sets() if rs.committed]


def measure_fresh(name: str) -> Any:
    """One kept set's records, measured in a fresh interpreter (the JSON form)."""
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch) / "records.json"
        result = run_fresh_python(
            ["-m", "tools.cli.records", "--measure", name, "--to", str(out)], cwd=ROOT, timeout=TIMEOUT_SECONDS
        )
        if result.returncode != 0:
            raise RuntimeError(f"measuring {name} failed:\n{result.stderr[-2000:]}")
        return json.loads(out.read_text())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.cli.records", description=__doc__.splitlines()[0])
    parser.add_argument("--all", action="store_true", help="measure every kept set again, current or not")
    parser.add_argument("--measure", metavar="NAME", help="measure one kept set here (with --to)")
    parser.add_argument("--to", metavar="FILE", help="where --measure writes the records")
    args = parser.parse_args(argv)
    kept = kept_sets()
    if args.measure:
        chosen = [rs for rs in kept if rs.name == args.measure]
        if not chosen:
            raise unknown_name("kept record set", args.measure, [rs.name for rs in kept])
        if not args.to:
            raise UsageError("--measure needs --to FILE")
        Path(args.to).write_text(json.dumps(chosen[0].measure()))
        return 0
    for rs in kept:
        if args.all or committed_key(rs.name) != rs.key():
            committed_path(rs.name).unlink(missing_ok=True)
            rs.commit(measure_fresh(rs.name))
            print(f"measured {rs.name}", flush=True)
    for orphan in sorted(set(COMMITTED_RECORDS.glob("*.json")) - {committed_path(rs.name) for rs in kept}):
        orphan.unlink()
        print(f"removed {orphan.name}: no record set is kept under that name")
    print(f"{len(kept)} record sets kept in {COMMITTED_RECORDS.relative_to(ROOT)}/, all current")
    return 0


if __name__ == "__main__":
    sys.exit(run(main))
