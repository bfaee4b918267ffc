"""API sections and cross-references as Markdown: what mkdocstrings and autorefs turn into HTML.

Pure functions of ``ApiObject`` records; no MkDocs and no griffe here.
"""

from __future__ import annotations

from tools.api.objects import ApiObject
from tools.table_cells import code

PROVENANCE = (
    "Rendered by mkdocstrings from the docstrings of the installed torchrl (its examples are left out: "
    "this site shows only code it ran)."
)


def api_block(obj: ApiObject, *, heading_level: int = 3, show_heading: bool = False) -> str:
    """A ``:::`` block for ``obj``: its docstring, bases and the methods a user calls.

    ``show_heading=False`` leaves out the class heading and with it the class
    signature (pages that show their own introspected signature above).
    """
    members = ", ".join(obj.members)
    inherited = ", ".join(obj.inherited)
    return (
        f"::: {obj.identifier}\n"
        "    options:\n"
        f"      show_root_heading: {str(show_heading).lower()}\n"
        f"      heading_level: {heading_level}\n"
        f"      members: [{members}]\n"
        f"      inherited_members: [{inherited}]\n"
    )


def api_section(obj: ApiObject, *, heading: str = "## API", heading_level: int = 3) -> str:
    return f"{heading}\n\n{PROVENANCE}\n\n{api_block(obj, heading_level=heading_level)}\n"


def ref(text: str, identifier: str | None) -> str:
    """``text`` as a code span linked to ``identifier`` through autorefs (a plain code span without one)."""
    span = code(text)
    return f"[{span}][{identifier}]" if identifier else span
