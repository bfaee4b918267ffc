"""The troubleshooting entries, their captured error texts and check_wiring's reports (cached)."""

from __future__ import annotations

import json

from tools.core.cache import RecordSet
from tools.core.codec import record_codec
from tools.core.paths import DATA
from tools.troubleshooting.facts import curated as curated_data
from tools.troubleshooting.facts.capture import capture_all
from tools.troubleshooting.facts.records import Captures, Curated, WiringCases
from tools.troubleshooting.facts.wiring import wiring_cases as measure_wiring_cases
from tools.versions.facts import mismatch_capture

REVIEWED_FILE = DATA / "captured" / "troubleshooting.json"
ACCEPT_COMMAND = "make troubleshooting-accept"

_encode_curated, _decode_curated = record_codec(Curated)
curated_entries = RecordSet(
    "troubleshooting.curated", curated_data.load, encode=_encode_curated, decode=_decode_curated
)


def _captures() -> Captures:
    return capture_all(curated_entries(), mismatch_capture())


_encode_captures, _decode_captures = record_codec(Captures)
captures = RecordSet(
    "troubleshooting.captures",
    _captures,
    code=("tools.troubleshooting.facts.capture",),
    encode=_encode_captures,
    decode=_decode_captures,
)


def _wiring_cases() -> WiringCases:
    return measure_wiring_cases(curated_entries())


_encode_wiring, _decode_wiring = record_codec(WiringCases)
# check_wiring's report for each entry that names its loss and data (``wiring:``); it depends on the
# checker's code, on who writes each key (data/losses.yaml) and on what it measured on the loss zoo.
wiring_cases = RecordSet(
    "troubleshooting.wiring",
    _wiring_cases,
    code=("tools.troubleshooting.facts.wiring",),
    encode=_encode_wiring,
    decode=_decode_wiring,
)


def reviewed() -> dict:
    """slug -> {error_type, error_text, torchrl}: the text each entry was written and last checked against."""
    if not REVIEWED_FILE.exists():
        return {}
    return json.loads(REVIEWED_FILE.read_text(encoding="utf-8"))


def reviewable(captured: Captures) -> dict:
    """What ``make troubleshooting-accept`` stores for the current captures."""
    return {
        c.slug: {"error_type": c.error_type, "error_text": c.error_text, "captured_on": c.captured_on}
        for c in captured.captures
    }


__all__ = ["ACCEPT_COMMAND", "REVIEWED_FILE", "captures", "curated_entries", "reviewable", "reviewed", "wiring_cases"]
