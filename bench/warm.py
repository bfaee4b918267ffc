"""The live-reload cost: what `make serve` does after an edit, in this process, timed.

`make serve` runs ``mkdocs serve --dirty --dev-addr 127.0.0.1:8000``.  MkDocs'
serve loads the config, runs ``on_startup(command="serve", dirty=True)``,
builds once, and on every change calls its builder, which loads the config
again and calls ``build(config, serve_url=..., dirty=True)``.  ``ServeLikeSite``
does the same without the HTTP server and the file watcher, so the measured
time is the rebuild a reader waits for after saving a file.
"""

from __future__ import annotations

import logging
import shutil
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

from mkdocs.commands.build import build
from mkdocs.config import load_config
from mkdocs.livereload import _serve_url

from bench.instrument import PluginClock
from tools.core import timing
from tools.core.paths import ROOT

DEV_ADDR = "127.0.0.1:8000"  # as the Makefile's serve target passes it


class BuildFailed(Exception):
    """A serve-like build raised; the message holds the warnings and errors MkDocs logged."""


class _Messages(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(f"{record.levelname}: {record.getMessage()}")


@contextmanager
def _reporting_failures() -> Iterator[None]:
    """Turn a failed build into BuildFailed with what MkDocs logged (serve prints it; we keep it)."""
    messages = _Messages()
    logger = logging.getLogger("mkdocs")
    logger.addHandler(messages)
    try:
        yield
    except Exception as exc:
        raise BuildFailed("\n".join([f"{type(exc).__name__}: {exc}", *messages.lines])) from exc
    finally:
        logger.removeHandler(messages)


class ServeLikeSite:
    def __init__(self, clock: PluginClock, config_file: Path = ROOT / "mkdocs.yml") -> None:
        self.clock = clock
        self.config_file = config_file
        self.site_dir = Path(tempfile.mkdtemp(prefix="mkdocs_"))
        self.config = None
        self.serve_url = None

    def _get_config(self):
        config = load_config(config_file=str(self.config_file), site_dir=str(self.site_dir), dev_addr=DEV_ADDR)
        return self.clock.instrument(config)

    def start(self) -> float:
        """The first, full build that serve does before it watches; returns its time."""
        start = time.perf_counter()
        self.config = self._get_config()
        self.config.plugins.on_startup(command="serve", dirty=True)
        host, port = self.config.dev_addr
        self.serve_url = _serve_url(host, port, urlsplit(self.config.site_url or "/").path)
        self.config.site_url = self.serve_url
        with _reporting_failures():
            build(self.config, serve_url=self.serve_url, dirty=True)
        return time.perf_counter() - start

    def rebuild(self) -> dict:
        """One rebuild as serve's builder does it after a change; a run record (see bench.stages)."""
        before = self._html_mtimes()
        self.clock.reset()
        start = time.perf_counter()
        config = self._get_config()
        config.site_url = self.serve_url
        build_start = time.perf_counter()
        with _reporting_failures():
            build(config, serve_url=self.serve_url, dirty=True)
        end = time.perf_counter()
        after = self._html_mtimes()
        return {
            "wall": end - start,
            "build": end - build_start,
            "stages": timing.exclusive_totals(),
            "plugins": dict(self.clock.seconds),
            "mkdocstrings": self.clock.mkdocstrings_seconds(config),
            "hooks": list(config["hooks"]),
            "rewritten": sorted(path for path, mtime in after.items() if before.get(path) != mtime),
        }

    def _html_mtimes(self) -> dict[str, int]:
        return {
            path.relative_to(self.site_dir).as_posix(): path.stat().st_mtime_ns
            for path in self.site_dir.rglob("*.html")
        }

    def close(self) -> None:
        if self.config is not None:
            self.config.plugins.on_shutdown()
        shutil.rmtree(self.site_dir, ignore_errors=True)
