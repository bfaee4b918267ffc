"""Compute records once: in-process for ``mkdocs serve``, optionally on disk.

A record set is identified by a name and a fingerprint of everything it
depends on: the installed versions of the pinned packages and the content of
the files named as inputs (the generator's own source, curated data).  Change
any of them and the records are recomputed.

``DOCS_CACHE=off`` disables the disk cache (cold builds, benchmarks).
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
from collections.abc import Callable, Iterable
from importlib import metadata
from pathlib import Path
from typing import Any, TypeVar

from tools.paths import CACHE, ROOT
from tools.timing import stage

T = TypeVar("T")

PINNED_DISTRIBUTIONS = ("torch", "torchrl", "tensordict", "hydra-core", "omegaconf")

_memory: dict[tuple[str, str], Any] = {}


def _files(inputs: Iterable[Path]) -> list[Path]:
    out: list[Path] = []
    for path in inputs:
        path = Path(path)
        if path.is_dir():
            out.extend(sorted(p for p in path.rglob("*") if p.is_file() and "__pycache__" not in p.parts))
        elif path.exists():
            out.append(path)
    return out


@functools.cache
def _installed_versions() -> bytes:
    """``dist=version`` lines of the pinned distributions, read once per process.

    What this process imported cannot change under it, and each metadata
    lookup parses a METADATA file: `make bench` measured 0.5 s per build when
    every ``cached`` call read them again.
    """
    lines = []
    for dist in PINNED_DISTRIBUTIONS:
        try:
            lines.append(f"{dist}={metadata.version(dist)}\n")
        except metadata.PackageNotFoundError:
            lines.append(f"{dist}=missing\n")
    return "".join(lines).encode()


def fingerprint(inputs: Iterable[Path]) -> str:
    digest = hashlib.sha256(_installed_versions())
    for path in _files(inputs):
        digest.update(str(path.relative_to(ROOT)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def disk_cache_enabled() -> bool:
    return os.environ.get("DOCS_CACHE", "on").lower() not in {"off", "0", "false", "no"}


def _path(name: str, key: str) -> Path:
    return CACHE / "records" / f"{name}-{key}.json"


def is_cached(name: str, inputs: Iterable[Path] = ()) -> bool:
    """Would ``cached(name, ..., inputs=inputs)`` return without computing?"""
    key = (name, fingerprint(inputs))
    return key in _memory or (disk_cache_enabled() and _path(*key).exists())


def cached(
    name: str,
    compute: Callable[[], T],
    *,
    inputs: Iterable[Path] = (),
    encode: Callable[[T], Any] | None = None,
    decode: Callable[[Any], T] | None = None,
) -> T:
    """Return ``compute()``, reusing an earlier result with the same fingerprint.

    Pass ``encode``/``decode`` (records <-> JSON-able) to also keep the result
    on disk under ``.cache/records/`` between processes.  A fresh result is
    then returned as its JSON round trip too, so a build that measured the
    records and a build that read them from disk render the very same pages.
    """
    key = (name, fingerprint(inputs))
    if key in _memory:
        return _memory[key]
    codec = encode is not None and decode is not None
    path = _path(*key)
    if codec and disk_cache_enabled() and path.exists():
        value = decode(json.loads(path.read_text()))
    else:
        with stage(f"{name}.compute"):
            value = compute()
        if codec:
            text = json.dumps(encode(value), indent=1)  # key order is content: pages list them in it
            value = decode(json.loads(text))
            if disk_cache_enabled():
                path.parent.mkdir(parents=True, exist_ok=True)
                # Per-process name: two pytest workers may write the same record at once.
                tmp = path.with_suffix(f".{os.getpid()}.tmp")
                tmp.write_text(text)
                tmp.replace(path)
    _memory[key] = value
    return value


def clear_memory() -> None:
    _memory.clear()
