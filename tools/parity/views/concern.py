"""The parity audit's sections, one page per config group, and the ``parity`` inventory section."""

from __future__ import annotations

from tools.core.registry import Concern
from tools.parity.facts import group_of, reviewed_rows
from tools.parity.views import render
from tools.parity.views import schema as _inventory_schema

CONCERN = Concern(
    name="parity",
    sections={
        "counts": lambda _arg: render.render_counts(reviewed_rows()),
        "summary": lambda _arg: render.render_summary(reviewed_rows(), group_of()),
        "groups": lambda _arg: render.render_group_links(reviewed_rows(), group_of()),
        "factories": lambda _arg: render.render_factories(reviewed_rows()),
    },
    pages=lambda: render.render_group_pages(reviewed_rows(), group_of()),
    inventory=lambda: render.inventory(reviewed_rows()),
    inventory_schema=_inventory_schema.SCHEMA,
    inventory_doc="One row per config dataclass that builds a class: fields only in the config, parameters "
    "only in the class, default and type mismatches, each difference classified (by design or suspicious) "
    "with its reason, and the error instantiating it raises where measured.",
)
