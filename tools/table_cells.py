"""Text for Markdown table cells.

Python-Markdown splits table rows on `|` except inside code spans, where a
backslash would be shown literally. So: plain text escapes its pipes, code
is wrapped in backticks and left alone. Both flatten newlines.
"""

from __future__ import annotations


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
