"""What the trainer classes' signatures and methods say (the classes: ``tools.torchrl.trainers``)."""

from __future__ import annotations

import inspect

from tools.core.signatures import Parameter, class_signature, format_signature, function_signature
from tools.trainers.facts.records import Method


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
