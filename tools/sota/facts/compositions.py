"""The stored Hydra compositions of the ``*_trainer`` configs of data/sota.json, and whether they are current.

``make sota-compose`` (``tools.wings.sota_scanner.compose``) composes each
config against the installed ConfigStore and stores, in
``data/captured/sota-compositions.json``, whether it composes, the error if
not, the hyperparameters of the composed config, and the nodes its ``trainer``
node instantiates (what the script's ``hydra.utils.instantiate(cfg.trainer)``
builds; a node the YAML inherits but the trainer never reaches is left out).
A config that does not compose as written is composed again without the keys
Hydra refused (``dropped``), so that what its trainer would build is still known.  Each composition costs
Hydra too long for every cold build, so the result is
kept with a key: the hash of data/sota.json, of the composing code and of the
pinned versions.  The page shows the stored result; ``tests/tools/sota/``
fails when the key is stale.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field

from tools.core.cache import code_files
from tools.core.codec import record_codec
from tools.core.distributions import pinned
from tools.core.paths import DATA
from tools.sota.facts.records import Hyperparameter

STORED = DATA / "captured" / "sota-compositions.json"
# Records computed from this module are keyed on these files too (tools.core.cache).
__cache_inputs__ = ("data/captured/sota-compositions.json", "data/sota.json")
SOTA_DATA = DATA / "sota.json"
REFRESH_COMMAND = "make sota-compose"


@dataclass(frozen=True)
class InstantiatedNode:
    """A node of the composed config that instantiating its ``trainer`` node instantiates."""

    path: str  # how the trainer reaches it: "trainer", "trainer.loss_module", "trainer.loss_module.actor_network"
    key: str  # the node's own place in the composed config ("loss", "iql_loss"): interpolations followed
    config: str  # its config dataclass ("DQNLossConfig"), "" for a plain mapping with a `_target_`
    target: str  # its `_target_`
    # Fields whose composed value differs from the dataclass default: name -> Python text (plain values only).
    values: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Composition:
    directory: str
    file: str
    composes: bool
    error: str  # the exception's type and message (first lines) when it does not compose
    hyperparameters: list[Hyperparameter] = field(default_factory=list)
    # Keys removed from the config so that it composes on the installed torchrl (with `composes` False).
    dropped: list[str] = field(default_factory=list)
    instantiates: list[InstantiatedNode] = field(default_factory=list)

    def nodes_at(self, path: str) -> list[InstantiatedNode]:
        return [n for n in self.instantiates if n.path == path]


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


# The code that composes (read by name, not imported: it is an offline wing the build never runs).
COMPOSER = "tools.wings.sota_scanner.compose"


def current_key() -> str:
    digest = hashlib.sha256(SOTA_DATA.read_bytes())
    # The composing code only: the stored file is among the files its modules read.
    for path in code_files([COMPOSER]):
        if path.suffix == ".py":
            digest.update(path.read_bytes())
    digest.update(json.dumps(pinned(), sort_keys=True).encode())
    return digest.hexdigest()[:16]


def load() -> StoredCompositions | None:
    return decode(json.loads(STORED.read_text())) if STORED.exists() else None
