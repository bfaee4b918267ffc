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


def _kind(kind: str) -> str:
    chosen = [obj for obj in objects.documented().values() if obj.kind == kind.strip()]
    if not chosen:
        raise ValueError(f"no documented class of kind {kind.strip()!r}; kinds: {', '.join(objects.KIND_METHODS)}")
    blocks = [render.api_block(obj, heading_level=3, show_heading=True) for obj in chosen]
    return render.PROVENANCE + "\n\n" + "\n".join(blocks)


CONCERN = Concern(name="api", sections={"object": _object, "kind": _kind})
