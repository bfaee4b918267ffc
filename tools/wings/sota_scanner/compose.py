"""``python -m tools.wings.sota_scanner.compose`` (``make sota-compose``): compose every ``*_trainer`` config with Hydra.

Nothing is instantiated (no environment, no training).  Each composed config's
``trainer`` node is walked the way ``hydra.utils.instantiate(cfg.trainer)``
would walk it (interpolations followed, every node with a ``_target_`` kept):
that is what the script builds, while the nodes its YAML inherits but the
trainer never reaches are not.  A config that does not compose on the installed
torchrl is composed again without each key Hydra refused, up to
``MAX_DROPPED`` keys, and says so.  Writes
``data/captured/sota-compositions.json`` with the key the build checks
(``tools.sota.facts.compositions``).
"""

from __future__ import annotations

import copy
import dataclasses
import json
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import yaml

from tools.core.distributions import pinned
from tools.core.errors import error_text
from tools.core.silence import quiet
from tools.sota.facts import classify
from tools.sota.facts.check import _flatten
from tools.sota.facts.compositions import (
    STORED,
    Composition,
    InstantiatedNode,
    StoredCompositions,
    current_key,
    encode,
)
from tools.sota.facts.data import load_map
from tools.sota.facts.records import Directory, Hyperparameter, SotaMap, TrainerConfig

TRAINER_NODE = "trainer"  # what the SOTA trainer scripts instantiate: hydra.utils.instantiate(cfg.trainer)
MAX_DROPPED = 5


@contextmanager
def _shared_config_store():
    """Hydra deep-copies its StructuredConfigSource, and with it the whole ConfigStore, on every
    compose (a noticeable cost with torchrl's hundreds of options).  The store is a process-wide singleton
    that composing only reads (``ConfigStore.load`` hands out copies), so share it while we compose."""
    from hydra._internal.core_plugins.structured_config_source import StructuredConfigSource

    had = "__deepcopy__" in StructuredConfigSource.__dict__
    previous = StructuredConfigSource.__dict__.get("__deepcopy__")
    StructuredConfigSource.__deepcopy__ = lambda self, memo: copy.copy(self)
    try:
        yield
    finally:
        if had:
            StructuredConfigSource.__deepcopy__ = previous
        else:
            del StructuredConfigSource.__deepcopy__


def _without(body: dict, dotted: str) -> dict:
    """A copy of ``body`` without the key ``a.b.c`` (unchanged when it has none)."""
    out = copy.deepcopy(body)
    *parents, last = dotted.split(".")
    node = out
    for part in parents:
        if not isinstance(node, dict) or part not in node:
            return out
        node = node[part]
    if isinstance(node, dict):
        node.pop(last, None)
    return out


def _refused_key(exc: BaseException) -> str:
    """The full key of a ConfigKeyError ("Key 'offline' not in 'CSVLoggerConfig'"), else ""."""
    seen = set()
    while exc is not None and id(exc) not in seen:
        seen.add(id(exc))
        if type(exc).__name__ == "ConfigKeyError" and getattr(exc, "full_key", None):
            return str(exc.full_key)
        exc = exc.__cause__ or exc.__context__
    return ""


def compose_config(directory: Directory, config: TrainerConfig, tmp: Path) -> tuple[Any, str, list[str]]:
    """(composed config or None, the error composing it as written raised, keys dropped to compose it)."""
    from hydra import compose, initialize_config_dir
    from hydra.core.global_hydra import GlobalHydra

    dropped: list[str] = []
    first_error = ""
    while True:
        folder = Path(tmp, directory.name + "-" + str(len(dropped)))
        for sibling in directory.trainer_configs:
            body = sibling.body
            for key in dropped:
                body = _without(body, key)
            path = folder / sibling.file
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(yaml.safe_dump({"defaults": sibling.defaults, **body}, sort_keys=False))
        GlobalHydra.instance().clear()
        try:
            with initialize_config_dir(config_dir=str((folder / config.file).parent), version_base="1.3"):
                return compose(config_name=Path(config.file).stem), first_error, dropped
        except Exception as exc:  # any Hydra/OmegaConf failure is the fact the page reports
            first_error = first_error or error_text(exc, lines=3, limit=400)
            key = _refused_key(exc)
            if not key or key in dropped or len(dropped) >= MAX_DROPPED:
                return None, first_error, dropped
            dropped.append(key)
        finally:
            GlobalHydra.instance().clear()


def _plain(value: Any) -> bool:
    if isinstance(value, list):
        return all(_plain(v) for v in value)
    return value is None or isinstance(value, (str, int, float, bool))


def _changed_values(node, cls: type | None) -> dict[str, str]:
    """Fields of a config node whose value differs from its dataclass default (plain values; interpolations
    and nested nodes are followed by the walk instead)."""
    from omegaconf import MISSING, OmegaConf

    if cls is None or not dataclasses.is_dataclass(cls):
        return {}
    defaults = {}
    for f in dataclasses.fields(cls):
        if f.default is not dataclasses.MISSING:
            defaults[f.name] = f.default
        elif f.default_factory is not dataclasses.MISSING:
            defaults[f.name] = f.default_factory()
    raw = OmegaConf.to_container(node, resolve=False)
    out = {}
    for name, value in raw.items():
        if str(name).startswith("_") or value == MISSING or not _plain(value):
            continue
        if isinstance(value, str) and "${" in value:
            continue
        if name not in defaults or defaults[name] != value:
            out[str(name)] = repr(value)
    return out


def instantiated_nodes(cfg, root: str = TRAINER_NODE) -> list[InstantiatedNode]:
    """Every node with a ``_target_`` that instantiating ``cfg[root]`` reaches, depth first."""
    from omegaconf import DictConfig, ListConfig, OmegaConf

    found: list[InstantiatedNode] = []
    seen: set[str] = set()

    def walk(node, path: str) -> None:
        if isinstance(node, ListConfig):
            for index in range(len(node)):
                try:
                    child = node[index]
                except Exception:  # a missing or unresolvable item: the trainer factory fills it at call time
                    continue
                walk(child, f"{path}[{index}]")
            return
        if not isinstance(node, DictConfig):
            return
        key = node._get_full_key(None) or path
        if key in seen:
            return
        seen.add(key)
        if "_target_" in node:
            cls = OmegaConf.get_type(node)
            config = cls.__name__ if cls is not None and dataclasses.is_dataclass(cls) else ""
            found.append(InstantiatedNode(path, key, config, str(node["_target_"]), _changed_values(node, cls)))
        for name in node.keys():
            if str(name).startswith("_"):
                continue
            try:
                child = node[name]
            except Exception:  # `???` or an interpolation left for the trainer factory (loss_module of an updater)
                continue
            walk(child, f"{path}.{name}")

    if root in cfg:
        walk(cfg[root], root)
    return found


def compose_all(sota: SotaMap) -> list[Composition]:
    from omegaconf import OmegaConf

    with quiet():
        import torchrl.trainers.algorithms.configs  # noqa: F401  registers the config groups

    out = []
    with _shared_config_store(), tempfile.TemporaryDirectory() as tmp:
        for directory in sota.directories:
            for config in directory.trainer_configs:
                composed, error, dropped = compose_config(directory, config, Path(tmp))
                if composed is None:
                    out.append(Composition(directory.name, config.file, False, error, dropped=dropped))
                    continue
                try:
                    plain = OmegaConf.to_container(composed, resolve=True)
                except Exception:  # an interpolation only the run resolves: keep the values unresolved
                    plain = OmegaConf.to_container(composed, resolve=False)
                leaves = _flatten(plain)
                hyper = [Hyperparameter(k, v) for k, v in leaves.items() if classify.matters(k)]
                out.append(
                    Composition(
                        directory.name,
                        config.file,
                        not dropped,
                        error if dropped else "",
                        hyper,
                        dropped,
                        instantiated_nodes(composed),
                    )
                )
    return out


def main() -> int:
    stored = StoredCompositions(current_key(), pinned(), compose_all(load_map()))
    STORED.parent.mkdir(parents=True, exist_ok=True)
    STORED.write_text(json.dumps(encode(stored), indent=1) + "\n")
    failed = [f"{c.directory}/{c.file}" for c in stored.compositions if not c.composes]
    repaired = [f"{c.directory}/{c.file} (without {', '.join(c.dropped)})" for c in stored.compositions if c.dropped]
    print(
        f"composed {len(stored.compositions)} trainer configs; {len(failed)} do not compose as written: "
        f"{', '.join(failed) or 'none'}; composed once refused keys were dropped: {', '.join(repaired) or 'none'}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
