"""Catalogue records -> Markdown: one page per group of modules, the catalogue's own index page,
and the box on the troubleshooting page that explains a pasted traceback."""

from __future__ import annotations

from collections import Counter

from tools.core import markdown as md
from tools.core import search_weights, urls
from tools.error_catalog.facts import pages as layout
from tools.error_catalog.facts.index import bare
from tools.error_catalog.facts.records import CALLED, RERAISE, WARN, Catalog, Site, Trigger
from tools.error_catalog.views.objects import object_of

# A site's first line shows this much of a message; the rest follows under it.
HEADING_CHARS = 110
EXPLAIN_ANCHOR = "paste-an-error"


def _shown(site: Site) -> str:
    """The message with each field as "…": what a site's first line shows.  The fields'
    sources (``self.tensor_keys.sample_log_prob``) stay in the text under the heading, so that a search
    for a key's name finds the page that documents the key before the messages that print it."""
    return " ".join("".join("…" if part.is_field else part.text for part in site.message).split())


def _heading_text(site: Site) -> tuple[str, str]:
    """(first line, the whole template under it when it has fields or the first line had to cut it)."""
    exception = bare(site.exception_qualname or site.exception) or "the caught exception"
    if site.kind == RERAISE:
        return f"{md.code(exception)} raised again", ""
    shown = _shown(site)
    if not shown:
        return f"{md.code(exception)} (no message)", ""
    whole = " ".join(site.template().split())
    cut = shown if len(shown) <= HEADING_CHARS else shown[: HEADING_CHARS - 1] + "…"
    return f"{md.code(exception)}: {md.text(cut)}", whole if whole != cut else ""


def _condition(site: Site) -> str:
    if not site.guards:
        return "whenever it runs"
    return "when " + " and ".join(md.code(guard) for guard in reversed(site.guards))


def _what(site: Site) -> str:
    if site.kind == WARN:
        return "warns"
    if site.kind == RERAISE:
        return "raises again what it caught"
    return "raises"


def _triggered(here: str, triggers: list[Trigger]) -> list[str]:
    out = []
    for trigger in triggers[:2]:
        page, _, anchor = trigger.page.partition("#")
        text = " ".join(trigger.text.split())
        out.append(
            f"**Seen raised** by this build ({md.text(trigger.source)}; [its page]({urls.link(here, page, anchor)})): "
            f"{md.code(text[:300])}"
        )
    return out


def _site(here: str, site: Site, triggers: list[Trigger]) -> list[str]:
    """One site as a block with its own anchor under its function's heading.  Not a heading itself: a
    page holds dozens of sites, and as headings they filled the table of contents (shown twice by the
    theme) and split the search index into as many sections; the function's section holds their text."""
    heading, whole = _heading_text(site)
    anchor = layout.site_anchor(site.module, site.function, site.index)
    lines = [f'<div class="catalogue-site" id="{anchor}" markdown>', "", f"**{heading}**", ""]
    if whole:
        lines += [f"Message: {md.code(whole)}", ""]
    detail = f"Line {site.line} {_what(site)} {_condition(site)}."
    if not site.message_known:
        detail += " Part of the message is computed at run time (shown as a field)."
    lines += [detail, ""]
    for line in _triggered(here, triggers):
        lines += [line, ""]
    return [*lines, "</div>", ""]


def _module_intro(site: Site, count: int) -> str:
    if site.why_read == CALLED:
        module, _, function = site.called_from.partition(":")
        return (
            f"`{site.path}`: {count} site{'s' if count != 1 else ''} in the functions covered code calls into "
            f"(reached from {md.code(function)} of `{module}`, by following its calls)."
        )
    return f"`{site.path}`: {count} site{'s' if count != 1 else ''}, every one in the module."


def _module_heading(here: str, module: str, sites: list[Site], placed: layout.Placement) -> list[str]:
    """The module's heading and what it holds; a module split between pages says which part this is, and
    only its first page carries the module's anchor."""
    everything = placed.of_module[module]
    first = placed.module(module)
    if len(sites) == len(everything):
        return [f"## `{module}` {{#{layout.module_anchor(module)}}}", "", _module_intro(sites[0], len(sites)), ""]
    pages = list(dict.fromkeys(placed.site(site) for site in everything))
    links = ", ".join(
        "this page" if page == here else f"[part {number}]({urls.link(here, page)})"
        for number, page in enumerate(pages, start=1)
    )
    part = pages.index(here) + 1
    anchor = f" {{#{layout.module_anchor(module)}}}" if here == first else ""
    return [
        f"## `{module}`, part {part} of {len(pages)}{anchor}",
        "",
        f"{_module_intro(sites[0], len(everything))} Split by class between pages: {len(sites)} here ({links}).",
        "",
    ]


def render_page(catalog: Catalog, page: layout.CatalogPage, triggers: list[Trigger], placed: layout.Placement) -> str:
    here = page.path
    by_site: dict[str, list[Trigger]] = {}
    for trigger in triggers:
        by_site.setdefault(trigger.site, []).append(trigger)
    mine = placed.held[here]
    seen = sum(1 for site in mine if site.id in by_site)
    out = [
        # The navigation's title is short (the section already says "Error catalogue"); the page's is whole.
        search_weights.front_matter(search_weights.NOT_INDEXED, page.nav_title) + f"# Errors: {page.title}",
        "",
        f"Every `raise` and `warnings.warn` of these modules of torchrl {catalog.torchrl}, read from their source "
        f"when this site was built: {len(mine)} sites, {seen} of them seen raised by this build's own runs (the "
        f"text it captured is shown), the rest read only. Fields in braces are filled in at run time with your "
        f"values. Paste your traceback into [the box on the troubleshooting page]"
        f"({urls.link(here, urls.TROUBLESHOOTING, EXPLAIN_ANCHOR)}) to land on the right one; "
        f"[how this catalogue is made]({urls.link(here, urls.ERROR_CATALOG)}).",
        "",
    ]
    for module in page.modules:
        sites = [site for site in mine if site.module == module]
        out += _module_heading(here, module, sites, placed)
        functions = list(dict.fromkeys(site.function for site in sites))
        for function in functions:
            own = [site for site in sites if site.function == function]
            out += [f"### {md.code(function)} {{#{layout.function_anchor(module, function)}}}", ""]
            owner = own[0].owner
            documented = object_of(module, owner)
            if documented is not None and documented[2]:
                out += [f"A method of {md.code(owner)} ([its page]({urls.link(here, documented[2])})).", ""]
            elif owner != function and not owner.startswith("<"):
                out += [f"A method of {md.code(owner)}.", ""]
            for site in own:
                out += _site(here, site, by_site.get(site.id, []))
    return "\n".join(out).rstrip("\n") + "\n"


def render_pages(catalog: Catalog, triggers: list[Trigger]) -> dict[str, str]:
    placed = layout.placement(catalog)
    pages = {page.path: render_page(catalog, page, triggers, placed) for page in placed.pages}
    pages[urls.ERROR_CATALOG] = render_index(catalog, triggers, placed)
    return pages


def render_index(catalog: Catalog, triggers: list[Trigger], placed: layout.Placement) -> str:
    here = urls.ERROR_CATALOG
    seen = {trigger.site for trigger in triggers}
    rows = []
    for page in placed.pages:
        mine = placed.held[page.path]
        rows.append(
            [
                f"[{md.text(page.title)}]({urls.link(here, urls.error_catalog_page(page.slug))})",
                str(len(page.modules)),
                str(len(mine)),
                str(sum(1 for site in mine if site.id in seen)),
            ]
        )
    kinds = Counter(bare(site.exception_qualname or site.exception) or "computed" for site in catalog.sites)
    by_kind = ", ".join(f"{md.code(name)} {count}" for name, count in kinds.most_common())
    covered = sum(1 for why in catalog.modules.values() if why != CALLED)
    called = len(catalog.modules) - covered
    out = [
        search_weights.front_matter(search_weights.CATALOGUE) + "# Error catalogue",
        "",
        f"Every error and warning that the code this site covers can raise, read from the source of the installed "
        f"torchrl {catalog.torchrl} when the site was built: {len(catalog.sites)} sites in {len(catalog.modules)} "
        f"modules. Paste a traceback into [the box on the troubleshooting page]"
        f"({urls.link(here, urls.TROUBLESHOOTING, EXPLAIN_ANCHOR)}), or run `explain_error`, to find yours.",
        "",
        "## What it reads",
        "",
        f"- **Covered** ({covered} modules): every module under "
        + ", ".join(md.code(p) for p in catalog.covered)
        + ", each read whole.",
        f"- **Called into** ({called} modules): the functions elsewhere in torchrl that covered code calls, found by "
        "following calls whose target the imported module names (a function, a class's `__init__`, a method "
        "through the class's bases, `super()`), and the functions those call in turn. A call through an "
        "attribute known only at run time (`self.actor_network(td)`) is not followed. Only the reached "
        "functions' sites are listed.",
        "- **A site** is one `raise` statement or one `warnings.warn` call. Each shows the exception class, the "
        "message with the parts the code fills in shown as fields in braces, the function it sits in, its line "
        "and the conditions that lead there (the enclosing `if`, `except` and loop lines, innermost last).",
        f"- **Seen raised** ({len(seen)} sites): a run this build makes anyway captured a text the site's "
        "template matches whole: a troubleshooting entry's reproduction (its page shows the fix), the loss probes "
        "(every constructor argument given another value), the estimator probes and the estimator matrix, the "
        "config survey, the parity audit or the hook points' survey. The site shows the text with a link to the "
        "page that shows the run. The others are read only: nothing here ran them (most need a failing "
        "environment, a distributed setup or a wrong input no tiny construction makes).",
        "",
        "## Pages",
        "",
        md.table(["Modules", "Modules read", "Sites", "Seen raised"], rows),
        "",
        "## By exception class",
        "",
        by_kind + ".",
        "",
    ]
    return "\n".join(out).rstrip("\n") + "\n"


def render_box(_arg: str = "") -> str:
    """The troubleshooting page's box: paste a traceback, get the entries, catalogue sites and fixes."""
    return "\n".join(
        [
            f'<div class="explain-box" id="{EXPLAIN_ANCHOR}-box" markdown>',
            "",
            '<label for="explain-input">Your traceback, or just its last line</label>',
            '<textarea id="explain-input" rows="7" spellcheck="false" '
            'placeholder="Traceback (most recent call last): ... KeyError: ..."></textarea>',
            '<button type="button" class="md-button md-button--primary" id="explain-run">Explain this error</button>',
            '<div class="explain-results" id="explain-results" aria-live="polite"></div>',
            "",
            "</div>",
            "",
            "The box runs in your browser, offline: it matches the message against every catalogued error "
            "template (your own key names, sizes and class names fill the fields), against the text each "
            "troubleshooting entry captured, against the errors upstream fixes quote and the messages of the code "
            "they changed (an older release's user pastes those), against the messages older releases said that "
            "this one does not, and against the import, "
            "keyword and config-key errors of code written for another torchrl release (each name a release step "
            "added or removed, linked to the upgrade page that explains it); it matches the traceback's torchrl "
            "frames against the functions that raise. The same matcher answers on the command line: "
            "`explain_error traceback.txt` (or pipe it in).",
        ]
    )
