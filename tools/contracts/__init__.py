"""The loss contract: what every loss shares (measured), and upstream text checked against the records.

Modules: ``measure`` (set_keys, mask and vmap rules, run on a zoo loss),
``contradictions`` (docstring claims vs introspection and measurement; pure),
``render`` (Markdown), ``records``.  Per-loss facts (masks honoured, default
estimators made, arguments refused, nested keys) come from the loss records.
"""

from __future__ import annotations

from tools.cache import cached
from tools.jsonable import record_codec, to_json
from tools.paths import TOOLS
from tools.registry import Concern
from tools.contracts import schema as _inventory_schema

INPUTS = (TOOLS / "contracts", TOOLS / "losses")


def facts():
    from tools.contracts.records import ContractFacts

    def compute():
        from tools.contracts.measure import measure

        return measure()

    encode, decode = record_codec(ContractFacts)
    return cached("contracts", compute, inputs=INPUTS, encode=encode, decode=decode)


def _records():
    from tools.losses.build import all_records

    return all_records()


def all_contradictions() -> list:
    """Every contradiction on every page that shows upstream text (losses, then trainers)."""
    from tools.contracts.contradictions import loss_contradictions, trainer_contradictions

    found = [c for r in _records() for c in loss_contradictions(r)]
    return found + trainer_contradictions()


def _section(name: str):
    def render(_arg: str) -> str:
        from tools.contracts import render as r

        if name == "contradictions":
            return r.render_contradictions(all_contradictions())
        if name == "forwarding":
            from tools.losses import estimator_rows

            return r.render_forwarding(estimator_rows())
        records = _records()
        simple = {"reduction": r.render_reduction, "functional": r.render_functional, "nested": r.render_nested,
                  "arguments": r.render_arguments}
        if name in simple:
            return simple[name](records)
        return getattr(r, f"render_{name}")(facts(), records)

    return render


SECTIONS = ("subclasses", "forward", "set_keys", "forwarding", "mask", "reduction", "functional", "vmap",
            "estimator", "nested", "arguments", "contradictions")


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
    sections={name: _section(name) for name in SECTIONS},
    inventory=_inventory,
    inventory_schema=_inventory_schema.SCHEMA,
    inventory_doc="`loss_contract`: the rules every loss shares, each measured (set_keys, loss_mask_key modes, "
    "deactivate_vmap) with what was run; `docstring_contradictions`: every place a page shows upstream text that "
    "the installed torchrl contradicts (`owner`, `page`, `kind`, `subject`, `upstream`, `fact`, `how`).",
)
