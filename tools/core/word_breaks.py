"""Line-break opportunities inside long inline code, so long identifiers wrap at ``_ . /`` only.

Material lets inline code break anywhere (``word-break: break-word``), so a
narrow table column shows ``loss_obje|ctive`` or ``delay_actor=Fals|e``.  CSS
alone cannot say "break after an underscore": a browser sees
``value_network_update_interval`` as one unbreakable word.  So the built HTML
gets a ``<wbr>`` after each ``_``, ``.`` and ``/`` that sits between two parts of
a name (``make_value_estimator``, ``torchrl.objectives``), and
``docs/assets/site.css`` forbids breaking elsewhere.

Table cells get the same breaks in their long runs of text outside code (upstream prose
that names objects without backticks).  Only in code spans (and runs) of at least ``LONG`` characters, and only after
``_ . /`` (no longer after ``, ( =``).  A short name (``td_error``, ``gamma=0.99``)
stays whole: its column is at least that wide.  The threshold was measured in
Chromium at 1280 px on the built site: a higher one left mid-length names whole,
which kept the hook-points table (trainers/loop) and loss pages' tables
from fitting once cells no longer break words anywhere; at ``LONG``, the hook-points
table and the loss table fit, and a few constructor tables still scroll their
description column (upstream prose with long names outside backticks).
``tests/site/test_reader_sweep.py`` counts the breaks.

``<wbr>`` is invisible, copies as nothing, and Material's search indexer
treats it as a void tag (the text on both sides stays one token), so readers
and search both still see ``td_error``.  Code blocks (``<pre>``) are left
alone: they scroll instead of wrapping.

HTML in, HTML out; nothing here imports MkDocs (the hook calls it).
"""

from __future__ import annotations

import re

PRE_BLOCK = re.compile(r"<pre\b.*?</pre>", re.DOTALL | re.IGNORECASE)
INLINE_CODE = re.compile(r"(<code\b[^>]*>)(.*?)(</code>)", re.DOTALL)
TAG = re.compile(r"(<[^>]*>)")
# A break goes after the separator, only when a name part (or an escaped character, such as
# the &lt; of <value>) follows it: not in 0.99 or eps=0.5, not at the end.  Entities hold
# none of the separators, so no break lands inside one.
BREAK_AFTER = re.compile(r"(?<=[\w)\]\"'])([_./])(?=[A-Za-z(\[\"']|&[#\w]+;)")
# Code spans shorter than this (in characters of text) get no break: see the module's docstring.
LONG = 12
ENTITY = re.compile(r"&[#\w]+;")
# A table cell, and a run without spaces in its text: upstream prose names objects outside backticks
# (``[Deprecated, use set_keys(value_target_key=value_target_key) instead]``), and such a run set the
# width of a description column on its own.  A long one breaks as a code span does.
CELL = re.compile(r"(<t[dh]\b[^>]*>)(.*?)(</t[dh]>)", re.DOTALL)
LONG_WORD = re.compile(r"[^\s<>]+")


def _text_with_breaks(text: str) -> str:
    # Tags are kept whole; breaks go into the text between them.
    return "".join(part if TAG.fullmatch(part) else BREAK_AFTER.sub(r"\1<wbr>", part) for part in TAG.split(text))


def _code_with_breaks(match: re.Match[str]) -> str:
    opening, body, closing = match.groups()
    if "<wbr>" in body:  # already processed (a page rendered twice by `serve --dirty`)
        return match.group(0)
    if len(ENTITY.sub("x", TAG.sub("", body))) < LONG:
        return match.group(0)
    return opening + _text_with_breaks(body) + closing


def _long_words_with_breaks(text: str) -> str:
    return LONG_WORD.sub(lambda word: BREAK_AFTER.sub(r"\1<wbr>", word[0]) if len(word[0]) >= LONG else word[0], text)


def _cell_with_breaks(match: re.Match[str]) -> str:
    # Text outside tags (code spans were handled already: their text gains nothing a second time).
    opening, body, closing = match.groups()
    return (
        opening
        + "".join(part if TAG.fullmatch(part) else _long_words_with_breaks(part) for part in TAG.split(body))
        + closing
    )


def _outside_pre(html: str) -> str:
    return CELL.sub(_cell_with_breaks, INLINE_CODE.sub(_code_with_breaks, html))


def add_break_opportunities(html: str) -> str:
    """``html`` with ``<wbr>`` at name boundaries inside every long inline ``<code>`` and every long word of a
    table cell; ``<pre>`` untouched."""
    out, last = [], 0
    for block in PRE_BLOCK.finditer(html):
        out.append(_outside_pre(html[last : block.start()]))
        out.append(block.group(0))
        last = block.end()
    out.append(_outside_pre(html[last:]))
    return "".join(out)
