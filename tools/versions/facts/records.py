"""Which versions of the pinned packages this build runs against."""

from __future__ import annotations

import functools
import platform
from dataclasses import dataclass

from tools.core.distributions import SHOWN, installed


@dataclass(frozen=True)
class PackageVersion:
    distribution: str
    version: str


@dataclass(frozen=True)
class Versions:
    packages: tuple[PackageVersion, ...]
    python: str

    def by_name(self) -> dict[str, str]:
        return {p.distribution: p.version for p in self.packages}

    def to_json(self) -> dict[str, str]:
        return {**self.by_name(), "python": self.python}


@functools.cache  # once per process: every generated page's banner asks (a cost `make bench` saw on each build)
def read_versions() -> Versions:
    """Read installed versions from package metadata (no import needed)."""
    packages = []
    for dist in SHOWN:
        version = installed()[dist]
        if version == "missing":
            raise RuntimeError(
                f"{dist} is not installed in this interpreter; run `make build` "
                "(it installs the pinned packages into .venv/)"
            )
        packages.append(PackageVersion(dist, version))
    return Versions(tuple(packages), platform.python_version())


__all__ = ["PackageVersion", "Versions", "read_versions"]
