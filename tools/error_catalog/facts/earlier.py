"""What older releases said that the installed torchrl does not: pages of them, and the matcher's release history.

The fix scanner reads each release tag's covered torchrl files (``earlier_messages`` of the fix
history).  A message the installed catalogue still holds (the same fixed text) is answered by its site;
one a fix changed is answered by that fix (its ``raised_before``); one the installed tensordict says, or
one of the folder that became tensordict, is tensordict's (the first releases held tensordict's code).
Each of the others is listed on a page of its package, with the releases that said it, the release that
no longer did and where that code is now (the catalogue's section of the same function, else of the same
module), and answers a paste of it.  One that reads like a message the same module still raises is that
check worded otherwise: it says so, and links to that site.
"""

from __future__ import annotations

import difflib
import hashlib
from dataclasses import dataclass
from pathlib import Path

from tools.core import urls
from tools.error_catalog.facts import pages as layout
from tools.error_catalog.facts.api_names import module_of
from tools.error_catalog.facts.index import bare, class_like
from tools.error_catalog.facts.records import Catalog, Site, joined, pieces
from tools.error_catalog.facts.releases import ReleaseText
from tools.error_catalog.facts.scan import scan
from tools.fixes.facts.records import MESSAGE, EarlierMessage, FixHistory, release_span

# The folder of the first releases that became the tensordict package: what it said is tensordict's.
TENSORDICT_BEFORE = "torchrl/data/tensordict/"
# Messages per page at most (a module is never split): what a reader scrolls.
PER_PAGE = 90
# How alike (difflib's ratio of the fixed texts) a message of the same module must read to be taken for
# the same check worded otherwise: below it, the messages compared say different things.
REWORDED = 0.7


@dataclass(frozen=True)
class Earlier:
    message: EarlierMessage
    module: str  # torchrl.envs.transforms.transforms
    page: str  # docs-relative page listing it
    anchor: str
    now: str  # docs-relative page and anchor of the catalogue's section of that code; "" when it has none
    reworded_as: str = ""  # the installed site's message when the same check is still raised, worded otherwise

    @property
    def exception(self) -> str:
        return bare(self.message.exception) if class_like(self.message.exception) else ""


def package_of(module: str) -> str:
    return ".".join(module.split(".")[:2])


def said_by(e: Earlier) -> str:
    message = e.message
    releases = release_span(message.first, message.last)
    since = message.gone_in or f"after {message.last}"
    if e.reworded_as:
        return f"said by torchrl {releases}; reworded {'in ' if message.gone_in else ''}{since}, still raised"
    gone = f"not by {message.gone_in} and later" if message.gone_in else f"not after {message.last}"
    return f"said by torchrl {releases}, {gone}"


def _rewording(message: EarlierMessage, sites: list[Site]) -> Site | None:
    """The site (of the same module or function) whose message reads most like this one, when close enough to be the same
    check worded otherwise (a fixed typo, a field added, a class renamed, a deprecation become a removal)."""
    said = "{}".join(message.fixed)
    best, found = REWORDED, None
    for site in sites:
        matcher = difflib.SequenceMatcher(None, said, "{}".join(pieces(site.message)[0]), autojunk=False)
        if matcher.real_quick_ratio() < best or matcher.quick_ratio() < best:
            continue
        ratio = matcher.ratio()
        if ratio >= best:
            best, found = ratio, site
    return found


def said_by_package(root: Path) -> list[list[str]]:
    """The fixed pieces of every message the ``.py`` files under ``root`` raise or warn, sorted."""
    said = set()
    for path in sorted(root.rglob("*.py")):
        for site in scan(path.read_text(encoding="utf-8", errors="replace")):
            if site.message:
                said.add(tuple(pieces(site.message)[0]))
    return [list(fixed) for fixed in sorted(said)]


def _anchor(message: EarlierMessage) -> str:
    key = "\0".join([message.exception, *message.fixed])
    return "earlier-" + hashlib.sha1(key.encode()).hexdigest()[:10]


def earlier(history: FixHistory, catalog: Catalog, elsewhere: list[list[str]]) -> list[Earlier]:
    """The earlier messages no installed place answers, by module; ``elsewhere``: the fixed pieces of what
    another installed package (tensordict) says."""
    said_now = {tuple(pieces(site.message)[0]) for site in catalog.sites if site.message}
    said_now |= {tuple(fixed) for fixed in elsewhere}
    by_a_fix = {tuple(old.fixed) for fix in history.fixes for old in fix.raised_before if old.change == MESSAGE}
    kept = [
        m
        for m in history.earlier_messages
        if tuple(m.fixed) not in said_now | by_a_fix and not m.file.startswith(TENSORDICT_BEFORE)
    ]
    counts: dict[str, int] = {}
    for message in kept:
        counts[module_of(message.file)] = counts.get(module_of(message.file), 0) + 1
    page_of = {
        module: urls.earlier_messages_page(slug) for module, slug in layout.packed(counts, package_of, PER_PAGE).items()
    }
    placed = layout.placement(catalog)
    functions = {(site.module, site.function) for site in catalog.sites}
    # A check worded otherwise stays in its module, or moves with its function (a module become a package).
    sites_of: dict[str, list[Site]] = {}
    for site in catalog.sites:
        if site.message:
            sites_of.setdefault(site.module, []).append(site)
            sites_of.setdefault(f":{site.function}", []).append(site)
    out = []
    for message in kept:
        module = module_of(message.file)
        nearby = {id(site): site for key in (module, f":{message.function}") for site in sites_of.get(key, [])}
        same = _rewording(message, list(nearby.values()))
        if same is not None:
            at = f"{placed.site(same)}#{layout.site_anchor(same.module, same.function, same.index)}"
            out.append(Earlier(message, module, page_of[module], _anchor(message), at, same.template()))
            continue
        if (module, message.function) in functions:
            now = f"{placed.function(module, message.function)}#{layout.function_anchor(module, message.function)}"
        elif placed.has_module(module):
            now = f"{placed.module(module)}#{layout.module_anchor(module)}"
        else:
            now = ""
        out.append(Earlier(message, module, page_of[module], _anchor(message), now))
    return sorted(out, key=lambda e: (e.module, e.message.function, e.message.fixed))


def earlier_texts(found: list[Earlier]) -> list[ReleaseText]:
    """Each as the matcher's release history: it answers a paste of its message whole."""
    return [
        ReleaseText(
            id=f"earlier {e.anchor.removeprefix('earlier-')}",
            title=f"{e.exception or e.message.exception}: {e.message.template()}",
            page=f"{e.page}#{e.anchor}",
            exception=e.exception,
            messages=[joined(e.message.fixed, e.message.fields)],
            note=f"{said_by(e)}, in {e.message.function}" + (f"; now: {e.reworded_as}" if e.reworded_as else ""),
        )
        for e in found
    ]
