"""Versions of the pinned packages: the banner on generated pages, a table, inventory."""

from __future__ import annotations

from tools.registry import Concern
from tools.versions.records import Versions, read_versions
from tools.versions.render import render_banner, render_inline, render_table

CONCERN = Concern(
    name="versions",
    sections={"table": lambda _arg: render_table(read_versions())},
    inventory=lambda: read_versions().to_json(),
    inventory_doc="Installed version of each pinned package and of Python: "
    "an object of distribution name -> version string.",
)

__all__ = ["CONCERN", "Versions", "read_versions", "render_banner", "render_inline", "render_table"]
