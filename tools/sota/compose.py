"""Compose every ``*_trainer`` config of data/sota.json with Hydra against the installed ConfigStore.

``python -m tools.sota.compose`` (``make sota-compose``) writes
``data/captured/sota-compositions.json``: for each config, whether it composes
(nothing is instantiated: no environment, no training), the error if not, and
the hyperparameters of the composed config.  Each composition costs Hydra
about half a second (it loads and copies every option the defaults list
picks), too much for every cold build, so the result is stored with a key:
the hash of data/sota.json, of this file and of the pinned versions.  The
page shows the stored result; ``tests/tools/sota/`` fails when the key is stale.
"""

from __future__ import annotations

import copy
import hashlib
import json
import sys
import tempfile
import warnings
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from tools.jsonable import record_codec
from tools.paths import DATA
from tools.sota import classify
from tools.sota.records import Hyperparameter, SotaMap

STORED = DATA / "captured" / "sota-compositions.json"
SOTA_DATA = DATA / "sota.json"
REFRESH_COMMAND = "make sota-compose"


@dataclass(frozen=True)
class Composition:
    directory: str
    file: str
    composes: bool
    error: str  # the exception's type and message (first lines) when it does not compose
    hyperparameters: list[Hyperparameter] = field(default_factory=list)


@dataclass(frozen=True)
class StoredCompositions:
    key: str
    pins: dict[str, str]
    compositions: list[Composition]

    def find(self, directory: str, file: str) -> Composition | None:
        for c in self.compositions:
            if c.directory == directory and c.file == file:
                return c
        return None


encode, decode = record_codec(StoredCompositions)


def current_key() -> str:
    from tools.outputs.store import pinned_versions

    digest = hashlib.sha256(SOTA_DATA.read_bytes())
    digest.update(Path(__file__).read_bytes())
    digest.update(json.dumps(pinned_versions(), sort_keys=True).encode())
    return digest.hexdigest()[:16]


def load() -> StoredCompositions | None:
    return decode(json.loads(STORED.read_text())) if STORED.exists() else None


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


def _error(exc: BaseException) -> str:
    lines = [line.strip() for line in str(exc).splitlines() if line.strip()]
    return f"{type(exc).__name__}: {' '.join(lines[:3])}"[:400]


def compose_all(sota: SotaMap) -> list[Composition]:
    from hydra import compose, initialize_config_dir
    from hydra.core.global_hydra import GlobalHydra
    from omegaconf import OmegaConf

    from tools.sota.check import _flatten

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
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
                    with initialize_config_dir(config_dir=str(Path(tmp, directory.name, config.file).parent), version_base="1.3"):
                        composed = compose(config_name=Path(config.file).stem)
                except Exception as exc:  # any Hydra/OmegaConf failure is the fact the page reports
                    out.append(Composition(directory.name, config.file, False, _error(exc)))
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
    from tools.outputs.store import pinned_versions
    from tools.sota.data import load_map

    stored = StoredCompositions(current_key(), pinned_versions(), compose_all(load_map()))
    STORED.parent.mkdir(parents=True, exist_ok=True)
    STORED.write_text(json.dumps(encode(stored), indent=1) + "\n")
    failed = [f"{c.directory}/{c.file}" for c in stored.compositions if not c.composes]
    print(f"composed {len(stored.compositions)} trainer configs; {len(failed)} do not compose: {', '.join(failed) or 'none'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
