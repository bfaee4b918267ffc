"""What the site exports for programs and agents: inventory.json with its schema, llms.txt, llms-full.txt."""

from __future__ import annotations

import html
import json
import re

import jsonschema

from tests.support.docs import built_html_path, expanded_pages
from tools.core import registry
from tools.site.markers import inventory_schema


def _walk(schema, path="$"):
    """Every (path, property schema) of the schema's closed objects."""
    if isinstance(schema, dict):
        for name, sub in schema.get("properties", {}).items():
            yield f"{path}.{name}", sub
            yield from _walk(sub, f"{path}.{name}")
        for key in ("items", "additionalProperties"):
            if isinstance(schema.get(key), dict):
                yield from _walk(schema[key], f"{path}[{key}]")
        for key in ("anyOf", "oneOf"):
            for sub in schema.get(key, []):
                yield from _walk(sub, path)


def test_the_schema_validates_the_built_inventory(site):
    schema = json.loads((site / "inventory.schema.json").read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    inventory = json.loads((site / "inventory.json").read_text())
    errors = [
        f"{'/'.join(map(str, e.absolute_path))}: {e.message[:200]}"
        for e in jsonschema.Draft202012Validator(schema).iter_errors(inventory)
    ]
    assert not errors, "inventory.json does not match inventory.schema.json:\n" + "\n".join(errors[:20])


def test_every_inventory_section_has_a_schema_from_its_concern():
    without = [c.name for c in registry.concerns() if c.inventory is not None and c.inventory_schema is None]
    assert not without, (
        f"inventory sections without a JSON Schema: {without}; give the concern's CONCERN an inventory_schema "
        "(tools/<concern>/schema.py, shorthands in tools/core/schema.py)"
    )


def test_every_field_of_the_schema_is_documented_and_objects_are_closed():
    schema = inventory_schema()
    undocumented = [path for path, sub in _walk(schema) if not sub.get("description")]
    assert not undocumented, f"schema properties without a description: {undocumented[:10]}"
    open_objects = [
        path for path, sub in _walk(schema) if sub.get("properties") and sub.get("additionalProperties") is not False
    ]
    assert not open_objects, f"objects that accept undocumented fields: {open_objects}"


def test_a_field_nobody_documented_fails_the_validation():
    schema = inventory_schema()
    loss_entry = schema["properties"]["losses"]["items"]
    assert loss_entry["additionalProperties"] is False and "name" in loss_entry["required"]


def test_llms_txt_lists_every_page_and_llms_full_holds_their_text_and_code(site):
    index = (site / "llms.txt").read_text(encoding="utf-8")
    listed = set(re.findall(r"\]\(([^)]+)\.md\)", index))
    pages = {built_html_path(page)[: -len(".html")] for page in expanded_pages()}
    missing = sorted(page for page in pages if page not in listed)
    assert not missing, f"pages missing from llms.txt (add them to the llmstxt sections in mkdocs.yml): {missing}"
    assert all(re.search(rf"\]\({re.escape(page)}\.md\): \S", index) for page in pages), (
        "every entry has a one-line summary"
    )
    full = (site / "llms-full.txt").read_text(encoding="utf-8")
    assert full.count("```python") >= 20
    assert "class ClipPPOLoss" in full or "ClipPPOLoss" in full


_TABLE_CELL = re.compile(r"<td[^>]*>(.*?)</td>", re.S)
_TAG = re.compile(r"<[^>]+>")
_MD_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_UNESCAPED_BAR = re.compile(r"(?<!\\)\|")


def _words(text: str) -> str:
    return " ".join(text.split())


def _exported_cells(markdown: str) -> set[str]:
    """The text of every table cell of an exported page: code marks, links and escapes removed."""
    cells = set()
    for line in markdown.splitlines():
        if line.startswith("|"):
            for cell in _UNESCAPED_BAR.split(line.strip().strip("|")):
                cells.add(_words(_MD_LINK.sub(r"\1", cell).replace("\\|", "|").replace("`", "").replace("*", "")))
    return cells


def test_exported_tables_keep_every_cell_whole_even_with_a_bar_inside(site):
    # mkdocs-llmstxt cut such a cell at its first `|`, on many pages.
    checked, cut = 0, []
    for page in expanded_pages():
        html_path = site / built_html_path(page)
        article = html_path.read_text(encoding="utf-8").split('<article class="md-content__inner', 1)[-1]
        cells = [
            _words(html.unescape(_TAG.sub("", cell)).replace("*", "").replace("`", ""))
            for cell in _TABLE_CELL.findall(article)
        ]
        with_bar = [cell for cell in cells if "|" in cell]
        if not with_bar:
            continue
        exported = _exported_cells(html_path.with_suffix(".md").read_text(encoding="utf-8"))
        checked += len(with_bar)
        cut += [f"{page}: {cell[:80]}" for cell in with_bar if cell not in exported]
    assert checked > 50, f"only {checked} table cells with a '|' found: did the pages change?"
    assert not cut, f"{len(cut)} table cells cut or changed in the Markdown exports:\n" + "\n".join(cut[:10])
