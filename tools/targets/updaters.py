"""Introspection: the target-network updaters torchrl exports, and their parameters."""

from __future__ import annotations

from tools.estimators.classes import constructor_parameters
from tools.estimators.records import Parameter

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


def parameters(cls: type) -> list[Parameter]:
    return constructor_parameters(cls)


def target_groups(loss) -> list[str]:
    return [
        name for name, _ in loss.named_children() if name.startswith(TARGET_PREFIX) and name.endswith(TARGET_SUFFIX)
    ]


def delay_flags(cls: type) -> dict[str, str]:
    """Constructor switches named ``delay_*`` (they add or remove target parameters), with defaults."""
    return {p.name: p.default for p in constructor_parameters(cls) if p.name.startswith("delay_")}
