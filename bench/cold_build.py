"""Child process of `make bench`: ``mkdocs build --strict`` through MkDocs' own CLI, timed from inside.

    python -m bench.cold_build RESULT.json SITE_DIR

runs exactly what ``make build`` runs (``tools.site.build_command``), and writes to RESULT.json the time of
mkdocs' ``build()``, the generation stages (``tools.core.timing``, with the first
imports of torch, torchrl and the configs as stages of their own), and each
plugin's events (``bench.instrument``).  The caller times the whole process
(interpreter start included) and clears the caches first.
"""

from __future__ import annotations

import gc
import json
import sys
import time
from pathlib import Path

from bench.instrument import PluginClock, timing_imports, timing_mkdocstrings_blocks
from bench.measure import FLOOR_MODULES
from tools.core import timing


class CollectorClock:
    """A ``gc.callbacks`` entry: the time and number of the collector's runs."""

    def __init__(self) -> None:
        self.seconds, self.collections, self._start = 0.0, 0, 0.0

    def __call__(self, phase: str, info: dict) -> None:
        if phase == "start":
            self._start = time.perf_counter()
        else:
            self.seconds += time.perf_counter() - self._start
            self.collections += 1


def main(result_path: str, site_dir: str) -> int:
    import click
    import mkdocs.commands.build
    import mkdocs.config
    from mkdocs.__main__ import cli

    clock = PluginClock()
    seen: dict = {}
    collector = CollectorClock()
    gc.callbacks.append(collector)
    load_config, build = mkdocs.config.load_config, mkdocs.commands.build.build

    def load_and_instrument(*args, **kwargs):
        config = clock.instrument(load_config(*args, **kwargs))
        seen["config"] = config
        return config

    def timed_build(*args, **kwargs):
        start = time.perf_counter()
        try:
            return build(*args, **kwargs)
        finally:
            seen["build"] = time.perf_counter() - start
            seen["ended_at"] = time.time()

    # The CLI looks both up as module attributes when it runs.
    mkdocs.config.load_config = load_and_instrument
    mkdocs.commands.build.build = timed_build
    with timing_mkdocstrings_blocks(clock), timing_imports(FLOOR_MODULES):
        try:
            cli.main(["build", "--strict", "--site-dir", site_dir], prog_name="mkdocs", standalone_mode=False)
        except click.ClickException as exc:  # mkdocs' Abort: strict mode, a failed build
            exc.show()
            return exc.exit_code
    Path(result_path).write_text(
        json.dumps(
            {
                "build": seen["build"],
                # Wall-clock time (comparable across processes): the caller subtracts it from
                # the moment the process ended, which tells how long exiting took.
                "build_ended_at": seen["ended_at"],
                "stages": timing.exclusive_totals(),
                "plugins": dict(clock.seconds),
                "mkdocstrings": clock.mkdocstrings_seconds(seen["config"]),
                "hooks": list(seen["config"]["hooks"]),
                # Python's cyclic garbage collector, over the whole build (it is spread over every stage).
                "gc": {"seconds": collector.seconds, "collections": collector.collections},
            },
            indent=1,
        )
    )
    return 0


if __name__ == "__main__":
    from tools.core.quick_exit import exit_quickly

    exit_quickly(main(*sys.argv[1:]))  # as `make build` ends (tools/site/build_command.py)
