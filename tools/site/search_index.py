"""Material's search index, fed each page's HTML without the tags that cannot change it.

Material's search plugin reads every page's HTML with Python's ``html.parser`` and
spends Python-level work on every tag (an element object, a walk over the open
elements).  The site's articles hold hundreds of thousands of tags, and many of them
carry no text the index keeps:

- the ``<span class="...">`` tokens Pygments puts around every word of highlighted code,
  inside ``<pre>``: the parser keeps a code block's text, never its spans;
- the ``<wbr>`` break opportunities in long identifiers (``tools/core/word_breaks.py``):
  void elements the parser ignores.

Without them the parser sees the same text, in larger pieces, and produces the
same sections: ``tests/tools/site/test_search_index.py`` holds every page of a
test build to that.  The index's entries cost much of the CPU (a noticeable part of a
cold build over both cores).  Nothing else of the plugin changes: this subclasses
its ``SearchIndex`` and stands in for the instance its ``on_config`` created.
"""

from __future__ import annotations

import re

from material.plugins.search.plugin import SearchIndex
from mkdocs.config.defaults import MkDocsConfig

SEARCH_PLUGIN = "material/search"
_PRE_BLOCK = re.compile(r"(<pre\b[^>]*>)(.*?)(</pre>)", re.DOTALL)
# A bare span or one with classes alone, as Pygments writes them.
_TOKEN_SPAN_OPENING = re.compile(r'<span(?: class="[a-z0-9 _-]*")?>')
_SPAN_TAG = re.compile(r'<span(?: class="[a-z0-9 _-]*")?>|</span>')


def _without_token_spans(block: re.Match) -> str:
    body = block[2]
    if body.count("<span") != len(_TOKEN_SPAN_OPENING.findall(body)):
        return block[0]  # a span with another attribute (an id, data-search-exclude): left as it is
    return block[1] + _SPAN_TAG.sub("", body) + block[3]


def lighter_html(html: str) -> str:
    """``html`` without code blocks' token spans and without ``<wbr>``."""
    return _PRE_BLOCK.sub(_without_token_spans, html.replace("<wbr>", ""))


# A Python code block as pymdownx.highlight writes it (``pygments_lang_class``): its ``<pre>`` goes.
_PYTHON_BLOCK = re.compile(r'(<div class="language-(?:python|pyi) highlight">)<pre\b.*?</pre>', re.DOTALL)


def without_python_code(html: str) -> str:
    """``html`` without the Python of its code blocks: examples, reproductions and signatures are read
    on their pages, not in the search box, where they buried the sections that explain (and filled the
    previews with code).  Output a page shows (``text`` and ``console`` fences: captured errors) stays."""
    return _PYTHON_BLOCK.sub(r"\1", html)


class LighterSearchIndex(SearchIndex):
    """Material's index, parsing each page's ``lighter_html`` without its Python code."""

    def add_entry_from_context(self, page) -> None:
        content = page.content
        page.content = without_python_code(lighter_html(content))
        try:
            super().add_entry_from_context(page)
        finally:
            page.content = content


def install(config: MkDocsConfig) -> None:
    """Stand in for the index the search plugin's ``on_config`` just made (call after it)."""
    plugin = config.plugins.get(SEARCH_PLUGIN)
    index = getattr(plugin, "search_index", None)
    if type(index) is SearchIndex:
        plugin.search_index = LighterSearchIndex(**index.config)
