"""The concerns that feed the site, and the contract each one fulfils.

A concern is a sub-package of ``tools`` with two halves: ``facts`` (records,
introspection, measurement, curated data) and ``views`` (Markdown, inventory),
whose ``concern`` module defines ``CONCERN``.  A concern may provide:

* ``sections``: marker name -> function(argument) -> Markdown.  A page asks for
  one with ``<!-- gen:<concern>.<section> [argument] -->``; a section's own
  Markdown may hold markers of other concerns (the site expands them too), which
  is how one concern's page shows another's section without importing its
  renderer.
* ``pages``: function() -> {docs-relative path: Markdown} for whole generated
  pages (one page per loss, for instance).
* ``inventory``: function() -> JSON-able value stored under ``CONCERN.name``
  in ``site/inventory.json``.
* ``links``: function(subject kind, name) -> [(title, docs-relative page)]: the
  pages this concern has about a subject (``"loss"``, ``"ClipPPOLoss"``).  A page
  that lists "where else this appears" asks ``links()``, never another concern.

Concerns are found by name (``CONCERN_MODULES``), not imported statically: this
module sits below every concern.  Adding a concern is one line there.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tools.core import urls
from tools.core.timing import stage

# Each concern's views.  Order matters only for the order of keys in inventory.json and of
# links(); the order in which concerns' facts may build on each other is the import contract's
# (pyproject.toml, [tool.importlinter]).
CONCERN_MODULES: tuple[str, ...] = (
    "tools.versions.views.concern",
    "tools.losses.views.concern",
    "tools.estimators.views.concern",
    "tools.estimator_matrix.views.concern",
    "tools.targets.views.concern",
    "tools.trainers.views.concern",
    "tools.hook_points.views.concern",
    "tools.hooks.views.concern",
    "tools.config_groups.views.concern",
    "tools.parity.views.concern",
    "tools.recipes.views.concern",
    "tools.curves.views.concern",
    "tools.contracts.views.concern",
    "tools.sota.views.concern",
    "tools.outputs.views.concern",
    "tools.wiring.views.concern",
    "tools.troubleshooting.views.concern",
    "tools.fixes.views.concern",
    "tools.error_catalog.views.concern",
    "tools.upgrading.views.concern",
    "tools.skill.views.concern",
    "tools.api.views.concern",
    "tools.inventory.views.concern",
)


@dataclass(frozen=True)
class Concern:
    name: str
    sections: Mapping[str, Callable[[str], str]] = field(default_factory=dict)
    pages: Callable[[], Mapping[str, str]] | None = None
    inventory: Callable[[], Any] | None = None
    # One sentence for the Tools page: what the inventory section holds.
    inventory_doc: str = ""
    # JSON Schema of the inventory section (tools/core/schema.py assembles
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
    # (subject kind, name) -> [(title, docs-relative page)]: this concern's pages about a subject.
    links: Callable[[str, str], list[tuple[str, str]]] | None = None
    # Data files the pages' scripts read: site-relative path -> text, written beside inventory.json.
    files: Callable[[], Mapping[str, str]] | None = None
    # Binary files written beside them (an archive): site-relative path -> bytes.
    binary_files: Callable[[], Mapping[str, bytes]] | None = None
    # Files served as they are: docs-relative path -> the file on disk. The build adds them to its
    # files, so a page links one like any file under docs/ (and a broken link fails the strict build).
    assets: Callable[[], Mapping[str, Path]] | None = None


# The concerns once found: pages ask for them on every cross-link (``links``, ``badges``),
# thousands of times a build, and importing each module again through ``stage`` was a noticeable cost.
_found: list[Concern] = []


def concerns() -> list[Concern]:
    if _found:
        return list(_found)
    found = []
    for module_name in CONCERN_MODULES:
        # The first import of a concern may import torchrl: `make bench` shows it apart.
        with stage(f"{module_name.removeprefix('tools.').removesuffix('.views.concern')}.import"):
            module = importlib.import_module(module_name)
        concern = getattr(module, "CONCERN", None)
        if not isinstance(concern, Concern):
            raise TypeError(f"{module_name} must define CONCERN = Concern(...)")
        found.append(concern)
    names = [c.name for c in found]
    if len(set(names)) != len(names):
        raise ValueError(f"two concerns share a name: {names}")
    _found.extend(found)
    return found


def section_table() -> dict[str, Callable[[str], str]]:
    """Every marker name (``concern.section``) -> its render function."""
    return {f"{c.name}.{name}": render for c in concerns() for name, render in c.sections.items()}


def links(kind: str, name: str) -> list[tuple[str, str]]:
    """(title, docs-relative page) of every page some concern has about ``name`` (a ``kind``: loss, trainer...)."""
    return [link for c in concerns() if c.links is not None for link in c.links(kind, name)]


# links(UPGRADE, "<section> <object>[ <field>]"): what the newest release step changed there, as
# [("changed in 0.14" or "new in 0.14", upgrade page#anchor)]. Sections and names are those of the API
# snapshots: "losses ClipPPOLoss parameters.clip_epsilon", "losses ACTLoss accepted_keys.action_chunk",
# "estimators.classes GAE parameters.group_key", "trainers PPOTrainer", "configs GAEConfig fields.average_gae".
UPGRADE = "upgrade"


def badges(subject: str, here: str) -> str:
    """The "changed in" / "new in" badges of ``subject`` (see UPGRADE), as links from the page ``here``;
    "" when no concern has one.  One markup for every page that shows them."""
    return "".join(
        f" [{title}]({urls.link(here, *page.split('#', 1))}){{ .upgrade-badge }}"
        for title, page in links(UPGRADE, subject)
    )


def inventory() -> dict[str, Any]:
    """Every generated fact, keyed by concern (written to site/inventory.json)."""
    return {c.name: c.inventory() for c in concerns() if c.inventory is not None}


def site_assets() -> dict[str, Path]:
    """Every concern's files served as they are: docs-relative path -> file on disk."""
    out: dict[str, Path] = {}
    for concern in concerns():
        for path, source in (concern.assets() if concern.assets is not None else {}).items():
            if path in out:
                raise ValueError(f"two concerns serve the site file {path}")
            out[path] = source
    return out


def site_files() -> dict[str, str]:
    """Every concern's data files for the pages' scripts: site-relative path -> text."""
    out: dict[str, str] = {}
    for concern in concerns():
        for path, text in (concern.files() if concern.files is not None else {}).items():
            if path in out:
                raise ValueError(f"two concerns write the site file {path}")
            out[path] = text
    return out


def site_binary_files() -> dict[str, bytes]:
    """Every concern's binary files: site-relative path -> bytes."""
    out: dict[str, bytes] = {}
    for concern in concerns():
        for path, data in (concern.binary_files() if concern.binary_files is not None else {}).items():
            if path in out:
                raise ValueError(f"two concerns write the site file {path}")
            out[path] = data
    return out
