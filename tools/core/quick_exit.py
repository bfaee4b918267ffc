"""Ending a process that imported torch without the interpreter's teardown.

When a process that imported torch and torchrl exits normally, the interpreter frees their
objects one by one: a noticeable wait after every cold build (``make bench`` reports it as
``after_build``), with the second core idle.  The operating system frees a process's memory all
at once.  So a command that has finished successfully, with nothing left to write, flushes its
output streams, runs the exit handlers (temporary directories removed, logging flushed) and
ends with ``os._exit``.  A failure exits the usual way.
"""

from __future__ import annotations

import atexit
import os
import sys


def exit_quickly(status: int) -> None:
    """End the process with ``status``; after a success, without freeing its objects one by one."""
    if status != 0:
        sys.exit(status)
    sys.stdout.flush()
    sys.stderr.flush()
    atexit._run_exitfuncs()  # what the interpreter runs at exit before the teardown that os._exit skips
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)
