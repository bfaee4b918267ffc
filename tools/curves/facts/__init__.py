"""Every family's committed curves, and the rule that a family which does not learn must say why."""

from __future__ import annotations

from tools.core.cache import RecordSet
from tools.core.codec import list_codec
from tools.curves.facts import plan as plan_module
from tools.curves.facts.records import FamilyCurves, family_curves


class UnexplainedFailure(Exception):
    """A family does not beat the random policy and data/curves.yaml does not say why."""


def _records() -> list[FamilyCurves]:
    plan = plan_module.load()
    return [family_curves(f, plan) for f in plan.families.values()]


_encode, _decode = list_codec(FamilyCurves)
# Every family's committed curves, as they are.
committed_curves = RecordSet("curves", _records, encode=_encode, decode=_decode)


def all_curves() -> list[FamilyCurves]:
    """The records the pages show: a family that does not beat the random policy must say why."""
    curves = committed_curves()
    # Stale runs are not judged here: their pages warn, and the freshness test fails until they are re-made.
    silent = [c.family for c in curves if c.beats_baseline is False and not c.note and not c.stale]
    outdated = [c.family for c in curves if c.beats_baseline and c.note and not c.stale]
    if outdated:
        raise UnexplainedFailure(
            f"{', '.join(outdated)}: beats the random policy now, but data/curves.yaml still explains why it does "
            "not (remove its `note`)"
        )
    if silent:
        raise UnexplainedFailure(
            f"{', '.join(silent)}: does not beat the random policy and data/curves.yaml gives no `note` saying why "
            "(find out: wiring, hyperparameters or budget; fix it, or write what you found in its note)"
        )
    return curves


__all__ = ["FamilyCurves", "UnexplainedFailure", "all_curves", "committed_curves"]
