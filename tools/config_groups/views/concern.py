"""The config-groups page's sections and the ``config_groups`` inventory section."""

from __future__ import annotations

from tools.config_groups.facts import start, survey
from tools.config_groups.views import render
from tools.config_groups.views import schema as _inventory_schema
from tools.core import urls
from tools.core.registry import Concern


def _links(kind: str, name: str) -> list[tuple[str, str]]:
    """The loss configs whose instantiation builds the loss ``name`` (the survey's one answer: measured for
    factories), for the loss pages' "built by" list."""
    if kind != "loss":
        return []
    found = survey()
    return [
        (
            f"Hydra config `{c.registered_as[0]}` (`{c.name}`) builds it with its defaults",
            f"{urls.CONFIG_GROUPS}#{render.anchor(c.name)}",
        )
        for c in found.classes
        if c.resolved_name == name and c.registered_as
    ]


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
    links=_links,
    inventory_schema=_inventory_schema.SCHEMA,
    inventory_doc="Every option of every Hydra ConfigStore group torchrl registers: group, name, config "
    "dataclass, its `_target_`, the class an instantiation builds and how that class was found.",
)
