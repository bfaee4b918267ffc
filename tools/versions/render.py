"""Versions -> Markdown."""

from __future__ import annotations

from tools.versions.records import DISTRIBUTIONS, Versions


def render_inline(versions: Versions) -> str:
    by_name = versions.by_name()
    return " · ".join(f"{DISTRIBUTIONS[d]} {by_name[d]}" for d in DISTRIBUTIONS)


def render_banner(versions: Versions, about_link: str) -> str:
    """The note every generated page carries under its title."""
    return (
        '!!! info "Generated from the installed packages"\n'
        f"    This page was generated against {render_inline(versions)} "
        f"(Python {versions.python}). [How the pages are made]({about_link})\n"
    )


def render_table(versions: Versions) -> str:
    rows = ["| Package | Version |", "| --- | --- |"]
    rows += [f"| `{DISTRIBUTIONS[p.distribution]}` | {p.version} |" for p in versions.packages]
    rows.append(f"| Python | {versions.python} |")
    return "\n".join(rows) + "\n"
