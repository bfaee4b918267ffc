"""Every trainer hook class, built on tiny parts and registered on a probe trainer (cached)."""

from __future__ import annotations

from tools.core.cache import RecordSet
from tools.core.codec import list_codec
from tools.hooks.facts.measure import measure_all
from tools.hooks.facts.records import HookClassRecord

_encode, _decode = list_codec(HookClassRecord)
hook_records = RecordSet("hooks", measure_all, encode=_encode, decode=_decode, committed=True)

__all__ = ["HookClassRecord", "hook_records"]
