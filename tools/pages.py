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
import posixpath
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from tools import registry
from tools.timing import stage
from tools.versions import read_versions, render_banner

MARKER = re.compile(r"^<!--\s*gen:(?P<name>[\w.-]+)(?:[ \t]+(?P<arg>[^\n]*?))?\s*-->\s*$")
LOOKS_LIKE_MARKER = re.compile(r"<!--\s*gen\b")
FENCE = re.compile(r"^\s*(`{3,}|~{3,})")
H1 = re.compile(r"^#\s+\S")

# The page that explains how generated pages are made (banner link target).
ABOUT_PAGE = "index.md"
ABOUT_ANCHOR = "how-this-site-is-made"


class GenerationError(Exception):
    """A page asked for something the generator cannot give; the message says how to fix it."""


@dataclass
class ExpandedPage:
    markdown: str
    sections_used: set[str] = field(default_factory=set)


def _lines_outside_fences(lines: list[str]) -> Iterator[tuple[int, str]]:
    fence: str | None = None
    for index, line in enumerate(lines):
        match = FENCE.match(line)
        if match:
            token = match.group(1)
            if fence is None:
                fence = token
            elif token[0] == fence[0] and len(token) >= len(fence) and not line.strip()[len(token):]:
                fence = None
            continue
        if fence is None:
            yield index, line


def _about_link(page_path: str) -> str:
    here = posixpath.dirname(page_path)
    return posixpath.relpath(ABOUT_PAGE, here or ".") + f"#{ABOUT_ANCHOR}"


def _insert_banner(lines: list[str], page_path: str) -> list[str]:
    banner = render_banner(read_versions(), _about_link(page_path)).splitlines()
    for index, line in _lines_outside_fences(lines):
        if H1.match(line):
            return lines[: index + 1] + [""] + banner + [""] + lines[index + 1 :]
    return banner + [""] + lines


def expand(markdown: str, page_path: str, *, generated_page: bool = False) -> ExpandedPage:
    """Replace every marker of ``markdown`` (the page at docs-relative ``page_path``).

    Pages that hold generated content (or are wholly generated) get the
    versions banner under their title.
    """
    sections = registry.section_table()
    lines = markdown.splitlines()
    replacements: dict[int, str] = {}
    used: set[str] = set()
    for index, line in _lines_outside_fences(lines):
        if not LOOKS_LIKE_MARKER.search(line):
            continue
        where = f"{page_path}:{index + 1}"
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
                "concern's CONCERN in tools/<concern>/__init__.py)"
            )
        try:
            with stage(f"{name.split('.')[0]}.render"):
                rendered = render(arg).rstrip("\n")
            # An indented marker (inside a content tab or an admonition) gets indented output.
            indent = line[: len(line) - len(line.lstrip())]
            replacements[index] = "\n".join(indent + l if l.strip() else l for l in rendered.split("\n"))
        except GenerationError:
            raise
        except Exception as exc:  # re-raised with the place that asked for it
            raise GenerationError(f"{where}: rendering 'gen:{name}' failed: {type(exc).__name__}: {exc}") from exc
        used.add(name)
    out = _link_code_spans("\n".join(replacements.get(i, line) for i, line in enumerate(lines)).split("\n"))
    if used or generated_page:
        out = _insert_banner(out, page_path)
    return ExpandedPage("\n".join(out) + "\n", used)


def _link_code_spans(lines: list[str]) -> list[str]:
    """Code spans naming a documented torchrl object become links to its API section (``tools.api.autolink``)."""
    if not any("`" in line for line in lines):
        return lines
    from tools.api import autolink, objects

    targets = objects.link_targets()
    outside = {index for index, _ in _lines_outside_fences(lines)}
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
    return {c.name: c.inventory() for c in registry.concerns() if c.inventory is not None}


def inventory_schema() -> dict:
    """JSON Schema of ``inventory()`` (written to site/inventory.schema.json), from each concern's own."""
    from tools.inventory.schema import document

    return document(registry.concerns())
