"""The trainer pages' sections, one generated page per trainer, the ``trainers`` inventory section."""

from __future__ import annotations

from tools.config_groups.facts import survey as config_survey
from tools.core import urls
from tools.core.registry import Concern
from tools.hook_points.facts import survey as hook_point_survey
from tools.trainers.facts import checkpoint_facts, record, trainer_records
from tools.trainers.views import render
from tools.trainers.views import schema as _inventory_schema


def _pages() -> dict[str, str]:
    # The page's own section, the upstream bug fixes that changed the class (folded), then its API.
    return {
        urls.trainer(r.name): (
            f"# {r.name}\n\n<!-- gen:trainers.page {r.name} -->\n\n"
            f"## Fixed upstream\n\n<!-- gen:fixes.object {r.name} -->\n\n"
            f"## API\n\n<!-- gen:api.object {r.name} -->\n"
        )
        for r in trainer_records()
    }


CONCERN = Concern(
    name="trainers",
    sections={
        "table": lambda _arg: render.render_table(trainer_records(), config_survey(), hook_point_survey()),
        "page": lambda name: render.render_page(record(name), config_survey(), hook_point_survey()),
        "reference_only": lambda _arg: render.render_reference_only(trainer_records()),
        "checkpoints": lambda _arg: render.render_checkpoints(checkpoint_facts()),
        "stepper_conflicts": lambda _arg: render.render_stepper_conflicts(trainer_records(), hook_point_survey()),
        "reference_claims": lambda _arg: render.render_reference_claims(checkpoint_facts()),
    },
    pages=_pages,
    inventory=lambda: render.inventory(trainer_records(), config_survey()),
    inventory_schema=_inventory_schema.SCHEMA,
    inventory_doc="Every trainer class: parameters with defaults (introspected), the hooks it registers when "
    "built (measured, per point), registered modules, checkpoint components, the loss it is built around "
    "(curated) and its Hydra config.",
    page_only_sections=frozenset({"page"}),
)
