"""The loss contract and upstream-text pages' sections, the flags other pages place, the inventory section."""

from __future__ import annotations

from tools.contracts.facts import all_contradictions, facts
from tools.contracts.facts.contradictions import loss_contradictions
from tools.contracts.views import render as r
from tools.contracts.views import schema as _inventory_schema
from tools.core.codec import to_json
from tools.core.errors import UsageError
from tools.core.registry import Concern
from tools.estimator_matrix.facts import rows_by_loss
from tools.losses.facts import all_records, record_of


def _section(name: str):
    def render(_arg: str) -> str:
        if name == "contradictions":
            return r.render_contradictions(all_contradictions())
        if name == "forwarding":
            return r.render_forwarding(rows_by_loss())
        records = all_records()
        simple = {
            "reduction": r.render_reduction,
            "functional": r.render_functional,
            "nested": r.render_nested,
            "arguments": r.render_arguments,
        }
        if name in simple:
            return simple[name](records)
        return getattr(r, f"render_{name}")(facts(), records)

    return render


SECTIONS = (
    "subclasses",
    "forward",
    "set_keys",
    "forwarding",
    "mask",
    "reduction",
    "functional",
    "vmap",
    "estimator",
    "nested",
    "arguments",
    "contradictions",
)


def _flags(arg: str) -> str:
    """``loss NAME``: the admonition of every contradiction on that loss's page, above its API section."""
    kind, _, name = arg.strip().partition(" ")
    if kind != "loss":
        raise UsageError(f"contracts.flags takes 'loss NAME', not {arg.strip()!r}")
    return r.render_api_flags(loss_contradictions(record_of(name)))


def _inventory() -> dict:
    f = facts()
    return {
        "loss_contract": {
            "probe_loss": f.probe_loss,
            "forward_signature": f.forward_signature,
            "set_keys_rules": [to_json(c) for c in f.set_keys_checks],
            "unknown_set_keys_name_error": f.unknown_name_error,
            "loss_mask_key_default": f.mask_default,
            "loss_mask_auto_keys": f.mask_auto_keys,
            "loss_mask_key_modes": [to_json(c) for c in f.mask_checks],
            "deactivate_vmap": [to_json(c) for c in f.vmap_checks],
            "overrides": f.overrides,
        },
        "docstring_contradictions": [to_json(c) for c in all_contradictions()],
    }


CONCERN = Concern(
    name="contracts",
    sections={**{name: _section(name) for name in SECTIONS}, "flags": _flags},
    page_only_sections=frozenset({"flags"}),
    inventory=_inventory,
    inventory_schema=_inventory_schema.SCHEMA,
    inventory_doc="`loss_contract`: the rules every loss shares, each measured (set_keys, loss_mask_key modes, "
    "deactivate_vmap) with what was run; `docstring_contradictions`: every place a page shows upstream text that "
    "the installed torchrl contradicts (`owner`, `page`, `kind`, `subject`, `upstream`, `fact`, `how`).",
)
