"""The catalogue holds every raise and warn site of the covered torchrl code, each on a page with an anchor.

The count here walks the installed source with ``ast`` on its own (not the catalogue's reader), so a
site the reader misses fails the comparison.
"""

from __future__ import annotations

import ast
import pathlib
from collections import Counter

import pytest

from tools.error_catalog.facts import catalog, triggers
from tools.error_catalog.facts import pages as layout
from tools.error_catalog.facts.reach import COVERED_PACKAGES, reached
from tools.error_catalog.facts.records import CALLED, COVERED
from tools.error_catalog.views.render import render_pages


def _plain_count(path: pathlib.Path) -> int:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    warn_names = {
        a.asname or a.name
        for n in ast.walk(tree)
        if isinstance(n, ast.ImportFrom) and n.module == "warnings"
        for a in n.names
        if a.name == "warn"
    }

    def is_warn(node):
        if not isinstance(node, ast.Call):
            return False
        f = node.func
        if isinstance(f, ast.Attribute):
            return f.attr == "warn" and isinstance(f.value, ast.Name) and f.value.id == "warnings"
        return isinstance(f, ast.Name) and f.id in warn_names

    return sum(isinstance(n, ast.Raise) or is_warn(n) for n in ast.walk(tree))


@pytest.fixture(scope="module")
def found():
    return catalog()


def test_every_site_of_the_covered_packages_is_catalogued(found):
    import torchrl

    root = pathlib.Path(torchrl.__file__).parent.parent
    expected = Counter()
    for package in COVERED_PACKAGES:
        for path in root.joinpath(*package.split(".")).rglob("*.py"):
            count = _plain_count(path)
            if count:
                expected[str(path.relative_to(root))] = count
    got = Counter(site.path for site in found.sites if site.why_read == COVERED)
    assert got == expected
    assert sum(expected.values()) > 2000  # the whole of the covered packages, not a handful


def test_called_functions_are_read_whole_and_only_them(found):
    functions = reached()
    called = [site for site in found.sites if site.why_read == CALLED]
    assert called, "covered code calls into other torchrl modules that raise"
    for site in called:
        reached_here = functions[site.module]
        assert any(site.function == f or site.function.startswith(f + ".<locals>.") for f in reached_here), site.id
        assert site.called_from.split(":")[0].startswith(COVERED_PACKAGES)


def test_ids_are_unique_and_every_site_resolves_its_exception_mostly(found):
    ids = [site.id for site in found.sites]
    assert len(ids) == len(set(ids))
    resolved = sum(1 for site in found.sites if site.exception_qualname)
    assert resolved / len(found.sites) > 0.95


def test_each_site_has_its_anchor_on_its_page(found):
    """Each site's anchor, its function's and its module's sit on the page the placement names, once in the
    catalogue (a module split between pages carries its anchor on its first page only)."""
    pages = render_pages(found, triggers())
    placed = layout.placement(found)
    for site in found.sites:
        anchors = [
            layout.site_anchor(site.module, site.function, site.index),
            layout.function_anchor(site.module, site.function),
        ]
        for anchor in anchors:
            assert f'id="{anchor}"' in pages[placed.site(site)] or f"{{#{anchor}}}" in pages[placed.site(site)], site.id
        assert f"{{#{layout.module_anchor(site.module)}}}" in pages[placed.module(site.module)], site.module
    for anchor in {layout.module_anchor(s.module) for s in found.sites}:
        assert sum(text.count(f"{{#{anchor}}}") for text in pages.values()) == 1, anchor
    anchors = [layout.site_anchor(s.module, s.function, s.index) for s in found.sites]
    assert len(anchors) == len(set(anchors))


def test_pages_stay_small_and_hold_every_site_once(found):
    """A page holds at most SITES_PER_PAGE sites, unless one class alone has more; a module larger than a
    page is split between pages by class."""
    pages = layout.layout(found)
    for page in pages:
        held = [s for s in found.sites if page.holds(s)]
        assert len(held) <= layout.SITES_PER_PAGE or len({(s.module, s.owner) for s in held}) == 1, page.slug
    assert sorted(s.id for page in pages for s in found.sites if page.holds(s)) == sorted(s.id for s in found.sites)
    assert any(page.parts for page in pages), "no module is split: the split is not exercised here"


def test_what_the_build_saw_raise_is_shown(found):
    seen = triggers()
    assert any(t.source.startswith("troubleshooting entry") for t in seen)
    assert any("(" in t.source for t in seen)  # a loss probe: a constructor argument the loss refused
    by_id = found.by_id()
    for trigger in seen:
        assert trigger.site in by_id


def test_pages_sort_by_name_in_reading_order(found):
    """The navigation lists a folder's pages by name: a package's pages, ten or more of them too, sort in
    the order the layout reads them."""
    pages = layout.layout(found)
    by_package: dict[str, list[str]] = {}
    for page in pages:
        by_package.setdefault(page.package, []).append(page.slug)
    assert any(len(slugs) >= 10 for slugs in by_package.values()), "no package has ten pages: padding untested"
    for slugs in by_package.values():
        assert slugs == sorted(slugs)
