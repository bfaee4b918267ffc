"""Introspection: the target-network updaters torchrl exports.

Their constructor parameters are read by ``tools.core.signatures``; a loss's target
groups and ``delay_*`` switches by ``tools.losses.facts.introspect``.
"""

from __future__ import annotations

PUBLIC_MODULE = "torchrl.objectives"


def updater_classes() -> dict[str, type]:
    """Every exported TargetNetUpdater subclass, by name (the abstract base left out)."""
    import importlib

    module = importlib.import_module(PUBLIC_MODULE)
    base = module.TargetNetUpdater
    found = {}
    for name in module.__all__:
        obj = getattr(module, name)
        if isinstance(obj, type) and issubclass(obj, base) and obj is not base:
            found[name] = obj
    if not found:
        raise RuntimeError(f"{PUBLIC_MODULE} exports no TargetNetUpdater subclass; tools/torchrl/updaters.py")
    return found
