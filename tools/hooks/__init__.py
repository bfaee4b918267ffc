"""Trainer hook classes: constructor arguments and where ``register()`` attaches each (measured)."""

from __future__ import annotations

from tools.cache import cached
from tools.hooks import render
from tools.hooks.records import HookClassRecord
from tools.jsonable import list_codec
from tools.paths import TOOLS
from tools.registry import Concern
from tools.hooks import schema as _inventory_schema


def records() -> list[HookClassRecord]:
    def compute() -> list[HookClassRecord]:
        from tools.hooks.measure import measure_all

        return measure_all()

    encode, decode = list_codec(HookClassRecord)
    return cached(
        "hooks",
        compute,
        inputs=[
            TOOLS / "hooks",
            TOOLS / "hook_points",
            TOOLS / "trainer_zoo",
            TOOLS / "signatures.py",
            TOOLS / "trainers" / "introspect.py",
            # The DreamerV3 stepper is built on the loss zoo's DreamerV3Loss.
            TOOLS / "losses" / "zoo.py",
            TOOLS / "losses" / "recipes",
        ],
        encode=encode,
        decode=decode,
    )


def _table(_arg: str) -> str:
    from tools import config_groups, trainers

    return render.render_table(records(), trainers.records(), config_groups.survey())


def _placement(_arg: str) -> str:
    from tools import trainers

    return render.render_placement_differences(records(), trainers.records())


def _inventory():
    from tools import config_groups, trainers

    return render.inventory(records(), trainers.records(), config_groups.survey())


CONCERN = Concern(
    name="hooks",
    sections={
        "table": _table,
        "constructors": lambda _arg: render.render_constructors(records()),
        "placement": _placement,
    },
    inventory=_inventory,
    inventory_schema=_inventory_schema.SCHEMA,
    inventory_doc="Every TrainerHookBase subclass: constructor parameters, where `register(trainer)` attaches it "
    "(measured on a probe trainer), the module name it takes, the trainers that build it in and its Hydra config.",
)

__all__ = ["CONCERN", "HookClassRecord", "records"]
