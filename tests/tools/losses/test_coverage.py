"""The loss table, the pages and the inventory list every public loss of torchrl, and nothing else.

"Every public loss" is found here independently of the discovery the pages are
built from (``tools.torchrl.losses`` reads ``__all__``): every subclass of
``LossModule`` torchrl defines, kept when one of its public namespaces gives
it under its own name.
"""

from __future__ import annotations

import importlib
import re

from tools.losses.facts.build import all_records
from tools.losses.views.inventory import entry
from tools.losses.views.table import render_table
from tools.site.markers import generated_pages
from tools.torchrl import losses as discover


def _public_losses() -> set[str]:
    from torchrl.objectives import LossModule

    for namespace in discover.NAMESPACES:  # defines the subclasses the walk can then see
        importlib.import_module(namespace)
    found, stack = set(), [LossModule]
    while stack:
        for sub in stack.pop().__subclasses__():
            stack.append(sub)
            exported = any(
                getattr(importlib.import_module(namespace), sub.__name__, None) is sub
                for namespace in discover.NAMESPACES
            )
            if exported and sub.__module__.startswith("torchrl.") and not sub.__name__.startswith("_"):
                found.add(sub.__name__)
    return found


OFFERED = _public_losses()


def test_torchrl_offers_losses_in_both_namespaces():
    # Guards the discovery itself: a refactor of torchrl's exports must not silently empty the table.
    namespaces = {discover.namespace_of(name) for name in OFFERED}
    assert namespaces == set(discover.NAMESPACES)


def test_the_discovery_finds_what_the_subclass_walk_finds():
    assert set(discover.loss_classes()) == OFFERED


def test_table_rows_equal_torchrl_losses_both_ways():
    table = render_table(all_records(), {})
    linked = set(re.findall(r"^\| \[(\w+)\]\(\w+\.md\)", table, flags=re.M))
    assert linked - OFFERED == set(), "table rows for names torchrl does not offer as losses"
    assert OFFERED - linked == set(), "losses torchrl offers that the table lacks"


def test_one_generated_page_per_loss():
    pages = {
        path.removeprefix("losses/").removesuffix(".md") for path in generated_pages() if path.startswith("losses/")
    }
    assert pages == OFFERED


def test_inventory_entries_equal_torchrl_losses():
    names = [entry(r, None)["name"] for r in all_records()]
    assert len(names) == len(set(names)) and set(names) == OFFERED


def test_inventory_entries_have_exactly_the_documented_fields():
    from tools.losses.views.inventory import SCHEMA

    for record in all_records():
        assert list(entry(record, None)) == list(SCHEMA), record.name
