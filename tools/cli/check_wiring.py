"""check_wiring FILE.py:FUNCTION: check that a loss will find the keys it reads, before training.

FUNCTION takes no argument and returns the loss and the data: ``(loss, data)``,
or a dict with ``loss`` and either ``data`` or ``env`` (then ``policy`` and
``critic`` are optional).  Exit status: 0 ready, 1 problems found, 2 bad input.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
import traceback
from pathlib import Path

from tools.core.errors import UsageError, entry_point, error_text, unknown_name
from tools.wiring import WiringInputError, check_wiring

NOT_READY = 1
RETURN_SHAPES = "(loss, data), or a dict with loss and data (or env, with policy and critic optional)"
ARGUMENTS = ("data", "env", "policy", "critic")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="check_wiring", description=__doc__.splitlines()[0])
    parser.add_argument("target", help="FILE.py:FUNCTION, e.g. train.py:make_loss_and_batch")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--no-forward", action="store_true", help="skip the one forward pass that proves the verdict")
    return parser


def _where_it_raised(exc: BaseException, path: Path) -> str:
    """``file.py:12``: the last line of the user's file the error went through (no traceback)."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if Path(f.filename).resolve() == path]
    return f"{path.name}:{frames[-1].lineno}" if frames else path.name


def load_function(target: str):
    path_text, sep, name = target.rpartition(":")
    if not sep or not path_text or not name:
        raise UsageError(f"give FILE.py:FUNCTION (got {target!r}), e.g. check_wiring train.py:make_loss_and_batch")
    path = Path(path_text).expanduser().resolve()
    if not path.is_file():
        raise UsageError(f"no file {path_text!r} (looked in {path.parent}); give the path of a Python file")
    spec = importlib.util.spec_from_file_location(f"_check_wiring_{path.stem}", path)
    if spec is None or spec.loader is None:
        raise UsageError(f"{path_text!r} is not a Python file Python can import; name a .py file")
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(path.parent))  # the file's own imports of its neighbours work
    try:
        spec.loader.exec_module(module)
    except Exception as exc:
        raise UsageError(f"importing {path.name} raised {error_text(exc)} (at {_where_it_raised(exc, path)})") from exc
    function = getattr(module, name, None)
    if not callable(function):
        functions = [
            n for n, v in vars(module).items() if callable(v) and getattr(v, "__module__", None) == module.__name__
        ]
        if not functions:
            raise UsageError(f"{path.name} defines no function; add one that returns {RETURN_SHAPES}")
        raise unknown_name(f"function in {path.name}", name, functions)
    return function, path


def call(function, path: Path) -> dict:
    try:
        returned = function()
    except Exception as exc:
        raise UsageError(f"{function.__name__}() raised {error_text(exc)} (at {_where_it_raised(exc, path)})") from exc
    if isinstance(returned, dict) and "loss" in returned:
        unknown = sorted(set(returned) - {"loss", *ARGUMENTS})
        if unknown:
            raise UsageError(
                f"{function.__name__}() returned a dict with unknown keys {unknown}; use loss, {', '.join(ARGUMENTS)}"
            )
        return returned
    if isinstance(returned, tuple) and len(returned) == 2:
        return {"loss": returned[0], "data": returned[1]}
    raise UsageError(f"{function.__name__}() returned {type(returned).__name__}; return {RETURN_SHAPES}")


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    function, path = load_function(args.target)
    parts = call(function, path)

    loss = parts.pop("loss")
    try:
        report = check_wiring(loss, parts.pop("data", None), try_forward=not args.no_forward, **parts)
    except WiringInputError as exc:
        raise UsageError(f"{function.__name__}() returned something check_wiring cannot use: {exc}") from exc
    if args.json:
        json.dump(report.to_json(), sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        print(report)
    return 0 if report.ready else NOT_READY


def console() -> None:
    entry_point(main)


if __name__ == "__main__":
    entry_point(main)
