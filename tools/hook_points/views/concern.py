"""The loop page's sections and the ``hook_points`` inventory section."""

from __future__ import annotations

from tools.core.registry import Concern
from tools.hook_points.facts import survey
from tools.hook_points.views import render
from tools.hook_points.views import schema as _inventory_schema

CONCERN = Concern(
    name="hook_points",
    sections={
        "diagram": lambda _arg: render.render_diagram(survey()),
        "table": lambda _arg: render.render_table(survey()),
        "messages": lambda _arg: render.render_warnings(survey()),
    },
    inventory=lambda: render.inventory(survey()),
    inventory_schema=_inventory_schema.SCHEMA,
    inventory_doc="Every `dest` of `Trainer.register_op`, in the order `train()` first calls it (measured): "
    "loop level, argument types, what its return value does (logged, passed on to later calls, or ignored), "
    "and whether it runs with an optimization stepper or a Ray learner.",
)
