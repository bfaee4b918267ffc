"""Where each curve came from: ``outputs/curves/<family>/provenance.json``, one per family.

It records the versions, the machine, the date, the hash of the recipe file,
the knobs and, per seed, the run's wall time, rows and random-policy baseline.
A run is current while the recipe file, its knobs and the pinned versions
are what they were when it ran; the freshness test and ``make curves`` ask
``run_is_current``.
"""

from __future__ import annotations

import ast
import contextlib
import datetime
import json
import os
import platform
import threading
from importlib import metadata

from tools.core.distributions import pinned
from tools.curves.facts.plan import Family, load

# `make curves JOBS=2` finishes two runs of a family at once: one read-modify-write at a time.
_lock = threading.Lock()


def path_of(family: Family):
    return family.results / "provenance.json"


def read(family: Family) -> dict:
    path = path_of(family)
    return json.loads(path.read_text()) if path.exists() else {}


def train_defaults(family: Family) -> dict:
    """train()'s keyword defaults, resolved through the file's module-level constants (read with ast)."""
    tree = ast.parse(family.path.read_text())
    constants = {}
    for node in tree.body:
        if isinstance(node, ast.Assign):
            try:
                value = ast.literal_eval(node.value)
            except ValueError:
                continue
            for target in node.targets:
                if isinstance(target, ast.Name):
                    constants[target.id] = value
                elif isinstance(target, ast.Tuple) and isinstance(value, tuple):
                    constants.update(
                        {t.id: v for t, v in zip(target.elts, value, strict=False) if isinstance(t, ast.Name)}
                    )
    defaults = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == "train":
            args = node.args
            positional = [*args.posonlyargs, *args.args]
            pairs = list(zip(positional[len(positional) - len(args.defaults) :], args.defaults, strict=True))
            pairs += [(a, d) for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True) if d is not None]
            for arg, default in pairs:
                if isinstance(default, ast.Name) and default.id in constants:
                    defaults[arg.arg] = constants[default.id]
                else:
                    with contextlib.suppress(ValueError):
                        defaults[arg.arg] = ast.literal_eval(default)
    return defaults


def _identity(family: Family) -> dict:
    """What a run depends on: if any of it changes, the run is stale."""
    return {"recipe": family.recipe, "recipe_hash": family.recipe_hash(), "knobs": family.knobs, "pins": pinned()}


def run_is_current(family: Family, seed: int) -> bool:
    data = read(family)
    run = data.get("runs", {}).get(str(seed))
    same = all(data.get(key) == value for key, value in _identity(family).items())
    return same and run is not None and run.get("status") == "ok" and (family.results / f"seed-{seed}.csv").exists()


def staleness(family: Family) -> str | None:
    """Why the family's committed curves cannot be shown as current, or None."""
    plan = load()
    data = read(family)
    command = f"make curves FAMILY={family.name}"
    if not data:
        return f"{family.name}: no curves yet; run `{command}`"
    for key, value in _identity(family).items():
        if data.get(key) != value:
            return f"{family.name}: {key} changed since the curves were made; run `{command}`"
    missing = [s for s in plan.seeds if not run_is_current(family, s)]
    if missing:
        return f"{family.name}: seeds {missing} have no current run; run `{command}`"
    return None


def _write(family: Family, data: dict) -> None:
    path = path_of(family)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(data, indent=1, sort_keys=False) + "\n")
    tmp.replace(path)


def _start(family: Family) -> dict:
    data = read(family)
    identity = _identity(family)
    if any(data.get(key) != value for key, value in identity.items()):
        data = {}  # another recipe, knobs or versions: earlier seeds no longer belong with the new ones
    plan = load()
    data.update(
        family=family.name,
        **identity,
        train_defaults=train_defaults(family),
        installed={d: metadata.version(d) for d in ("torch", "torchrl", "tensordict")},
        machine={
            "cpus": os.cpu_count(),
            "platform": platform.platform(terse=True),
            "python": platform.python_version(),
        },
        cpu_budget_seconds=plan.cpu_budget_seconds,
        timeout_seconds=plan.timeout_seconds,
        seeds=list(plan.seeds),
    )
    data.setdefault("runs", {})
    return data


def record_run(family: Family, seed: int, result_file: str) -> None:
    with open(result_file) as handle:
        result = json.load(handle)
    with _lock:
        _record(family, seed, {"status": "ok", "date": datetime.date.today().isoformat(), **result})


def record_failure(family: Family, seed: int, reason: str) -> None:
    with _lock:
        _record(family, seed, {"status": "failed", "date": datetime.date.today().isoformat(), "reason": reason})


def _record(family: Family, seed: int, run: dict) -> None:
    data = _start(family)
    data["runs"][str(seed)] = run
    data["runs"] = dict(sorted(data["runs"].items(), key=lambda item: int(item[0])))
    _write(family, data)
