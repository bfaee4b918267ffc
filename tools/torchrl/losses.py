"""Which losses the installed torchrl offers: every public ``LossModule`` subclass.

Public means exported in ``__all__`` of ``torchrl.objectives`` or of
``torchrl.objectives.llm``.  The set is read, never listed by hand.
"""

from __future__ import annotations

import importlib
from functools import lru_cache
from types import ModuleType

from tools.torchrl.discovery import exported_subclasses

# The namespaces whose exports are the public losses, and what they hold.
NAMESPACES = {
    "torchrl.objectives": "general",
    "torchrl.objectives.llm": "llm",
}


def _import(module_name: str) -> ModuleType:
    return importlib.import_module(module_name)


@lru_cache(maxsize=1)
def loss_classes() -> dict[str, type]:
    """Public loss name -> class, in a stable order (by name)."""
    from torchrl.objectives import LossModule

    return {name: cls for name, (_, cls) in exported_subclasses(NAMESPACES, LossModule).items()}


def namespace_of(name: str) -> str:
    """The public namespace that exports the loss (``torchrl.objectives`` or ``...llm``)."""
    for module_name in NAMESPACES:
        if name in getattr(_import(module_name), "__all__", ()):
            return module_name
    raise KeyError(name)


def what_is(name: str) -> str | None:
    """For a public torchrl name that is not a loss: a short description of what it is."""
    import inspect

    for module_name in (*NAMESPACES, "torchrl.objectives.value"):
        module = _import(module_name)
        if name not in getattr(module, "__all__", ()) and not hasattr(module, name):
            continue
        obj = getattr(module, name, None)
        if obj is None:
            continue
        where = f"{module_name}.{name}"
        if inspect.isclass(obj):
            import enum

            if issubclass(obj, enum.Enum):
                return f"{where} is an enum (members: {', '.join(obj.__members__)}), not a loss"
            bases = ", ".join(b.__name__ for b in obj.__mro__[1:3])
            return f"{where} is a class ({bases}), not a loss"
        if callable(obj):
            return f"{where} is a function, not a loss"
        return f"{where} is a {type(obj).__name__} value, not a loss"
    return None
