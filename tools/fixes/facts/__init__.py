"""The fix history (data/fix-history.json) and what the installed torchrl has of each object it names (cached)."""

from __future__ import annotations

from tools.core.cache import RecordSet
from tools.core.codec import record_codec
from tools.fixes.facts.data import load_history
from tools.fixes.facts.installed import ObjectsNow, objects_now
from tools.fixes.facts.records import FixHistory
from tools.fixes.facts.threads import Threads, load_threads

_encode_history, _decode_history = record_codec(FixHistory)
# The committed history, validated (``make fix-history`` rewrites it).
history = RecordSet("fixes.history", load_history, encode=_encode_history, decode=_decode_history)


def _objects() -> ObjectsNow:
    return objects_now(history())


_encode_objects, _decode_objects = record_codec(ObjectsNow)
# Each touched object against the installed torchrl: present, moved, gone or a script, and its documented classes.
objects = RecordSet("fixes.objects", _objects, encode=_encode_objects, decode=_decode_objects, committed=True)


def _threads() -> Threads:
    return load_threads(history())


_encode_threads, _decode_threads = record_codec(Threads)
# What the fixes' pull-request and issue threads say: the issues fixed, their titles, quoted errors.
thread_facts = RecordSet("fixes.threads", _threads, encode=_encode_threads, decode=_decode_threads)

__all__ = ["history", "objects", "thread_facts"]
