"""The ``losses`` and ``estimators`` sections: what each loss and value estimator accepts and declares."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from tools.core.signatures import stable_text
from tools.torchrl.accepted_keys import accepted_key_defaults
from tools.torchrl.discovery import exported_subclasses
from tools.torchrl.snapshot.guard import Errors
from tools.torchrl.snapshot.signatures import constructor, function_parameters

LOSS_MODULES = ("torchrl.objectives", "torchrl.objectives.llm", "torchrl.objectives.multiagent")
ESTIMATOR_MODULE = "torchrl.objectives.value"


def _estimator_name(member: Any) -> str | None:
    return None if member is None else getattr(member, "name", str(member))


def _loss(cls: type, module_name: str, errors: Errors) -> dict[str, Any]:
    supported = getattr(cls, "SUPPORTED_VALUE_ESTIMATORS", None)
    return {
        "exported_from": module_name,
        "defined_in": cls.__module__,
        "parameters": constructor(cls),
        "accepted_keys": errors.guard(f"loss {cls.__name__} accepted keys", lambda: accepted_key_defaults(cls)),
        "default_value_estimator": _estimator_name(getattr(cls, "default_value_estimator", None)),
        "supported_value_estimators": None if supported is None else sorted(_estimator_name(m) for m in supported),
    }


def losses(errors: Errors) -> dict[str, Any]:
    """Every exported ``LossModule`` subclass, by name (the first module exporting it wins)."""
    objectives = errors.module("torchrl.objectives")
    if objectives is None:
        return {}
    found = {}
    for module_name in LOSS_MODULES:
        if errors.module(module_name) is None:
            continue
        for name, (_, cls) in exported_subclasses([module_name], objectives.LossModule).items():
            if name in found:
                continue
            record = errors.guard(f"loss {name}", partial(_loss, cls, module_name, errors))
            if record is not None:
                found[name] = record
    return found


def _members(objectives: Any, errors: Errors) -> dict[str, Any]:
    """``ValueEstimators`` members: value, registered class (from 0.13), ``default_value_kwargs``."""
    import importlib

    utils = importlib.import_module("torchrl.objectives.utils")
    registry = getattr(utils, "get_value_estimator_entry", None)  # absent before 0.13
    members = {}
    for member in objectives.ValueEstimators:
        record: dict[str, Any] = {"value": stable_text(member.value)}
        if registry is not None:
            record["class"] = errors.guard(
                f"estimator {member.name} registry", partial(_registered_class, registry, member)
            )
        kwargs = errors.guard(f"default_value_kwargs({member.name})", partial(objectives.default_value_kwargs, member))
        record["default_value_kwargs"] = (
            None if kwargs is None else {k: stable_text(v) for k, v in sorted(kwargs.items())}
        )
        members[member.name] = record
    return members


def _registered_class(registry: Callable[[Any], Any], member: Any) -> Any:
    """The name of the class ``registry`` (``get_value_estimator_entry``) registers for ``member``."""
    return registry(member).cls.__name__


def _estimator_class(cls: type[Any]) -> dict[str, Any]:
    return {
        "defined_in": cls.__module__,
        "parameters": constructor(cls),
        "accepted_keys": accepted_key_defaults(cls),
        "forward": function_parameters(cls.forward, skip_first=True),
    }


def estimators(errors: Errors) -> dict[str, Any]:
    """The ``ValueEstimators`` members and the exported estimator classes (the base included)."""
    objectives = errors.module("torchrl.objectives")
    value = errors.module(ESTIMATOR_MODULE)
    if objectives is None or value is None:
        return {}
    classes = {}
    for name, (_, cls) in exported_subclasses([ESTIMATOR_MODULE], value.ValueEstimatorBase, include_base=True).items():
        record = errors.guard(f"estimator class {name}", partial(_estimator_class, cls))
        if record is not None:
            classes[name] = record
    return {"members": _members(objectives, errors), "classes": classes}
