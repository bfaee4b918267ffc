"""Earlier releases' messages -> Markdown: one page per package (split when long), and their index."""

from __future__ import annotations

from collections import Counter

from tools.core import markdown as md
from tools.core import search_weights, urls
from tools.error_catalog.facts.earlier import Earlier, package_of, said_by
from tools.error_catalog.views.render import EXPLAIN_ANCHOR

INDEX = urls.EARLIER_MESSAGES


def _entry(here: str, e: Earlier, torchrl: str) -> list[str]:
    message = e.message
    where = f"in {md.code(message.function)} of `{message.file}`"
    if e.reworded_as:
        page, anchor = e.now.split("#", 1)
        now = f"{torchrl} raises it as [{md.code(e.reworded_as)}]({urls.link(here, page, anchor)})."
    elif e.now:
        page, anchor = e.now.split("#", 1)
        now = f"[What that code raises in {torchrl}]({urls.link(here, page, anchor)})."
    else:
        now = f"The error catalogue of {torchrl} has no raise or warn of that code."
    return [
        md.code(f"{e.exception or message.exception}: {message.template()}"),
        f"{{: #{e.anchor} }}",
        "",
        f"{said_by(e).capitalize()}, {where}. {now}",
        "",
    ]


def _intro(here: str, torchrl: str) -> str:
    how = "" if here == INDEX else f"; [how these are read]({urls.link(here, INDEX)})"
    return (
        f"Messages that older torchrl releases raised or warned and that {torchrl} no longer does, read from each "
        "release tag's source: what a user of an older release pastes. Fields in braces are filled in at run time "
        f"with your values. [The box on the troubleshooting page]({urls.link(here, urls.TROUBLESHOOTING, EXPLAIN_ANCHOR)}) "
        f"and `explain_error` find yours{how}."
    )


def _span(mine: list[Earlier]) -> tuple[str, str, str]:
    """(package, first module, last module) of a page's messages, the modules short."""
    package = package_of(mine[0].module)
    modules = list(dict.fromkeys(e.module for e in mine))
    return package, modules[0].removeprefix(package + "."), modules[-1].removeprefix(package + ".")


def render_page(path: str, found: list[Earlier], torchrl: str) -> str:
    mine = [e for e in found if e.page == path]
    package, first, last = _span(mine)
    modules = list(dict.fromkeys(e.module for e in mine))
    span = first if first == last else f"{first} … {last}"
    out = [
        search_weights.front_matter(search_weights.NOT_INDEXED, f"{package.removeprefix('torchrl.')}: {first}")
        + f"# Said by earlier releases: {package} ({span})",
        "",
        _intro(path, torchrl),
        "",
    ]
    for module in modules:
        own = [e for e in mine if e.module == module]
        out += [f"## `{module}`", "", f"{len(own)} message{'s' if len(own) != 1 else ''}.", ""]
        for e in own:
            out += _entry(path, e, torchrl)
    return "\n".join(out).rstrip("\n") + "\n"


def render_index(found: list[Earlier], torchrl: str, newest: str) -> str:
    here = INDEX
    per_page = Counter(e.page for e in found)
    rows = []
    for page, count in per_page.items():  # the messages' order: modules in name order
        package, first, last = _span([e for e in found if e.page == page])
        modules = first if first == last else f"{first} … {last}"
        rows.append([f"[{package}: {md.text(modules)}]({urls.link(here, page)})", str(count)])
    with_code = sum(1 for e in found if e.now)
    reworded = sum(1 for e in found if e.reworded_as)
    out = [
        search_weights.front_matter(search_weights.NOT_INDEXED) + "# Said by earlier releases",
        "",
        _intro(here, torchrl),
        "",
        "## How they are read",
        "",
        f"- Every release tag of pytorch/rl up to {newest} is read with the scanner that builds the error "
        "catalogue, in the folders the fix history covers: each `raise` and `warnings.warn` whose message it can "
        "read, known by its exception class as written and its fixed text.",
        "- A message the scanned commit still says, one the catalogue of the installed torchrl holds, one a fix "
        "changed (its entry in the fix index shows it), and one the installed tensordict says (the first releases "
        "held tensordict's code) are left out.",
        f"- Each of the {len(found)} others shows the releases that said it, the first that no longer did, the "
        f"function and file of the last one, and, for {with_code} of them, that code's section of the catalogue "
        f"of {torchrl}. One that reads much like a message the same module or function still raises ({reworded} of them) is "
        "taken for the same check worded otherwise, and links to that site.",
        "",
        "## Pages",
        "",
        md.table(["Modules", "Messages"], rows),
        "",
    ]
    return "\n".join(out).rstrip("\n") + "\n"


def render_pages(found: list[Earlier], torchrl: str, newest: str) -> dict[str, str]:
    pages = {path: render_page(path, found, torchrl) for path in dict.fromkeys(e.page for e in found)}
    pages[INDEX] = render_index(found, torchrl, newest)
    return pages
