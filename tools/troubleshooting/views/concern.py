"""The troubleshooting pages' sections and the ``troubleshooting`` inventory section."""

from __future__ import annotations

from tools.core import urls
from tools.core.registry import Concern
from tools.troubleshooting.facts import captures, curated_entries, mechanism_key, reviewed, wiring_cases
from tools.troubleshooting.views import render
from tools.troubleshooting.views import schema as _inventory_schema
from tools.upgrading.facts import fixed_outcomes


def _reviewed_mechanisms() -> dict:
    """mechanism slug -> the text it was last reviewed against."""
    texts = reviewed()
    return {m.slug: texts.get(mechanism_key(m.slug)) for m in curated_entries().mechanisms}


def _mechanism_rows() -> list[dict]:
    data, captured = curated_entries(), captures()
    rows = []
    for mechanism in data.mechanisms:
        capture = captured.mechanism(mechanism.slug)
        rows.append(
            {
                "slug": mechanism.slug,
                "title": mechanism.title,
                "page": f"{urls.TROUBLESHOOTING_MECHANISMS}#{mechanism.slug}",
                "kind": mechanism.kind,
                "user_side": mechanism.user_side,
                "torchrl_side": mechanism.torchrl_side,
                "how": mechanism.how,
                "error_type": capture.error_type,
                "error_text": capture.error_text,
                "frames": list(capture.frames),
                "captured_on": capture.captured_on,
                "entries": list(mechanism.entries),
                "reports": [report.url for report in mechanism.reports],
            }
        )
    return rows


def inventory() -> dict:
    return {"entries": _entry_rows(), "mechanisms": _mechanism_rows()}


def _entry_rows() -> list[dict]:
    data, captured = curated_entries(), captures()
    rows = []
    for entry in data.entries:
        capture = captured.get(entry.slug)
        rows.append(
            {
                "slug": entry.slug,
                "symptom": entry.symptom,
                "area": entry.area,
                "page": f"{urls.troubleshooting_area(entry.area)}#{entry.slug}",
                "kind": entry.kind,
                "error_type": capture.error_type,
                "error_text": capture.error_text,
                "captured_on": capture.captured_on,
                "source": entry.source,
                "fixed_in": None,
            }
        )
    for row in data.fixed:
        rows.append(
            {
                "slug": row.slug,
                "symptom": row.summary,
                "area": "fixed-upstream",
                "page": f"{urls.FIXED_UPSTREAM}#{row.slug}",
                "kind": "fixed",
                "error_type": None,
                "error_text": None,
                "captured_on": captured.torchrl,
                "source": row.reported,
                "fixed_in": row.fixed_in,
            }
        )
    return rows


CONCERN = Concern(
    name="troubleshooting",
    sections={
        "area": lambda arg: render.render_area(curated_entries(), captures(), reviewed(), arg.strip(), wiring_cases()),
        "by_error": lambda _arg: render.render_by_error(curated_entries(), captures()),
        "error_types": lambda _arg: render.error_types(curated_entries(), captures()),
        "checklist": lambda _arg: render.render_checklist(curated_entries()),
        "areas": lambda _arg: render.render_areas(curated_entries()),
        "fixed": lambda _arg: render.render_fixed(curated_entries(), captures().torchrl, fixed_outcomes()),
        "mechanisms": lambda _arg: render.render_mechanisms(curated_entries(), captures(), _reviewed_mechanisms()),
    },
    inventory=inventory,
    inventory_schema=_inventory_schema.SCHEMA,
    inventory_doc=(
        "Troubleshooting, in two lists. `entries`: one object per entry: `slug`, `symptom` (the heading), `area`, "
        "`page` (with the anchor), `kind` (raises, silent, elsewhere or fixed), `error_type` and `error_text` "
        "(captured by running the reproduction at build time; null for silent ones), `captured_on` (torchrl "
        'version), `source` (issue URL or "found by trying") and `fixed_in` (the first release with the fix, for '
        "failures torchrl no longer shows). `mechanisms`: one object per failure mechanism (what in the user's code "
        "meets what in torchrl's, and how they fail): `slug`, `title`, `page` (with the anchor), `kind`, the two "
        "sides and how they meet, its reproduction's captured `error_type`, `error_text` and torchrl `frames`, the "
        "`entries` that are instances of it and the `reports` (URLs) it groups."
    ),
)
