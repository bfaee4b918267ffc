"""What ``make curves`` trains: the families of ``data/curves.yaml``, checked against their recipe files.

The recipe contract (see docs/recipes/): a file under ``snippets/recipes/``
with ``make_env(seed)`` and ``train(..., seed=...) -> list[dict]`` whose
keyword arguments default to the file's knobs.  Raised knobs are passed to
``train`` by the runner; the file itself is never copied or edited.
"""

from __future__ import annotations

import ast
import hashlib
import os
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from tools.core.paths import ROOT
from tools.core.yaml_files import read_yaml

# Records computed from the plan are keyed on these too (tools.core.cache): budgets, committed runs, pins.
__cache_inputs__ = ("data/curves.yaml", "outputs/curves", "pyproject.toml")


def root() -> Path:
    """The project the plan belongs to; tests point CURVES_ROOT at a throwaway one (runs are subprocesses)."""
    return Path(os.environ.get("CURVES_ROOT", ROOT))


class PlanError(Exception):
    """data/curves.yaml asks for something the recipe files do not offer."""


@dataclass(frozen=True)
class Family:
    name: str
    recipe: str  # project-relative path of the recipe file
    knobs: dict  # keyword arguments given to train(), besides seed
    # Shown on the page; empty: the recipe's own (tools/recipes: its catalog label, the environments its file builds).
    label: str
    environment: str
    # Why the family does not beat the random policy within its budget (curated, shown under
    # its plot); the build refuses a family that does not beat it and says nothing.
    note: str = ""
    # What was measured while making it learn (curated, kept whatever the verdict): unlike `note`,
    # a family that beats the random policy may keep it.
    findings: str = ""
    # The column of the recipe's rows the plot's x axis reads: "frames" (collected so far), or
    # "updates" (optimiser steps so far) for offline recipes, whose frames stand still while they train.
    x: str = "frames"

    @property
    def path(self) -> Path:
        return root() / self.recipe

    def recipe_hash(self) -> str:
        return hashlib.sha256(self.path.read_bytes()).hexdigest()[:16]

    @property
    def results(self) -> Path:
        return root() / "outputs" / "curves" / self.name


@dataclass(frozen=True)
class Plan:
    seeds: tuple[int, ...]
    cpu_budget_seconds: int  # per run, enforced in the worker with RLIMIT_CPU: holds however busy the machine is
    timeout_seconds: int  # per run, wall clock: only a guard against a run that hangs
    baseline_episodes: int
    families: dict[str, Family]


def train_parameters(path: Path) -> list[str]:
    """Keyword parameters of the recipe's ``train`` function, read with ``ast`` (no import)."""
    tree = ast.parse(path.read_text(), filename=str(path))
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == "train":
            args = node.args
            return [a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)]
    raise PlanError(f"{path.name} has no top-level train() function (the recipe contract)")


def has_function(path: Path, name: str) -> bool:
    tree = ast.parse(path.read_text(), filename=str(path))
    return any(isinstance(node, ast.FunctionDef) and node.name == name for node in tree.body)


def load() -> Plan:
    return _load(root())


@cache
def _load(project: Path) -> Plan:
    plan_file = project / "data" / "curves.yaml"
    raw = read_yaml(plan_file) or {}
    where = "data/curves.yaml"
    families = {}
    for name, entry in (raw.get("families") or {}).items():
        unknown = set(entry) - {"recipe", "knobs", "label", "environment", "note", "findings", "x"}
        if unknown:
            raise PlanError(f"{where}: family {name!r} has unknown fields {sorted(unknown)}")
        family = Family(
            name=name,
            recipe=entry["recipe"],
            knobs=dict(entry.get("knobs") or {}),
            label=entry.get("label", ""),
            environment=entry.get("environment", ""),
            note=" ".join(str(entry.get("note", "")).split()),
            findings=" ".join(str(entry.get("findings", "")).split()),
            x=entry.get("x", "frames"),
        )
        if not family.path.is_file():
            raise PlanError(f"{where}: family {name!r} names {family.recipe}, which does not exist")
        params = train_parameters(family.path)
        if "seed" not in params:
            raise PlanError(f"{family.recipe}: train() takes no `seed` argument; the runner passes one per run")
        bad = sorted(set(family.knobs) - set(params))
        if bad:
            raise PlanError(
                f"{where}: family {name!r} raises {bad}, which {family.recipe}'s train() does not take "
                f"(it takes {', '.join(params)})"
            )
        if not has_function(family.path, "make_env"):
            raise PlanError(f"{family.recipe} has no make_env(seed) function: the random baseline runs on it")
        families[name] = family
    return Plan(
        seeds=tuple(raw.get("seeds", (0, 1, 2))),
        cpu_budget_seconds=int(raw.get("cpu_budget_seconds", 300)),
        timeout_seconds=int(raw.get("timeout_seconds", 3600)),
        baseline_episodes=int(raw.get("baseline_episodes", 10)),
        families=families,
    )
