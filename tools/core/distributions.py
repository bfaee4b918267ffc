"""The pinned distributions: the one list of what every generated fact depends on, and their versions.

``pyproject.toml`` pins them (``==``); ``pinned()`` reads those pins (what a
stored output is valid for), ``installed()`` what this interpreter has (what a
cache key and the pages' banner name).  The banner and the versions table show
the distributions whose label is not None.
"""

from __future__ import annotations

import functools
import re
import tomllib
from importlib import metadata

from tools.core.paths import ROOT

# distribution -> label on pages (None: it keys caches and stored outputs, pages do not name it).
DISTRIBUTIONS: dict[str, str | None] = {
    "torch": "torch",
    "torchrl": "torchrl",
    "tensordict": "tensordict",
    "hydra-core": "hydra-core",
    "omegaconf": None,
}
SHOWN = tuple(name for name, label in DISTRIBUTIONS.items() if label is not None)


def requirements() -> list[str]:
    """Every requirement of ``pyproject.toml``: the commands' own, then each extra's (the pins are in ``site``)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return [*project["dependencies"], *(r for extra in project["optional-dependencies"].values() for r in extra)]


@functools.cache
def pinned() -> dict[str, str]:
    """The versions ``pyproject.toml`` pins for the shown distributions (the local build tag, +cpu, aside)."""
    pins = {}
    for requirement in requirements():
        match = re.match(r"^([A-Za-z0-9_.\-]+)(?:\[[^\]]*\])?==([^;\s]+)", requirement)
        if match and match.group(1).lower() in SHOWN:
            pins[match.group(1).lower()] = match.group(2)
    return pins


@functools.cache
def installed() -> dict[str, str]:
    """distribution -> installed version ("missing" when absent), read once per process.

    What this process imported cannot change under it, and each metadata lookup
    parses a METADATA file: `make bench` measured a noticeable cost per build when every
    cache lookup read them again.
    """
    found = {}
    for dist in DISTRIBUTIONS:
        try:
            found[dist] = metadata.version(dist)
        except metadata.PackageNotFoundError:
            found[dist] = "missing"
    return found
