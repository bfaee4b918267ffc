"""Time MkDocs plugin events, mkdocstrings and heavy imports inside a build, without changing the site.

Every event method that a loaded config registered (plugins and hooks) is
wrapped in place, so each plugin's time is known by its name in
``mkdocs.yml``.  mkdocstrings does most of its work outside plugin events,
while Markdown is converted (its ``:::`` block processor collects with griffe
and renders); that processor is timed too and counted to ``mkdocstrings``.

Concerns import torchrl lazily, so its import cost lands in whichever stage
imports it first; ``timing_imports`` makes each first import of the named
modules a stage of its own (``torchrl.import``), nested stages excluded.
"""

from __future__ import annotations

import functools
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from importlib.abc import MetaPathFinder
from importlib.machinery import ModuleSpec, PathFinder

from mkdocs.config.defaults import MkDocsConfig

from tools.core.timing import stage

MKDOCSTRINGS = "mkdocstrings"


def plugin_name(key: str) -> str:
    """``material/search`` -> ``search``; how a plugin is named in ``mkdocs.yml``, without its namespace."""
    return key.rpartition("/")[2]


def mkdocstrings_enabled(config: MkDocsConfig) -> bool:
    return any(plugin_name(key) == MKDOCSTRINGS for key in config.plugins)


class PluginClock:
    """Seconds per plugin (by its key in ``config.plugins``), each second counted once."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = defaultdict(float)
        self.calls: dict[tuple[str, str], int] = defaultdict(int)  # (owner, function) -> calls
        self._depth: dict[str, int] = defaultdict(int)

    def reset(self) -> None:
        self.seconds.clear()
        self.calls.clear()

    def timed(self, owner: str, function: Callable) -> Callable:
        name = getattr(function, "__name__", repr(function))

        @functools.wraps(function)
        def wrapper(*args, **kwargs):
            self.calls[(owner, name)] += 1
            if self._depth[owner]:  # already timed by an outer call of the same owner
                return function(*args, **kwargs)
            self._depth[owner] += 1
            start = time.perf_counter()
            try:
                return function(*args, **kwargs)
            finally:
                self.seconds[owner] += time.perf_counter() - start
                self._depth[owner] -= 1

        return wrapper

    def instrument(self, config: MkDocsConfig) -> MkDocsConfig:
        """Wrap every event method registered in ``config.plugins``; returns ``config``."""
        plugins = config.plugins
        for methods in plugins.events.values():
            for index, method in enumerate(methods):
                owner = plugins._event_origins.get(method, "<unknown>")
                wrapped = self.timed(owner, method)
                methods[index] = wrapped
                plugins._event_origins[wrapped] = owner
        return config

    def mkdocstrings_seconds(self, config: MkDocsConfig) -> float | None:
        """Time spent in mkdocstrings (events and ``:::`` blocks), or None when it is not enabled."""
        if not mkdocstrings_enabled(config):
            return None
        return sum(s for key, s in self.seconds.items() if plugin_name(key) == MKDOCSTRINGS)


@contextmanager
def timing_mkdocstrings_blocks(clock: PluginClock) -> Iterator[None]:
    """Count the time of mkdocstrings' ``:::`` block processor to the mkdocstrings plugin."""
    try:
        from mkdocstrings import AutoDocProcessor
    except ImportError:  # not installed, so it cannot be enabled either
        yield
        return
    original = AutoDocProcessor.run
    AutoDocProcessor.run = clock.timed(MKDOCSTRINGS, original)
    try:
        yield
    finally:
        AutoDocProcessor.run = original


class _TimedImports(MetaPathFinder):
    """Finds nothing itself: wraps the loading of the named modules, the first time, in a stage."""

    def __init__(self, names: Iterable[str]) -> None:
        self.pending = set(names)

    def find_spec(self, fullname: str, path, target=None) -> ModuleSpec | None:
        if fullname not in self.pending:
            return None
        self.pending.discard(fullname)
        spec = PathFinder.find_spec(fullname, path)
        if spec is None or spec.loader is None or not hasattr(spec.loader, "exec_module"):
            return None  # let the usual finders handle it, untimed
        exec_module = spec.loader.exec_module

        def timed_exec_module(module) -> None:
            with stage(f"{fullname}.import"):
                exec_module(module)

        spec.loader.exec_module = timed_exec_module
        return spec


@contextmanager
def timing_imports(names: Iterable[str]) -> Iterator[None]:
    """While the block runs, the first import of each of ``names`` is the stage ``<name>.import``."""
    finder = _TimedImports(name for name in names if name not in sys.modules)
    sys.meta_path.insert(0, finder)
    try:
        yield
    finally:
        sys.meta_path.remove(finder)
