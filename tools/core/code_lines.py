"""Each line of a code block in its own span, carrying its indentation, so a wrapped line hangs.

``docs/assets/site.css`` wraps code blocks (``white-space: pre-wrap``) so that they fit their
column.  A wrapped line's continuation then started at column 0 and read as a new statement.
CSS indents only the first line of a box (``text-indent``), and a preserved newline does not
start a new box, so a hanging indent needs one box per line: each line of the block becomes
``<span class="cl iN">...\\n</span>`` where ``N`` is the width of the line's leading spaces.
site.css turns the span into a full-width inline box whose continuation lines start past
the line's own indentation (``iN`` gives the width; CSS cannot read it from the text).

Classes, not a ``style`` attribute: the search index drops the spans of a block whose spans
carry classes alone (``tools/site/search_index.py``), and a class keeps that true.  The line
spans are inline boxes, not blocks, so ``innerText`` (Material's copy button) and a selection
both give the original lines: a block box would add a line break around each line.

Pygments closes its token spans at the end of each line, so a line is whole HTML except for
pymdownx's highlighted lines (``<span class="hll">...\\n</span>``), which wrap one line and its
newline: they keep wrapping their line, around the line's span.  Generated signature stubs
(mkdocstrings' ``.doc-signature``) keep their lines and scroll: they are left alone.

HTML in, HTML out; nothing here imports MkDocs (the hook calls it).
"""

from __future__ import annotations

import html
import re

# A highlighted code block as pymdownx.highlight writes it (with pygments_lang_class).
CODE_BLOCK = re.compile(
    r'(<div class="(?P<classes>[^"]*\bhighlight\b[^"]*)">(?:<span class="filename">.*?</span>)?<pre\b[^>]*>'
    r"(?:<span></span>)?<code\b[^>]*>)(?P<body>.*?)(</code></pre>)",
    re.DOTALL,
)
HIGHLIGHTED = re.compile(r'<span class="hll">(.*?\n)</span>', re.DOTALL)
TAG = re.compile(r"<[^>]*>")
LINE_CLASS = "cl"
# Indentation classes go up to this width; a deeper line gets the deepest class (its continuation
# then starts left of its own first character, which the reader sweep would report).
DEEPEST = 40
HIGHLIGHT_MARK = "\x00hll\x00"
LEADING_SPACES = re.compile(r"^((?:<span[^>]*>)*)( +)")
INDENT_CLASS = "ci"


def _indent(line_html: str) -> int:
    text = html.unescape(TAG.sub("", line_html))
    return min(len(text) - len(text.lstrip(" ")), DEEPEST)


def _line(line_html: str, newline: str) -> str:
    highlighted = line_html.startswith(HIGHLIGHT_MARK)
    if highlighted:
        line_html = line_html[len(HIGHLIGHT_MARK) :]
    indent = _indent(line_html)
    if indent:
        line_html = LEADING_SPACES.sub(
            lambda m: f'{m[1]}<span class="{INDENT_CLASS}">{m[2]}</span>', line_html, count=1
        )
    spanned = f'<span class="{LINE_CLASS} i{indent}">{line_html}{newline}</span>'
    return f'<span class="hll">{spanned}</span>' if highlighted else spanned


def _lines(body: str) -> str:
    body = HIGHLIGHTED.sub(lambda m: HIGHLIGHT_MARK + m[1], body)
    parts = body.split("\n")
    out = [_line(part, "\n") for part in parts[:-1]]
    if parts[-1]:
        out.append(_line(parts[-1], ""))
    return "".join(out)


def _block(match: re.Match[str]) -> str:
    if "doc-signature" in match["classes"] or f'class="{LINE_CLASS} ' in match["body"]:
        return match[0]  # a signature stub, or a page processed already (`serve --dirty`)
    return match[1] + _lines(match["body"]) + match[4]


def add_line_spans(page_html: str) -> str:
    """``page_html`` with each line of each highlighted code block in a span naming its indentation."""
    return CODE_BLOCK.sub(_block, page_html)
