"""Markdown table cells: code spans and plain text that keep a row in one piece."""

from __future__ import annotations

from tools.core import markdown as cell


def test_code_spans_survive_backticks():
    assert cell.code("a `b` c") == "`` a `b` c ``"
    assert cell.code("x | y") == "`x | y`"


def test_text_escapes_pipes_and_flattens_newlines():
    assert cell.text("a | b\nc") == "a \\| b c"
