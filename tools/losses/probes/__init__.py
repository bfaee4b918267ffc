"""Probes that build a zoo loss again from its recipe's own networks, changing one thing.

``arguments``: each constructor argument with a non-default value (accepted,
deprecated, refused).  ``nested``: every key nested under an ``"agents"``
group with an agent dimension (multi-agent use).  ``action_kinds``: the action
kind the recipe does not build, where ``data/losses.yaml`` says both.  Run by
``tools.losses.measure`` on the case it already built, so they cost no extra
recipe run; their results are part of the cached loss records.
"""

from __future__ import annotations

import time

from tools.losses.probes.records import LossProbes, Run
from tools.losses.zoo import LossCase


def probe(case: LossCase, accepted_keys: set[str], curated_action_space: list[str]) -> LossProbes:
    from tools.losses.probes.action_kinds import applicable, probe_other_kind
    from tools.losses.probes.arguments import probe_arguments
    from tools.losses.probes.nested import probe_nested

    start = time.perf_counter()
    result = LossProbes(name=case.name, arguments=probe_arguments(case, accepted_keys))
    result.nested, result.nested_keys = probe_nested(case)
    for kind in curated_action_space:
        if kind == case.action_space or case.action_space is None:
            continue
        reason = applicable(case)
        result.other_action[kind] = Run(False, f"not measured: {reason}", measured=False) if reason else probe_other_kind(case, kind)
    result.milliseconds = round((time.perf_counter() - start) * 1000, 1)
    return result


__all__ = ["LossProbes", "Run", "probe"]
