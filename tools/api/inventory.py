"""objects.inv across ``mkdocs serve --dirty`` rebuilds.

A dirty rebuild renders only the pages that changed, so mkdocstrings
registers (and writes to ``objects.inv``) only the API objects on those
pages; autorefs then cannot resolve a cross-reference to an object on
another page, and under ``strict: true`` that warning aborts the rebuild.
The adapter therefore reads the previous build's ``objects.inv`` before a
dirty rebuild, registers its URLs with autorefs, and writes the union back.
"""

from __future__ import annotations

import io
from pathlib import Path

from mkdocstrings import Inventory


def read(path: Path) -> Inventory:
    if not path.exists():
        return Inventory()
    with path.open("rb") as handle:
        return Inventory.parse_sphinx(handle)


def urls(inventory: Inventory) -> dict[str, str]:
    """identifier -> site-relative URL (what autorefs' ``register_url`` takes)."""
    return {name: item.uri for name, item in inventory.items()}


def merged(previous: Inventory, current: Inventory) -> bytes:
    """``current``'s entries, and ``previous``'s for objects this build did not render."""
    return Inventory(list({**previous, **current}.values()), project=current.project, version=current.version).format_sphinx()


def parse(data: bytes) -> Inventory:
    return Inventory.parse_sphinx(io.BytesIO(data))
