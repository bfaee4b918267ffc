"""The estimator reference's sections and the ``estimators`` inventory section."""

from __future__ import annotations

from tools.core import urls
from tools.core.errors import unknown_name
from tools.core.keys import Key, key_json
from tools.core.registry import Concern
from tools.estimators.facts import EstimatorRecord, EstimatorReference, reference
from tools.estimators.views import render
from tools.estimators.views import schema as _inventory_schema


def _reference_section(name: str) -> str:
    data = reference()
    names = [record.name for record in data.estimators]
    if name not in names:
        raise unknown_name("estimator class", name, names)
    # The class's page (value-estimators/<name>.md): its title and sections, then the flags of whatever
    # upstream text in it (or in the errors above) the installed torchrl contradicts; the upstream bug fixes that
    # changed the class (folded); the API (mkdocstrings) closes it.
    return (
        render.render_estimator(data.by_name(name))
        + f"\n## Fixed upstream\n\n<!-- gen:fixes.object {name} -->\n"
        + f"\n## API\n\n<!-- gen:contracts.flags estimator {name} -->\n\n<!-- gen:api.object {name} 3 -->\n"
    )


def _keys_read(record: EstimatorRecord) -> list[dict]:
    out = []
    for use in record.keys:
        if use.field in ("advantage", "value_target", "value"):
            continue
        required = use.without is not None and not use.without.ok
        read = required or (use.perturbed is not None and (not use.perturbed.ok or bool(use.perturbed.changed)))
        if read:
            out.append(
                {
                    "field": use.field,
                    "key": key_json([*use.location, *Key.of(use.default_key).parts]),
                    "required": required,
                }
            )
    return out


def _keys_written(record: EstimatorRecord) -> list[dict]:
    return [{"field": use.field, "key": use.default_key} for use in record.keys if use.written or use.field == "value"]


def inventory_entries(data: EstimatorReference) -> list[dict]:
    return [
        {
            "name": record.name,
            "import": f"from {record.module} import {record.name}",
            "member": record.member,
            "parameters": [
                {"name": p.name, "required": p.required, "default": None if p.required else p.default}
                for p in record.parameters
            ],
            "make_value_estimator_defaults": record.registry_defaults,
            "key_map": {use.field: use.default_key for use in record.keys},
            "keys_read": _keys_read(record),
            "keys_written": _keys_written(record),
        }
        for record in data.estimators
    ]


CONCERN = Concern(
    name="estimators",
    sections={
        # The argument is the docs-relative page that shows the table.
        "overview": lambda here: render.render_overview(reference(), here.strip() or urls.ESTIMATOR_REFERENCE),
        "reference": _reference_section,
        "aliases": lambda _arg: render.render_aliases(reference()),
        "forwarding": lambda _arg: render.render_forwarding(reference()),
    },
    inventory=lambda: inventory_entries(reference()),
    inventory_schema=_inventory_schema.SCHEMA,
    inventory_doc=(
        "One object per value-estimator class (the class each `ValueEstimators` member maps to): `name`, "
        "`import`, `member`, constructor `parameters` (name, required, default as Python text), the "
        "`make_value_estimator_defaults` a loss passes, the `key_map` (set_keys field -> default key), "
        "`keys_read` (measured: field, key as a list of strings, required) and `keys_written`."
    ),
)
