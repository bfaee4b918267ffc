"""Every ``register_op`` destination, measured on a probe trainer (cached)."""

from __future__ import annotations

from tools.core.cache import RecordSet
from tools.core.codec import record_codec
from tools.hook_points.facts.measure import survey as _measure
from tools.hook_points.facts.records import HookPoint, HookPointSurvey

_encode, _decode = record_codec(HookPointSurvey)
survey = RecordSet("hook_points", _measure, encode=_encode, decode=_decode, committed=True)

__all__ = ["HookPoint", "HookPointSurvey", "survey"]
