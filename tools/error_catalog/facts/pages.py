"""Which catalogue page holds which module: modules in name order, packed into pages of a bounded size.

A page holds the modules of one torchrl package (``objectives``, ``trainers``, ``envs``...; the
packages with few sites share one page), as many as fit under ``SITES_PER_PAGE`` in name order, so
that no page outgrows what a reader scrolls.  A module with more sites than a page holds is split
between pages by class (a class, or a module-level function, is never split).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from tools.core import urls
from tools.error_catalog.facts.records import Catalog, Site, owner_of

SITES_PER_PAGE = 75
# A page's title in the navigation, at most: the sidebar shows it whole.
NAV_TITLE_CHARS = 36
# Packages with fewer sites than this share the page "other".
SMALL_PACKAGE = 20


@dataclass(frozen=True)
class CatalogPage:
    slug: str  # troubleshooting/errors/<slug>.md
    package: str  # torchrl.objectives, ... or "other"
    modules: list[str]
    # For a module split between pages: the classes and module-level functions of it this page holds.
    parts: dict[str, frozenset[str]] = field(default_factory=dict)
    part: int = 1  # which part of its first module the page starts with (a split module's second page: 2)

    def holds(self, site: Site) -> bool:
        return site.module in self.modules and (site.module not in self.parts or site.owner in self.parts[site.module])

    @property
    def path(self) -> str:
        return urls.error_catalog_page(self.slug)

    @property
    def title(self) -> str:
        first, last = _short(self.modules[0], self.package), _short(self.modules[-1], self.package)
        first += f", part {self.part}" if self.part > 1 else ""
        span = first if self.modules[0] == self.modules[-1] else f"{first} … {last}"
        return f"{self.package}: {span}" if self.package != "other" else f"Other torchrl modules: {span}"

    @property
    def nav_title(self) -> str:
        first, last = _short(self.modules[0], self.package), _short(self.modules[-1], self.package)
        # The first module alone: the navigation lists the pages in order, so each page's first module
        # says where it starts, and the title fits the sidebar; the page's heading names the span.
        name = self.package.removeprefix("torchrl.")
        more = "" if first == last else " …"
        more = f", part {self.part}{more}" if self.part > 1 else more
        # A deep module keeps its last parts, which tell the pages apart (``…replay_buffers.ensemble``).
        parts = first.split(".")
        while len(parts) > 1 and len(f"{name}: …{'.'.join(parts)}{more}") > NAV_TITLE_CHARS:
            parts = parts[1:]
        shown = ".".join(parts) if parts == first.split(".") else "…" + ".".join(parts)
        return f"{name}: {shown}{more}"


def _short(module: str, package: str) -> str:
    if package == "other":
        return module.removeprefix("torchrl.")
    return module.removeprefix(package + ".") or module.rsplit(".", 1)[-1]


def _package(module: str) -> str:
    return ".".join(module.split(".")[:2])


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def numbered(number: int, pages: int) -> str:
    """A page's number in its slug, padded to the widest (``-07`` of 12), so that the navigation, which
    lists pages in name order, lists them in reading order."""
    return f"-{number:0{len(str(pages))}d}"


def packed(counts: dict[str, int], package_of: Callable[[str], str], per_page: int) -> dict[str, str]:
    """Module -> the slug of its page, for lists of things per module (an earlier release's messages, the
    names across releases): a package's modules in name order, packed under ``per_page`` things (a module
    is never split); a package on several pages numbers them all (``envs-1``, ``envs-2``), so that the
    navigation lists them in reading order."""
    slugs: dict[str, str] = {}
    by_package: dict[str, list[str]] = {}
    for module in sorted(counts):
        by_package.setdefault(package_of(module), []).append(module)
    for package, modules in by_package.items():
        numbers, number, held = {}, 1, 0
        for module in modules:
            if held and held + counts[module] > per_page:
                number, held = number + 1, 0
            held += counts[module]
            numbers[module] = number
        name = package.removeprefix("torchrl.") if package != "torchrl" else "root"
        for module in modules:
            slugs[module] = name + (numbered(numbers[module], number) if number > 1 else "")
    return slugs


def _units(module: str, sites: list[Site]) -> list[tuple[str, frozenset[str] | None, int]]:
    """(module, its classes on one page or None for all of it, sites): a module that fits a page is one
    unit; a larger one is its classes and functions, in source order, packed under ``SITES_PER_PAGE``."""
    if len(sites) <= SITES_PER_PAGE:
        return [(module, None, len(sites))]
    per_owner: dict[str, int] = {}
    for site in sites:
        per_owner[site.owner] = per_owner.get(site.owner, 0) + 1
    units: list[tuple[str, frozenset[str] | None, int]] = []
    owners: list[str] = []
    held = 0
    for owner, count in per_owner.items():
        if owners and held + count > SITES_PER_PAGE:
            units.append((module, frozenset(owners), held))
            owners, held = [], 0
        owners.append(owner)
        held += count
    units.append((module, frozenset(owners), held))
    return units


def layout(catalog: Catalog) -> list[CatalogPage]:
    by_module: dict[str, list[Site]] = {}
    for site in catalog.sites:
        by_module.setdefault(site.module, []).append(site)
    per_package: dict[str, int] = {}
    for module, sites in by_module.items():
        per_package[_package(module)] = per_package.get(_package(module), 0) + len(sites)
    grouped: dict[str, list[str]] = {}
    for module in sorted(by_module):
        package = _package(module) if per_package[_package(module)] >= SMALL_PACKAGE else "other"
        grouped.setdefault(package, []).append(module)
    pages: list[CatalogPage] = []
    for package, modules in grouped.items():
        chunks: list[list[tuple[str, frozenset[str] | None, int]]] = [[]]
        size = 0
        for unit in (unit for module in modules for unit in _units(module, by_module[module])):
            if chunks[-1] and size + unit[2] > SITES_PER_PAGE:
                chunks.append([])
                size = 0
            chunks[-1].append(unit)
            size += unit[2]
        stem = _slug(package.removeprefix("torchrl."))
        started: dict[str, int] = {}  # module -> the pages it has appeared on so far
        for number, chunk in enumerate(chunks, start=1):
            slug = stem if len(chunks) == 1 else stem + numbered(number, len(chunks))
            parts = {module: owners for module, owners, _ in chunk if owners is not None}
            modules = list(dict.fromkeys(module for module, _, _ in chunk))
            for module in modules:
                started[module] = started.get(module, 0) + 1
            pages.append(CatalogPage(slug, package, modules, parts, started[modules[0]]))
    return pages


@dataclass(frozen=True)
class Placement:
    """Where the catalogue shows a site, a function's section and a module's heading (its first page);
    the pages, and the sites each holds, read once for all of them."""

    pages: list[CatalogPage]
    by_owner: dict[tuple[str, str], str]  # (module, class or function) -> page path, for split modules
    by_module: dict[str, str]  # module -> the path of its first page
    held: dict[str, list[Site]]  # page path -> its sites, in catalogue order
    of_module: dict[str, list[Site]]  # module -> all its sites, in catalogue order

    def module(self, module: str) -> str:
        return self.by_module[module]

    def function(self, module: str, function: str) -> str:
        return self.by_owner.get((module, owner_of(function)), self.by_module[module])

    def site(self, site: Site) -> str:
        return self.function(site.module, site.function)

    def has_module(self, module: str) -> bool:
        return module in self.by_module


def placement(catalog: Catalog) -> Placement:
    pages = layout(catalog)
    by_owner: dict[tuple[str, str], str] = {}
    by_module: dict[str, str] = {}
    for page in pages:
        for module in page.modules:
            by_module.setdefault(module, page.path)
            for owner in page.parts.get(module, ()):
                by_owner[(module, owner)] = page.path
    placed = Placement(pages, by_owner, by_module, {page.path: [] for page in pages}, {})
    for site in catalog.sites:
        placed.held[placed.site(site)].append(site)
        placed.of_module.setdefault(site.module, []).append(site)
    return placed


def anchor(text: str) -> str:
    """An anchor from a module, function or site name: lower case, ``__name__`` as ``dunder-name``, every
    other character but letters and digits as '-' (runs kept, so ``init_`` and ``_init`` stay apart).

    No underscores: Markdown reads ``__init__`` inside a heading's ``{#id}`` as bold before the id is set.
    """
    text = re.sub(r"__(\w+?)__", r"dunder-\1", text.lower())
    return re.sub(r"[^a-z0-9]", "-", text).strip("-")


def module_anchor(module: str) -> str:
    return anchor(module.removeprefix("torchrl."))


def function_anchor(module: str, function: str) -> str:
    return anchor(f"{module.removeprefix('torchrl.')} {function}")


def site_anchor(module: str, function: str, index: int) -> str:
    return f"{function_anchor(module, function)}-{index}"
