"""Trainers: every Trainer class torchrl has, its signature, the hooks it wires up, its checkpoints."""

from __future__ import annotations

from tools.cache import cached
from tools.jsonable import list_codec, record_codec
from tools.paths import DATA, TOOLS
from tools.registry import Concern
from tools.trainers import schema as _inventory_schema
from tools.trainers import render
from tools.trainers.checkpoints import CheckpointFacts
from tools.trainers.records import TrainerRecord

INPUTS = [TOOLS / "trainers", TOOLS / "hook_points", TOOLS / "trainer_zoo", TOOLS / "signatures.py", DATA / "trainers.yaml"]


def records() -> list[TrainerRecord]:
    def compute() -> list[TrainerRecord]:
        from tools.trainers.measure import measure_all

        return measure_all()

    encode, decode = list_codec(TrainerRecord)
    return cached("trainers", compute, inputs=INPUTS, encode=encode, decode=decode)


def record(name: str) -> TrainerRecord:
    for r in records():
        if r.name == name:
            return r
    raise KeyError(name)


def checkpoint_facts() -> CheckpointFacts:
    def compute() -> CheckpointFacts:
        from tools.trainers.checkpoints import measure

        return measure()

    encode, decode = record_codec(CheckpointFacts)
    return cached("trainer_checkpoints", compute, inputs=INPUTS, encode=encode, decode=decode)


def _page(name: str) -> str:
    from tools import config_groups, hook_points

    return render.render_page(record(name), config_groups.survey(), hook_points.survey())


def _table(_arg: str) -> str:
    from tools import config_groups, hook_points

    return render.render_table(records(), config_groups.survey(), hook_points.survey())


def _stepper_conflicts(_arg: str) -> str:
    from tools import hook_points

    return render.render_stepper_conflicts(records(), hook_points.survey())


def _pages() -> dict[str, str]:
    return {
        f"trainers/{r.name}.md": f"# {r.name}\n\n<!-- gen:trainers.page {r.name} -->\n\n## API\n\n<!-- gen:api.object {r.name} -->\n"
        for r in records()
    }


def _inventory():
    from tools import config_groups

    return render.inventory(records(), config_groups.survey())


CONCERN = Concern(
    name="trainers",
    sections={
        "table": _table,
        "page": _page,
        "reference_only": lambda _arg: render.render_reference_only(records()),
        "checkpoints": lambda _arg: render.render_checkpoints(checkpoint_facts()),
        "stepper_conflicts": _stepper_conflicts,
        "reference_claims": lambda _arg: render.render_reference_claims(checkpoint_facts()),
    },
    pages=_pages,
    inventory=_inventory,
    inventory_schema=_inventory_schema.SCHEMA,
    inventory_doc="Every trainer class: parameters with defaults (introspected), the hooks it registers when "
    "built (measured, per point), registered modules, checkpoint components, the loss it is built around "
    "(curated) and its Hydra config.",
    page_only_sections=frozenset({"page"}),
)

__all__ = ["CONCERN", "TrainerRecord", "checkpoint_facts", "record", "records"]
