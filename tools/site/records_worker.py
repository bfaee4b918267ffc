"""Records measured on the second core while the build goes on.

A build spends most of its generation time measuring record sets, one after
the other, on one core.  When a build starts with record sets to measure, the
adapter starts this module as a second process: it imports torchrl too, then
measures record sets from the *end* of the order the build needs them in (the
order their modules define them, reversed), while the build measures from the
start.  Each record set is claimed first (a file created exclusively in a
shared directory), so that each is measured once: each process takes a record
set the other published, measures one nobody claimed itself, and waits for one
the other is measuring.  A record set needed along the way (a dependency of
another) is claimed the same way, so none is measured twice.

Records cross as the JSON text their codec writes to ``.cache/records/``, so the
pages are the same whichever process measured them; a record set without a codec
is measured by each process that needs it.  If the worker fails on a record set
(or dies), the build measures it itself, and raises its error as it always would.

    python -m tools.site.records_worker DIRECTORY

Kept as plain ``subprocess`` + files rather than ``multiprocessing`` or
``concurrent.futures``: the worker must be a fresh interpreter (its first
import of torchrl records the configs' warnings, as the build's does), and the
build must be able to take over any record set at any time, which a pool's
futures do not allow.
"""

from __future__ import annotations

import atexit
import gc
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from tools.core import cache, quick_exit, registry
from tools.core.fresh_python import start_fresh_python
from tools.core.paths import ROOT
from tools.core.timing import stage
from tools.site.claims import ClaimDirectory, new_directory

POLL_SECONDS = 0.005


class _Directory:
    """Record sets in a ``ClaimDirectory``, by name and key, their JSON text as the result."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._claims = ClaimDirectory(path)

    def claim(self, name: str, key: str) -> bool:
        """True for the one process that claims the record set first."""
        return self._claims.claim(f"{name}-{key}")

    def published(self, name: str, key: str) -> str | None:
        data = self._claims.published(f"{name}-{key}")
        return None if data is None else data.decode("utf-8")

    def publish(self, name: str, key: str, text: str) -> None:
        self._claims.publish(f"{name}-{key}", text.encode("utf-8"))

    def fail(self, name: str, key: str) -> None:
        self._claims.fail(f"{name}-{key}")

    def failed(self, name: str, key: str) -> bool:
        return self._claims.failed(f"{name}-{key}")


class _Side:
    """One process's end of the handover; both ends behave alike.

    A record set is measured by the process that claims it first, including one
    needed along the way (a dependency of another), and published when done.
    The other process takes it when published, and waits while it is being
    measured, so nothing is measured twice.  Waiting cannot deadlock: a process
    only holds claims on the record sets it is measuring, and those wait only on
    their own dependencies, so a cycle of waits would be a cycle of dependencies.
    """

    def __init__(self, directory: Path, other_alive: Callable[[], bool]) -> None:
        self.directory = _Directory(directory)
        self._other_alive = other_alive
        self._mine: set[tuple[str, str]] = set()

    def claim(self, name: str, key: str) -> bool:
        if self.directory.claim(name, key):
            self._mine.add((name, key))
            return True
        return False

    def take(self, name: str, key: str) -> str | None:
        shared = self.directory
        if (name, key) in self._mine:
            return None
        text = shared.published(name, key)
        if text is not None or self.claim(name, key):
            return text
        with stage(f"{name}.wait"):  # `make bench` shows how long a process waited for the other
            while (text := shared.published(name, key)) is None:
                if shared.failed(name, key) or not self._other_alive():
                    return shared.published(name, key)  # None: measure it here
                time.sleep(POLL_SECONDS)
        return text

    def publish(self, name: str, key: str, text: str) -> None:
        self.directory.publish(name, key, text)

    def fail(self, name: str, key: str) -> None:
        self.directory.fail(name, key)


class BuildSide(_Side):
    """The build's end: it also owns the worker process."""

    def __init__(self, directory: Path, process: subprocess.Popen) -> None:
        super().__init__(directory, lambda: process.poll() is None)
        self.process = process

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        shutil.rmtree(self.directory.path, ignore_errors=True)


class WorkerSide(_Side):
    """The worker's end: the build is alive while it is still this process's parent."""

    def __init__(self, directory: Path) -> None:
        parent = os.getppid()
        super().__init__(directory, lambda: os.getppid() == parent)


_running: list[BuildSide] = []
_started_once: list[bool] = []


def enabled() -> bool:
    """``DOCS_RECORDS_WORKER=off`` measures everything in the build's own process."""
    return os.environ.get("DOCS_RECORDS_WORKER", "on").lower() not in {"off", "0", "false", "no"}


def start() -> None:
    """Start the worker when record sets are to be measured (none kept in memory or on disk)."""
    stop()
    if not enabled() or (os.cpu_count() or 1) < 2 or _started_once:
        # Only a process's first build: a `make serve` rebuild finds its records in memory, and
        # asking each set whether it is kept (a fingerprint each) was a noticeable cost to a prose rebuild.
        return
    _started_once.append(True)
    registry.concerns()  # importing them defines their record sets
    todo = [records for records in cache.record_sets() if records.encode is not None and not records.is_cached()]
    if len(todo) < 2:  # kept in outputs/records/ or on disk: the build imports no torchrl for them
        return
    directory = new_directory("records-worker-")
    process = start_fresh_python(
        ["-m", "tools.site.records_worker", str(directory)],
        cwd=ROOT,
        threads=None,  # the build's own thread setting: it measures what the build would have measured
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,  # its failures are the build's to report: it measures them again
    )
    side = BuildSide(directory, process)
    _running.append(side)
    cache.set_handover(side)


def take_published() -> None:
    """The record sets the worker has published by now, into this process: no waiting, no measuring.

    Called before the pages' renderer is forked, so that the child holds them too."""
    for side in _running:
        take_published_from(side, cache.record_sets())


def take_published_from(side: _Side, record_sets: list[cache.RecordSet]) -> None:
    for records in record_sets:
        if records.encode is not None and side.directory.published(records.name, records.key()) is not None:
            records()  # taken and decoded, not measured: `cache.cached` finds it published


def gather() -> None:
    """Every record set in this process: taken from the worker, waited for, or measured here.

    Called once the pages' renderer (``render_worker``) is forked, so that the child renders
    while the build waits for the worker's last record sets: the child holds every record
    measured until then, and leaves to the build a page that shows one measured later.  The
    build would take these sets later anyway, while rendering pages.
    """
    if _running:
        for records in cache.record_sets():
            if records.encode is not None:
                records()


def stop() -> None:
    """End the worker (its work is either taken or not needed) and forget the handover."""
    while _running:
        _running.pop().stop()
        cache.set_handover(None)


atexit.register(stop)


def main(directory: str) -> int:
    gc.disable()  # as in the build: a short-lived process full of torch objects
    cache.begin_build()
    side = WorkerSide(Path(directory))
    cache.set_handover(side)
    concerns = registry.concerns()
    for concern in concerns:  # the configs' import warnings, read by this process's first import
        if concern.start is not None:
            concern.start()
    measure_from_the_end(side, cache.record_sets())
    return 0


def measure_from_the_end(side: WorkerSide, record_sets: list[cache.RecordSet]) -> None:
    """Measure, last first, each record set nobody has claimed that the worker may take.

    Not a set without a codec (its records cannot cross), nor one kept on disk already, nor
    one the building process measures itself (``in_building_process``).
    """
    for records in reversed(record_sets):
        if records.encode is None or records.in_building_process or records.is_cached():
            continue
        key = records.key()
        if side.directory.published(records.name, key) is not None or not side.claim(records.name, key):
            continue
        try:
            records()  # on failure `cache.cached` marks it failed: the build measures it again and reports it
        except Exception:
            continue


if __name__ == "__main__":
    # Without the interpreter's teardown: freeing what the measurements built took this process
    # seconds of CPU after its last record set, on a core the build's page rendering needs.
    quick_exit.exit_quickly(main(*sys.argv[1:]))
