"""The loss contract and upstream-text pages' sections, the flags other pages place, the inventory section."""

from __future__ import annotations

from tools.contracts.facts import all_contradictions, facts
from tools.contracts.facts.contradictions import (
    config_contradictions,
    estimator_record_contradictions,
    hook_contradictions,
    loss_contradictions,
    updater_contradictions,
)
from tools.contracts.views import render as r
from tools.contracts.views import schema as _inventory_schema
from tools.core import urls
from tools.core.codec import to_json
from tools.core.errors import UsageError
from tools.core.registry import Concern
from tools.estimator_matrix.facts import rows_by_loss
from tools.estimators.facts import reference
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


FLAG_FORMS = "'loss NAME', 'estimator NAME', 'hooks', 'updaters' or 'configs'"


def _flags(arg: str) -> str:
    """The admonition of every contradiction a page shows, above the upstream text: ``loss NAME`` and
    ``estimator NAME`` (above that class's API section), ``hooks``, ``updaters``, ``configs`` (above the
    page's sections of that kind)."""
    kind, _, name = arg.strip().partition(" ")
    if kind == "loss" and name:
        return r.render_api_flags(loss_contradictions(record_of(name)), here=urls.loss(name))
    if kind == "estimator" and name:
        return r.render_api_flags(
            estimator_record_contradictions(reference().by_name(name)), here=urls.ESTIMATOR_REFERENCE
        )
    pages = {
        "hooks": (hook_contradictions, urls.TRAINER_HOOKS),
        "updaters": (updater_contradictions, urls.TARGET_UPDATES),
        "configs": (config_contradictions, urls.CONFIG_GROUPS),
    }
    if kind in pages and not name:
        found, here = pages[kind]
        return r.render_api_flags(found(), here=here, named=True)
    raise UsageError(f"contracts.flags takes {FLAG_FORMS}, not {arg.strip()!r}")


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
