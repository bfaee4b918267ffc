"""Which trainer classes torchrl has, and what their signatures and methods say."""

from __future__ import annotations

import inspect

from tools.signatures import Parameter, class_signature, format_signature, function_signature
from tools.trainers.records import Method


def torchrl_subclasses(base: type) -> dict[str, type]:
    """Every subclass of ``base`` that torchrl defines, at any depth, by class name (discovered, not listed)."""
    found: dict[str, type] = {}
    stack = [base]
    while stack:
        for sub in stack.pop().__subclasses__():
            if sub.__module__.startswith("torchrl.") and sub.__name__ not in found:
                found[sub.__name__] = sub
                stack.append(sub)
    return found


def trainer_classes() -> dict[str, type]:
    """``Trainer`` and every subclass torchrl defines, by class name."""
    import torchrl.trainers.algorithms  # noqa: F401  (defines the subclasses)
    from torchrl.trainers import Trainer

    return {"Trainer": Trainer, **torchrl_subclasses(Trainer)}


def public_module(cls: type) -> str:
    """The shortest torchrl module that exports ``cls`` (``torchrl.trainers.algorithms``)."""
    import importlib

    parts = cls.__module__.split(".")
    for end in range(2, len(parts) + 1):
        module = importlib.import_module(".".join(parts[:end]))
        if getattr(module, cls.__name__, None) is cls:
            return module.__name__
    return cls.__module__


def parameters(cls: type) -> list[Parameter]:
    return class_signature(cls).parameters


def methods(cls: type) -> list[Method]:
    """Public methods (not properties), with the class that defines each."""
    found = []
    for name in sorted(dir(cls)):
        if name.startswith("_"):
            continue
        owner = next((k for k in cls.__mro__ if name in vars(k)), None)
        value = vars(owner)[name] if owner else None
        if not inspect.isfunction(value):
            continue
        call = format_signature(name, function_signature(value, skip_first=True), annotated=False)
        found.append(Method(name=name, call=call, defined_in=owner.__name__))
    return found
