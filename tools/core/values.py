"""When two values are the same default: one rule for every comparison the site makes.

A SOTA script's value against the installed default, a config field's default
against its class's, a docstring's stated default against the signature's:
numbers compare with a tolerance (``0.1 + 0.2`` is ``0.3``) but a bool is not
a number (``True`` is not ``1``), an enum equals its name or its value given as
a string (case aside, as Hydra configs write them), and lists and tuples
compare item by item.
"""

from __future__ import annotations

import enum
import math
from typing import Any

RELATIVE_TOLERANCE = 1e-6


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def same_value(a: Any, b: Any) -> bool:
    if _number(a) and _number(b):
        return math.isclose(a, b, rel_tol=RELATIVE_TOLERANCE, abs_tol=1e-12)
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    for member, other in ((a, b), (b, a)):
        if isinstance(member, enum.Enum) and isinstance(other, str):
            return other.lower() in {member.name.lower(), str(member.value).lower()}
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(same_value(x, y) for x, y in zip(a, b, strict=True))
    try:
        return bool(a == b)
    except Exception:  # tensors and other values without a plain truth value
        return False
