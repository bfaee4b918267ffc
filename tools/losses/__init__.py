"""The loss reference: every public torchrl loss, introspected, measured on tiny networks, and curated.

Modules: ``discover`` (which losses exist), ``zoo`` + ``recipes/`` (tiny
constructions), ``introspect`` and ``measure`` (facts), ``curated``
(data/losses.yaml and its checks), ``build`` (records, cached), ``render``
(Markdown), ``inventory`` (JSON).
"""

from __future__ import annotations

from tools.registry import Concern


def _records():
    from tools.losses.build import all_records

    return all_records()


def estimator_rows() -> dict:
    """Loss name -> its row of the measured estimator matrix (measured once, there)."""
    from tools.estimators.matrix import matrix

    return {row.loss: row for row in matrix().rows}


def trainers_by_loss() -> dict[str, list[str]]:
    """Loss name -> the trainers built around it (data/trainers.yaml, validated by the trainers concern)."""
    from tools.trainers import curated

    out: dict[str, list[str]] = {}
    for trainer, entry in curated.load().losses.items():
        for loss in (entry.loss, *entry.also):
            out.setdefault(loss, []).append(trainer)
    return out


def _table(_arg: str) -> str:
    from tools.losses.render import render_table

    return render_table(_records(), estimator_rows())


def _choices(_arg: str) -> str:
    from tools.losses.render import render_choices

    return render_choices(_records())


def _inventory_entry(name: str) -> str:
    from tools.losses.build import record_of
    from tools.losses.inventory import entry
    from tools.losses.render import render_inventory_entry

    name = name.strip() or "DQNLoss"
    return render_inventory_entry(entry(record_of(name), estimator_rows().get(name)))


def _inventory_schema(_arg: str) -> str:
    from tools.losses.inventory import render_schema

    return render_schema()


def _pages() -> dict[str, str]:
    from tools.api import load, objects
    from tools.losses import zoo
    from tools.losses.render import page_path, render_page

    recipes, rows, trainers, api = set(zoo.names()), estimator_rows(), trainers_by_loss(), objects.documented()
    return {
        page_path(r.name): render_page(
            r, zoo.source(r.name) if r.name in recipes else None, rows.get(r.name), trainers.get(r.name, []),
            api[r.name], load.parameter_docs(api[r.name].identifier),
        )
        for r in _records()
    }


def _examples() -> dict[str, str]:
    from tools.losses import zoo
    from tools.losses.render import example_code, example_name

    recipes = set(zoo.names())
    return {example_name(r): example_code(r, zoo.source(r.name) if r.name in recipes else None) for r in _records()}


def _inventory() -> list[dict]:
    from tools.losses.inventory import entry

    rows = estimator_rows()
    return [entry(r, rows.get(r.name)) for r in _records()]


def _schema() -> dict:
    from tools.losses.inventory import json_schema

    return json_schema()


CONCERN = Concern(
    name="losses",
    sections={
        "table": _table,
        "choose": _choices,
        "inventory_entry": _inventory_entry,
        "inventory_schema": _inventory_schema,
    },
    pages=_pages,
    examples=_examples,
    inventory=_inventory,
    inventory_schema=_schema(),
    inventory_doc=(
        "One object per public loss (`name`, `module`, `accepted_keys`, `default_value_estimator`, "
        "`supported_value_estimators` (declared), `measured_value_estimators` (member -> \"ok\" or "
        "\"error: <type>: <first line>\"), `estimator_key_forwarding`, `required_args`, `target_params`, "
        "`loss_outputs`, `diagnostic_outputs`, and the curated `family`, `action_space`, `setting`, "
        "`multi_agent`, `paper`); see the losses section below."
    ),
)
