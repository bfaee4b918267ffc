"""objects.inv: entries that point where their object is defined, across ``mkdocs serve --dirty`` rebuilds.

A dirty rebuild renders only the pages that changed, so mkdocstrings
registers (and writes to ``objects.inv``) only the API objects on those
pages; autorefs then cannot resolve a cross-reference to an object on
another page, and under ``strict: true`` that warning aborts the rebuild.
The adapter therefore reads the previous build's ``objects.inv`` before a
dirty rebuild, registers its URLs with autorefs, and writes the union back.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

from mkdocstrings import Inventory, InventoryItem


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
    return Inventory(
        list({**previous, **current}.values()), project=current.project, version=current.version
    ).format_sphinx()


def parse(data: bytes) -> Inventory:
    return Inventory.parse_sphinx(io.BytesIO(data))


def repointed(inventory: Inventory, defined_at: Callable[[str], str | None]) -> Inventory:
    """Each secondary entry (an alias path) pointed at the section of the object it resolves to.

    griffe registers an alias of an inherited method on every base class
    defining it, overridden ones included, so mkdocstrings also listed
    ``torchrl.objectives.ppo.ClipPPOLoss.make_value_estimator`` under
    ``LossModule.make_value_estimator``, which ``PPOLoss`` overrides; which of
    the two entries won depended on the order pages rendered in.
    ``defined_at(name)`` says where ``name`` is defined (``tools.api.facts.load``).
    """
    sections = {defined_at(name): item.uri for name, item in inventory.items() if item.priority == 1}
    sections.pop(None, None)
    items = []
    for name, item in inventory.items():
        uri = item.uri if item.priority == 1 else sections.get(defined_at(name), item.uri)
        items.append(InventoryItem(name, item.domain, item.role, uri, item.priority, item.dispname))
    return Inventory(items, project=inventory.project, version=inventory.version)
