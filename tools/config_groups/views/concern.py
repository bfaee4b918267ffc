"""The config-groups page's sections and the ``config_groups`` inventory section."""

from __future__ import annotations

from tools.config_groups.facts import start, survey
from tools.config_groups.views import render
from tools.config_groups.views import schema as _inventory_schema
from tools.core.registry import Concern

CONCERN = Concern(
    name="config_groups",
    start=start,
    sections={
        "overview": lambda _arg: render.render_overview(survey()),
        "groups": lambda _arg: render.render_groups(survey()),
        "unregistered": lambda _arg: render.render_unregistered(survey()),
        "import_warnings": lambda _arg: render.render_import_warnings(survey()),
    },
    inventory=lambda: render.inventory(survey()),
    inventory_schema=_inventory_schema.SCHEMA,
    inventory_doc="Every option of every Hydra ConfigStore group torchrl registers: group, name, config "
    "dataclass, its `_target_`, the class an instantiation builds and how that class was found.",
)
