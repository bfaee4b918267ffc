"""Loss records -> the "losses" section of site/inventory.json (and the CLI's --json)."""

from __future__ import annotations

import json
from typing import Any

from tools.core import schema as S
from tools.core.markdown import table
from tools.estimator_matrix.facts.records import MatrixRow
from tools.losses.facts.records import LossRecord
from tools.losses.views import probes as probes_render

# field -> (JSON type, meaning, how it is known).  The Tools page renders this
# table, and a test requires entry() to produce exactly these fields.
SCHEMA: dict[str, tuple[str, str, str]] = {
    "name": ("string", "class name", "introspected"),
    "module": (
        "string",
        "public namespace to import it from (`torchrl.objectives` or `torchrl.objectives.llm`)",
        "introspected",
    ),
    "defined_in": ("string", "module that defines the class", "introspected"),
    "signature": ("string", "constructor signature with defaults", "introspected"),
    "set_keys_available": ("bool", "whether `set_keys` accepts key names", "introspected"),
    "accepted_keys": (
        "object",
        "`set_keys` name -> default key; a nested key is a list of strings, `null` means resolved at run time",
        "introspected",
    ),
    "default_value_estimator": ("string or null", "a `ValueEstimators` member name", "introspected"),
    "supported_value_estimators": (
        "list of strings",
        "members the class declares in `SUPPORTED_VALUE_ESTIMATORS` (empty when it declares none)",
        "introspected",
    ),
    "uses_value_estimator": (
        "bool",
        "whether the class names a default estimator or declares supported ones",
        "introspected",
    ),
    "measured_value_estimators": (
        "object or null",
        'member -> `"ok"`, `"error: <type>: <first line>"` or `"not measured"`: `make_value_estimator(member)` then a forward pass on a tiny batch (`null` when the loss uses no estimator)',
        "measured",
    ),
    "estimator_key_forwarding": (
        "object or null",
        "`reward`/`done`/`terminated` -> whether a key renamed with `set_keys` on the loss reached its default estimator",
        "measured",
    ),
    "required_args": ("list of strings", "constructor arguments without a default", "introspected"),
    "target_params": (
        "list or null",
        "names of the target-parameter sets, with default arguments (`null`: not built here)",
        "measured",
    ),
    "loss_outputs": (
        "list or null",
        "returned keys that are scalars carrying a gradient: the terms to sum",
        "measured",
    ),
    "diagnostic_outputs": ("list or null", "the other returned keys", "measured"),
    "measured": ("bool", "whether the loss was built and run here", "measured"),
    "not_built_reason": ("string or null", "why it was not built", "curated in `tools/torchrl/loss_zoo/__init__.py`"),
    "family": ("string", "algorithm family", "curated in `data/losses.yaml`, validated"),
    "action_space": ("list of strings", "`discrete` and/or `continuous`", "curated in `data/losses.yaml`, validated"),
    "setting": (
        "list of strings",
        "on-policy, off-policy, offline, model-based, imitation, LLM",
        "curated in `data/losses.yaml`, validated",
    ),
    "multi_agent": ("bool", "whether it trains a team of agents", "curated in `data/losses.yaml`, validated"),
    "paper": ("string or null", "link to the paper", "curated in `data/losses.yaml`"),
    "argument_outcomes": (
        "object or null",
        'constructor argument -> `"accepted"`, `"deprecated: <warning>"`, `"warns: <warning>"`, `"refused: <error>"`, `"not tried"` or `"given by the example"`: the loss built again with that argument alone changed to a non-default value (`null`: not built here)',
        "measured",
    ),
    "nested_keys": (
        "object or null",
        '`runs` (bool), `error`, `keys` (`set_keys` name -> the nested key used) and `other_action_kinds` (kind -> "runs" or what happened): the loss run with every key under an `"agents"` group, next-step entries under `("next", "agents", ...)`',
        "measured",
    ),
}


# The JSON Schema of each field, from the labels above (one source for the table and the schema).
_TYPES = {
    "string": S.STR,
    "bool": S.BOOL,
    "string or null": S.nullable(S.STR),
    "list of strings": S.array(S.STR),
    "list or null": S.nullable(S.array(S.KEY)),
}
_SPECIFIC = {
    "accepted_keys": S.mapping(S.nullable(S.KEY), keys="a `set_keys` name"),
    "measured_value_estimators": S.nullable(S.mapping(S.STR, keys="a `ValueEstimators` member name")),
    "estimator_key_forwarding": S.nullable(S.mapping(S.BOOL, keys="`reward`, `done` or `terminated`")),
    "argument_outcomes": S.nullable(S.mapping(S.STR, keys="a constructor argument")),
    "nested_keys": S.nullable(
        S.record(
            "The loss run with every key nested under an `agents` group.",
            runs=(S.BOOL, "whether the forward pass ran"),
            error=(S.nullable(S.STR), "what it raised, when it did not run"),
            keys=(S.mapping(S.KEY, keys="a `set_keys` name"), "the nested key each accepted key was set to"),
            other_action_kinds=(
                S.mapping(S.STR, keys="`discrete` or `continuous`"),
                "the other action kind (where the curated data says both): `runs` or what happened",
            ),
        )
    ),
}


def json_schema() -> dict:
    """The JSON Schema of the losses section: a list of entries with exactly the fields of SCHEMA."""
    fields = {
        name: (_SPECIFIC.get(name) or _TYPES[kind], f"{meaning} ({source})")
        for name, (kind, meaning, source) in SCHEMA.items()
    }
    return S.array(S.record("One public loss.", **fields))


def render_schema() -> str:
    rows = [(f"`{field}`", kind, meaning, source) for field, (kind, meaning, source) in SCHEMA.items()]
    return table(("Field", "Type", "Meaning", "Source"), rows) + "\n"


def _measured_estimators(row: MatrixRow | None) -> dict[str, str] | None:
    return None if row is None else {cell.member: cell.inventory_value() for cell in row.cells}


def _key_forwarding(row: MatrixRow | None) -> dict[str, bool] | None:
    if row is None or row.forwarding is None or not row.forwarding.outcome.ok:
        return None
    return {**dict.fromkeys(row.forwarding.forwarded, True), **dict.fromkeys(row.forwarding.not_forwarded, False)}


def entry(record: LossRecord, estimator_row: MatrixRow | None) -> dict[str, Any]:
    """``estimator_row``: the loss's row of the estimator matrix (None: it uses no value estimator)."""
    m = record.measured
    return {
        "name": record.name,
        "module": record.namespace,
        "defined_in": record.module,
        "signature": record.signature,
        "set_keys_available": record.set_keys_available,
        "accepted_keys": {k.name: k.default for k in record.accepted_keys},
        "default_value_estimator": record.default_value_estimator,
        "supported_value_estimators": record.supported_value_estimators,
        "uses_value_estimator": estimator_row is not None,
        "measured_value_estimators": _measured_estimators(estimator_row),
        "estimator_key_forwarding": _key_forwarding(estimator_row),
        "required_args": record.required_args,
        "target_params": None if m is None else m.target_params,
        "loss_outputs": None if m is None else [o.key for o in m.loss_outputs],
        "diagnostic_outputs": None if m is None else [o.key for o in m.diagnostic_outputs],
        "measured": m is not None,
        "not_built_reason": record.not_built_reason,
        "family": record.curated.family,
        "action_space": record.curated.action_space,
        "setting": record.curated.setting,
        "multi_agent": record.curated.multi_agent,
        "paper": record.curated.paper,
        "argument_outcomes": probes_render.inventory_arguments(m.probes if m else None),
        "nested_keys": probes_render.inventory_nested(m.probes if m else None),
    }


def render_inventory_entry(entry: dict) -> str:
    """One inventory entry as the Tools page shows it."""
    return "```json\n" + json.dumps(entry, indent=2) + "\n```\n"
