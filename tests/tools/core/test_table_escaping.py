"""Hostile text in generated tables and API docstrings: rows stay whole, nothing becomes markup.

Each case renders through the site's own Markdown extensions (read from
mkdocs.yml) and is checked on the HTML: the number of cells per row, the
absence of injected elements, and the text a reader sees.
"""

from __future__ import annotations

import copy
import dataclasses
from html.parser import HTMLParser

import markdown
import pytest
from mkdocs.utils.yaml import yaml_load

from tools.api.facts.docstrings import to_markdown
from tools.core import markdown as cell
from tools.core.paths import ROOT

HOSTILE = (
    'a|b <script>alert("x")</script> `tick` ``double`` *star* _under_ [link](http://x) <b>bold</b>\nnext line & \\ end'
)
INJECTED = {"script", "b", "a", "em", "strong"}


class _Cells(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[str]] = []
        self.tags: list[str] = []
        self._cell: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        if tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self._cell is not None:
            self.rows[-1].append("".join(self._cell))
            self._cell = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)


def _extensions():
    # MkDocs' own loader: mkdocs.yml uses its !ENV tag (site_url).
    config = yaml_load((ROOT / "mkdocs.yml").read_text())
    names, configs = [], {}
    for entry in config["markdown_extensions"]:
        if isinstance(entry, dict):
            ((name, options),) = entry.items()
            if name == "pymdownx.snippets":
                continue
            names.append(name)
            configs[name] = options or {}
        else:
            names.append(entry)
    return names, configs


def render(text: str) -> _Cells:
    names, configs = _extensions()
    html = markdown.Markdown(extensions=names, extension_configs=configs).convert(text)
    parser = _Cells()
    parser.feed(html)
    return parser


def _table(*cells: str) -> str:
    head = "| " + " | ".join(f"h{i}" for i in range(len(cells))) + " |"
    return "\n".join([head, "|" + " --- |" * len(cells), "| " + " | ".join(cells) + " |"]) + "\n"


@pytest.mark.parametrize("make_cell", [cell.text, cell.code, cell.markdown], ids=["text", "code", "markdown"])
def test_a_hostile_cell_keeps_its_row_whole_and_injects_nothing(make_cell):
    parsed = render(_table("first", make_cell(HOSTILE), "last"))
    assert [len(row) for row in parsed.rows] == [3, 3]
    assert parsed.rows[1][0] == "first" and parsed.rows[1][2] == "last"
    shown = parsed.rows[1][1]
    assert "a|b" in shown and "next line" in shown
    if make_cell is not cell.markdown:  # Markdown keeps its own markup (links, emphasis), never raw HTML
        assert not INJECTED & set(parsed.tags)
        assert '<script>alert("x")</script>' in shown and "*star*" in shown and "[link](http://x)" in shown
    else:
        assert "script" not in parsed.tags and "b" not in parsed.tags
        assert '<script>alert("x")</script>' in shown


def test_code_spans_hold_any_run_of_backticks():
    for value in ("`", "``", "a ``` b", "`start", "end`"):
        parsed = render(_table(cell.code(value)))
        assert parsed.rows[1] == [value]


def test_a_hostile_docstring_renders_as_text_in_an_api_section():
    doc = f"Summary {HOSTILE}.\n\nArgs:\n    x (:obj:`int`): {HOSTILE}\n"
    parsed = render(to_markdown(doc))
    assert "script" not in parsed.tags and "b" not in parsed.tags


# --- through the generators' own renderers --------------------------------------------------------


def test_loss_argument_table_with_hostile_defaults_docs_and_names():
    from tools.losses.facts import record_of
    from tools.losses.views.page import render_keys, render_params

    record = copy.deepcopy(record_of("DQNLoss"))
    record.params = [dataclasses.replace(p, default=HOSTILE, required=False) for p in record.params]
    first = record.params[0].name
    table = render_params(record, {first: to_markdown(HOSTILE)})
    rows = render(table.split("```\n", 2)[-1]).rows
    assert all(len(row) == 5 for row in rows), rows
    assert len(rows) == 1 + len(record.constructor_params)
    assert '<script>alert("x")</script>' in rows[1][2] and '<script>alert("x")</script>' in rows[1][4]

    record.accepted_keys = [
        dataclasses.replace(k, name=f"k{i}", default=HOSTILE, holds=cell.text(HOSTILE))
        for i, k in enumerate(record.accepted_keys)
    ]
    parsed = render(render_keys(record))
    assert all(len(row) == len(parsed.rows[0]) for row in parsed.rows)
    assert "script" not in parsed.tags


def test_estimator_parameter_table_with_hostile_defaults():
    from tools.estimators.facts.assemble import reference
    from tools.estimators.views.render import render_parameters

    record = reference().estimators[0]
    record = dataclasses.replace(
        record,
        parameters=[
            dataclasses.replace(p, default=HOSTILE, annotation=HOSTILE, required=False) for p in record.parameters
        ],
    )
    parsed = render(render_parameters(record))
    assert all(len(row) == 4 for row in parsed.rows)
    assert "script" not in parsed.tags
