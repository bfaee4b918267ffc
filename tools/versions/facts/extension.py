"""Does torchrl's compiled extension load with the installed torch?  Measured.

torchrl ships one C++ extension, ``torchrl._torchrl`` (the sum/min segment
trees behind prioritized replay).  It is linked against the torch it was built
for, yet ``torchrl`` declares only ``torch>=2.1`` and ``import torchrl`` stays
silent when the extension fails to load: the first prioritized buffer raises.
So the site measures it instead of trusting the declared range.

This file imports nothing from the project, on purpose: ``make
capture-extension-mismatch`` runs it as a script inside a throwaway venv that
holds an older torch, to record the error users see there.
"""

from __future__ import annotations

import json
import platform
import re
import sys


def _redact(text: str) -> str:
    """Drop this machine's paths: a reader's site-packages lives elsewhere."""
    return re.sub(r"/\S*/site-packages/", ".../site-packages/", text)


def probe() -> dict:
    """Import the extension, then build, extend and sample a prioritized buffer."""
    import warnings

    import torch

    result: dict = {"torch": torch.__version__, "python": platform.python_version()}
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        from importlib import metadata

        import torchrl

        result["torchrl"] = metadata.version("torchrl")
        try:
            import torchrl._torchrl  # noqa: F401
        except ImportError as exc:
            result["import_error"] = _redact(f"{type(exc).__name__}: {exc}")
        else:
            result["import_error"] = None
        # torchrl's load failure message says "See warning above": record whether one was raised.
        result["import_warnings"] = [
            _redact(f"{w.category.__name__}: {w.message}") for w in caught if "_torchrl" in str(w.message)
        ]
    from torchrl.data import LazyTensorStorage, PrioritizedReplayBuffer

    try:
        buffer = PrioritizedReplayBuffer(alpha=0.7, beta=0.5, storage=LazyTensorStorage(10))
        buffer.extend(torch.arange(6.0))
        sample = buffer.sample(4)
    except Exception as exc:  # the failure is the measurement
        result["buffer_error"] = f"{type(exc).__name__}: {exc}"
        result["loads"] = False
    else:
        result["buffer_error"] = None
        result["loads"] = result["import_error"] is None and sample.shape == (4,)
    return result


if __name__ == "__main__":
    import datetime

    captured = {**probe(), "captured_on": datetime.date.today().isoformat(), "refresh": "make capture-mismatch"}
    json.dump(captured, sys.stdout, indent=1)
    sys.stdout.write("\n")
