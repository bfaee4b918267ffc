"""The search index parses lighter HTML and finds the same sections (tools/site/search_index.py)."""

from __future__ import annotations

import re
from types import SimpleNamespace

from material.plugins.search.plugin import Parser
from mkdocs.config import load_config

from tools.core import search_weights
from tools.core.paths import ROOT
from tools.site import search_index

_ARTICLE = re.compile(r"<article\b[^>]*>(.*?)</article>", re.DOTALL)
_TAG = re.compile(r"<[a-zA-Z]")


def _sections(html: str) -> list[tuple[str | None, str, str, bool]]:
    parser = Parser()
    parser.feed(html)
    parser.close()
    return [(s.id, "".join(s.title), "".join(s.text), s.is_excluded()) for s in parser.data]


def _articles(site):
    for path in sorted(site.rglob("index.html")):
        match = _ARTICLE.search(path.read_text(encoding="utf-8"))
        if match:
            yield path.relative_to(site), match[1]


def test_every_page_of_the_build_gives_the_same_sections_from_the_lighter_html(site):
    tags_before = tags_after = 0
    differing = []
    for page, html in _articles(site):
        lighter = search_index.lighter_html(html)
        tags_before += len(_TAG.findall(html))
        tags_after += len(_TAG.findall(lighter))
        if _sections(lighter) != _sections(html):
            differing.append(str(page))
    assert not differing, f"the lighter HTML changes these pages' search sections: {differing}"
    # What it is for: a large share of the tags the parser walks (Pygments' spans, <wbr>) are gone.
    assert tags_after < 0.7 * tags_before, (tags_before, tags_after)


def test_only_token_spans_inside_code_blocks_go():
    html = (
        '<p>a<wbr>b <span class="x">kept</span></p>'
        '<pre><span></span><code><span class="n">x</span> <span class="o">=</span> 1</code></pre>'
    )
    assert search_index.lighter_html(html) == '<p>ab <span class="x">kept</span></p><pre><code>x = 1</code></pre>'


def test_a_code_block_with_any_other_span_is_left_whole():
    block = '<pre><code><span class="n">x</span>\n<span id="k" class="n">y</span></code></pre>'
    assert search_index.lighter_html(block) == block


def _config():
    config = load_config(str(ROOT / "mkdocs.yml"))
    config.plugins[search_index.SEARCH_PLUGIN].on_config(config)
    return config


def test_install_stands_in_for_the_plugins_index_and_entries_are_material_s(monkeypatch):
    monkeypatch.setenv("LOCAL_BUILD", "1")
    config = _config()
    plugin = config.plugins[search_index.SEARCH_PLUGIN]
    plain = plugin.search_index
    search_index.install(config)
    assert type(plugin.search_index) is search_index.LighterSearchIndex
    assert plugin.search_index.config == plain.config

    html = '<h1 id="t">Title</h1><p>The <code>td<wbr>_error</code> key</p><pre><code><span class="n">loss</span>()</code></pre>'
    page = SimpleNamespace(meta={}, content=html, toc=[], url="p/", title="Title", file=None)
    plugin.search_index.add_entry_from_context(page)
    assert page.content == html  # the page keeps its HTML
    plain.add_entry_from_context(SimpleNamespace(**{**vars(page), "content": html}))
    assert plugin.search_index.entries == plain.entries
    assert any("td_error" in entry["text"] for entry in plain.entries)


def test_python_code_stays_out_of_the_index_and_captured_output_stays_in():
    html = (
        '<h2 id="a">A</h2><div class="language-python highlight"><pre><span></span><code>loss = ClipPPOLoss()'
        '</code></pre></div><div class="language-text highlight"><pre><span></span><code>KeyError: x</code></pre></div>'
    )
    section = next(s for s in _sections(search_index.without_python_code(html)) if s[0] == "a")
    assert "ClipPPOLoss" not in section[2] and "KeyError: x" in section[2]


def test_the_built_index_holds_no_python_block(site):
    index = (site / "search" / "search_index.json").read_text(encoding="utf-8")
    # Every runnable example on the site seeds torch; the pages' prose never writes the call.
    examples_indexed = index.count("manual_seed(")
    assert examples_indexed == 0, f"{examples_indexed} Python blocks reached the search index"


def test_sections_are_weighted_by_what_they_are():
    entries = [
        {"location": "losses/SACLoss/", "title": "SACLoss", "text": "", "boost": 2},
        {"location": "losses/SACLoss/#torchrl.objectives.SACLoss.forward", "title": "forward", "text": "", "boost": 2},
        *({"location": f"losses/L{i}/#keys", "title": "Accepted keys", "text": ""} for i in range(5)),
        {"location": "troubleshooting/keys/#an-entry", "title": "An entry", "text": ""},
    ]
    boosts = [entry.get("boost", 1) for entry in search_index.weighted(entries)]
    assert boosts[0] == 2 * search_weights.PAGE_ITSELF and boosts[1] == 2 * search_weights.API_SECTION
    assert boosts[2:7] == [search_weights.TEMPLATED_SECTION] * 5 and boosts[7] == 1


def test_inline_code_tags_leave_the_text_and_its_words_stay():
    (entry,) = search_index.plain_code([{"location": "a/", "title": "A", "text": "<p>set <code>td_error</code></p>"}])
    assert entry["text"] == "<p>set td_error</p>"
