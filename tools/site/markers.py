"""Markdown in, Markdown out: marker expansion, generated pages, the inventory.

Nothing here imports MkDocs.  The MkDocs adapter and the tests call the same
functions, so what the tests run is exactly what the site shows.

A marker is a line of its own::

    <!-- gen:versions.table -->
    <!-- gen:losses.page ClipPPOLoss -->

It is replaced by the Markdown its section renders.  Markers inside code fences
are left alone (so pages can show the syntax).
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field

from tools.api.facts import objects
from tools.api.views import autolink
from tools.core import registry, urls
from tools.core.errors import error_text
from tools.core.markdown import LOOKS_LIKE_MARKER, MARKER, lines_outside_fences
from tools.core.schema import document
from tools.core.timing import stage
from tools.versions.facts import read_versions
from tools.versions.views.render import render_banner

H1 = re.compile(r"^#\s+\S")

# The page that explains how generated pages are made (banner link target).
ABOUT_PAGE = urls.HOME
ABOUT_ANCHOR = "how-this-site-is-made"


class GenerationError(Exception):
    """A page asked for something the generator cannot give; the message says how to fix it."""


@dataclass
class ExpandedPage:
    markdown: str
    sections_used: set[str] = field(default_factory=set)


def _about_link(page_path: str) -> str:
    return urls.link(page_path, ABOUT_PAGE, ABOUT_ANCHOR)


def _insert_banner(lines: list[str], page_path: str) -> list[str]:
    banner = render_banner(read_versions(), _about_link(page_path)).splitlines()
    for index, line in lines_outside_fences(lines):
        if H1.match(line):
            return [*lines[: index + 1], "", *banner, "", *lines[index + 1 :]]
    return [*banner, "", *lines]


# A section's Markdown may place other concerns' sections (a loss page's API section); they nest this deep at most.
MAX_NESTING = 3


def expand(markdown: str, page_path: str, *, generated_page: bool = False) -> ExpandedPage:
    """Replace every marker of ``markdown`` (the page at docs-relative ``page_path``).

    Markers in a section's own output are expanded too.  Pages that hold
    generated content (or are wholly generated) get the versions banner under
    their title.
    """
    used: set[str] = set()
    expanded = _expand_markers(markdown, page_path, registry.section_table(), used, depth=0)
    out = _link_code_spans(expanded.split("\n"))
    if used or generated_page:
        out = _insert_banner(out, page_path)
    return ExpandedPage("\n".join(out) + "\n", used)


def _expand_markers(markdown: str, page_path: str, sections: dict, used: set[str], depth: int) -> str:
    lines = markdown.splitlines()
    replacements: dict[int, str] = {}
    for index, line in lines_outside_fences(lines):
        if not LOOKS_LIKE_MARKER.search(line):
            continue
        where = f"{page_path}:{index + 1}" if depth == 0 else f"{page_path} (in a section's output)"
        match = MARKER.match(line.strip())
        if not match:
            raise GenerationError(
                f"{where}: malformed marker {line.strip()!r}; write it alone on its line as "
                "'<!-- gen:<concern>.<section> [argument] -->'"
            )
        name, arg = match.group("name"), (match.group("arg") or "").strip()
        render = sections.get(name)
        if render is None:
            close = difflib.get_close_matches(name, sections, n=3)
            hint = f"; did you mean {', '.join(close)}?" if close else ""
            raise GenerationError(
                f"{where}: unknown marker 'gen:{name}'{hint} "
                f"(known: {', '.join(sorted(sections))}; sections are declared by each "
                "concern's CONCERN in tools/<concern>/views/__init__.py)"
            )
        try:
            with stage(f"{name.split('.')[0]}.render"):
                rendered = render(arg).rstrip("\n")
        except GenerationError:
            raise
        except Exception as exc:  # re-raised with the place that asked for it
            raise GenerationError(f"{where}: rendering 'gen:{name}' failed: {error_text(exc)}") from exc
        if LOOKS_LIKE_MARKER.search(rendered):
            if depth + 1 >= MAX_NESTING:
                raise GenerationError(f"{where}: 'gen:{name}' places sections nested deeper than {MAX_NESTING}")
            rendered = _expand_markers(rendered, page_path, sections, used, depth + 1).rstrip("\n")
        # An indented marker (inside a content tab or an admonition) gets indented output.
        indent = line[: len(line) - len(line.lstrip())]
        replacements[index] = "\n".join(indent + part if part.strip() else part for part in rendered.split("\n"))
        used.add(name)
    return "\n".join(replacements.get(i, line) for i, line in enumerate(lines))


def _link_code_spans(lines: list[str]) -> list[str]:
    """Code spans naming a documented torchrl object become links to its API section (``tools.api.views.autolink``)."""
    if not any("`" in line for line in lines):
        return lines
    targets = objects.link_targets()
    outside = {index for index, _ in lines_outside_fences(lines)}
    return [autolink.link_line(line, targets) if i in outside else line for i, line in enumerate(lines)]


def start_background_work() -> None:
    """Let every concern start its slow side work now, so that it overlaps the build."""
    for concern in registry.concerns():
        if concern.start is not None:
            with stage(f"{concern.name}.start"):
                concern.start()


def generated_pages() -> dict[str, str]:
    """Every wholly generated page: docs-relative path -> raw Markdown."""
    pages: dict[str, str] = {}
    for concern in registry.concerns():
        if concern.pages is None:
            continue
        with stage(f"{concern.name}.pages"):
            concern_pages = concern.pages()
        for path, markdown in concern_pages.items():
            if path in pages:
                raise GenerationError(f"two concerns generate the page {path}")
            pages[path] = markdown
    return pages


def check_sections_placed(used: set[str]) -> None:
    """Every section a concern declares must appear on some page."""
    missing = []
    for concern in registry.concerns():
        for name in concern.sections:
            if name in concern.page_only_sections:
                continue
            full = f"{concern.name}.{name}"
            if full not in used:
                missing.append(full)
    if missing:
        raise GenerationError(
            "declared sections that no page places: "
            + ", ".join(f"'<!-- gen:{m} -->'" for m in sorted(missing))
            + "; add the marker to the page that should show it, or remove the section"
        )


def inventory() -> dict:
    """Every generated fact, keyed by concern (written to site/inventory.json)."""
    return registry.inventory()


def site_assets() -> dict:
    """The files served as they are (docs-relative path -> file on disk), added to the build's files."""
    return registry.site_assets()


def site_files() -> dict[str, str]:
    """The data files the pages' scripts read (site-relative path -> text), written beside inventory.json."""
    return registry.site_files()


def site_binary_files() -> dict[str, bytes]:
    """Binary files written beside them (the agent skill's archive): site-relative path -> bytes."""
    return registry.site_binary_files()


def inventory_schema() -> dict:
    """JSON Schema of ``inventory()`` (written to site/inventory.schema.json), from each concern's own."""
    return document(registry.concerns())
