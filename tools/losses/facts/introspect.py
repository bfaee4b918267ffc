"""Facts read from the loss classes themselves (and the target groups of a built loss), without running anything."""

from __future__ import annotations

from typing import Any

from tools.core.signatures import class_signature
from tools.losses.facts.records import AcceptedKey
from tools.torchrl.accepted_keys import accepted_key_defaults as shared_accepted_key_defaults

# The rule torchrl's TargetNetUpdater uses to find target parameters on a loss.
TARGET_PREFIX, TARGET_SUFFIX = "target_", "_params"


def accepted_key_defaults(cls: type) -> dict[str, Any]:
    """set_keys name -> default key (``tools.torchrl.accepted_keys``: the reading the upgrade pages diff too)."""
    return shared_accepted_key_defaults(cls) or {}


def accepted_keys(cls: type, glossary) -> list[AcceptedKey]:
    return [
        AcceptedKey(name, default, *glossary(cls.__name__, name))
        for name, default in accepted_key_defaults(cls).items()
    ]


def default_value_estimator(cls: type) -> str | None:
    member = getattr(cls, "default_value_estimator", None)
    return None if member is None else member.name


def declared_value_estimators(cls: type) -> list[str] | None:
    declared = getattr(cls, "SUPPORTED_VALUE_ESTIMATORS", None)
    return None if declared is None else [m.name for m in declared]


def delay_flags(cls: type) -> dict[str, str]:
    """Constructor flags ``delay_*`` (they decide which target parameters exist) -> default.

    Flags a parent loss takes through ``**kwargs`` count: ``MAPPOLoss(delay_actor=True)`` works.
    """
    return {p.name: p.default for p in class_signature(cls).all() if p.name.startswith("delay_")}


def has_deactivate_vmap(cls: type) -> bool:
    return class_signature(cls).get("deactivate_vmap") is not None


def target_groups(loss) -> list[str]:
    """The loss's target-parameter sets (children named ``target_*_params``), in definition order."""
    return [
        name for name, _ in loss.named_children() if name.startswith(TARGET_PREFIX) and name.endswith(TARGET_SUFFIX)
    ]
