"""Introspection: which estimator classes torchrl has, their key maps and ``forward`` keywords.

Their constructors are read by ``tools.core.signatures`` (``class_signature(cls).all()``).

The estimator classes are the ones torchrl's registry maps the
``ValueEstimators`` members to (the registry is what a loss's
``make_value_estimator(member)`` uses), so a member added, removed or moved to
another class changes the pages by itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tools.core.signatures import function_signature

PUBLIC_MODULE = "torchrl.objectives.value"


@dataclass(frozen=True)
class EstimatorClass:
    member: str  # ValueEstimators member name
    cls: type
    registry_defaults: dict[str, Any]


def members() -> list[str]:
    from torchrl.objectives import ValueEstimators

    return [member.name for member in ValueEstimators]


def estimator_classes() -> list[EstimatorClass]:
    """One entry per ``ValueEstimators`` member, in the enum's order."""
    import importlib

    from torchrl.objectives import ValueEstimators, default_value_kwargs
    from torchrl.objectives.utils import get_value_estimator_entry

    public = importlib.import_module(PUBLIC_MODULE)
    found = []
    for member in ValueEstimators:
        entry = get_value_estimator_entry(member)
        cls: type = entry.cls
        if getattr(public, cls.__name__, None) is not cls:
            raise RuntimeError(
                f"ValueEstimators.{member.name} is implemented by {cls.__module__}.{cls.__name__}, "
                f"which {PUBLIC_MODULE} does not export; the estimator reference imports every class "
                f"from {PUBLIC_MODULE} (tools/torchrl/estimators.py)"
            )
        found.append(EstimatorClass(member.name, cls, dict(default_value_kwargs(member))))
    return found


def forward_keywords(cls: type[Any]) -> list[str]:
    return [p.name for p in function_signature(cls.forward).parameters if p.kind == "keyword-only"]


def key_map(cls: type[Any]) -> dict[str, object]:
    """The estimator's ``_AcceptedKeys`` defaults: field -> default NestedKey."""
    from dataclasses import asdict

    return asdict(cls._AcceptedKeys())


def deprecated_aliases(registered: list[type]) -> list[tuple[type, type]]:
    """Exported estimator classes that copy a registered class under an old name.

    torchrl builds them as ``type(old_name, cls.__bases__, dict(cls.__dict__))``,
    so they share their ``forward`` function object with the class they copy.
    """
    import importlib

    from torchrl.objectives.value import ValueEstimatorBase

    public = importlib.import_module(PUBLIC_MODULE)
    aliases = []
    for name in getattr(public, "__all__", []):
        obj = getattr(public, name)
        if not (isinstance(obj, type) and issubclass(obj, ValueEstimatorBase)):
            continue
        if obj is ValueEstimatorBase or obj in registered:
            continue
        replacement = next((cls for cls in registered if vars(cls).get("forward") is vars(obj).get("forward")), None)
        if replacement is None:
            raise RuntimeError(
                f"{PUBLIC_MODULE}.{name} is an estimator class that no ValueEstimators member uses and "
                "that copies none of the registered classes; document it in tools/torchrl/estimators.py"
            )
        aliases.append((obj, replacement))
    return aliases
