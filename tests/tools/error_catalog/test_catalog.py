"""The catalogue holds every raise and warn site of the covered torchrl code, each on a page with an anchor.

The count here walks the installed source with ``ast`` on its own (not the catalogue's reader), so a
site the reader misses fails the comparison.
"""

from __future__ import annotations

import ast
import pathlib
from collections import Counter

import pytest

from tools.core import urls
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
    assert sum(expected.values()) > 400  # the whole of objectives and trainers, not a handful


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
    pages = render_pages(found, triggers())
    for page in layout.layout(found):
        text = pages[urls.error_catalog_page(page.slug)]
        for site in (s for s in found.sites if s.module in page.modules):
            assert f'id="{layout.site_anchor(site.module, site.function, site.index)}"' in text, site.id
    anchors = [layout.site_anchor(s.module, s.function, s.index) for s in found.sites]
    assert len(anchors) == len(set(anchors))


def test_pages_stay_small(found):
    for page in layout.layout(found):
        assert (
            sum(1 for s in found.sites if s.module in page.modules) <= layout.SITES_PER_PAGE or len(page.modules) == 1
        )


def test_what_the_build_saw_raise_is_shown(found):
    seen = triggers()
    assert any(t.source.startswith("troubleshooting entry") for t in seen)
    assert any("(" in t.source for t in seen)  # a loss probe: a constructor argument the loss refused
    by_id = found.by_id()
    for trigger in seen:
        assert trigger.site in by_id
