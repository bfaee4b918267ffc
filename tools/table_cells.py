"""Text for Markdown table cells.

Python-Markdown splits table rows on `|` except inside code spans, where a
backslash would be shown literally. So: plain text escapes its pipes, code
is wrapped in backticks and left alone. Both flatten newlines.
"""

from __future__ import annotations

import re

CODE_SPAN = re.compile(r"(`+).+?\1")


def text(value: str) -> str:
    return value.replace("\n", " ").replace("|", "\\|")


def code(value: str) -> str:
    """A code span, or "" for empty text."""
    if not value:
        return ""
    value = value.replace("\n", " ")
    fence = "``" if "`" in value else "`"
    pad = " " if fence == "``" else ""
    return f"{fence}{pad}{value}{pad}{fence}"


def markdown(value: str) -> str:
    """Markdown (a docstring's description) in one cell: one line, pipes escaped outside code spans.

    Code spans keep their pipes: the table extension does not split a row
    inside backticks, and a backslash there would be shown.
    """
    value = " ".join(value.split())
    parts, last = [], 0
    for match in CODE_SPAN.finditer(value):
        parts.append(value[last : match.start()].replace("|", "\\|"))
        parts.append(match.group(0))
        last = match.end()
    parts.append(value[last:].replace("|", "\\|"))
    return "".join(parts)
