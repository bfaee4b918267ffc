"""Whether a torchrl class's instances have an attribute, as far as reading the class can tell; and which
classes Python names when they do not.

A method or property an older release defined may still be reached on the installed class: inherited
from a parent it moved to, set on the instance in ``__init__``, or served by a ``__getattr__``.  The
class is imported and asked (its attributes read statically, descriptors not run), and the source of every torchrl class in its
MRO is searched for the name: one that is mentioned at all may be set or served at run time, so it is
not said to be missing.  Python's message for a missing attribute names the instance's own class, so a
subclass that lacks it too is named as well.
"""

from __future__ import annotations

import importlib
import inspect
import re
from dataclasses import dataclass
from functools import cache

from tools.core.silence import quiet

# Subclasses named at most per class: a base class of many (LossModule, EnvBase) would otherwise give
# every one of them a message of its own.
SUBCLASSES = 12
PACKAGES = (
    "torchrl.collectors",
    "torchrl.data",
    "torchrl.envs",
    "torchrl.modules",
    "torchrl.objectives",
    "torchrl.trainers",
)


@dataclass(frozen=True)
class Probe:
    reached: bool  # the class has it, or its source chain mentions it (set or served at run time)
    named: list[str]  # the class's name, then its torchrl subclasses' that neither define nor mention it


@cache
def _module_source(module: str) -> str:
    try:
        return inspect.getsource(importlib.import_module(module))
    except (OSError, TypeError, ImportError):
        return ""


def _mentioned(cls: type, name: str) -> bool:
    pattern = re.compile(rf"\b{re.escape(name)}\b")
    return any(
        pattern.search(_module_source(klass.__module__))
        for klass in cls.__mro__
        if klass.__module__.split(".")[0] == "torchrl"
    )


def _class(module: str, qualname: str) -> type | None:
    try:
        with quiet():
            found: object = importlib.import_module(module)
    except Exception:
        return None
    for part in qualname.split("."):
        found = getattr(found, part, None)
        if found is None:
            return None
    return found if isinstance(found, type) else None


def _subclasses(cls: type) -> list[type]:
    seen: dict[type, None] = {}
    stack: list[type] = list(cls.__subclasses__())
    while stack:
        klass = stack.pop(0)
        if klass in seen or klass.__module__.split(".")[0] != "torchrl" or klass.__name__.startswith("_"):
            continue
        seen[klass] = None
        stack += klass.__subclasses__()
    return sorted(seen, key=lambda k: (k.__module__, k.__qualname__))


def probe(module: str, qualname: str, name: str) -> Probe | None:
    """What the installed class ``module.qualname`` offers of ``name``; None when it cannot be imported."""
    cls = _class(module, qualname)
    if cls is None:
        return None
    _import_packages()
    reached = _reached(cls, name)
    named = [cls.__name__]
    for sub in _subclasses(cls):
        if len(named) > SUBCLASSES:
            break
        if _reached(sub, name) == reached:  # it shares the class's answer: Python names it alike
            named.append(sub.__name__)
    return Probe(reached, list(dict.fromkeys(named)))


def _reached(cls: type, name: str) -> bool:
    try:
        # Read without running descriptors: a class property may import an optional dependency.
        inspect.getattr_static(cls, name)
    except AttributeError:
        return _mentioned(cls, name)
    return True


@cache
def _import_packages() -> None:
    """The packages whose classes subclass others' (a loss, an environment, a transform, a spec)."""
    for package in PACKAGES:
        try:
            with quiet():
                importlib.import_module(package)
        except Exception:
            continue
