"""API text the search index leaves out: constructor parameters a page already lists in its own table.

A loss or trainer page shows its constructor arguments in the site's own
table, each with its description from the one griffe parse
(``tools.api.facts.load.parameter_docs``); the API section below repeats the same
descriptions in the class docstring's "Parameters" tables.  Both were
indexed: about a tenth of the search index every page downloads said
everything twice.  The repeated tables stay on the page; Material's search
skips an element carrying ``data-search-exclude``.  Methods' parameters, and
the classes whose pages have no such table (estimators, updaters, hooks,
the base classes), stay indexed.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from functools import lru_cache

from tools.api.facts import objects

# Kinds whose page lists each constructor parameter with its docstring description.
KINDS_WITH_PARAMETER_TABLES = frozenset({"loss", "trainer"})

CLASS_CONTENTS = '<div class="doc doc-contents first">'  # a rendered root object's docstring starts here
# ... and ends where its methods, or the next object, begin.
_AFTER_DOCSTRING = ('<div class="doc doc-children">', '<div class="doc doc-object')
_ID = re.compile(r'id="([\w.]+)"')
_PARAMETERS = re.compile(r'<p>(<span class="doc-section-title">(?:Other )?Parameters:</span></p>\s*)<table>')


@lru_cache(maxsize=1)
def repeated_parameters() -> frozenset[str]:
    """Identifiers of the classes whose constructor parameters their page lists already."""
    return frozenset(
        obj.identifier
        for obj in objects.documented().values()
        if obj.kind in KINDS_WITH_PARAMETER_TABLES and not obj.base
    )


def exclude_repeated_parameters(html: str, identifiers: Collection[str]) -> str:
    """``html`` with the "Parameters" tables of those classes' docstrings marked ``data-search-exclude``.

    A root object's docstring follows its anchor (``<a id=...>``, or its
    heading's id) and opens with ``CLASS_CONTENTS``.
    """
    out, done = [], 0
    start = html.find(CLASS_CONTENTS)
    while start != -1:
        anchor = html.rfind(" id=", done, start)
        identifier = _ID.match(html, anchor + 1) if anchor != -1 else None
        end = min((i for i in (html.find(marker, start) for marker in _AFTER_DOCSTRING) if i != -1), default=len(html))
        if identifier and identifier.group(1) in identifiers:
            out.append(html[done:start])
            out.append(_PARAMETERS.sub(r"<p data-search-exclude>\1<table data-search-exclude>", html[start:end]))
            done = end
        start = html.find(CLASS_CONTENTS, end)
    return "".join(out) + html[done:]
