"""Which trainer and trainer-hook classes the installed torchrl has (discovered, never listed by hand)."""

from __future__ import annotations

import importlib


def torchrl_subclasses(base: type) -> dict[str, type]:
    """Every subclass of ``base`` that torchrl defines, at any depth, by class name."""
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
