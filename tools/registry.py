"""The concerns that feed the site, and the contract each one fulfils.

A concern is a sub-package of ``tools`` whose ``__init__`` defines ``CONCERN``.
It may provide:

* ``sections``: marker name -> function(argument) -> Markdown.  A page asks for
  one with ``<!-- gen:<concern>.<section> [argument] -->``.
* ``pages``: function() -> {docs-relative path: Markdown} for whole generated
  pages (one page per loss, for instance).
* ``inventory``: function() -> JSON-able value stored under ``CONCERN.name``
  in ``site/inventory.json``.

Adding a concern is one line in ``CONCERN_MODULES``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from tools.timing import stage

# Order matters only for the order of keys in inventory.json.
CONCERN_MODULES: tuple[str, ...] = (
    "tools.versions",
    "tools.losses",
    "tools.estimators",
    "tools.estimators.matrix",
    "tools.targets",
    "tools.trainers",
    "tools.hook_points",
    "tools.hooks",
    "tools.config_groups",
    "tools.parity",
    "tools.recipes",
    "tools.curves",
    "tools.contracts",
    "tools.sota",
    "tools.outputs",
    "tools.wiring",
    "tools.troubleshooting",
    "tools.api",
    "tools.inventory",
)


@dataclass(frozen=True)
class Concern:
    name: str
    sections: Mapping[str, Callable[[str], str]] = field(default_factory=dict)
    pages: Callable[[], Mapping[str, str]] | None = None
    inventory: Callable[[], Any] | None = None
    # One sentence for the Tools page: what the inventory section holds.
    inventory_doc: str = ""
    # JSON Schema of the inventory section (tools/inventory/schema.py assembles
    # site/inventory.schema.json from these; objects closed, fields described).
    inventory_schema: Mapping[str, Any] | None = None
    # Called at the start of every build, before any record is computed: starts
    # slow work that can run beside the build (a subprocess), if its records are
    # not cached already.  The records then collect it instead of starting it.
    start: Callable[[], None] | None = None
    # Examples a generated page shows with their output: name -> code. `make outputs`
    # runs each alone and stores what it printed (tools/outputs/); the page places it
    # with <!-- gen:outputs.example generated/<name> -->.
    examples: Callable[[], Mapping[str, str]] | None = None
    # Sections that only generated pages use; the "every section is placed
    # somewhere" check does not require a hand-written page to hold them.
    page_only_sections: frozenset[str] = frozenset()


def concerns() -> list[Concern]:
    found = []
    for module_name in CONCERN_MODULES:
        # The first import of a concern may import torchrl: `make bench` shows it apart.
        with stage(f"{module_name.removeprefix('tools.')}.import"):
            module = importlib.import_module(module_name)
        concern = getattr(module, "CONCERN", None)
        if not isinstance(concern, Concern):
            raise TypeError(f"{module_name} must define CONCERN = Concern(...)")
        found.append(concern)
    names = [c.name for c in found]
    if len(set(names)) != len(names):
        raise ValueError(f"two concerns share a name: {names}")
    return found


def section_table() -> dict[str, Callable[[str], str]]:
    """Every marker name (``concern.section``) -> its render function."""
    return {
        f"{c.name}.{name}": render
        for c in concerns()
        for name, render in c.sections.items()
    }
