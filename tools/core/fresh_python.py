"""Python run in a fresh interpreter: the one way the project starts a child Python.

A child starts from nothing this process imported or set, so what it prints or
measures is what a reader running the same file would see.  Two shapes:

* ``run_fresh_python``: run to the end and return what it printed (captured as
  text), in an empty temporary directory unless told where, with a timeout;
* ``start_fresh_python``: start it in the background and return the process,
  for callers that read its output as it comes or collect it later.

Both limit the child's threads the same way (``thread_limits``): one CPU thread
unless the caller asks otherwise, so that examples and measurements print the
same numbers on any machine and two children beside the build do not fight
over the cores.  ``threads=None`` keeps the parent's setting (a child that
must compute exactly what the parent would).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path

# The variables that bound a child's CPU threads: torch's intra-op pool reads OpenMP's.
THREAD_VARIABLES = ("OMP_NUM_THREADS",)


def thread_limits(threads: int | None) -> dict[str, str]:
    """The environment variables that hold a child to ``threads`` CPU threads (none for ``None``)."""
    if threads is None:
        return {}
    if threads < 1:
        raise ValueError(f"threads must be at least 1, not {threads}")
    return dict.fromkeys(THREAD_VARIABLES, str(threads))


def fresh_environment(
    env: Mapping[str, str] | None = None, *, threads: int | None = 1, extra: Mapping[str, str] | None = None
) -> dict[str, str]:
    """``env`` (this process's environment by default) with the thread limits and ``extra`` set over it."""
    return {**(os.environ if env is None else env), **thread_limits(threads), **(extra or {})}


def run_fresh_python(
    arguments: Sequence[str],
    *,
    timeout: float,
    cwd: Path | None = None,
    env: Mapping[str, str] | None = None,
    extra_env: Mapping[str, str] | None = None,
    threads: int | None = 1,
    input: str | None = None,
    python: str = sys.executable,
) -> subprocess.CompletedProcess[str]:
    """Run ``python ARGUMENTS`` to its end; its output captured as text.

    ``cwd`` None runs it in an empty temporary directory, removed afterwards (the child sees no
    project file it did not name).  ``timeout`` (seconds) raises ``subprocess.TimeoutExpired``.
    """
    command = [python, *arguments]
    environment = fresh_environment(env, threads=threads, extra=extra_env)
    if cwd is not None:
        return _run(command, cwd, environment, timeout, input)
    with tempfile.TemporaryDirectory() as scratch:
        return _run(command, Path(scratch), environment, timeout, input)


def _run(
    command: list[str], cwd: Path, environment: dict[str, str], timeout: float, input: str | None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command, cwd=cwd, env=environment, input=input, capture_output=True, text=True, timeout=timeout, check=False
    )


def start_fresh_python(
    arguments: Sequence[str],
    *,
    cwd: Path,
    stdout: int | None = subprocess.PIPE,
    stderr: int | None = subprocess.PIPE,
    env: Mapping[str, str] | None = None,
    extra_env: Mapping[str, str] | None = None,
    threads: int | None = 1,
    python: str = sys.executable,
) -> subprocess.Popen[str]:
    """Start ``python ARGUMENTS`` in the background in ``cwd``, its stdin closed; text pipes by default.

    ``stdout``/``stderr`` take ``subprocess.PIPE`` or ``subprocess.DEVNULL``.  The caller waits for it
    (``communicate(timeout=...)``) or kills it: a background child outlives no timeout here."""
    return subprocess.Popen(
        [python, *arguments],
        cwd=cwd,
        env=fresh_environment(env, threads=threads, extra=extra_env),
        stdin=subprocess.DEVNULL,
        stdout=stdout,
        stderr=stderr,
        text=True,
    )
