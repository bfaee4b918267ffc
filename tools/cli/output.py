"""Console-script entry points: the shared error path, and quiet exits when output is piped into `head`."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable

from tools.cli.errors import run


def entry_point(main: Callable[[list[str] | None], int | None]) -> None:
    try:
        code = run(main)
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader closed the pipe (`| head`): not an error. Point stdout at
        # devnull so the interpreter's final flush does not complain either.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        code = 0
    sys.exit(code)
