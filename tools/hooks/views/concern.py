"""The hooks page's sections and the ``hooks`` inventory section."""

from __future__ import annotations

from tools.config_groups.facts import survey as config_survey
from tools.core.registry import Concern
from tools.hooks.facts import hook_records
from tools.hooks.views import render
from tools.hooks.views import schema as _inventory_schema
from tools.trainers.facts import trainer_records

CONCERN = Concern(
    name="hooks",
    sections={
        "table": lambda _arg: render.render_table(hook_records(), trainer_records(), config_survey()),
        "constructors": lambda _arg: render.render_constructors(hook_records()),
        "placement": lambda _arg: render.render_placement_differences(hook_records(), trainer_records()),
    },
    inventory=lambda: render.inventory(hook_records(), trainer_records(), config_survey()),
    inventory_schema=_inventory_schema.SCHEMA,
    inventory_doc="Every TrainerHookBase subclass: constructor parameters, where `register(trainer)` attaches it "
    "(measured on a probe trainer), the module name it takes, the trainers that build it in and its Hydra config.",
)
