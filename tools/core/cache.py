"""Compute records once: in-process for ``mkdocs serve``, optionally on disk.

A record set is identified by a name and a fingerprint of everything it
depends on: the installed versions of the pinned packages, the source of the
code that computes it (``code``: modules of ``tools``, followed through every
``tools`` module they import, so a list of files cannot fall behind the code)
and the content of the data files named as ``inputs``.  Change any of them and
the records are recomputed.

``DOCS_CACHE=off`` disables the disk cache (cold builds, benchmarks).

A record set that needs torchrl imported (it runs torchrl code, or reads its
classes or the whole of its source: ``committed=True``) is also kept in the tree,
under ``outputs/records/<name>.json`` with its fingerprint, the way ``make
outputs`` keeps captured example output, so that a build of the pinned release
imports no torch: a cold build
reads it there while the fingerprint matches, instead of measuring again, and
measures as usual when it does not (another torchrl, edited code or data).
``make records`` rewrites the stale files; a test fails while one is stale, and
another measures each afresh and compares.
"""

from __future__ import annotations

import ast
import functools
import hashlib
import json
import os
import re
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

from tools.core.distributions import installed
from tools.core.paths import CACHE, COMMITTED_RECORDS, ROOT
from tools.core.timing import stage

T = TypeVar("T")


_memory: dict[tuple[str, str], Any] = {}


class Handover(Protocol):
    """Records passed between processes (``tools.site.records_worker``): a build and a process
    beside it measure record sets on both cores, each taking what the other measured."""

    def take(self, name: str, key: str) -> str | None:
        """The JSON text of a record set another process computed, or None: compute it here."""

    def publish(self, name: str, key: str, text: str) -> None:
        """This process computed a record set (its JSON text)."""

    def fail(self, name: str, key: str) -> None:
        """This process failed to compute a record set it had taken on."""


# At most one: the build's (or its worker's) handover, while a build runs.
_handover: list[Handover] = []


def set_handover(handover: Handover | None) -> None:
    _handover[:] = [] if handover is None else [handover]


# Every RecordSet, in the order their modules defined them (roughly the order a build needs them).
_record_sets: list[RecordSet[Any]] = []


def record_sets() -> list[RecordSet[Any]]:
    return list(_record_sets)


def _files(inputs: Iterable[Path]) -> list[Path]:
    out: list[Path] = []
    for path in inputs:
        path = Path(path)
        if path.is_dir():
            out.extend(sorted(p for p in path.rglob("*") if p.is_file() and "__pycache__" not in p.parts))
        elif path.exists():
            out.append(path)
    return out


# path -> (mtime_ns, the tools modules and extra files it names); re-read when the file changes,
# so that `make serve` sees an edit.
_imports_seen: dict[Path, tuple[int, list[Path]]] = {}


def _module_file(name: str) -> Path | None:
    base = ROOT.joinpath(*name.split("."))
    if (base / "__init__.py").is_file():
        return base / "__init__.py"
    if base.with_suffix(".py").is_file():
        return base.with_suffix(".py")
    return None


def _named_by(path: Path) -> list[Path]:
    """The files ``path`` depends on: each ``tools`` module it imports (anywhere, in functions too,
    since those imports defer torch) and the files its ``__cache_inputs__`` names: a module-level
    tuple of paths relative to the project root (the data a module reads, the files it runs)."""
    mtime = path.stat().st_mtime_ns
    seen = _imports_seen.get(path)
    if seen is not None and seen[0] == mtime:
        return seen[1]
    text = path.read_text(encoding="utf-8")
    # Relative imports resolve against the module's package: the folder it sits in.
    package = path.parent.relative_to(ROOT).parts
    found: list[Path] = []
    for module in _imported_modules(text, package):
        file = _module_file(module)
        if file is not None:
            found.append(file)
    if "__cache_inputs__" in text:
        for node in ast.parse(text, str(path)).body:
            if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "__cache_inputs__" for t in node.targets
            ):
                found.extend(ROOT / name for name in ast.literal_eval(node.value))
    _imports_seen[path] = (mtime, found)
    return found


# An import statement, wherever it stands: ``import a.b as c, d`` or ``from .a import (x, y)``.
# Read with a regular expression rather than ``ast``: parsing every module a record set reaches
# cost each process of a build a noticeable share of its time.  A line of a string that reads like
# an import only adds a dependency (a fingerprint that changes more often, never one that misses
# a change); tests/tools/core/test_cache.py holds it to ``ast``'s reading of every module.
_IMPORT = re.compile(
    r"^[ \t]*(?:from[ \t]+(?P<base>\.*[\w.]*)[ \t]+import[ \t]+(?P<names>\([^)]*\)|[^\n;#]*)"
    r"|import[ \t]+(?P<modules>[^\n;#]+))",
    re.MULTILINE,
)


def _imported_modules(text: str, package: tuple[str, ...]) -> list[str]:
    """The ``tools`` modules the source ``text`` imports, and for ``from m import n`` also ``m.n``
    (which may be a module); ``package`` resolves relative imports."""
    found: list[str] = []
    for match in _IMPORT.finditer(text):
        if match["modules"] is not None:
            names = [part.split(" as ")[0].strip() for part in match["modules"].split(",")]
            found.extend(name for name in names if name.split(".")[0] == "tools")
            continue
        base = match["base"]
        level = len(base) - len(base.lstrip("."))
        module = base[level:]
        if level:
            parent = ".".join(package[: len(package) - level + 1])
            module = f"{parent}.{module}" if module else parent
        if module.split(".")[0] != "tools":
            continue
        found.append(module)
        for part in re.sub(r"#[^\n]*", "", match["names"]).strip("()").split(","):
            name = part.split(" as ")[0].strip()
            if name and name != "*":
                found.append(f"{module}.{name}")
    return found


def code_files(modules: Iterable[str]) -> list[Path]:
    """The source files of ``modules`` and of every ``tools`` module they import, transitively, sorted."""
    todo: list[Path] = []
    for name in modules:
        file = _module_file(name)
        if file is None:
            raise ValueError(f"{name} is not a module of this project (tools.core.cache keys records on it)")
        todo.append(file)
    done: set[Path] = set()
    while todo:
        path = todo.pop()
        if path in done:
            continue
        done.add(path)
        if path.suffix == ".py" and path.is_relative_to(ROOT / "tools"):
            todo.extend(p for p in _named_by(path) if p not in done)
    return sorted(_files(done))


# path -> (mtime_ns, size, inode, sha256 of the content): a build asks for the fingerprints of its
# record sets about a thousand times, over the same few hundred files; each is read again only
# when it changed.
_digests: dict[Path, tuple[int, int, int, bytes]] = {}
# A file modified this recently may change again within the file system's timestamp granularity
# without its mtime moving (git calls such entries "racily clean"): it is not remembered.
_SETTLED_NS = 2_000_000_000


def _content_digest(path: Path) -> bytes:
    status = path.stat()
    seen = _digests.get(path)
    if seen is not None and seen[:3] == (status.st_mtime_ns, status.st_size, status.st_ino):
        return seen[3]
    digest = hashlib.sha256(path.read_bytes()).digest()
    if time.time_ns() - status.st_mtime_ns > _SETTLED_NS:
        _digests[path] = (status.st_mtime_ns, status.st_size, status.st_ino, digest)
    return digest


# While a build runs, files are taken as they were when it started: each fingerprint is computed
# once per build (a build asks for the same few dozen about a thousand times).  None: no build.
_build_fingerprints: list[dict[tuple[tuple[Path, ...], tuple[str, ...]], str]] = []


def begin_build() -> None:
    """A build starts (the MkDocs adapter's ``on_config``): fingerprints are computed afresh, then kept."""
    _build_fingerprints[:] = [{}]


def end_build() -> None:
    """The build is over: every fingerprint is computed from the files again."""
    _build_fingerprints.clear()


def fingerprint(inputs: Iterable[Path], code: Iterable[str] = ()) -> str:
    inputs, code = tuple(inputs), tuple(code)
    if not _build_fingerprints:
        return _fingerprint(inputs, code)
    memo = _build_fingerprints[0]
    if (inputs, code) not in memo:
        memo[inputs, code] = _fingerprint(inputs, code)
    return memo[inputs, code]


def _fingerprint(inputs: tuple[Path, ...], code: tuple[str, ...]) -> str:
    absent = [str(p) for p in inputs if not Path(p).exists()]
    if absent:
        raise FileNotFoundError(f"cache inputs that do not exist: {', '.join(absent)} (tools.core.cache)")
    digest = hashlib.sha256("".join(f"{d}={v}\n" for d, v in installed().items()).encode())
    for path in [*code_files(code), *_files(inputs)]:
        digest.update(str(path.relative_to(ROOT)).encode())
        digest.update(_content_digest(path))
    return digest.hexdigest()[:16]


def disk_cache_enabled() -> bool:
    return os.environ.get("DOCS_CACHE", "on").lower() not in {"off", "0", "false", "no"}


def _path(name: str, key: str) -> Path:
    return CACHE / "records" / f"{name}-{key}.json"


def committed_path(name: str) -> Path:
    return COMMITTED_RECORDS / f"{name}.json"


def kept_records_enabled() -> bool:
    """``DOCS_KEPT_RECORDS=off``: measure even what ``outputs/records/`` holds (a torchrl that cannot be
    imported is then reported as such, as when nothing is kept)."""
    return os.environ.get("DOCS_KEPT_RECORDS", "on").lower() not in {"off", "0", "false", "no"}


def _read_committed(name: str) -> dict[str, Any] | None:
    path = committed_path(name)
    if not (kept_records_enabled() and path.exists()):
        return None
    status = path.stat()
    return _parsed_committed(path, status.st_mtime_ns, status.st_size)


@functools.lru_cache(maxsize=64)
def _parsed_committed(path: Path, modified_ns: int, size: int) -> dict[str, Any]:
    # Asked for its key, then for its records, in each build: parsed once per version of the file.
    kept: dict[str, Any] = json.loads(path.read_text())
    return kept


def committed_key(name: str) -> str | None:
    """The fingerprint a committed record set was measured under; None when there is no file."""
    kept = _read_committed(name)
    return None if kept is None else kept["key"]


def _committed(name: str, key: str) -> Any | None:
    """The committed records' JSON form, when measured under ``key``; else None."""
    kept = _read_committed(name)
    return kept["records"] if kept is not None and kept.get("key") == key else None


def is_cached(name: str, inputs: Iterable[Path] = (), code: Iterable[str] = (), committed: bool = False) -> bool:
    """Would ``cached(name, ..., inputs=inputs, code=code)`` return without computing?"""
    key = (name, fingerprint(inputs, code))
    if key in _memory or (disk_cache_enabled() and _path(*key).exists()):
        return True
    return committed and committed_key(name) == key[1]


def cached(
    name: str,
    compute: Callable[[], T],
    *,
    inputs: Iterable[Path] = (),
    code: Iterable[str] = (),
    encode: Callable[[T], Any] | None = None,
    decode: Callable[[Any], T] | None = None,
    committed: bool = False,
) -> T:
    """Return ``compute()``, reusing an earlier result with the same fingerprint.

    Pass ``encode``/``decode`` (records <-> JSON-able) to also keep the result
    on disk under ``.cache/records/`` between processes.  A fresh result is
    then returned as its JSON round trip too, so a build that measured the
    records and a build that read them from disk render the very same pages.
    """
    key = (name, fingerprint(inputs, code))
    if key in _memory:
        kept: T = _memory[key]
        return kept
    codec = (encode, decode) if encode is not None and decode is not None else None
    path = _path(*key)
    kept_in_tree = _committed(*key) if codec and committed else None
    if codec and kept_in_tree is not None:
        value = codec[1](kept_in_tree)
    elif codec and disk_cache_enabled() and path.exists():
        value = codec[1](json.loads(path.read_text()))
    elif _computing_forbidden:
        raise NotInMemory(f"{name}: not computed yet, and this process may not compute records")
    elif codec and _handover and (text := _handover[0].take(*key)) is not None:
        value = codec[1](json.loads(text))
        _keep_on_disk(path, text)
    else:
        with stage(f"{name}.compute"):
            try:
                value = compute()
            except BaseException:
                if codec and _handover:  # the other process, waiting for it, measures it itself
                    _handover[0].fail(*key)
                raise
        if codec:
            text = json.dumps(codec[0](value), indent=1)  # key order is content: pages list them in it
            value = codec[1](json.loads(text))
            _keep_on_disk(path, text)
            if _handover:
                _handover[0].publish(*key, text)
    _memory[key] = value
    return value


class NotInMemory(Exception):
    """A record set was asked of a process that only reuses records (``forbid_computing``)."""


# Set in a process forked from the build to render pages (tools/site/render_worker.py): it reuses the
# records the build holds, and a page needing one the build has not computed yet is left to the build.
_computing_forbidden: list[bool] = []


def forbid_computing() -> None:
    _computing_forbidden.append(True)


def _keep_on_disk(path: Path, text: str) -> None:
    if disk_cache_enabled():
        path.parent.mkdir(parents=True, exist_ok=True)
        # Per-process name: two pytest workers may write the same record at once.
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(text)
        tmp.replace(path)


def clear_memory() -> None:
    _memory.clear()


@dataclass(frozen=True)
class RecordSet(Generic[T]):
    """A set of records computed once and kept: call it for the records.

    The fingerprint covers ``compute``'s module and every ``tools`` module it
    imports (``code_files``), the modules in ``code`` (when the computation
    reaches code that module does not import), the data ``inputs`` and the
    installed versions.  ``encode``/``decode`` keep it on disk too.

    ``in_building_process``: measured only by the process that renders the pages,
    never by a helper process measuring beside it (``tools.site.records_worker``),
    because it reads state that process holds anyway and another would build again
    (the one griffe parse of torchrl, ``tools.api.facts.load``).
    """

    name: str
    compute: Callable[[], T]
    inputs: tuple[Path, ...] = ()
    code: tuple[str, ...] = ()
    encode: Callable[[T], Any] | None = None
    decode: Callable[[Any], T] | None = None
    in_building_process: bool = False
    committed: bool = False

    def __post_init__(self) -> None:
        if self.committed and (self.encode is None or self.decode is None):
            raise ValueError(f"{self.name}: a committed record set needs encode and decode")
        _record_sets.append(self)

    def modules(self) -> tuple[str, ...]:
        return (self.compute.__module__, *self.code)

    def key(self) -> str:
        """The fingerprint its records are kept under."""
        return fingerprint(self.inputs, self.modules())

    def __call__(self) -> T:
        return cached(
            self.name,
            self.compute,
            inputs=self.inputs,
            code=self.modules(),
            encode=self.encode,
            decode=self.decode,
            committed=self.committed,
        )

    def measure(self) -> Any:
        """The records computed here and now, in their JSON form: neither memory nor a file is read for
        this set (those it reads in turn may be)."""
        assert self.encode is not None
        return json.loads(json.dumps(self.encode(self.compute())))

    def commit(self, measured: Any | None = None) -> bool:
        """Write ``outputs/records/<name>.json`` (``make records``) from ``measured`` (the JSON form; measured
        here when None); False when the file was current and nothing was written."""
        key = self.key()
        if committed_key(self.name) == key:
            return False
        records = self.measure() if measured is None else measured
        kept = {"name": self.name, "key": key, "versions": installed(), "records": records}
        path = committed_path(self.name)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(kept, indent=1) + "\n")
        return True

    def is_cached(self) -> bool:
        """Would a call return without computing (no torch import, for the command-line tools)?"""
        return is_cached(self.name, self.inputs, self.modules(), self.committed)
