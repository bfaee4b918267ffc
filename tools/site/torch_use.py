"""Whether a build imported torch.

Every record set that needs torchrl imported is kept in ``outputs/records/`` (``make
records``), so a build of the pinned release reads what torchrl does and imports no torch:
its cost is then neither paid by the build nor by the pages' renderer.  A build that did
import it says so in its log, naming what it measured; a test holds the test build to none.
"""

from __future__ import annotations

import sys

IMPORTED = "imported torch"


def imported() -> bool:
    return "torch" in sys.modules


def note(where: str, measured: list[str]) -> str:
    """The log line of a build (or a page) that imported torch."""
    what = ", ".join(measured) if measured else "no record set: a view or a marker asked torchrl directly"
    return f"{where} {IMPORTED} (measured: {what}); where every record set is kept, a build imports none"
