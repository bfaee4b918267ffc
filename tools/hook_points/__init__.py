"""Hook points of ``Trainer``: the list torchrl accepts, their order in ``train()``, their behaviour."""

from __future__ import annotations

from tools.cache import cached
from tools.hook_points import render
from tools.hook_points.records import HookPoint, HookPointSurvey
from tools.jsonable import record_codec
from tools.paths import TOOLS
from tools.registry import Concern
from tools.hook_points import schema as _inventory_schema


def survey() -> HookPointSurvey:
    from tools.hook_points.measure import survey as measure

    encode, decode = record_codec(HookPointSurvey)
    return cached(
        "hook_points",
        measure,
        inputs=[TOOLS / "hook_points", TOOLS / "trainer_zoo"],
        encode=encode,
        decode=decode,
    )


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

__all__ = ["CONCERN", "HookPoint", "HookPointSurvey", "survey"]
