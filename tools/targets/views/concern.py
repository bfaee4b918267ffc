"""The target-updates page's sections and the ``targets`` inventory section."""

from __future__ import annotations

from tools.core import urls
from tools.core.errors import unknown_name
from tools.core.registry import Concern
from tools.targets.facts import cadences, reference
from tools.targets.views import render
from tools.targets.views import schema as _inventory_schema


def _parameters(name: str) -> str:
    data = reference()
    names = [u.name for u in data.updaters]
    if name not in names:
        raise unknown_name("target updater", name, names)
    return render.render_parameters(data.updater(name))


def inventory() -> dict:
    data, paces = reference(), cadences()
    return {
        "updaters": [
            {
                "name": u.name,
                "parameters": [
                    {"name": p.name, "required": p.required, "default": None if p.required else p.default}
                    for p in u.parameters
                ],
            }
            for u in data.updaters
        ],
        "soft_update_eps_from_tau": [list(pair) for pair in data.soft.eps_from_tau],
        "no_updater_warning": None
        if data.no_updater_warning is None
        else {
            "loss": data.no_updater_warning.loss,
            "text": data.no_updater_warning.text,
            "per_forward": data.no_updater_warning.per_forward,
            "per_forward_after": data.no_updater_warning.per_forward_after,
            "silenced_by": data.no_updater_warning.silenced_by,
        },
        "hard_update_copies": [
            {"interval": c.interval, "first_copy_call": c.first_copy_call, "period": c.period} for c in data.hard
        ],
        "losses_with_targets": {
            row.loss: {
                "target_parameters": row.target_groups,
                "delay_switches": row.delay_flags,
                "moved_by_step": row.moved_by_updater,
                "reference_cadences": [
                    {
                        "updater": c.updater,
                        "arguments": c.arguments,
                        "cadence": c.cadence,
                        "script": c.script,
                        "sota_anchor": f"{urls.SOTA}#{c.anchor}",
                    }
                    for c in paces.losses.get(row.loss, [])
                ],
            }
            for row in data.losses
            if row.target_groups
        },
    }


CONCERN = Concern(
    name="targets",
    sections={
        "parameters": _parameters,
        "losses": lambda _arg: render.render_losses_with_targets(reference()),
        "without": lambda _arg: render.render_losses_without_targets(reference()),
        "soft": lambda _arg: render.render_soft(reference()),
        "hard": lambda _arg: render.render_hard(reference()),
        "cadences": lambda _arg: render.render_cadences(cadences()),
        "sources": lambda _arg: render.render_sources(cadences()),
        "no_updater_warning": lambda _arg: render.render_no_updater_warning(reference()),
    },
    inventory=inventory,
    inventory_schema=_inventory_schema.SCHEMA,
    inventory_doc=(
        "Target-network updaters and the losses that keep targets: `updaters` (name, constructor parameters), "
        "`soft_update_eps_from_tau` (measured [tau, eps] pairs), `hard_update_copies` (measured: interval, the "
        "step() call of the first copy, calls between copies) and `losses_with_targets` (loss -> target "
        "parameter groups, delay_* switches, whether step() moved each group, and the reference scripts' cadence); "
        "`no_updater_warning`: what a loss with target parameters warns at forward time without an updater (measured)."
    ),
)
