"""API sections rendered by mkdocstrings, and cross-references to them.

Modules: ``objects`` (which torchrl classes the site documents, under which
identifier, with which methods), ``docstrings`` (torchrl's Sphinx-flavoured
docstrings -> Markdown; the griffe extension), ``load`` (one restricted
griffe parse per process, handed to mkdocstrings), ``render`` (``:::``
blocks, links), ``autolink`` (code spans naming a documented class become
autorefs links), ``inventory`` (objects.inv entries), ``search`` (API text kept
out of the search index).

Markers: ``<!-- gen:api.object NAME -->`` (one class's API section, no
heading of its own) and ``<!-- gen:api.kind KIND -->`` (every documented
class of a kind, each under its own heading with its signature).
"""

from __future__ import annotations

from tools.registry import Concern


def _object(name: str) -> str:
    from tools.api import objects, render
    from tools.cli.errors import unknown_name

    documented = objects.documented()
    if name.strip() not in documented:
        raise unknown_name("documented class", name.strip(), list(documented))
    return render.PROVENANCE + "\n\n" + render.api_block(documented[name.strip()])


def _kind(kind: str) -> str:
    from tools.api import objects, render

    chosen = [obj for obj in objects.documented().values() if obj.kind == kind.strip()]
    if not chosen:
        raise ValueError(f"no documented class of kind {kind.strip()!r}; kinds: {', '.join(objects.KIND_METHODS)}")
    blocks = [render.api_block(obj, heading_level=3, show_heading=True) for obj in chosen]
    return render.PROVENANCE + "\n\n" + "\n".join(blocks)


CONCERN = Concern(name="api", sections={"object": _object, "kind": _kind})
