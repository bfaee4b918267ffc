"""The Hydra config dataclasses torchrl registers: the one walk of the ConfigStore.

Importing ``torchrl.trainers.algorithms.configs`` fills Hydra's ``ConfigStore``;
the config pages and the API snapshot both read what it holds through ``store_nodes``.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

CONFIGS_MODULE = "torchrl.trainers.algorithms.configs"


def config_module() -> ModuleType:
    """The configs module, imported (registering its nodes in the ConfigStore)."""
    return importlib.import_module(CONFIGS_MODULE)


def store_nodes() -> list[tuple[str, str, type | None]]:
    """(group, option, dataclass) for every node stored outside Hydra's own, in the store's order.

    The dataclass is None for a node without a structured type.
    """
    from hydra.core.config_store import ConfigStore
    from omegaconf import OmegaConf

    config_module()
    found: list[tuple[str, str, type | None]] = []

    def walk(tree: dict[str, Any], group: str) -> None:
        for name, value in tree.items():
            if isinstance(value, dict):
                walk(value, f"{group}/{name}" if group else name)
            elif getattr(value, "provider", None) != "hydra" and group:
                try:
                    cls = OmegaConf.get_type(value.node)
                except Exception:  # a node OmegaConf cannot type: kept, without a class
                    cls = None
                found.append((group, name.removesuffix(".yaml"), cls))

    walk(ConfigStore.instance().repo, "")
    return found
