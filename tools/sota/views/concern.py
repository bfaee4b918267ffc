"""The SOTA map's sections, its family pages, the ``sota`` inventory section, and the SOTA links other pages list."""

from __future__ import annotations

from tools.api.facts.objects import class_names
from tools.core import urls
from tools.core.registry import Concern
from tools.sota.facts import checked, sota_map, summaries, trainer_compositions
from tools.sota.views import links, smoke
from tools.sota.views import schema as _inventory_schema
from tools.sota.views.inventory import entries
from tools.sota.views.render import (
    render_classes,
    render_family_pages,
    render_overview,
    render_source,
)
from tools.trainers.facts import trainer_records


def _losses_documented() -> set[str]:
    return set(class_names("loss"))


def _trainers_documented() -> set[str]:
    return {r.name for r in trainer_records()}


def _source(_arg: str) -> str:
    stored, fresh = trainer_compositions()
    return render_source(sota_map(), stored, fresh)


CONCERN = Concern(
    name="sota",
    sections={
        "source": _source,
        "overview": lambda _arg: render_overview(
            summaries(), checked(), trainer_compositions()[0], _losses_documented()
        ),
        "classes": lambda _arg: render_classes(sota_map(), summaries(), checked(), _losses_documented()),
        "config_directories": lambda _arg: links.render_config_directories(urls.CONFIG_GROUPS),
        "smoke": lambda _arg: smoke.render_smoke(sota_map()),
    },
    # One page per algorithm family (sota/families/<family>.md); the map's overview links to each.
    pages=lambda: render_family_pages(
        sota_map(), summaries(), checked(), trainer_compositions()[0], _losses_documented(), _trainers_documented()
    ),
    inventory=lambda: entries(sota_map(), summaries(), checked(), trainer_compositions()[0]),
    inventory_schema=_inventory_schema.SCHEMA,
    inventory_doc=(
        "One entry per directory of pytorch/rl's sota-implementations/ at the recorded `commit`: `directory`, "
        f"`family`, `anchor` (on {urls.SOTA}), `scripts`, `configs`, `helpers`, `launchers`, `ci_smoke`, "
        "`losses`, `estimators`, `target_updaters` (class, arguments, `cadence`), `trainers`, `collectors`, "
        "`replay_buffers`, `samplers`, `storages`, `extras`, `hyperparameters` (per script or trainer config), "
        "`departures` (arguments that differ from the installed defaults), `composes` (per trainer config: "
        "true/false, the error, the keys left out to compose it, and what its trainer node builds) and "
        "`missing_or_deprecated` classes."
    ),
    links=links.links,
)
