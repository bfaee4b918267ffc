"""API sections and cross-references as Markdown: what mkdocstrings and autorefs turn into HTML.

Pure functions of ``ApiObject`` records; no MkDocs and no griffe here.
"""

from __future__ import annotations

from tools.api.facts.objects import ApiObject
from tools.core.markdown import code

PROVENANCE = (
    "Rendered by mkdocstrings from the docstrings of the installed torchrl (its examples are left out: "
    "this site shows only code it ran)."
)


def api_block(obj: ApiObject, *, heading_level: int = 3, show_heading: bool = False) -> str:
    """A ``:::`` block for ``obj``: its docstring, bases and the methods it defines, then links to those it inherits.

    ``show_heading=False`` leaves out the class heading and with it the class
    signature (pages that show their own introspected signature above).
    An inherited method is rendered once, in the section of the class that
    defines it: repeated on every subclass it cost most of mkdocstrings'
    rendering time and filled the search with identical sections.
    """
    members = ", ".join(obj.members)
    block = (
        f"::: {obj.identifier}\n"
        "    options:\n"
        f"      show_root_heading: {str(show_heading).lower()}\n"
        f"      heading_level: {heading_level}\n"
        f"      members: [{members}]\n"
    )
    return block + (f"\n{inherited_links(obj)}\n" if obj.inherited else "")


def inherited_links(obj: ApiObject) -> str:
    """One line linking each method ``obj`` inherits to its section on the defining class."""
    links = [ref(".".join(identifier.rsplit(".", 2)[-2:]), identifier) for _method, identifier in obj.inherited]
    return f"Inherited methods, documented on the class that defines them: {', '.join(links)}."


def ref(text: str, identifier: str | None) -> str:
    """``text`` as a code span linked to ``identifier`` through autorefs (a plain code span without one)."""
    span = code(text)
    return f"[{span}][{identifier}]" if identifier else span
