"""A script's Hydra YAML as data: its leaves by dotted key, interpolations resolved where they can be.

Only the primary config is read: the scripts' defaults lists name config groups
(the trainer directories' are torchrl's own ConfigStore groups, composed at build
time by ``tools.sota.facts.check``), and the values the map shows live in the
primary file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from omegaconf import OmegaConf

from tools.wings.sota_scanner.flow import ScanError

_MISSING = object()


def read_yaml(path: Path) -> dict:
    """The file as Hydra reads it: OmegaConf's loader takes ``3e-4`` for a float, PyYAML for a string."""
    try:
        data = OmegaConf.to_container(OmegaConf.load(path), resolve=False)
    except (yaml.YAMLError, ValueError, TypeError) as exc:
        raise ScanError(f"{path}: not readable YAML ({exc.__class__.__name__})") from None
    except Exception as exc:  # OmegaConf's own errors (a duplicate key, an invalid key type)
        raise ScanError(f"{path}: not a config OmegaConf can read ({exc.__class__.__name__}: {exc})") from None
    return data if isinstance(data, dict) else {}


def _scalar(value: Any) -> bool:
    return value is None or isinstance(value, (str, int, float, bool))


class Config:
    """One config file's leaves: dotted key -> value (scalars and lists of scalars)."""

    def __init__(self, data: dict):
        self.body = {k: v for k, v in data.items() if k != "defaults"}
        self.defaults = data.get("defaults") or []
        self._conf = OmegaConf.create(self.body)
        self.leaves: dict[str, Any] = {}
        self._flatten(self.body, "")

    def _flatten(self, node: Any, prefix: str) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                self._flatten(value, f"{prefix}.{key}" if prefix else str(key))
        elif _scalar(node) or (isinstance(node, list) and all(_scalar(v) for v in node)):
            self.leaves[prefix] = self._resolved(prefix, node)

    def _resolved(self, key: str, raw: Any) -> Any:
        """The value with ``${...}`` interpolations resolved; the raw text when one cannot be."""
        if not (isinstance(raw, str) and "${" in raw) and not isinstance(raw, list):
            return raw
        try:
            value = OmegaConf.select(self._conf, key, throw_on_missing=True)
            value = OmegaConf.to_container(value, resolve=True) if OmegaConf.is_config(value) else value
        except Exception:  # a custom resolver (${mode:...}) or a key elsewhere: keep the text
            return raw
        return value if _scalar(value) or isinstance(value, list) else raw

    def get(self, key: str) -> Any:
        """A leaf's value, or ``MISSING`` (a node that is not a leaf, or no such key)."""
        return self.leaves.get(key, _MISSING)

    def has_node(self, key: str) -> bool:
        return key in self.leaves or any(k.startswith(key + ".") for k in self.leaves)


MISSING = _MISSING
