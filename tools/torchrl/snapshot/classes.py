"""The ``updaters``, ``hooks`` and ``trainers`` sections: constructors, trainers' own methods, ``register_op`` stages."""

from __future__ import annotations

import inspect
from functools import partial
from typing import Any

from tools.torchrl.discovery import exported_subclasses
from tools.torchrl.snapshot.guard import Errors
from tools.torchrl.snapshot.signatures import constructor, signature_text
from tools.torchrl.trainers import register_op_stages, torchrl_subclasses
from tools.torchrl.updaters import updater_classes

TRAINER_MODULES = ("torchrl.trainers", "torchrl.trainers.algorithms")
HOOK_MODULE = "torchrl.trainers"


def _constructor(cls: type) -> dict[str, Any]:
    return {"defined_in": cls.__module__, "parameters": constructor(cls)}


def _constructors(kind: str, classes: dict[str, type], errors: Errors) -> dict[str, Any]:
    found = {}
    for name, cls in sorted(classes.items()):
        record = errors.guard(f"{kind} {name}", partial(_constructor, cls))
        if record is not None:
            found[name] = record
    return found


def updaters(errors: Errors) -> dict[str, Any]:
    """Every exported target updater."""
    return _constructors("updater", errors.guard("updaters", updater_classes, default={}), errors)


def hooks(errors: Errors) -> dict[str, Any]:
    """Every trainer hook ``torchrl.trainers`` exports."""
    module = errors.module(HOOK_MODULE)
    if module is None or not hasattr(module, "TrainerHookBase"):
        return {}
    classes = exported_subclasses([HOOK_MODULE], module.TrainerHookBase)
    return _constructors("hook", {name: cls for name, (_, cls) in classes.items()}, errors)


def _own_methods(cls: type) -> dict[str, Any]:
    found = {}
    for name, value in sorted(vars(cls).items()):
        if name.startswith("_") or not inspect.isfunction(value):
            continue
        try:
            found[name] = signature_text(value, skip_first=True)
        except (TypeError, ValueError):
            continue
    return found


def _trainer(cls: type) -> dict[str, Any]:
    return {"defined_in": cls.__module__, "parameters": constructor(cls), "methods": _own_methods(cls)}


def trainers(errors: Errors) -> dict[str, Any]:
    """``Trainer`` and every subclass torchrl defines, and the stages ``register_op`` accepts."""
    for module_name in TRAINER_MODULES:
        errors.module(module_name)  # importing them defines the subclasses
    module = errors.module("torchrl.trainers")
    if module is None:
        return {}
    base = module.Trainer
    classes = {"Trainer": base, **torchrl_subclasses(base)}
    found = {}
    for name, cls in sorted(classes.items()):
        record = errors.guard(f"trainer {name}", partial(_trainer, cls))
        if record is not None:
            found[name] = record
    return {
        "classes": found,
        "register_op_stages": errors.guard("Trainer.register_op stages", lambda: register_op_stages(base)),
    }
