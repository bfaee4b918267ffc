"""The API snapshot: every fact this project reads from a torchrl release, JSON-able, one module per section.

The one reading of a release's API.  ``make records`` calls ``snapshot()`` on the
pinned torchrl in-process and keeps it (``tools.upgrading.facts.current``, a kept
record set, which a build measures again only when its fingerprint changed); ``make
api-snapshot RELEASE=x.y.z`` runs ``python -m tools.torchrl.snapshot`` in a
throwaway venv holding that release, where nothing of this project is
installed: the project root is put on that one process's path, so this package
and what it imports (``tools.core``'s keys, signatures, errors, distributions
and silence; ``tools.torchrl``'s discovery) must import only the standard
library and torchrl's stack.

Two runs give the same bytes: every set-like collection is sorted, values are
shown by ``tools.core.signatures.stable_text`` and line numbers are not recorded.

Sections (each keyed by name, sorted):

- ``losses``, ``estimators`` (``losses.py``): public ``LossModule`` subclasses
  (constructor, accepted-key defaults as instantiated, default and supported
  value estimators); ``ValueEstimators`` members and exported estimator classes;
- ``updaters``, ``hooks``, ``trainers`` (``classes.py``): constructors, trainers'
  own public methods, the ``dest`` stages ``Trainer.register_op`` accepts;
- ``configs``, ``config_store`` (``configs.py``): Hydra config dataclasses and
  the ConfigStore options torchrl registers;
- ``functions``, ``exports`` (``exports.py``): exported functions' signatures,
  each covered module's exported names with their kind;
- ``deprecations`` (``deprecations.py``): deprecation and removal messages read
  from the source;
- ``errors``: what could not be read, with the first line of the error;
- ``fixed_upstream``, ``migrations`` (``blocks.py``, from the command line only):
  what each block did in this release.
"""

from __future__ import annotations

import sys
from typing import Any

from tools.core.distributions import DISTRIBUTIONS, installed
from tools.core.silence import quiet

# The section modules keep their names here (a function imported under a module's name would hide it).
from tools.torchrl.snapshot import classes, configs, deprecations, exports, losses
from tools.torchrl.snapshot.guard import Errors

SCHEMA = 1
# What describes the snapshot rather than the release's API.
DESCRIPTION = ("schema", "versions", "errors")


def versions() -> dict[str, Any]:
    """The interpreter's minor version and each pinned distribution's installed version (None when absent)."""
    found: dict[str, str | None] = {"python": f"{sys.version_info.major}.{sys.version_info.minor}"}
    for name in DISTRIBUTIONS:
        version = installed()[name]
        found[name] = None if version == "missing" else version
    return found


def snapshot() -> dict[str, Any]:
    """Every fact read from the installed torchrl, JSON-able and deterministic."""
    errors = Errors()
    with quiet():  # import-time warnings of the modules read are not facts the snapshot records
        config_classes, store = configs.configs(errors)
        facts = {
            "schema": SCHEMA,
            "versions": versions(),
            "losses": losses.losses(errors),
            "estimators": losses.estimators(errors),
            "updaters": classes.updaters(errors),
            "hooks": classes.hooks(errors),
            "trainers": classes.trainers(errors),
            "configs": config_classes,
            "config_store": store,
            "functions": exports.functions(errors),
            "exports": exports.exports(errors),
            "deprecations": deprecations.deprecations(errors),
        }
    facts["errors"] = dict(sorted(errors.found.items()))
    return facts


__all__ = ["SCHEMA", "snapshot", "versions"]
