"""``explain_error [FILE] [--json] [--limit N]``: a pasted traceback or error line -> where the site answers it.

Reads FILE (or standard input, ``-``): a whole traceback, its last line, a warning line or a bare
message.  Prints the troubleshooting entries, error-catalogue sites, functions and upstream fixes
that match, best first: the same matcher, on the same index, as the box on the troubleshooting page.
Exit status 0 when something matches, 1 when nothing does, 2 on bad input.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from dataclasses import asdict
from pathlib import Path

from tools.core.errors import UsageError, entry_point, require_torchrl
from tools.error_catalog.facts import installed_index, match_index
from tools.error_catalog.facts.match import KIND_LABELS, RESULTS, explain


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="explain_error",
        description="Find the troubleshooting entry, error-catalogue site or upstream fix for a torchrl error.",
    )
    parser.add_argument("file", nargs="?", default="-", help="a file holding the traceback (default: standard input)")
    parser.add_argument("--json", action="store_true", help="print the matches as JSON")
    parser.add_argument("--limit", type=int, default=RESULTS, help=f"at most this many matches (default {RESULTS})")
    return parser


def _read(name: str) -> str:
    if name == "-":
        if sys.stdin is None:
            raise UsageError("no standard input to read; pass the traceback's file, e.g. explain_error error.txt")
        if sys.stdin.isatty():
            print("Paste the traceback, then press Ctrl-D.", file=sys.stderr)
        return sys.stdin.read()
    path = Path(name)
    if not path.is_file():
        raise UsageError(
            f"no file {name!r}; pass a file holding the traceback, or pipe it in: explain_error < error.txt"
        )
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError as exc:
        raise UsageError(f"cannot read {name!r} ({exc.strerror}); pass a readable file or pipe the text in") from None


def main_args(argv: list[str] | None) -> int:
    args = _parser().parse_args(argv)
    if args.limit < 1:
        raise UsageError(f"--limit must be at least 1, not {args.limit}")
    text = _read(args.file)
    if not text.strip():
        raise UsageError("nothing to explain: the input is empty; pass the traceback (a file or standard input)")
    if not match_index.is_cached():
        require_torchrl()  # the index is computed from the installed torchrl: say so if it cannot be imported
    # Without a cache the index is computed by running torchrl, whose logger prints on standard output.
    logging.getLogger("torchrl").disabled = True
    index = installed_index()
    results = explain(index, text, limit=args.limit)
    if args.json:
        print(json.dumps({"torchrl": index["torchrl"], "matches": [asdict(r) for r in results]}, indent=2))
    elif not results:
        print("Nothing matches. Paste the whole traceback (its torchrl frames help), or its last line alone.")
    else:
        print(
            f"Pages are relative to the site's root (make serve: http://127.0.0.1:8000/); torchrl {index['torchrl']}."
        )
        for number, result in enumerate(results, start=1):
            print(f"{number}. [{KIND_LABELS.get(result.kind, result.kind)}] {result.title}")
            print(f"   {result.url}")
            if result.note:
                print(f"   {result.note}")
    return 0 if results else 1


def main() -> None:
    entry_point(main_args)


if __name__ == "__main__":
    main()
