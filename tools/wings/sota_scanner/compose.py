"""``python -m tools.wings.sota_scanner.compose`` (``make sota-compose``): compose every ``*_trainer`` config with Hydra.

Nothing is instantiated (no environment, no training).  Writes
``data/captured/sota-compositions.json`` with the key the build checks
(``tools.sota.facts.compositions``).
"""

from __future__ import annotations

import copy
import json
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path

import yaml

from tools.core.distributions import pinned
from tools.core.errors import error_text
from tools.core.silence import quiet
from tools.sota.facts import classify
from tools.sota.facts.check import _flatten
from tools.sota.facts.compositions import STORED, Composition, StoredCompositions, current_key, encode
from tools.sota.facts.data import load_map
from tools.sota.facts.records import Hyperparameter, SotaMap


@contextmanager
def _shared_config_store():
    """Hydra deep-copies its StructuredConfigSource, and with it the whole ConfigStore, on every
    compose (0.7 s of torchrl's hundreds of options here).  The store is a process-wide singleton
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


def compose_all(sota: SotaMap) -> list[Composition]:
    from hydra import compose, initialize_config_dir
    from hydra.core.global_hydra import GlobalHydra
    from omegaconf import OmegaConf

    with quiet():
        import torchrl.trainers.algorithms.configs  # noqa: F401  registers the config groups

    out = []
    with _shared_config_store(), tempfile.TemporaryDirectory() as tmp:
        for directory in sota.directories:
            for config in directory.trainer_configs:
                path = Path(tmp, directory.name, config.file)
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(yaml.safe_dump({"defaults": config.defaults, **config.body}, sort_keys=False))
            for config in directory.trainer_configs:
                GlobalHydra.instance().clear()
                try:
                    with initialize_config_dir(
                        config_dir=str(Path(tmp, directory.name, config.file).parent), version_base="1.3"
                    ):
                        composed = compose(config_name=Path(config.file).stem)
                except Exception as exc:  # any Hydra/OmegaConf failure is the fact the page reports
                    out.append(Composition(directory.name, config.file, False, error_text(exc, lines=3, limit=400)))
                    continue
                finally:
                    GlobalHydra.instance().clear()
                try:
                    plain = OmegaConf.to_container(composed, resolve=True)
                except Exception:  # an interpolation only the run resolves: keep the values unresolved
                    plain = OmegaConf.to_container(composed, resolve=False)
                leaves = _flatten(plain)
                hyper = [Hyperparameter(k, v) for k, v in leaves.items() if classify.matters(k)]
                out.append(Composition(directory.name, config.file, True, "", hyper))
    return out


def main() -> int:
    stored = StoredCompositions(current_key(), pinned(), compose_all(load_map()))
    STORED.parent.mkdir(parents=True, exist_ok=True)
    STORED.write_text(json.dumps(encode(stored), indent=1) + "\n")
    failed = [f"{c.directory}/{c.file}" for c in stored.compositions if not c.composes]
    print(
        f"composed {len(stored.compositions)} trainer configs; {len(failed)} do not compose: {', '.join(failed) or 'none'}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
