"""Troubleshooting: every common failure, found by pasting its error text, reproduced live.

Entries are curated (``data/troubleshooting.yaml`` and one code file per entry
under ``data/troubleshooting/``); the error text each page shows is captured
when the site is built, by running the entry's reproduction block against the
installed torchrl (``capture.py``), and cached on the entries' sources and
the installed versions.  Entries about keys and shapes also show what the
wiring checker says about their case (``wiring.py``), measured the same way
and cached on the checker's own sources.  ``data/captured/troubleshooting.json`` holds the text
each entry was last reviewed against: the drift test fails, naming the entry,
when torchrl's text moves away from it (``make troubleshooting-accept``
records the new text once the entry has been re-read).
"""

from __future__ import annotations

import json
from pathlib import Path

from tools.cache import cached
from tools.jsonable import record_codec
from tools.paths import DATA, TOOLS
from tools.registry import Concern
from tools.troubleshooting import schema as _inventory_schema
from tools.troubleshooting import curated as curated_data
from tools.troubleshooting import render
from tools.troubleshooting.records import Captures, Curated, WiringCases

REVIEWED_FILE = DATA / "captured" / "troubleshooting.json"
ACCEPT_COMMAND = "make troubleshooting-accept"


def _inputs() -> list[Path]:
    from tools.versions import MISMATCH_CAPTURE

    return [
        TOOLS / "troubleshooting" / "capture.py",
        TOOLS / "troubleshooting" / "records.py",
        curated_data.CURATED_FILE,
        *curated_data.code_paths(),
        MISMATCH_CAPTURE,
    ]


def curated_entries() -> Curated:
    encode, decode = record_codec(Curated)
    return cached("troubleshooting.curated", curated_data.load, inputs=_inputs(), encode=encode, decode=decode)


def captures() -> Captures:
    def compute() -> Captures:
        from tools.troubleshooting.capture import capture_all
        from tools.versions import mismatch_capture

        return capture_all(curated_entries(), mismatch_capture())

    encode, decode = record_codec(Captures)
    return cached("troubleshooting.captures", compute, inputs=_inputs(), encode=encode, decode=decode)


def wiring_cases() -> WiringCases:
    """check_wiring's report for each entry that names its loss and data (``wiring:``)."""

    def compute() -> WiringCases:
        from tools.troubleshooting.wiring import wiring_cases as measure

        return measure(curated_entries())

    # What the checker reports depends on its code, on who writes each key (data/losses.yaml) and
    # on what it measured on the loss zoo's recipes.
    inputs = [
        *_inputs(),
        TOOLS / "troubleshooting" / "wiring.py",
        TOOLS / "wiring",
        TOOLS / "losses" / "zoo.py",
        TOOLS / "losses" / "recipes",
        DATA / "losses.yaml",
    ]
    encode, decode = record_codec(WiringCases)
    return cached("troubleshooting.wiring", compute, inputs=inputs, encode=encode, decode=decode)


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


def inventory() -> list[dict]:
    data, captured = curated_entries(), captures()
    rows = []
    for entry in data.entries:
        capture = captured.get(entry.slug)
        rows.append({
            "slug": entry.slug,
            "symptom": entry.symptom,
            "area": entry.area,
            "page": f"{render.page_of(entry.area)}#{entry.slug}",
            "kind": entry.kind,
            "error_type": capture.error_type,
            "error_text": capture.error_text,
            "captured_on": capture.captured_on,
            "source": entry.source,
            "fixed_in": None,
        })
    for row in data.fixed:
        rows.append({
            "slug": row.slug,
            "symptom": row.summary,
            "area": "fixed-upstream",
            "page": f"{render.FIXED_PAGE}#{row.slug}",
            "kind": "fixed",
            "error_type": None,
            "error_text": None,
            "captured_on": captured.torchrl,
            "source": row.reported,
            "fixed_in": row.fixed_in,
        })
    return rows


CONCERN = Concern(
    name="troubleshooting",
    sections={
        "area": lambda arg: render.render_area(curated_entries(), captures(), reviewed(), arg.strip(), wiring_cases()),
        "by_error": lambda _arg: render.render_by_error(curated_entries(), captures()),
        "checklist": lambda _arg: render.render_checklist(curated_entries()),
        "areas": lambda _arg: render.render_areas(curated_entries()),
        "fixed": lambda _arg: render.render_fixed(curated_entries(), captures().torchrl),
    },
    inventory=inventory,
    inventory_schema=_inventory_schema.SCHEMA,
    inventory_doc=(
        "Troubleshooting entries, one object each: `slug`, `symptom` (the heading), `area`, `page` (with the "
        "anchor), `kind` (raises, silent, elsewhere or fixed), `error_type` and `error_text` (captured by running "
        "the reproduction at build time; null for silent ones), `captured_on` (torchrl version), `source` (issue "
        "URL or \"found by trying\") and `fixed_in` (the first release with the fix, for failures torchrl no "
        "longer shows)."
    ),
)

__all__ = [
    "ACCEPT_COMMAND",
    "CONCERN",
    "REVIEWED_FILE",
    "captures",
    "curated_entries",
    "inventory",
    "reviewable",
    "reviewed",
    "wiring_cases",
]
