"""Introspection: the target-network updaters torchrl exports, and the target groups of a loss.

Their constructor parameters are read by ``tools.signatures``; the losses' ``delay_*``
switches by ``tools.losses.introspect.delay_flags``.
"""

from __future__ import annotations

PUBLIC_MODULE = "torchrl.objectives"
# The rule torchrl's TargetNetUpdater uses to find target parameters on a loss.
TARGET_PREFIX, TARGET_SUFFIX = "target_", "_params"


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
        raise RuntimeError(f"{PUBLIC_MODULE} exports no TargetNetUpdater subclass; tools/targets/updaters.py")
    return found


def target_groups(loss) -> list[str]:
    return [
        name for name, _ in loss.named_children() if name.startswith(TARGET_PREFIX) and name.endswith(TARGET_SUFFIX)
    ]

