"""The Markdown exports for agents: ``llms.txt``, ``llms-full.txt`` and one ``.md`` file per page.

The mkdocs-llmstxt plugin used to write them.  It parsed each page's
HTML with BeautifulSoup's pure-Python parser, converted it with markdownify and
formatted the result twice with mdformat: a large share of a cold build.
Its tables also cut a cell at the first ``|`` inside it, on many pages,
since neither markdownify nor mdformat escaped it.  The plugin offers
no way to swap its converter, so the exports are written here with
html-to-markdown, a maintained converter compiled from Rust: a page takes
milliseconds, and a ``|`` in a table cell is escaped (``\\|``), so every cell
stays whole.  The index keeps the plugin's format and its configuration, which
lives in mkdocs.yml under ``extra.llmstxt`` (``sections``: section -> pages or
globs, each with an optional one-line summary; ``markdown_description``;
``full_output``).

Nothing here imports MkDocs: the adapter hands over each page's content HTML
and writes what ``index_text`` and ``full_text`` return.
"""

from __future__ import annotations

import fnmatch
import posixpath
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import html_to_markdown

from tools.core import urls

# What a reader of the Markdown does not need: permalinks, icons, the labels of content tabs
# (each tab's content stays), mkdocstrings' labels, images.
_EXCLUDED = ("a.headerlink", ".twemoji", ".tabbed-labels", "span.doc-labels", "svg", "img")
_OPTIONS = html_to_markdown.ConversionOptions(
    heading_style="atx",
    bullets="-",
    code_block_style="backticks",
    escape_asterisks=False,
    escape_underscores=False,
    escape_misc=False,
    expand_abbreviations=False,
    compact_tables=True,
    whitespace_mode="normalized",
    wrap=False,
    skip_images=True,
    exclude_selectors=list(_EXCLUDED),
)

# pymdownx.highlight puts the language on the block's <div> (pygments_lang_class), the converter
# reads it from the <code>: copy it there.
_HIGHLIGHT = re.compile(r'<div class="language-([\w+-]+) highlight">(.*?)<pre([^>]*)><span></span><code>', re.S)
_HREF = re.compile(r'href="([^"]*)"')


class ExportConfigError(ValueError):
    """extra.llmstxt in mkdocs.yml is not shaped as this module reads it; the message says how."""


@dataclass(frozen=True)
class PageExport:
    title: str
    md_path: str  # site-relative path of the page's .md file (beside its index.html)
    markdown: str


@dataclass(frozen=True)
class ExportConfig:
    sections: Mapping[str, list]  # section -> [page or glob | {page or glob: summary}]
    markdown_description: str | None = None
    full_output: str | None = "llms-full.txt"


def read_config(extra: Mapping) -> ExportConfig:
    raw = extra.get("llmstxt")
    where = "mkdocs.yml extra.llmstxt"
    if not isinstance(raw, Mapping) or not isinstance(raw.get("sections"), Mapping):
        raise ExportConfigError(f"{where} must be a mapping with 'sections' (section name -> list of pages)")
    unknown = sorted(set(raw) - {"sections", "markdown_description", "full_output"})
    if unknown:
        raise ExportConfigError(
            f"{where}: unknown key(s) {', '.join(unknown)}; known: sections, markdown_description, full_output"
        )
    for name, entries in raw["sections"].items():
        if not isinstance(entries, list) or not all(
            isinstance(e, str) or (isinstance(e, Mapping) and len(e) == 1) for e in entries
        ):
            raise ExportConfigError(f"{where}.sections.{name}: write a list of 'page.md' or 'page.md: summary' entries")
    return ExportConfig(
        sections=dict(raw["sections"]),
        markdown_description=raw.get("markdown_description"),
        full_output=raw.get("full_output", "llms-full.txt"),
    )


def expand_sections(config: ExportConfig, page_uris: Iterable[str]) -> dict[str, dict[str, str]]:
    """Section -> {page: summary}, globs expanded in the order of ``page_uris``; a later entry's summary wins."""
    uris = list(page_uris)
    out: dict[str, dict[str, str]] = {}
    for name, entries in config.sections.items():
        pages: dict[str, str] = {}
        for entry in entries:
            pattern, summary = next(iter(entry.items())) if isinstance(entry, Mapping) else (entry, "")
            for uri in fnmatch.filter(uris, pattern) if "*" in pattern else [pattern]:
                pages[uri] = summary or ""
        out[name] = pages
    return out


def md_path(dest_uri: str) -> str:
    """The .md file beside a page's HTML: ``losses/ClipPPOLoss/index.html`` -> ``losses/ClipPPOLoss/index.md``."""
    return posixpath.splitext(dest_uri)[0] + ".md"


def _site_link(href: str, page_dir: str) -> str:
    """A link of the page, made relative to the site root (where llms-full.txt lives); pages -> their .md."""
    if not href or href.startswith(("#", "/")) or re.match(r"^[a-zA-Z][\w+.-]*:", href):
        return href
    path, hash_, fragment = href.partition("#")
    target = posixpath.normpath(posixpath.join(page_dir, path)) if path else page_dir or "."
    if path.endswith("/") or not path:
        # A folder's URL serves its index page, named as the home page is.
        target = posixpath.join(target, urls.HOME) if target != "." else urls.HOME
    elif target.endswith(".html"):
        target = target[: -len(".html")] + ".md"
    return target + hash_ + fragment


def page_markdown(html: str, dest_uri: str) -> str:
    """One page's content HTML as Markdown, its links relative to the site root."""
    page_dir = posixpath.dirname(dest_uri)
    html = _HIGHLIGHT.sub(r'<div class="highlight">\2<pre\3><code class="language-\1">', html)
    html = _HREF.sub(lambda m: f'href="{_site_link(m.group(1), page_dir)}"', html)
    return html_to_markdown.convert(html, _OPTIONS).content.strip() + "\n"


def _header(site_name: str, site_description: str | None, config: ExportConfig) -> str:
    text = f"# {site_name}\n\n"
    if site_description is not None:
        text += f"> {site_description}\n\n"
    if config.markdown_description is not None:
        text += f"{config.markdown_description}\n\n"
    return text


def missing_pages(sections: Mapping[str, Mapping[str, str]], pages: Mapping[str, PageExport]) -> list[str]:
    """Pages a section lists that were not exported (a typo in mkdocs.yml, or a page that is gone)."""
    return sorted({uri for listed in sections.values() for uri in listed if uri not in pages})


def index_text(
    site_name: str,
    site_description: str | None,
    config: ExportConfig,
    sections: Mapping[str, Mapping[str, str]],
    pages: Mapping[str, PageExport],
) -> str:
    """llms.txt: every page of every section, a link to its .md file and its summary."""
    text = _header(site_name, site_description, config)
    for name, listed in sections.items():
        text += f"## {name}\n\n"
        for uri, summary in listed.items():
            if uri in pages:
                page = pages[uri]
                text += f"- [{page.title}]({page.md_path}){': ' + summary if summary else ''}\n"
        text += "\n"
    return text


def full_text(
    site_name: str,
    site_description: str | None,
    config: ExportConfig,
    sections: Mapping[str, Mapping[str, str]],
    pages: Mapping[str, PageExport],
) -> str:
    """llms-full.txt: the header, then each section's pages in full."""
    text = _header(site_name, site_description, config)
    for name, listed in sections.items():
        text += f"# {name}\n\n" + "\n".join(pages[uri].markdown for uri in listed if uri in pages)
    return text
