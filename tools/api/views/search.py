"""API text said once: constructor parameters a page already lists in its own table.

A loss or trainer page shows its constructor arguments in the site's own
table, each with its description from the one griffe parse
(``tools.api.facts.load.parameter_docs``); the API section below repeated the
same descriptions in the class docstring's "Parameters" tables (a large share of
the ClipPPOLoss page, and of the search index every page downloads).
Those tables are replaced by a line linking the page's own table (a
parameter's description once per page).  Methods' parameters, and the
classes whose pages have no such table (estimators, updaters, hooks, the base
classes), stay as mkdocstrings renders them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache

from tools.api.facts import objects

# Kinds whose page lists each constructor parameter with its docstring description.
KINDS_WITH_PARAMETER_TABLES = frozenset({"loss", "trainer"})

CLASS_CONTENTS = '<div class="doc doc-contents first">'  # a rendered root object's docstring starts here
# ... and ends where its methods, or the next object, begin.
_AFTER_DOCSTRING = ('<div class="doc doc-children">', '<div class="doc doc-object')
_ID = re.compile(r'id="([\w.]+)"')
_PARAMETERS = re.compile(
    r'<p><span class="doc-section-title">(?:Other )?Parameters:</span></p>\s*<table>.*?</table>', re.DOTALL
)
# Where each kind's page lists its constructor parameters (the heading's anchor).
PARAMETER_TABLE_ANCHOR = {"loss": "constructor", "trainer": "parameters"}
POINTER = '<p>Constructor parameters: each is described once, in <a href="#{anchor}">the table above</a>.</p>'


@lru_cache(maxsize=1)
def repeated_parameters() -> dict[str, str]:
    """Identifier -> anchor of its page's parameter table, for the classes whose page lists them already."""
    return {
        obj.identifier: PARAMETER_TABLE_ANCHOR[obj.kind]
        for obj in objects.documented().values()
        if obj.kind in KINDS_WITH_PARAMETER_TABLES and not obj.base
    }


def replace_repeated_parameters(html: str, anchors: Mapping[str, str]) -> str:
    """``html`` with the "Parameters" tables of those classes' docstrings replaced by one linking line.

    A root object's docstring follows its anchor (``<a id=...>``, or its heading's id) and
    opens with ``CLASS_CONTENTS``; ``anchors`` maps its identifier to the page's table anchor.
    """
    out, done = [], 0
    start = html.find(CLASS_CONTENTS)
    while start != -1:
        anchor = html.rfind(" id=", done, start)
        identifier = _ID.match(html, anchor + 1) if anchor != -1 else None
        end = min((i for i in (html.find(marker, start) for marker in _AFTER_DOCSTRING) if i != -1), default=len(html))
        if identifier and identifier.group(1) in anchors:
            out.append(html[done:start])
            pointer = POINTER.format(anchor=anchors[identifier.group(1)])
            docstring = _PARAMETERS.sub("\x00", html[start:end])
            # The first table (Parameters, then Other Parameters) becomes the pointer, the others go.
            out.append(docstring.replace("\x00", pointer, 1).replace("\x00", ""))
            done = end
        start = html.find(CLASS_CONTENTS, end)
    return "".join(out) + html[done:]
