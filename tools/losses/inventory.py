"""Loss records -> the "losses" section of site/inventory.json (and the CLI's --json)."""

from __future__ import annotations

from typing import Any

from tools.losses.records import LossRecord


def entry(record: LossRecord) -> dict[str, Any]:
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
        "declared_value_estimators": record.declared_value_estimators,
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
    }
