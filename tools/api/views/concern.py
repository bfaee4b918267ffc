"""The api concern's sections: one class's API section, or every documented class of a kind."""

from __future__ import annotations

from tools.api.facts import objects
from tools.api.views import render
from tools.core.errors import unknown_name
from tools.core.registry import Concern


def _object(arg: str) -> str:
    """``NAME [LEVEL]``: one class's API section, its methods under headings of LEVEL (3 by default)."""
    name, _, level = arg.strip().partition(" ")
    documented = objects.documented()
    if name not in documented:
        raise unknown_name("documented class", name, list(documented))
    return render.PROVENANCE + "\n\n" + render.api_block(documented[name], heading_level=int(level or 3))


def _kind(arg: str) -> str:
    """``KIND [FIRST-LAST]``: every documented class of a kind, or those whose name starts with a letter
    from FIRST to LAST (``hook A-L``): one kind's API split over pages, each under the height limit."""
    kind, _, letters = arg.strip().partition(" ")
    chosen = [obj for obj in objects.documented().values() if obj.kind == kind]
    if not chosen:
        raise ValueError(f"no documented class of kind {kind!r}; kinds: {', '.join(objects.KIND_METHODS)}")
    if letters:
        first, _, last = letters.strip().upper().partition("-")
        if not (len(first) == len(last) == 1 and first.isalpha() and last.isalpha() and first <= last):
            raise ValueError(f"api.kind {arg.strip()!r}: the range is two letters, FIRST-LAST (such as A-L)")
        chosen = [obj for obj in chosen if first <= obj.name[0].upper() <= last]
    blocks = [render.api_block(obj, heading_level=3, show_heading=True) for obj in chosen]
    return render.PROVENANCE + "\n\n" + "\n".join(blocks)


CONCERN = Concern(name="api", sections={"object": _object, "kind": _kind})
