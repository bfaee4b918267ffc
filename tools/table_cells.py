"""Text for Markdown table cells.

Python-Markdown splits table rows on `|` except inside code spans, where a
backslash would be shown literally. So: plain text escapes its pipes (and
everything else Markdown or HTML would act on), code is wrapped in
backticks and left alone, Markdown keeps its markup but not its pipes. All
flatten newlines. ``tests/tools/test_table_escaping.py`` renders each through
the site's Markdown extensions.
"""

from __future__ import annotations

import re

CODE_SPAN = re.compile(r"(`+).+?\1")


# Characters Markdown or HTML would act on in plain text; a backslash makes each literal
# (entities for the angle brackets, which Python-Markdown does not unescape).
MARKDOWN_SPECIALS = re.compile(r"([\\`*_\[\]|])")


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
