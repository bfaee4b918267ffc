"""Names that came or went between releases -> Markdown: one page per package (split when long), and their index."""

from __future__ import annotations

from collections import Counter

from tools.core import markdown as md
from tools.core import search_weights, urls
from tools.error_catalog.facts.names import NameChange, package_of, what_changed
from tools.error_catalog.views.render import EXPLAIN_ANCHOR
from tools.fixes.facts.records import ATTRIBUTE, EXPORT, KEYWORD, MODULE

INDEX = urls.NAME_HISTORY
# A page's title in the navigation, at most: the sidebar shows it whole.
NAV_TITLE = 36

_KIND_WORDS = {KEYWORD: "keyword", EXPORT: "import", MODULE: "module", ATTRIBUTE: "method or property"}


def _instead(change: NameChange) -> str:
    if not change.instead:
        return ""
    shown = ", ".join(md.code(name) for name in change.instead)
    if change.span.kind == KEYWORD:
        return f" {change.span.gone_in} added {shown} to it."
    return f" Import it from {shown}."


def _named(change: NameChange) -> str:
    """Which classes' objects raise it, when more than the class itself do (its subclasses)."""
    if len(change.named) < 2:
        return ""
    return f" Objects of {', '.join(md.code(name) for name in change.named)} answer alike."


def _entry(change: NameChange, torchrl: str) -> list[str]:
    kind = _KIND_WORDS[change.span.kind]
    return [
        f"{md.code(change.subject)} ({kind}): {what_changed(change, torchrl)}.{_instead(change)}{_named(change)}",
        f"{{: #{change.anchor} }}",
        "",
    ]


def _intro(here: str, torchrl: str) -> str:
    how = "" if here == INDEX else f"; [how these are read]({urls.link(here, INDEX)})"
    box = urls.link(here, urls.TROUBLESHOOTING, EXPLAIN_ANCHOR)
    return (
        "Keywords, importable names, modules, methods and properties of torchrl that some releases have and "
        "others do not, read from "
        "each release tag's source and checked against the installed torchrl "
        f"({torchrl}): what code written for one release meets on another, as Python's `unexpected keyword "
        f"argument`, `cannot import name`, `No module named` or `object has no attribute`. [The box on the troubleshooting page]({box}) and "
        f"`explain_error` find yours{how}."
    )


def _short(package: str) -> str:
    return package.removeprefix("torchrl.") if package != "torchrl" else "torchrl"


def _span(mine: list[NameChange]) -> tuple[str, str, str]:
    """(package, first module, last module) of a page's names."""
    package = package_of(mine[0].module)
    modules = list(dict.fromkeys(c.module for c in mine))
    short = [m.removeprefix(package + ".") if m != package else "__init__" for m in modules]
    return package, short[0], short[-1]


def render_page(path: str, found: list[NameChange], torchrl: str) -> str:
    mine = [c for c in found if c.page == path]
    package, first, last = _span(mine)
    span = first if first == last else f"{first} … {last}"
    out = [
        search_weights.front_matter(search_weights.NOT_INDEXED, md.one_line(f"{_short(package)}: {first}", NAV_TITLE))
        + f"# Names across releases: {package} ({md.text(span)})",
        "",
        _intro(path, torchrl),
        "",
    ]
    for module in dict.fromkeys(c.module for c in mine):
        own = [c for c in mine if c.module == module]
        out += [f"## `{module}`", "", f"{len(own)} name{'s' if len(own) != 1 else ''}.", ""]
        for change in own:
            out += _entry(change, torchrl)
    return "\n".join(out).rstrip("\n") + "\n"


def render_index(found: list[NameChange], torchrl: str, newest: str) -> str:
    here = INDEX
    rows = []
    for page, count in Counter(c.page for c in found).items():
        package, first, last = _span([c for c in found if c.page == page])
        modules = first if first == last else f"{first} … {last}"
        rows.append([f"[{package}: {md.text(modules)}]({urls.link(here, page)})", str(count)])
    kinds = Counter((c.span.kind, c.installed) for c in found)
    renamed = sum(1 for c in found if c.instead and c.span.kind == KEYWORD)
    moved = sum(1 for c in found if c.instead and c.span.kind == EXPORT)
    out = [
        search_weights.front_matter(search_weights.NOT_INDEXED) + "# Names across releases",
        "",
        _intro(here, torchrl),
        "",
        "## How they are read",
        "",
        f"- Every release tag of pytorch/rl up to {newest}, and the commit the fix history scanned, is read with "
        "`ast`: the keywords each public function and method takes (by the qualified name Python's message uses), "
        "what an import finds in each public module (a package's imports from torchrl, its star imports followed; "
        "another module's own classes and functions), and the modules themselves.",
        "- A release has a name, lacks it for certain, or cannot tell: a function that also takes `**kwargs` "
        "may accept any keyword, a module with a `__getattr__` may offer any name, and a class may inherit a "
        "method its body does not define. A removal is kept when the scanned code lacks the name for certain "
        "(a method: its class body no longer defines it), with the release from which every later one lacks "
        "it for certain; an addition, when every release from its first has it and the one before lacks it for "
        "certain (that one is named). The folder that became tensordict is left out.",
        f"- Each is checked against {torchrl}'s own source, read the same way: a removal the installed release "
        "has again, or an addition it lacks, is dropped.",
        "- A class's methods and properties are those its body defines. Whether the installed class still "
        "reaches one is asked of the class itself, imported: one it has (inherited, say), or one its torchrl "
        "classes' source mentions at all (it may be set or served at run time), is no removal. Python's "
        "message names the object's own class, so each lists the class and its subclasses that answer alike.",
        f"- Removals: {kinds[(KEYWORD, False)]} keywords, {kinds[(EXPORT, False)]} imports, "
        f"{kinds[(MODULE, False)]} modules, {kinds[(ATTRIBUTE, False)]} methods or properties. A removed keyword names the keywords its function gained in the same "
        f"release ({renamed} of them: a rename reads that way); a removed import names the installed modules that "
        f"have that name ({moved} of them).",
        f"- Additions: {kinds[(KEYWORD, True)]} keywords, {kinds[(EXPORT, True)]} imports, "
        f"{kinds[(MODULE, True)]} modules, each with the first release that has it. (A method or property a "
        "class body came to define may have been inherited before: only removals are listed.)",
        "",
        "## Pages",
        "",
        md.table(["Modules", "Names"], rows),
        "",
    ]
    return "\n".join(out).rstrip("\n") + "\n"


def render_pages(found: list[NameChange], torchrl: str, newest: str) -> dict[str, str]:
    pages = {path: render_page(path, found, torchrl) for path in dict.fromkeys(c.page for c in found)}
    pages[INDEX] = render_index(found, torchrl, newest)
    return pages
