"""Introspection: the target-network updaters torchrl exports.

Their constructor parameters are read by ``tools.core.signatures``; a loss's target
groups and ``delay_*`` switches by ``tools.losses.facts.introspect``.
"""

from __future__ import annotations

from tools.torchrl.discovery import exported_subclasses

PUBLIC_MODULE = "torchrl.objectives"


def updater_classes() -> dict[str, type]:
    """Every exported TargetNetUpdater subclass, by name (the abstract base left out)."""
    from torchrl.objectives import TargetNetUpdater

    found = {name: cls for name, (_, cls) in exported_subclasses([PUBLIC_MODULE], TargetNetUpdater).items()}
    if not found:
        raise RuntimeError(f"{PUBLIC_MODULE} exports no TargetNetUpdater subclass; tools/torchrl/updaters.py")
    return found
