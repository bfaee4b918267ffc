"""Which trainer and trainer-hook classes the installed torchrl has (discovered, never listed by hand)."""

from __future__ import annotations

import importlib
import inspect
import re
import typing
from typing import Any


def torchrl_subclasses(base: type[Any]) -> dict[str, type]:
    """Every subclass of ``base`` that torchrl defines, at any depth, by class name."""
    found: dict[str, type] = {}
    stack: list[type[Any]] = [base]
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


def hook_classes() -> dict[str, type]:
    """Every subclass of ``TrainerHookBase`` torchrl defines."""
    import torchrl.trainers.algorithms  # noqa: F401  (defines the algorithm-specific hooks)
    from torchrl.trainers import TrainerHookBase

    return torchrl_subclasses(TrainerHookBase)


def public_module(cls: type) -> str:
    """The shortest torchrl module that exports ``cls`` (``torchrl.trainers.algorithms``)."""
    parts = cls.__module__.split(".")
    for end in range(2, len(parts) + 1):
        module = importlib.import_module(".".join(parts[:end]))
        if getattr(module, cls.__name__, None) is cls:
            return module.__name__
    return cls.__module__


def register_op_stages(trainer: type[Any]) -> list[str] | None:
    """The ``dest`` stages ``trainer.register_op`` accepts (its ``Literal``), or None when none can be read.

    An annotation that does not evaluate (a name imported for type checking only) is read from its text.
    """
    function = trainer.register_op
    try:
        stages = list(typing.get_args(typing.get_type_hints(function).get("dest")))
        if stages:
            return stages
    except Exception:  # annotations that do not evaluate: the Literal's text below
        pass
    text = inspect.signature(function).parameters["dest"].annotation
    if isinstance(text, str) and "Literal" in text:
        return re.findall(r"['\"]([^'\"]+)['\"]", text)
    return None
