"""What a torchrl module exports, and the exported subclasses of a base: the one way classes are discovered.

Reads modules by name so that an older release (run by the API snapshot) and
the pinned one are discovered alike; a module without ``__all__`` exports its
public names.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Iterable
from types import ModuleType


def exported(module: ModuleType) -> list[tuple[str, object]]:
    """(name, object) for each name the module exports, sorted by name."""
    names = getattr(module, "__all__", None)
    if names is None:
        names = [n for n in vars(module) if not n.startswith("_")]
    return [(name, getattr(module, name)) for name in sorted(set(names)) if hasattr(module, name)]


def exported_subclasses(
    module_names: Iterable[str], base: type, *, include_base: bool = False
) -> dict[str, tuple[str, type]]:
    """name -> (first module exporting it, class), for every exported subclass of ``base``, by name."""
    found: dict[str, tuple[str, type]] = {}
    for module_name in module_names:
        for name, obj in exported(importlib.import_module(module_name)):
            if inspect.isclass(obj) and issubclass(obj, base) and (include_base or obj is not base):
                found.setdefault(name, (module_name, obj))
    return dict(sorted(found.items()))
