"""The troubleshooting entries, their captured error texts and check_wiring's reports (cached)."""

from __future__ import annotations

import json

from tools.core import urls
from tools.core.cache import RecordSet
from tools.core.codec import record_codec
from tools.core.paths import DATA
from tools.troubleshooting.facts import curated as curated_data
from tools.troubleshooting.facts.capture import capture_all
from tools.troubleshooting.facts.curated import MECHANISM_DIR
from tools.troubleshooting.facts.records import Capture, Captures, Curated, MechanismText, WiringCases
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
    committed=True,
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
    committed=True,
)


def reviewed() -> dict:
    """slug -> {error_type, error_text, torchrl}: the text each entry was written and last checked against
    (a mechanism under ``mechanism_key(slug)``)."""
    if not REVIEWED_FILE.exists():
        return {}
    return json.loads(REVIEWED_FILE.read_text(encoding="utf-8"))


def mechanism_key(slug: str) -> str:
    """A mechanism's key in the reviewed texts: its code file's path under data/troubleshooting/, so that
    it cannot meet an entry's slug."""
    return f"{MECHANISM_DIR}/{slug}"


def reviewable(captured: Captures) -> dict:
    """What ``make troubleshooting-accept`` stores for the current captures: each entry's text and each
    mechanism's, since an entry's cause and a mechanism's explanation were both written against one."""

    def text(c: Capture) -> dict:
        return {"error_type": c.error_type, "error_text": c.error_text, "captured_on": c.captured_on}

    return {c.slug: text(c) for c in captured.captures} | {mechanism_key(c.slug): text(c) for c in captured.mechanisms}


def mechanism_texts() -> list[MechanismText]:
    """Each mechanism as a matcher needs it: slug, title, page and anchor, and what its reproduction raised
    in this build (type, text, the torchrl frames of its traceback, innermost first; None for a silent one)."""
    captured = captures()
    out = []
    for mechanism in curated_entries().mechanisms:
        capture = captured.mechanism(mechanism.slug)
        out.append(
            MechanismText(
                slug=mechanism.slug,
                title=mechanism.title,
                page=f"{urls.TROUBLESHOOTING_MECHANISMS}#{mechanism.slug}",
                kind=mechanism.kind,
                error_type=capture.error_type,
                error_text=capture.error_text,
                frames=list(capture.frames),
            )
        )
    return out


__all__ = [
    "ACCEPT_COMMAND",
    "REVIEWED_FILE",
    "captures",
    "curated_entries",
    "mechanism_key",
    "mechanism_texts",
    "reviewable",
    "reviewed",
    "wiring_cases",
]
