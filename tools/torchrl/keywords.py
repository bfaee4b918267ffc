"""Whether an installed class or function answers an unknown keyword with Python's own ``TypeError``.

A signature without ``**kwargs`` says Python will reject an unknown keyword, but not always in its own
words: a deprecated alias that forwards its arguments, or a wrapper around ``__init__``, can raise
something else first.  The error matcher only quotes Python's message for an object this measures.
"""

from __future__ import annotations

import importlib
from typing import Any

from tools.core.silence import quiet

# A keyword no torchrl release takes.
PROBE = "keyword_no_torchrl_release_takes"


def rejects_unknown_keyword(module: str, qualname: str) -> bool:
    """Calling ``module.qualname`` with only an unknown keyword raises Python's "unexpected keyword" error.

    The call fails while binding its arguments, before the body runs, for an object this is true of; an
    object it is false of may run (and its result is dropped)."""
    try:
        owner: Any = importlib.import_module(module)
        for part in qualname.split("."):
            owner = getattr(owner, part)
    except (ImportError, AttributeError):
        return False
    try:
        with quiet():
            owner(**{PROBE: 0})
    except TypeError as raised:
        return f"got an unexpected keyword argument '{PROBE}'" in str(raised)
    except Exception:  # it raised something else first (a recursion, its own check): not Python's words
        return False
    return False
