"""Config <-> class parity: every config dataclass compared with the class it builds."""

from __future__ import annotations

from tools.cache import cached
from tools.jsonable import list_codec
from tools.parity import render
from tools.parity.records import ParityRow
from tools.paths import DATA, TOOLS
from tools.registry import Concern
from tools.parity import schema as _inventory_schema


def rows() -> list[ParityRow]:
    def compute() -> list[ParityRow]:
        from tools import config_groups, trainers
        from tools.config_groups import curated
        from tools.losses.discover import loss_classes
        from tools.parity.compare import audit
        from tools.parity.factories import measure_all
        from tools.trainers.introspect import trainer_classes
        from tools.timing import stage

        effective = {
            record.name: {e.name: e.effective for e in record.effective_defaults} for record in trainers.records()
        }
        survey = config_groups.survey()
        with stage("parity.factories"):
            factories = {f.config: f for f in measure_all(survey)}
        pairable = {**loss_classes(), **trainer_classes()}
        return audit(survey, curated.load(), effective, factories, pairable)

    encode, decode = list_codec(ParityRow)
    return cached(
        "parity",
        compute,
        inputs=[
            TOOLS / "parity",
            TOOLS / "config_groups",
            TOOLS / "trainers",
            TOOLS / "hook_points",
            TOOLS / "trainer_zoo",
            TOOLS / "signatures.py",
            DATA / "configs.yaml",
            DATA / "trainers.yaml",
            # The factories are instantiated with the loss zoo's networks.
            TOOLS / "losses",
            DATA / "losses.yaml",
        ],
        encode=encode,
        decode=decode,
    )


def reviewed_rows() -> list[ParityRow]:
    """The rows, once they match the last review of the differences (tools/parity/reviewed.py)."""
    from tools.parity.reviewed import check

    return check(rows())


def group_of() -> dict[str, str]:
    """Config dataclass -> the ConfigStore group its audit page belongs to ("" when in none)."""
    from tools import config_groups

    return {c.name: c.group for c in config_groups.survey().classes}


CONCERN = Concern(
    name="parity",
    sections={
        "counts": lambda _arg: render.render_counts(reviewed_rows()),
        "summary": lambda _arg: render.render_summary(reviewed_rows(), group_of()),
        "groups": lambda _arg: render.render_group_links(reviewed_rows(), group_of()),
        "factories": lambda _arg: render.render_factories(reviewed_rows()),
    },
    pages=lambda: render.render_group_pages(reviewed_rows(), group_of()),
    inventory=lambda: render.inventory(reviewed_rows()),
    inventory_schema=_inventory_schema.SCHEMA,
    inventory_doc="One row per config dataclass that builds a class: fields only in the config, parameters "
    "only in the class, default and type mismatches, each difference classified (by design or suspicious) "
    "with its reason, and the error instantiating it raises where measured.",
)

__all__ = ["CONCERN", "ParityRow", "reviewed_rows", "rows"]
