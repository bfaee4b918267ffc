"""check_wiring.py FILE.py:FUNCTION [...] [--json] [--no-forward]: will a torchrl loss find the keys it reads?

Part of the TorchRL objectives-and-training agent skill.  It needs only torchrl (with torch and
tensordict), and checks wirings for the torchrl installed where it runs.  FUNCTION takes no argument
and returns the loss and the data: ``(loss, data)``, or a dict with ``loss`` and either ``data`` or
``env`` (then ``policy`` and ``critic`` are optional: the policy acts for a few steps, with no training).
Several targets are checked in one run (torch is imported once).

It makes the core checks of the site project's ``check_wiring`` command, on the same input:
- missing: a key the loss or its value estimator declares it reads (``loss.in_keys``, the estimator's
  ``in_keys``) is not in the data, and the forward pass raises; the fix is the ``set_keys`` call that
  maps it to the closest key the data has.  A declared key the forward pass runs without is a warning;
- trailing_dim, done_terminated, time_dim, action_encoding, log_prob_grad: the reward / done /
  terminated shapes, done = terminated | truncated, a trajectory for an estimator that runs along time,
  one-hot against index actions, a stored log-probability without a gradient;
- forward: the loss's forward pass raised although every check passed; with problems found, the
  suggested ``set_keys`` calls are applied to a copy and the forward pass is run again.
It leaves to the full command what needs the project's measurements on its loss zoo: the keys whose
absence changes the loss's numbers without raising, ``network_output``
(a key the loss reads from what one of its own networks writes: here such a wiring is not ready through
the ``forward`` problem), who writes each key, and losses that declare no ``in_keys``.
Exit status: 0 ready, 1 problems found, 2 bad input.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import logging
import sys
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # wiring_checks.py sits beside this file
from wiring_checks import ARGUMENTS, BadInput, check, error_line, fix_code, key_text

PROG = "check_wiring.py"
RETURN_SHAPES = "(loss, data), or a dict with loss and data (or env, with policy and critic optional)"


def render(report: dict) -> str:
    estimator = f" with {report['estimator']}" if report["estimator"] else ""
    lines = [f"{report['loss']}{estimator}, checked on {report['source']} of batch size {report['batch_size']}"]
    lines.append("Keys it declares it reads:")
    for k in report["keys"]:
        where = f"{k['shape']} {(k['dtype'] or '').removeprefix('torch.')}" if k["present"] else "MISSING"
        lines.append(f"  {key_text(k['key'])}: {where} ({', '.join(k['read_by'])})")
    if report["problems"]:
        lines.append("Problems:")
        for number, p in enumerate(report["problems"], 1):
            lines.append(f"  {number}. [{p['kind']}] {p['message']}")
            if p["fix"] is not None:
                lines.append(f"     fix: {fix_code(p['fix'])}")
            elif p["advice"]:
                lines.append(f"     fix: {p['advice']}")
    if report["warnings"]:
        lines.append("Warnings:")
        lines += [f"  - {w}" for w in report["warnings"]]
    for label, run in (("Forward pass on a copy of the data", report["forward"]),
                       ("Forward pass with the set_keys fixes above applied", report["fixed_forward"])):  # fmt: skip
        if run is not None:
            lines.append(f"{label}: {'runs' if run['ok'] else 'raised ' + run['error']}")
    count = len(report["problems"])
    lines.append("Verdict: " + ("ready" if not count else f"not ready ({count} problem{'s' if count != 1 else ''})"))
    lines.append(f"Not checked here: {report['left_to_the_full_command']}.")
    return "\n".join(lines)


# -- the user's file -----------------------------------------------------------------------------------


def where_it_raised(exc: BaseException, path: Path) -> str:
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if Path(f.filename).resolve() == path]
    return f"{path.name}:{frames[-1].lineno}" if frames else path.name


def load_function(target: str):
    path_text, sep, name = target.rpartition(":")
    if not sep or not path_text or not name:
        raise BadInput(f"give FILE.py:FUNCTION (got {target!r}), e.g. {PROG} train.py:make_loss_and_batch")
    path = Path(path_text).expanduser().resolve()
    if not path.is_file():
        raise BadInput(f"no file {path_text!r} (looked in {path.parent}); give the path of a Python file")
    spec = importlib.util.spec_from_file_location(f"_check_wiring_{path.stem}", path)
    if spec is None or spec.loader is None:
        raise BadInput(f"{path_text!r} is not a Python file Python can import; name a .py file")
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(path.parent))  # the file's own imports of its neighbours work
    try:
        spec.loader.exec_module(module)
    except Exception as exc:
        raise BadInput(f"importing {path.name} raised {error_line(exc)} (at {where_it_raised(exc, path)})") from None
    function = getattr(module, name, None)
    if not callable(function):
        defined = sorted(
            n for n, v in vars(module).items() if callable(v) and getattr(v, "__module__", "") == module.__name__
        )
        known = f"; it defines {', '.join(defined)}" if defined else f"; add a function that returns {RETURN_SHAPES}"
        raise BadInput(f"no function {name!r} in {path.name}{known}")
    return function, path


def call(function, path: Path) -> dict:
    try:
        returned = function()
    except Exception as exc:
        raise BadInput(f"{function.__name__}() raised {error_line(exc)} (at {where_it_raised(exc, path)})") from None
    if isinstance(returned, dict) and "loss" in returned:
        unknown = sorted(set(returned) - {"loss", *ARGUMENTS})
        if unknown:
            raise BadInput(
                f"{function.__name__}() returned a dict with unknown keys {unknown}; use loss, {', '.join(ARGUMENTS)}"
            )
        return dict(returned)
    if isinstance(returned, tuple) and len(returned) == 2:
        return {"loss": returned[0], "data": returned[1]}
    raise BadInput(f"{function.__name__}() returned {type(returned).__name__}; return {RETURN_SHAPES}")


def run(argv: list[str] | None) -> int:
    parser = argparse.ArgumentParser(prog=PROG, description=__doc__.splitlines()[0])
    parser.add_argument("targets", nargs="+", metavar="FILE.py:FUNCTION", help="e.g. train.py:make_loss_and_batch")
    parser.add_argument("--json", action="store_true", help="print the report as JSON (a list for several targets)")
    parser.add_argument(
        "--no-forward",
        action="store_true",
        help="skip the forward pass (then every declared key the data lacks is a problem)",
    )
    args = parser.parse_args(argv)
    try:
        import torchrl  # noqa: F401
    except ImportError as exc:
        raise BadInput(f"torchrl cannot be imported ({exc}); pip install torchrl") from None
    logging.getLogger("torchrl").disabled = True  # its logger prints on standard output
    reports = []
    for target in args.targets:
        function, path = load_function(target)
        parts = call(function, path)
        reports.append(check(parts.pop("loss"), try_forward=not args.no_forward, **parts))
    if args.json:
        print(json.dumps(reports[0] if len(reports) == 1 else reports, indent=2))
    else:
        print("\n\n".join(render(report) for report in reports))
    return 0 if all(report["verdict"] == "ready" for report in reports) else 1


def main(argv: list[str] | None = None) -> int:
    try:
        return run(argv)
    except BadInput as exc:
        print(f"{PROG}: error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
