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


def _table(_arg: str) -> str:
    from tools.losses.render import render_table

    return render_table(_records())


def _choices(_arg: str) -> str:
    from tools.losses.render import render_choices

    return render_choices(_records())


def _inventory_entry(name: str) -> str:
    from tools.losses.build import record_of
    from tools.losses.inventory import entry
    from tools.losses.render import render_inventory_entry

    return render_inventory_entry(entry(record_of(name.strip() or "DQNLoss")))


def _pages() -> dict[str, str]:
    from tools.losses import zoo
    from tools.losses.render import page_path, render_page

    recipes = set(zoo.names())
    return {
        page_path(r.name): render_page(r, zoo.source(r.name) if r.name in recipes else None) for r in _records()
    }


def _inventory() -> list[dict]:
    from tools.losses.inventory import entry

    return [entry(r) for r in _records()]


CONCERN = Concern(
    name="losses",
    sections={"table": _table, "choose": _choices, "inventory_entry": _inventory_entry},
    pages=_pages,
    inventory=_inventory,
    inventory_doc=(
        "One object per public loss (`name`, `module`, `accepted_keys`, `default_value_estimator`, "
        "`supported_value_estimators`, `required_args`, `target_params`, `loss_outputs`, "
        "`diagnostic_outputs`, and the curated `family`, `action_space`, `setting`, `multi_agent`, `paper`); "
        "see the losses section below."
    ),
)
