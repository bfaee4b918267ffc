"""The search index files each troubleshooting entry under its own heading.

A heading that Markdown turned into HTML (an error's ``<lambda>`` or ``<key>``) lost
those words on the page, and Material's indexer, waiting for the tag to close,
filed every later section of the page under it: that section's title then
matched almost any query and pushed other entries out of the top 3.
"""

from __future__ import annotations

import html
import json


def test_each_entry_is_indexed_under_its_symptom(site):
    index = {doc["location"]: doc for doc in json.loads((site / "search" / "search_index.json").read_text())["docs"]}
    entries = json.loads((site / "inventory.json").read_text())["troubleshooting"]["entries"]
    wrong = []
    for entry in entries:
        if entry["kind"] == "fixed":
            continue
        location = entry["page"].split("#")[0].removesuffix(".md") + "/#" + entry["slug"]
        title = html.unescape(index[location]["title"]) if location in index else None
        if title != entry["symptom"]:
            wrong.append(f"{entry['slug']}: indexed as {title!r:.120}")
    assert not wrong, "troubleshooting sections indexed under another title:\n" + "\n".join(wrong)


def test_each_mechanism_is_indexed_under_its_title(site):
    index = {doc["location"]: doc for doc in json.loads((site / "search" / "search_index.json").read_text())["docs"]}
    mechanisms = json.loads((site / "inventory.json").read_text())["troubleshooting"]["mechanisms"]
    assert mechanisms, "the inventory holds no mechanism"
    wrong = []
    for mechanism in mechanisms:
        location = mechanism["page"].split("#")[0].removesuffix(".md") + "/#" + mechanism["slug"]
        title = html.unescape(index[location]["title"]) if location in index else None
        if title != mechanism["title"]:
            wrong.append(f"{mechanism['slug']}: indexed as {title!r:.120}")
    assert not wrong, "mechanism sections indexed under another title:\n" + "\n".join(wrong)
