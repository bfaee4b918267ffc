"""The Tools page's overview of ``site/inventory.json`` and one example section."""

from __future__ import annotations

import json

from tools.core import registry
from tools.core.markdown import table
from tools.core.registry import Concern


def _kind(value) -> str:
    if isinstance(value, list):
        return f"list of {len(value)}"
    if isinstance(value, dict):
        return f"object of {len(value)} keys"
    return type(value).__name__


def render_overview(_arg: str = "") -> str:
    data = registry.inventory()
    docs = {c.name: c.inventory_doc for c in registry.concerns()}
    rows = [(f"`{name}`", docs[name] or "(undocumented)", _kind(value)) for name, value in data.items()]
    return table(("Section", "Holds", "In this build"), rows) + "\n"


def render_section_example(name: str) -> str:
    data = registry.inventory()
    if name not in data:
        raise KeyError(f"inventory has no section {name!r}; it has {', '.join(data)}")
    return "```json\n" + json.dumps({name: data[name]}, indent=2) + "\n```\n"


CONCERN = Concern(
    name="inventory",
    sections={"overview": render_overview, "example": render_section_example},
)
