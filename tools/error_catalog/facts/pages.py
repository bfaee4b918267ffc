"""Which catalogue page holds which module: modules in name order, packed into pages of a bounded size.

A page holds the modules of one torchrl package (``objectives``, ``trainers``, ``envs``...; the
packages with few sites share one page), as many as fit under ``SITES_PER_PAGE`` in name order, so
that no page outgrows what a reader scrolls.  A module is never split.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from tools.error_catalog.facts.records import Catalog

SITES_PER_PAGE = 75
# Packages with fewer sites than this share the page "other".
SMALL_PACKAGE = 20


@dataclass(frozen=True)
class CatalogPage:
    slug: str  # troubleshooting/errors/<slug>.md
    package: str  # torchrl.objectives, ... or "other"
    modules: list[str]

    @property
    def title(self) -> str:
        first, last = _short(self.modules[0], self.package), _short(self.modules[-1], self.package)
        span = first if first == last else f"{first} … {last}"
        return f"{self.package}: {span}" if self.package != "other" else f"Other torchrl modules: {span}"

    @property
    def nav_title(self) -> str:
        first, last = _short(self.modules[0], self.package), _short(self.modules[-1], self.package)
        # The first module alone: the navigation lists the pages in order, so each page's first module
        # says where it starts, and the title fits the sidebar; the page's heading names the span.
        name = self.package.removeprefix("torchrl.")
        return f"{name}: {first}" if first == last else f"{name}: {first} …"


def _short(module: str, package: str) -> str:
    if package == "other":
        return module.removeprefix("torchrl.")
    return module.removeprefix(package + ".") or module.rsplit(".", 1)[-1]


def _package(module: str) -> str:
    return ".".join(module.split(".")[:2])


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


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
            slugs[module] = name + (f"-{numbers[module]}" if number > 1 else "")
    return slugs


def layout(catalog: Catalog) -> list[CatalogPage]:
    counts: dict[str, int] = {}
    for site in catalog.sites:
        counts[site.module] = counts.get(site.module, 0) + 1
    per_package: dict[str, int] = {}
    for module, count in counts.items():
        per_package[_package(module)] = per_package.get(_package(module), 0) + count
    grouped: dict[str, list[str]] = {}
    for module in sorted(counts):
        package = _package(module) if per_package[_package(module)] >= SMALL_PACKAGE else "other"
        grouped.setdefault(package, []).append(module)
    pages: list[CatalogPage] = []
    for package, modules in grouped.items():
        chunks: list[list[str]] = [[]]
        size = 0
        for module in modules:
            if chunks[-1] and size + counts[module] > SITES_PER_PAGE:
                chunks.append([])
                size = 0
            chunks[-1].append(module)
            size += counts[module]
        stem = _slug(package.removeprefix("torchrl."))
        for number, chunk in enumerate(chunks, start=1):
            slug = stem if len(chunks) == 1 else f"{stem}-{number}"
            pages.append(CatalogPage(slug, package, chunk))
    return pages


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
