"""A traceback's torchrl frames as one key each: ``torchrl/objectives/ppo.py:forward``.

Python prints a frame's function by its bare name (no class), so a key is the file
below ``torchrl/`` and that name.  Captured tracebacks (the troubleshooting entries),
the error catalogue's functions and a pasted traceback all use this one form.
"""

from __future__ import annotations

import re
import traceback
from types import TracebackType

# The last ``torchrl/`` folder of a path: a source checkout is often itself called torchrl
# (``~/code/torchrl/torchrl/envs/common.py``), and the package is the innermost one.
TORCHRL_PATH = re.compile(r"(?:^|.*[/\\])(torchrl[/\\].+)$")
# Frames Python gives a comprehension or generator expression of its own (3.11 and older for the
# comprehensions): they belong to the function that holds them, whose frame comes next.
COMPREHENSIONS = frozenset({"<listcomp>", "<dictcomp>", "<setcomp>", "<genexpr>"})


def module_of(path: str) -> str:
    """``torchrl/objectives/ppo.py`` -> ``torchrl.objectives.ppo`` (a package's ``__init__.py`` -> the package)."""
    return path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")


def key(path: str, function: str) -> str:
    return f"{path}:{function}"


def enclosing_frames(keyed: list[str]) -> list[str]:
    """Frame keys without the comprehensions' own frames (each is its enclosing function's line)."""
    return [frame for frame in keyed if frame.rsplit(":", 1)[-1] not in COMPREHENSIONS]


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
    return enclosing_frames(list(reversed(found)))
