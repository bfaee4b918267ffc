"""The ``fixes`` inventory section: valid against its schema, one entry per fix, each pointing at its entry."""

from __future__ import annotations

import jsonschema

from tools.fixes.views import schema
from tools.fixes.views.inventory import entries
from tools.fixes.views.render import render_index_pages


def test_entries_validate_and_point_at_their_headings(fix_context):
    found = entries(fix_context)
    jsonschema.validate(found, schema.SCHEMA)
    assert [e["sha"] for e in found] == [fix.sha for fix in fix_context.history.fixes]
    pages = render_index_pages(fix_context)
    for entry in found:
        page, anchor = entry["page"].split("#")
        assert f"{{ #{anchor} }}" in pages[page], entry["page"]
        assert entry["fixed_in"].startswith(entry["first_release"] or "after ")
