"""The ``exports`` and ``functions`` sections: each covered module's exported names, and its functions' signatures."""

from __future__ import annotations

import inspect
from functools import partial
from typing import Any

from tools.torchrl.discovery import exported
from tools.torchrl.snapshot.guard import Errors
from tools.torchrl.snapshot.signatures import annotation, function_parameters

# Modules whose exports are covered: exported names (``exports``) and exported functions (``functions``).
COVERED_MODULES = (
    "torchrl.objectives",
    "torchrl.objectives.llm",
    "torchrl.objectives.multiagent",
    "torchrl.objectives.value",
    "torchrl.objectives.value.functional",
    "torchrl.trainers",
    "torchrl.trainers.algorithms",
    "torchrl.trainers.algorithms.configs",
    "torchrl.trainers.helpers",
)


def _kind(obj: Any) -> str:
    if inspect.isclass(obj):
        return "class"
    if inspect.isroutine(obj):
        return "function"
    if inspect.ismodule(obj):
        return "module"
    return type(obj).__name__


def exports(errors: Errors) -> dict[str, Any]:
    found = {}
    for name in COVERED_MODULES:
        module = errors.module(name)
        if module is not None:
            found[name] = {n: _kind(obj) for n, obj in exported(module)}
    return found


def _function(obj: Any) -> dict[str, Any]:
    record: dict[str, Any] = {
        "parameters": function_parameters(obj),
        "defined_in": f"{obj.__module__}.{obj.__qualname__}",
    }
    returns = annotation(inspect.signature(obj).return_annotation)
    if returns is not None:
        record["returns"] = returns
    return record


def functions(errors: Errors) -> dict[str, Any]:
    found = {}
    for name in COVERED_MODULES:
        module = errors.module(name)
        if module is None:
            continue
        for n, obj in exported(module):
            if not inspect.isroutine(obj):
                continue
            where = f"{name}.{n}"
            record = errors.guard(f"function {where}", partial(_function, obj))
            if record is not None:
                found[where] = record
    return found
