"""The SOTA map: pytorch/rl's sota-implementations/ read from their code, checked against torchrl.

``python -m tools.sota PATH`` (``scan``, ``flow``, ``configs``, ``classify``)
writes data/sota.json from a checkout; the build reads it (``data``), checks
it against the installed torchrl (``check``, cached), shows the trainer
configs' stored Hydra compositions (``compose``), sums each directory up
(``summary``) and renders the page (``render``).  ``links`` feeds the loss,
trainer, config and target-update pages.
"""

from __future__ import annotations

from tools.cache import cached
from tools.paths import DATA, TOOLS
from tools.registry import Concern
from tools.sota import schema as _inventory_schema

INPUTS = [
    DATA / "sota.json",
    *(TOOLS / "sota" / f"{name}.py" for name in ("check", "records", "classify", "data")),
    TOOLS / "signatures.py",
    TOOLS / "config_groups",
    DATA / "configs.yaml",
]


def sota_map():
    from tools.sota.data import load_map

    return load_map()


def checked():
    """data/sota.json against the installed torchrl (classes, defaults, trainer config options)."""
    from tools.jsonable import record_codec
    from tools.sota.check import SotaCheck

    def compute():
        from tools import config_groups
        from tools.sota.check import check

        return check(sota_map(), config_groups.survey())

    encode, decode = record_codec(SotaCheck)
    return cached("sota.check", compute, inputs=INPUTS, encode=encode, decode=decode)


def compositions():
    """The stored Hydra compositions and whether their key still matches (``make sota-compose``)."""
    from tools.sota import compose

    stored = compose.load()
    return stored, stored is not None and stored.key == compose.current_key()


def _losses_documented() -> set[str]:
    from tools.losses import discover

    return set(discover.loss_classes())


def _trainers_documented() -> set[str]:
    from tools import trainers

    return {r.name for r in trainers.records()}


def summaries():
    from tools.losses import curated
    from tools.sota.summary import summarize

    def compute():
        losses = curated.load()["losses"]
        families = {name: entry["family"] for name, entry in losses.items()}
        multi_agent = {name for name, entry in losses.items() if entry.get("multi_agent")}
        return summarize(sota_map(), checked(), families, multi_agent)

    return cached("sota.summaries", compute, inputs=[*INPUTS, DATA / "losses.yaml", TOOLS / "sota" / "summary.py"])


def loss_sources():
    """Each script and trainer config that builds a loss, with its hyperparameters (``tools.sota.sources``)."""
    from tools.sota.compose import STORED
    from tools.sota.sources import decode, encode, loss_sources as compute_sources

    def compute():
        return compute_sources(sota_map(), summaries(), checked(), compositions()[0])

    inputs = [*INPUTS, DATA / "losses.yaml", STORED, *(TOOLS / "sota" / f"{name}.py" for name in ("summary", "sources"))]
    return cached("sota.loss_sources", compute, inputs=inputs, encode=encode, decode=decode)


def _source(_arg: str) -> str:
    from tools.sota.render import render_source

    stored, fresh = compositions()
    return render_source(sota_map(), stored, fresh)


def _overview(_arg: str) -> str:
    from tools.sota.render import render_overview

    return render_overview(summaries(), checked(), compositions()[0], _losses_documented())


def _classes(_arg: str) -> str:
    from tools.sota.render import render_classes

    return render_classes(sota_map(), checked(), _losses_documented())


def _families(_arg: str) -> str:
    from tools.sota.render import render_families

    return render_families(sota_map(), summaries(), checked(), compositions()[0], _losses_documented(),
                           _trainers_documented())


def _config_recipes() -> str:
    from tools.sota.links import render_config_recipes

    return render_config_recipes("../")


def _inventory() -> list[dict]:
    from tools.sota.inventory import entries

    return entries(sota_map(), summaries(), checked(), compositions()[0])


CONCERN = Concern(
    name="sota",
    sections={
        "source": _source,
        "overview": _overview,
        "classes": _classes,
        "families": _families,
        "config_recipes": lambda _arg: _config_recipes(),
    },
    inventory=_inventory,
    inventory_schema=_inventory_schema.SCHEMA,
    inventory_doc=(
        "One entry per directory of pytorch/rl's sota-implementations/ at the recorded `commit`: `directory`, "
        "`family`, `anchor` (on sota/index.md), `scripts`, `configs`, `helpers`, `launchers`, `ci_smoke`, "
        "`losses`, `estimators`, `target_updaters` (class, arguments, `cadence`), `trainers`, `collectors`, "
        "`replay_buffers`, `samplers`, `storages`, `extras`, `hyperparameters` (per script or trainer config), "
        "`departures` (arguments that differ from the installed defaults), `composes` (per trainer config: "
        "true/false and the error) and `missing_or_deprecated` classes."
    ),
)

__all__ = ["CONCERN", "checked", "compositions", "loss_sources", "sota_map", "summaries"]
