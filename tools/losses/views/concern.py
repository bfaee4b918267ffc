"""The loss reference: the loss table, "choose a loss", one page per loss, the ``losses`` inventory section."""

from __future__ import annotations

from tools.api.facts import load, objects
from tools.core import urls
from tools.core.registry import Concern
from tools.estimator_matrix.facts import rows_by_loss
from tools.losses.facts import all_records, record_of
from tools.losses.views.choices import render_choices
from tools.losses.views.inventory import entry, json_schema, render_inventory_entry, render_schema
from tools.losses.views.page import example_code, example_name, render_keys, render_page
from tools.losses.views.table import render_table
from tools.torchrl import loss_zoo as zoo
from tools.trainers.facts import curated as trainers_curated


def trainers_by_loss() -> dict[str, list[str]]:
    """Loss name -> the trainers built around it (data/trainers.yaml, validated by the trainers concern)."""
    out: dict[str, list[str]] = {}
    for trainer, entry_ in trainers_curated.load().losses.items():
        for loss in (entry_.loss, *entry_.also):
            out.setdefault(loss, []).append(trainer)
    return out


def _inventory_entry(name: str) -> str:
    name = name.strip() or "DQNLoss"
    return render_inventory_entry(entry(record_of(name), rows_by_loss().get(name)))


def _pages() -> dict[str, str]:
    constructions, rows, trainers, api = set(zoo.names()), rows_by_loss(), trainers_by_loss(), objects.documented()
    return {
        urls.loss(r.name): render_page(
            r,
            zoo.source(r.name) if r.name in constructions else None,
            rows.get(r.name),
            trainers.get(r.name, []),
            load.parameter_docs(api[r.name].identifier),
        )
        for r in all_records()
    }


def _examples() -> dict[str, str]:
    constructions = set(zoo.names())
    return {
        example_name(r): example_code(r, zoo.source(r.name) if r.name in constructions else None) for r in all_records()
    }


def _inventory() -> list[dict]:
    rows = rows_by_loss()
    return [entry(r, rows.get(r.name)) for r in all_records()]


CONCERN = Concern(
    name="losses",
    sections={
        "table": lambda _arg: render_table(all_records(), rows_by_loss()),
        "choose": lambda _arg: render_choices(all_records()),
        "inventory_entry": _inventory_entry,
        "inventory_schema": lambda _arg: render_schema(),
        # One loss's key table, where a recipe page shows the keys of the losses it builds.
        "keys": lambda name: render_keys(record_of(name.strip())),
    },
    page_only_sections=frozenset({"keys"}),
    pages=_pages,
    examples=_examples,
    inventory=_inventory,
    inventory_schema=json_schema(),
    inventory_doc=(
        "One object per public loss (`name`, `module`, `accepted_keys`, `default_value_estimator`, "
        '`supported_value_estimators` (declared), `measured_value_estimators` (member -> "ok" or '
        '"error: <type>: <first line>"), `estimator_key_forwarding`, `required_args`, `target_params`, '
        "`loss_outputs`, `diagnostic_outputs`, and the curated `family`, `action_space`, `setting`, "
        "`multi_agent`, `paper`); see the losses section below."
    ),
)
