"""explain_error.py [FILE] [--json] [--limit N]: a pasted torchrl error or traceback -> the pages that answer it.

Part of the TorchRL objectives-and-training agent skill.  It needs only Python's standard library:
it reads FILE (or standard input) and ranks the troubleshooting entries, error-catalogue sites,
functions and upstream fixes that match, with the site's own matcher (``error_match.py``, a copy of
the project's module, with ``frames.py``) on the site's own index (``error-index.json``, built with
the skill for the torchrl release the references state).  Pages are relative to the site's root; each
page's Markdown export is ``<page>index.md``.
Exit status: 0 something matches, 1 nothing does, 2 bad input.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict
from importlib import metadata
from pathlib import Path

HERE = Path(__file__).resolve().parent
INDEX = HERE / "error-index.json"
PROG = "explain_error.py"


class BadInput(Exception):
    """A mistake in how the script was called: said in one line, exit status 2."""


def _matcher():
    sys.path.insert(0, str(HERE))  # error_match.py and frames.py sit beside this file
    try:
        import error_match
    except ImportError as exc:
        raise BadInput(f"error_match.py cannot be loaded from {HERE} ({exc}); unpack the whole skill folder") from None
    return error_match


def _index() -> dict:
    try:
        return json.loads(INDEX.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise BadInput(f"cannot read {INDEX.name} beside this script ({exc}); unpack the whole skill folder") from None


def _read(name: str) -> str:
    if name == "-":
        if sys.stdin is None:
            raise BadInput(f"no standard input to read; pass the traceback's file, e.g. {PROG} error.txt")
        if sys.stdin.isatty():
            print("Paste the traceback, then press Ctrl-D.", file=sys.stderr)
        return sys.stdin.read()
    path = Path(name)
    if not path.is_file():
        raise BadInput(f"no file {name!r}; pass a file holding the traceback, or pipe it in: {PROG} < error.txt")
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError as exc:
        raise BadInput(f"cannot read {name!r} ({exc.strerror}); pass a readable file or pipe the text in") from None


def _installed_torchrl() -> str | None:
    try:
        return metadata.version("torchrl")
    except metadata.PackageNotFoundError:
        return None


def run(argv: list[str] | None) -> int:
    parser = argparse.ArgumentParser(prog=PROG, description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", default="-", help="a file holding the traceback (default: standard input)")
    parser.add_argument("--json", action="store_true", help="print the matches as JSON")
    parser.add_argument("--limit", type=int, default=None, help="at most this many matches (default 8)")
    args = parser.parse_args(argv)
    match = _matcher()
    limit = match.RESULTS if args.limit is None else args.limit
    if limit < 1:
        raise BadInput(f"--limit must be at least 1, not {limit}")
    text = _read(args.file)
    if not text.strip():
        raise BadInput("nothing to explain: the input is empty; pass the traceback (a file or standard input)")
    index = _index()
    installed = _installed_torchrl()
    if installed is not None and installed != index["torchrl"]:
        print(
            f"note: the index is torchrl {index['torchrl']}'s and torchrl {installed} is installed: "
            "messages and frames that changed between them may match less well",
            file=sys.stderr,
        )
    results = match.explain(index, text, limit=limit)
    if args.json:
        print(json.dumps({"torchrl": index["torchrl"], "matches": [asdict(r) for r in results]}, indent=2))
    elif not results:
        print("Nothing matches. Paste the whole traceback (its torchrl frames help), or its last line alone.")
    else:
        print(f"Pages are relative to the site's root; torchrl {index['torchrl']}.")
        for number, result in enumerate(results, start=1):
            print(f"{number}. [{match.KIND_LABELS.get(result.kind, result.kind)}] {result.title}")
            print(f"   {result.url}")
            if result.note:
                print(f"   {result.note}")
    return 0 if results else 1


def main(argv: list[str] | None = None) -> int:
    try:
        return run(argv)
    except BadInput as exc:
        print(f"{PROG}: error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
