"""The ``configs`` and ``config_store`` sections: every Hydra config dataclass and the store's options."""

from __future__ import annotations

import dataclasses
import inspect
from functools import partial
from typing import Any

from tools.core.signatures import field_default, stable_text
from tools.torchrl.configs import CONFIGS_MODULE, store_nodes
from tools.torchrl.discovery import exported
from tools.torchrl.snapshot.guard import Errors
from tools.torchrl.snapshot.signatures import annotation


def config_class(cls: type) -> dict[str, Any]:
    """Fields (type, default, and what ``__post_init__`` resolved it to where that differs) and ``_target_``."""
    fields: dict[str, dict[str, Any]] = {}
    target = None
    for f in dataclasses.fields(cls):
        default = field_default(f)
        if f.name == "_target_":
            target = None if default is dataclasses.MISSING else default
            continue
        record: dict[str, Any] = {"type": annotation(f.type)}
        if default is not dataclasses.MISSING:
            record["default"] = stable_text(default)
        fields[f.name] = record
    try:  # what the defaults become once __post_init__ ran, where that differs
        instance = cls()
    except Exception:
        instance = None
    if instance is not None:
        for name, record in fields.items():
            resolved = stable_text(getattr(instance, name, None))
            if "default" in record and resolved != record["default"]:
                record["resolved"] = resolved
    return {"defined_in": cls.__module__, "target": target, "fields": fields}


def _torchrl_nodes() -> dict[str, type | None]:
    """``group/option`` -> dataclass, for the nodes whose dataclass torchrl defines (or that have none)."""
    return {
        f"{group}/{option}": cls
        for group, option, cls in store_nodes()
        if cls is None or getattr(cls, "__module__", "").startswith("torchrl")
    }


def configs(errors: Errors) -> tuple[dict[str, Any], dict[str, str | None]]:
    """Every config dataclass (exported, or stored in the ConfigStore), and the store's options."""
    module = errors.module(CONFIGS_MODULE)
    if module is None:
        return {}, {}
    classes = {n: c for n, c in exported(module) if inspect.isclass(c) and dataclasses.is_dataclass(c)}
    nodes: dict[str, type | None] = errors.guard("config store", _torchrl_nodes, default={})
    for cls in nodes.values():
        if isinstance(cls, type) and dataclasses.is_dataclass(cls):
            classes.setdefault(cls.__name__, cls)
    store = {option: getattr(cls, "__name__", None) for option, cls in sorted(nodes.items())}
    found = {}
    for name, cls in sorted(classes.items()):
        record = errors.guard(f"config {name}", partial(config_class, cls))
        if record is not None:
            found[name] = record
    return found, store
