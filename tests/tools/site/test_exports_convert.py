"""tools/site/exports.py: one page's HTML -> Markdown, and the llms.txt index (the built site: tests/site/test_exports.py)."""

from __future__ import annotations

import pytest

from tools.site import exports

TABLE = """<h1 id="t">Title<a class="headerlink" href="#t">¶</a></h1>
<table><thead><tr><th>Argument</th><th>Type</th><th>Default</th></tr></thead>
<tbody><tr><td><code>entropy_coeff</code></td><td><code>float | Mapping[str, float]</code></td><td>scalar | mapping, see <a href="../contract/#keys">keys</a></td></tr></tbody></table>
<div class="language-python highlight"><pre><span></span><code><span class="n">x</span> <span class="o">=</span> <span class="mi">1</span>
</code></pre></div>
"""


def _cells(line: str) -> list[str]:
    cells, current, escaped = [], "", False
    for char in line.strip().strip("|"):
        if char == "|" and not escaped:
            cells.append(current.strip())
            current = ""
        else:
            current += char
        escaped = char == "\\"
    return [*cells, current.strip()]


def test_a_bar_inside_a_table_cell_keeps_the_cell_whole():
    markdown = exports.page_markdown(TABLE, "losses/PPOLoss/index.html")
    rows = [line for line in markdown.splitlines() if line.startswith("|")]
    header, _, row = rows
    assert len(_cells(header)) == len(_cells(row)) == 3
    assert _cells(row)[1] == r"`float \| Mapping[str, float]`"
    assert _cells(row)[2].startswith(r"scalar \| mapping, see [keys]")


def test_code_keeps_its_language_and_links_point_at_the_exported_markdown():
    markdown = exports.page_markdown(TABLE, "losses/PPOLoss/index.html")
    assert "```python\nx = 1\n```" in markdown
    assert "[keys](losses/contract/index.md#keys)" in markdown
    assert "¶" not in markdown and markdown.startswith("# Title\n")


@pytest.mark.parametrize(
    "href, page_dir, expected",
    [
        ("../", "losses/PPOLoss", "losses/index.md"),
        ("../../#how", "losses/PPOLoss", "index.md#how"),
        ("#anchor", "losses", "#anchor"),
        ("https://example.org/x/", "losses", "https://example.org/x/"),
        ("../assets/a.css", "losses", "assets/a.css"),
    ],
)
def test_links_are_relative_to_the_site_root(href, page_dir, expected):
    assert exports._site_link(href, page_dir) == expected


def test_the_index_lists_sections_with_summaries_and_globs_in_page_order():
    config = exports.read_config(
        {"llmstxt": {"sections": {"Losses": ["losses/*.md", {"losses/index.md": "All losses"}]}}}
    )
    sections = exports.expand_sections(config, ["index.md", "losses/index.md", "losses/A.md"])
    assert sections == {"Losses": {"losses/index.md": "All losses", "losses/A.md": ""}}
    pages = {
        "losses/index.md": exports.PageExport("Losses", "losses/index.md", "# Losses\n"),
        "losses/A.md": exports.PageExport("A", "losses/A/index.md", "# A\n"),
    }
    index = exports.index_text("Site", "About it", config, sections, pages)
    assert index == (
        "# Site\n\n> About it\n\n## Losses\n\n- [Losses](losses/index.md): All losses\n- [A](losses/A/index.md)\n\n"
    )
    assert exports.full_text("Site", None, config, sections, pages) == "# Site\n\n# Losses\n\n# Losses\n\n# A\n"
    assert exports.missing_pages({"S": {"gone.md": ""}}, pages) == ["gone.md"]


@pytest.mark.parametrize(
    "extra, message",
    [
        ({}, "must be a mapping with 'sections'"),
        ({"llmstxt": {"sections": {}, "base_url": "."}}, "unknown key"),
        ({"llmstxt": {"sections": {"S": "index.md"}}}, "write a list"),
    ],
)
def test_a_misshapen_configuration_says_how_to_fix_it(extra, message):
    with pytest.raises(exports.ExportConfigError, match=message):
        exports.read_config(extra)
