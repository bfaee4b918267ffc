"""The site's pages as the reader sees them: hand-written and generated, markers expanded."""

from __future__ import annotations

from functools import lru_cache

from tests.support.fences import Chain, Fence, extract, python_chains
from tools.core.paths import DOCS
from tools.site import markers as pages


@lru_cache(maxsize=1)
def expanded_pages() -> dict[str, str]:
    """docs-relative path -> Markdown after marker expansion, for every page of the site."""
    out = {}
    for path in sorted(DOCS.rglob("*.md")):
        rel = path.relative_to(DOCS).as_posix()
        out[rel] = pages.expand(path.read_text(encoding="utf-8"), rel).markdown
    for rel, markdown in pages.generated_pages().items():
        out[rel] = pages.expand(markdown, rel, generated_page=True).markdown
    return out


@lru_cache(maxsize=1)
def all_fences() -> dict[str, list[Fence]]:
    return {page: extract(markdown, page) for page, markdown in expanded_pages().items()}


def all_chains() -> list[Chain]:
    return [chain for fences in all_fences().values() for chain in python_chains(fences)]


def built_html_path(page: str) -> str:
    """docs-relative Markdown path -> site-relative HTML path (use_directory_urls)."""
    stem = page[: -len(".md")]
    if stem == "index" or stem.endswith("/index"):
        return stem + ".html"
    return stem + "/index.html"
