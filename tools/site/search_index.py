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

import collections
import re

from material.plugins.search.plugin import SearchIndex
from mkdocs.config.defaults import MkDocsConfig

from tools.core import search_weights

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


def weighted(entries: list[dict]) -> list[dict]:
    """``entries`` with the section weights of ``tools.core.search_weights`` multiplied into their boost:
    upstream docstrings' sections, pages' own entries, and section headings many pages repeat."""
    repeated = collections.Counter(e["title"] for e in entries if "#" in e["location"])
    out = []
    for entry in entries:
        anchor = entry["location"].partition("#")[2]
        if search_weights.is_api_section(anchor):
            factor = search_weights.API_SECTION
        elif not anchor:
            factor = search_weights.PAGE_ITSELF
        elif repeated[entry["title"]] >= search_weights.TEMPLATED_PAGES:
            factor = search_weights.TEMPLATED_SECTION
        else:
            out.append(entry)
            continue
        out.append({**entry, "boost": round(entry.get("boost", 1) * factor, 4)})
    return out


# Inline code's tags in a section's text: the previews show the names plain, and the index every
# page load fetches is lighter by tens of thousands of tags (the words stay).
_CODE_TAG = re.compile(r"</?code>")


def plain_code(entries: list[dict]) -> list[dict]:
    """``entries`` with their text's ``<code>`` tags removed (the text inside kept)."""
    return [{**entry, "text": _CODE_TAG.sub("", entry["text"])} for entry in entries]


def docstrings_by_title(entries: list[dict]) -> list[dict]:
    """``entries`` with an upstream docstring's section (its anchor is the object's dotted path) found by
    its title alone: the object's name. Its prose is read on the page, where the constructor table already
    gives each parameter's description, and it weighed on every page load."""
    return [{**entry, "text": ""} if "#torchrl." in entry["location"] else entry for entry in entries]


class LighterSearchIndex(SearchIndex):
    """Material's index, parsing each page's ``lighter_html`` without its Python code, its entries
    ``weighted``."""

    def generate_search_index(self, prev):
        # Under ``serve --dirty`` only the rebuilt page's entries are here (Material merges the rest,
        # weighted before): its repeated headings count as its own until the next full build.
        self.entries = weighted(docstrings_by_title(plain_code(self.entries)))
        return super().generate_search_index(prev)

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
