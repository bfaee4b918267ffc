"""The built catalogue: every site's anchor exists on its page, and the box's index file is there."""

from __future__ import annotations

import json
import re
from collections import defaultdict


def test_every_catalogued_site_has_its_anchor_in_the_built_page(site):
    inventory = json.loads((site / "inventory.json").read_text())
    wanted: dict[str, set[str]] = defaultdict(set)
    for entry in inventory["error_catalog"]["sites"]:
        page, anchor = entry["page"].split("#")
        wanted[page].add(anchor)
    assert len(wanted) > 5
    for page, anchors in wanted.items():
        html = (site / page.removesuffix(".md") / "index.html").read_text(encoding="utf-8")
        ids = set(re.findall(r'\bid="([^"]+)"', html))
        missing = sorted(anchors - ids)
        assert not missing, f"{page}: {len(missing)} anchors missing, e.g. {missing[:3]}"


def test_the_matcher_index_is_written_beside_the_inventory(site):
    index = json.loads((site / "explain-index.json").read_text())
    kinds = {target["kind"] for target in index["targets"]}
    assert {"entry", "site", "function", "module"} <= kinds
    assert json.loads((site / "inventory.json").read_text())["error_catalog"]["matcher_index"] == "explain-index.json"
