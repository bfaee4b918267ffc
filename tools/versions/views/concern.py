"""The versions concern's sections and inventory section."""

from __future__ import annotations

from tools.core.registry import Concern
from tools.versions.facts import declared_torch_requirement, extension_status, mismatch_capture, read_versions
from tools.versions.views import schema as _inventory_schema
from tools.versions.views.render import render_extension, render_table

CONCERN = Concern(
    name="versions",
    sections={
        "table": lambda _arg: render_table(read_versions()),
        "extension": lambda _arg: render_extension(
            extension_status(), mismatch_capture(), declared_torch_requirement()
        ),
    },
    inventory=lambda: read_versions().to_json(),
    inventory_schema=_inventory_schema.SCHEMA,
    inventory_doc="Installed version of each pinned package and of Python: "
    "an object of distribution name -> version string.",
)
