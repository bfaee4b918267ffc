"""Markdown helpers every concern uses: table cells, tables, and the marker grammar.

Cells: Python-Markdown splits table rows on `|` except inside code spans,
where a backslash would be shown literally. So: plain text escapes its pipes
(and everything else Markdown or HTML would act on), code is wrapped in
backticks and left alone, Markdown keeps its markup but not its pipes. All
flatten newlines. ``tests/tools/core/test_table_escaping.py`` renders each
through the site's Markdown extensions.

Tables: ``table(header, rows)``, the one builder of pipe tables; cells are
given already made (with ``text``, ``code`` or ``markdown``).

Markers: a page asks for a generated section with a line of its own,
``<!-- gen:<concern>.<section> [argument] -->``, outside code fences
(``markers_in``); ``tools.site.markers`` expands them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence

CODE_SPAN = re.compile(r"(`+).+?\1")


# Characters Markdown or HTML would act on in plain text; a backslash makes each literal
# (entities for the angle brackets, which Python-Markdown does not unescape).
MARKDOWN_SPECIALS = re.compile(r"([\\`*_\[\]|])")


def one_line(value: str, limit: int) -> str:
    """``value`` on one line (runs of white space as one space), cut to ``limit`` characters with an ellipsis."""
    value = " ".join(value.split())
    return value if len(value) <= limit else value[: limit - 1] + "…"


def text(value: str) -> str:
    """Plain text (a measured message, a curated reason) shown as written: nothing in it becomes markup."""
    value = " ".join(value.split())
    return MARKDOWN_SPECIALS.sub(r"\\\1", value).replace("<", "&lt;").replace(">", "&gt;")


def code(value: str) -> str:
    """A code span, or "" for empty text."""
    if not value:
        return ""
    value = value.replace("\n", " ")
    longest = max((len(run) for run in re.findall(r"`+", value)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if longest else ""
    return f"{fence}{pad}{value}{pad}{fence}"


def markdown(value: str) -> str:
    """Markdown (a docstring's description) in one cell: one line, pipes escaped outside code spans.

    Code spans keep their pipes: the table extension does not split a row
    inside backticks, and a backslash there would be shown.  Angle brackets
    outside code become entities: a description cannot carry HTML.
    """
    value = " ".join(value.split())
    parts, last = [], 0
    for match in CODE_SPAN.finditer(value):
        parts.append(_outside_code(value[last : match.start()]))
        parts.append(match.group(0))
        last = match.end()
    parts.append(_outside_code(value[last:]))
    return "".join(parts)


def _outside_code(value: str) -> str:
    return value.replace("|", "\\|").replace("<", "&lt;").replace(">", "&gt;")


def table(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """A pipe table (no trailing newline): the header cells, a ``---`` rule, one line per row.

    Cells come made (``text``, ``code``, ``markdown`` or Markdown the caller wrote); numbers are
    shown with ``str``.  A row with another number of cells than the header is a bug, so it raises.
    """
    lines = ["| " + " | ".join(header) + " |", "| " + " | ".join("---" for _ in header) + " |"]
    for row in rows:
        if len(row) != len(header):
            raise ValueError(f"a table row has {len(row)} cells for {len(header)} columns: {list(row)!r}")
        lines.append("| " + " | ".join(str(cell) for cell in row) + " |")
    return "\n".join(lines)


# -- markers ------------------------------------------------------------------------------------

MARKER = re.compile(r"^<!--\s*gen:(?P<name>[\w.-]+)(?:[ \t]+(?P<arg>[^\n]*?))?\s*-->\s*$")
LOOKS_LIKE_MARKER = re.compile(r"<!--\s*gen\b")
FENCE = re.compile(r"^\s*(`{3,}|~{3,})")


def lines_outside_fences(lines: list[str]) -> Iterator[tuple[int, str]]:
    """(index, line) of each line that is not inside a fenced code block (nor a fence line itself)."""
    fence: str | None = None
    for index, line in enumerate(lines):
        match = FENCE.match(line)
        if match:
            token = match.group(1)
            if fence is None:
                fence = token
            elif token[0] == fence[0] and len(token) >= len(fence) and not line.strip()[len(token) :]:
                fence = None
            continue
        if fence is None:
            yield index, line


def markers_in(markdown: str) -> Iterator[tuple[str, str]]:
    """(section name, argument) of each well-formed marker outside code fences, in page order."""
    for _index, line in lines_outside_fences(markdown.splitlines()):
        match = MARKER.match(line.strip())
        if match:
            yield match.group("name"), (match.group("arg") or "").strip()
