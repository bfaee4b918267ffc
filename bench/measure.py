"""One run of each measurement that needs a fresh process: the import floor, a cold build,
`make serve`'s first page, a snippet run, `make test` (also with both cores busy).  Each returns
its numbers or raises ``RunFailed`` with the error text.
"""

from __future__ import annotations

import contextlib
import json
import os
import resource
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import asdict
from pathlib import Path

from bench.durations import parse_closing_line, parse_durations
from tools.core.fresh_python import fresh_environment
from tools.core.paths import CACHE, ROOT

# Everything the build must import, as the issue defines the floor.
FLOOR_MODULES = ("torch", "torchrl", "torchrl.trainers.algorithms.configs")
SLOWEST_TESTS = 10
OUTPUT_TAIL = 3000


class RunFailed(Exception):
    """A measured run failed; the message holds what it printed last."""


def child_env(**overrides: str) -> dict[str, str]:
    return fresh_environment(extra={"NO_MKDOCS_2_WARNING": "1", **overrides})


def clear_caches(*, pytest_cache: bool = False) -> None:
    """What a fresh clone lacks: the records and generated pages (and pytest's cache). The kept venvs of
    older torchrl releases (``.cache/venv-torchrl-*``, ``make release-venv``) stay, as ``.venv/`` does."""
    for path in CACHE.glob("*") if CACHE.is_dir() else ():
        if not path.name.startswith("venv-torchrl-"):
            shutil.rmtree(path, ignore_errors=True) if path.is_dir() else path.unlink(missing_ok=True)
    if pytest_cache:
        shutil.rmtree(ROOT / ".pytest_cache", ignore_errors=True)


def _failure(args: list[str], result: subprocess.CompletedProcess) -> str:
    return f"`{' '.join(args)}` exited {result.returncode}:\n{(result.stdout + result.stderr)[-OUTPUT_TAIL:]}"


def _run(
    args: list[str], *, env: dict[str, str], cwd: Path, check: bool = True
) -> tuple[float, subprocess.CompletedProcess]:
    # The previous run's writes (a whole site, deleted caches) are flushed first: written back while
    # the next run reads torch from disk, they made the import floor vary widely between runs.
    os.sync()
    start = time.perf_counter()
    result = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - start
    if check and result.returncode != 0:
        raise RunFailed(_failure(args, result))
    return wall, result


def import_floor() -> float:
    """Wall time of a fresh interpreter importing what the build must import."""
    wall, _ = _run([sys.executable, "-c", "import " + ", ".join(FLOOR_MODULES)], env=child_env(), cwd=ROOT)
    return wall


def cold_build() -> dict:
    """A strict ``mkdocs build`` in a fresh process, caches cleared and the disk cache off."""
    clear_caches()
    with tempfile.TemporaryDirectory(prefix="bench-site-") as tmp:
        result_path = Path(tmp) / "result.json"
        args = [sys.executable, "-m", "bench.cold_build", str(result_path), str(Path(tmp) / "site")]
        wall, _ = _run(args, env=child_env(DOCS_CACHE="off"), cwd=ROOT)
        ended_at = time.time()
        run = json.loads(result_path.read_text())
    # Interpreter shutdown after a build that imported torch is not free; show it apart.
    return {"wall": wall, "after_build": ended_at - run.pop("build_ended_at"), **run}


# `make serve` must answer within this many seconds of starting, or the run fails (a hang guard only).
SERVE_GIVE_UP_SECONDS = 1800
POLL_SECONDS = 0.05


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def serve_first_page() -> float:
    """Seconds from starting `make serve`'s command, caches cleared, until it serves the home page."""
    clear_caches()
    os.sync()  # as in `_run`
    port = _free_port()
    args = [sys.executable, "-m", "mkdocs", "serve", "--dirty", "--dev-addr", f"127.0.0.1:{port}"]
    with tempfile.TemporaryFile("w+") as output:
        start = time.perf_counter()
        process = subprocess.Popen(args, cwd=ROOT, env=child_env(), stdout=output, stderr=subprocess.STDOUT, text=True)
        try:
            while True:
                if process.poll() is not None:
                    output.seek(0)
                    raise RunFailed(f"`{' '.join(args)}` exited {process.returncode}:\n{output.read()[-OUTPUT_TAIL:]}")
                with (
                    contextlib.suppress(urllib.error.URLError, ConnectionError, TimeoutError),
                    urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as response,
                ):
                    if response.status == 200:
                        return time.perf_counter() - start
                if time.perf_counter() - start > SERVE_GIVE_UP_SECONDS:
                    raise RunFailed(f"`{' '.join(args)}` served nothing within {SERVE_GIVE_UP_SECONDS} s")
                time.sleep(POLL_SECONDS)
        finally:
            process.terminate()
            try:
                process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


# The busy loops of `make test` under load stop by themselves after this much CPU time, should
# the bench die without stopping them.
BUSY_CPU_SECONDS = 3600


def _bounded_cpu() -> None:
    resource.setrlimit(resource.RLIMIT_CPU, (BUSY_CPU_SECONDS, BUSY_CPU_SECONDS))


@contextlib.contextmanager
def busy_cores(count: int = 2) -> Iterator[list[int]]:
    """``count`` processes spinning on the CPU while the block runs (each bounded by RLIMIT_CPU)."""
    loops = [
        subprocess.Popen(
            [sys.executable, "-c", "while True: pass"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            preexec_fn=_bounded_cpu,
        )
        for _ in range(count)
    ]
    try:
        yield [loop.pid for loop in loops]
    finally:
        for loop in loops:
            loop.kill()
            loop.wait()


def snippet_run(path: Path) -> float:
    """The snippet alone, as the tests and a reader run it: a fresh interpreter elsewhere."""
    with tempfile.TemporaryDirectory(prefix="bench-snippet-") as tmp:
        wall, _ = _run([sys.executable, str(path)], env=child_env(), cwd=Path(tmp))
    return wall


def make_test() -> dict:
    """``make test`` from fresh caches, asking pytest for its slowest tests.

    A run whose tests failed still took its time: it is returned with its
    ``failure`` text.  A run in which pytest never finished raises RunFailed.
    """
    clear_caches(pytest_cache=True)
    options = [os.environ.get("PYTEST_ADDOPTS", ""), f"--durations={SLOWEST_TESTS}", "--durations-min=0"]
    args = ["make", "--no-print-directory", "test"]
    wall, result = _run(args, env=child_env(PYTEST_ADDOPTS=" ".join(filter(None, options))), cwd=ROOT, check=False)
    closing = parse_closing_line(result.stdout)
    if closing is None:
        raise RunFailed(_failure(args, result))
    return {
        "wall": wall,
        "outcome": closing[0],
        "pytest_seconds": closing[1],
        "durations": [asdict(entry) for entry in parse_durations(result.stdout)],
        "failure": _failure(args, result) if result.returncode != 0 else None,
    }


# A CLI call that should answer from the records a build left in .cache/ (no torch import).
CLI_CALL = ("inspect_loss_keys", "--loss", "ClipPPOLoss", "--json")


def cli_call() -> float:
    """Wall time of ``CLI_CALL`` from another directory; run after a build filled ``.cache/``."""
    script = Path(sys.executable).parent / CLI_CALL[0]
    with tempfile.TemporaryDirectory(prefix="bench-cli-") as tmp:
        wall, _ = _run([str(script), *CLI_CALL[1:]], env=child_env(), cwd=Path(tmp))
    return wall


# The loss whose wiring `make bench` checks: the most common wiring (actor, critic, GAE, a [envs, time] batch).
WIRING_LOSS = "ClipPPOLoss"


def wiring_check() -> float:
    """Seconds of one ``check_wiring`` call in a fresh interpreter, after its imports (bench/wiring_check.py)."""
    _, result = _run([sys.executable, "-m", "bench.wiring_check"], env=child_env(DOCS_CACHE="off"), cwd=ROOT)
    return float(result.stdout.strip().splitlines()[-1])
