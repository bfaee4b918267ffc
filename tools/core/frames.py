"""A traceback's torchrl frames as one key each: ``torchrl/objectives/ppo.py:forward``.

Python prints a frame's function by its bare name (no class), so a key is the file
below ``torchrl/`` and that name.  Captured tracebacks (the troubleshooting entries),
the error catalogue's functions and a pasted traceback all use this one form.
"""

from __future__ import annotations

import re
import traceback
from types import TracebackType

TORCHRL_PATH = re.compile(r"(?:^|[/\\])(torchrl[/\\].+)$")


def key(path: str, function: str) -> str:
    return f"{path}:{function}"


def torchrl_path(path: str) -> str | None:
    """``.../site-packages/torchrl/objectives/ppo.py`` -> ``torchrl/objectives/ppo.py``; None outside torchrl."""
    match = TORCHRL_PATH.search(path)
    return match.group(1).replace("\\", "/") if match else None


def torchrl_frames(tb: TracebackType | None) -> list[str]:
    """The torchrl frames of a traceback, innermost first."""
    found = []
    for frame in traceback.extract_tb(tb):
        path = torchrl_path(frame.filename)
        if path is not None:
            found.append(key(path, frame.name))
    return list(reversed(found))
