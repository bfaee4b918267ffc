"""The matcher's index: every target a pasted error can lead to, as plain JSON (see ``match``).

Built once per build from the catalogue, the troubleshooting entries (their captured texts and the
torchrl frames their tracebacks passed through), the upstream fixes and the release history.  The same index is what
``explain_error`` reads, what inventory.json holds, and what the page's box fetches.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

from tools.core import frames, urls
from tools.core.markdown import one_line
from tools.error_catalog.facts import pages as layout
from tools.error_catalog.facts.match import (
    ENTRY,
    FIX,
    FUNCTION,
    MECHANISM,
    MODULE,
    RELEASE,
    SITE,
    WHOLE,
    Pasted,
    Raised,
    Target,
    common_words,
    distinctive,
    fixed_pieces,
    normalise,
    regex,
    score,
    words,
)
from tools.error_catalog.facts.records import WARN, Catalog, Part, Site
from tools.error_catalog.facts.releases import ReleaseText

# Titles longer than this are cut in the results list.
TITLE_CHARS = 140


@dataclass(frozen=True)
class EntryText:
    """A troubleshooting entry as the matcher sees it."""

    slug: str
    symptom: str
    page: str  # docs-relative page with its anchor
    exception: str  # bare class name, "" for a failure that raises nothing
    message: str  # the captured message ("" for a silent entry)
    frames: list[str]  # torchrl frames of its captured traceback, innermost first


@dataclass(frozen=True)
class MechanismText:
    """A failure mechanism as the matcher sees it: its own captured text, and the entries that are instances."""

    slug: str
    title: str
    page: str  # docs-relative page with its anchor
    exception: str  # bare class name, "" for a failure that raises nothing
    message: str
    frames: list[str]
    entries: list[str]  # slugs of the troubleshooting entries that are instances of it
    words_from: str  # for a silent mechanism, the text its words come from (what goes wrong)


@dataclass(frozen=True)
class FixText:
    """An upstream fix as the matcher sees it."""

    id: str
    title: str
    page: str  # docs-relative page with its anchor
    first_release: str
    error_texts: list[str]
    frames: list[str]  # frame keys of the functions it touched
    # (exception, message) of each raise or warn of the old code it changed: what an earlier release said
    messages_before: list[tuple[str, list[Part]]] = dataclasses.field(default_factory=list)


def _cut(text: str) -> str:
    return one_line(text, TITLE_CHARS)


def bare(exception: str) -> str:
    return exception.rsplit(".", 1)[-1]


def site_title(site: Site) -> str:
    exception = bare(site.exception_qualname or site.exception) or "re-raise"
    return _cut(f"{exception}: {site.template()}" if site.message else exception)


def _site_target(site: Site, page: str) -> Target:
    function = site.function.rsplit(".", 1)[-1]
    return Target(
        kind=SITE,
        id=site.id,
        title=site_title(site),
        url=urls.served(page, layout.site_anchor(site.module, site.function, site.index)),
        exception=bare(site.exception_qualname or site.exception),
        templates=templates_of(site.message, site.kind == WARN),
        words=words(site.fixed_text()),
        frames=[frames.key(site.path, function)],
        note=f"{'warns' if site.kind == WARN else 'raised'} in {site.function}",
    )


def catalog_targets(catalog: Catalog) -> list[Target]:
    """Sites, then each function with sites, then each module: their catalogue pages' anchors."""
    placed = layout.placement(catalog)
    sites = [_site_target(site, placed.site(site)) for site in catalog.sites]
    functions: dict[tuple[str, str], Target] = {}
    modules: dict[str, Target] = {}
    for site in catalog.sites:
        name = site.function.rsplit(".", 1)[-1]
        functions.setdefault(
            (site.module, site.function),
            Target(
                kind=FUNCTION,
                id=f"{site.module}:{site.function}",
                title=f"What {site.function} raises and checks",
                url=urls.served(placed.site(site), layout.function_anchor(site.module, site.function)),
                frames=[frames.key(site.path, name)],
                note=site.module,
            ),
        )
        modules.setdefault(
            site.module,
            Target(
                kind=MODULE,
                id=site.module,
                title=f"What {site.module} raises and checks",
                url=urls.served(placed.module(site.module), layout.module_anchor(site.module)),
                frames=[frames.key(site.path, "*")],
                note=site.path,
            ),
        )
    return sites + _one_per_frame(list(functions.values()), modules) + list(modules.values())


def _one_per_frame(functions: list[Target], modules: dict[str, Target]) -> list[Target]:
    """A traceback names a method without its class (``in is_in``): the methods of one module that share a
    name are one target, at the module's section, naming the classes, rather than one class picked at random."""
    by_frame: dict[str, list[Target]] = {}
    for target in functions:
        by_frame.setdefault(target.frames[0], []).append(target)
    out = []
    for key, same in by_frame.items():
        if len(same) == 1:
            out += same
            continue
        module = same[0].note
        name = key.rsplit(":", 1)[-1]
        owners = [target.id.split(":", 1)[1] for target in same]
        shown = ", ".join(owners[:3]) + (f" and {len(owners) - 3} more" if len(owners) > 3 else "")
        out.append(
            Target(
                kind=FUNCTION,
                id=f"{module}:*.{name}",
                title=_cut(f"What {name} raises and checks ({shown})"),
                url=modules[module].url,
                frames=[key],
                note=module,
            )
        )
    return out


def matching_sites(site_targets: list[dict], exception: str, message: str) -> list[dict]:
    """The site targets whose template matches a captured message whole (the best first)."""
    pasted = Pasted([Raised(bare(exception), normalise(message))])
    lowered = pasted.raised[0].message.lower()
    found = []
    for target in site_targets:
        # A whole match holds every fixed piece of the template: most templates are ruled out by one.
        if not target["templates"] or fixed_pieces(target["templates"][0][0])[0] not in lowered:
            continue
        points, why = score(target, pasted)
        if why == "message" and points >= WHOLE:
            found.append((-points, target["id"], target))
    return [target for _points, _id, target in sorted(found, key=lambda item: item[:2])]


def entry_target(entry: EntryText, site_targets: list[dict]) -> Target:
    """An entry answers its own text (and, through the sites its text comes from, other values in
    the same message) and tracebacks through the same torchrl frames."""
    matched = matching_sites(site_targets, entry.exception, entry.message) if entry.message else []
    own = normalise(entry.message)
    literal = [(regex([Part(text=own)])[0], len(own))] if own else []
    return Target(
        kind=ENTRY,
        id=entry.slug,
        title=_cut(entry.symptom),
        url=urls.served(*entry.page.split("#", 1)),
        exception=entry.exception,
        templates=literal + [tuple(t) for target in matched for t in target["templates"]],
        words=words(own) if own else words(entry.symptom),
        frames=list(entry.frames),
        note="shows the error, its cause and a fix",
    )


def mechanism_target(mechanism: MechanismText, site_targets: list[dict], entry_targets: dict[str, dict]) -> Target:
    """A mechanism answers what its own reproduction raised and what each of its entries answers by
    message (an instance of it is an instance of the mechanism), shown beside the entry."""
    own = entry_target(
        EntryText(
            mechanism.slug, mechanism.title, mechanism.page, mechanism.exception, mechanism.message, mechanism.frames
        ),
        site_targets,
    )
    templates = list(own.templates)
    for slug in mechanism.entries:
        templates += [tuple(t) for t in entry_targets[slug]["templates"] if tuple(t) not in templates]
    return dataclasses.replace(
        own,
        kind=MECHANISM,
        templates=templates,
        words=own.words if mechanism.message else words(mechanism.words_from),
        note="how this kind of failure happens, with a reproduction and a fix",
    )


_CLASS_NAME = re.compile(r"^(?:[A-Za-z_]\w*\.)*[A-Z]\w*$")


# Where a raised message stops being read in a paste (``parse``): at its first empty line; a warning's at
# the end of its first line.
_PARAGRAPH_END = re.compile(r"\n[ \t]*\n")


def _read_end(text: str, warning: bool) -> int:
    """Where in a template's fixed text a paste stops reading the message; -1: it reads on."""
    if warning:
        return text.find("\n")
    found = _PARAGRAPH_END.search(text)
    return found.start() if found else -1


def _as_read(parts: list[Part], warning: bool) -> list[Part]:
    """The parts of a message template (``records.Part`` list) that ``parse`` reads of the message once
    raised: a message that runs over paragraphs (a warning, over lines) is read up to the first break."""
    out = []
    for part in parts:
        end = -1 if part.is_field else _read_end(part.text, warning)
        if end < 0:
            out.append(part)
            continue
        if part.text[:end].strip():
            out.append(dataclasses.replace(part, text=part.text[:end]))
        break
    return out


def templates_of(parts: list[Part], warning: bool) -> list[tuple[str, int]]:
    """(pattern, fixed characters) of a message template, and of the part of it a paste holds when the
    message runs over more than ``parse`` reads (a whole match of that part beats a start, and loses to
    a whole match of the full template: it holds fewer fixed characters)."""
    found = [regex(parts)]
    read = _as_read(parts, warning)
    if read != parts:
        found.append(regex(read))
    return [(pattern, fixed) for pattern, fixed in dict.fromkeys(found) if pattern and fixed]


def _warns(exception: str) -> bool:
    """A message of this class is a warning's: a paste holds its first line only."""
    return bare(exception).endswith("Warning")


def class_like(exception: str) -> bool:
    """An exception as written that names a class (``ValueError``, ``errors.SpecError``), not an expression."""
    return bool(_CLASS_NAME.match(exception))


def fix_target(fix: FixText) -> Target:
    """A fix answers the errors its commit and threads quote (whole, as literal templates), the messages
    of the old code it changed (templates: an earlier release's user pastes those), the words of its
    subject and of the issues it fixes, and tracebacks that end in a function it changed."""
    messages = [normalise(text.split(": ", 1)[-1]) for text in fix.error_texts]
    exceptions = [text.split(": ", 1)[0] for text in fix.error_texts if ": " in text]
    exceptions += [exception for exception, _ in fix.messages_before if class_like(exception)]
    templates = [(regex([Part(text=m)])[0], len(m)) for m in messages if m]
    templates += [t for exception, parts in fix.messages_before for t in templates_of(parts, _warns(exception))]
    kinds = {bare(e) for e in exceptions if " " not in e}
    return Target(
        kind=FIX,
        id=fix.id,
        title=_cut(fix.title),
        url=urls.served(*fix.page.split("#", 1)),
        # One class for every message it answers, else none: another class costs a message its match.
        exception=kinds.pop() if len(kinds) == 1 else "",
        templates=[(pattern, fixed) for pattern, fixed in dict.fromkeys(templates) if pattern and fixed],
        words=words(" ".join([fix.title, *messages])),
        frames=list(fix.frames),
        note=f"fixed upstream in {fix.first_release}",
    )


def release_target(release: ReleaseText) -> Target:
    """A difference between releases answers the messages Python raises for it, whole."""
    templates = [t for message in release.messages for t in templates_of(message, _warns(release.exception))]
    return Target(
        kind=RELEASE,
        id=release.id,
        title=_cut(release.title),
        url=urls.served(*release.page.split("#", 1)),
        exception=release.exception,
        templates=templates,
        # Whole messages only: a message's words (a class, a keyword) are shared by too many
        # releases' texts to say which one a paste is.
        words=[],
        note=release.note,
    )


def build_index(
    catalog: Catalog,
    entries: list[EntryText],
    fixes: list[FixText],
    mechanisms: list[MechanismText] = (),
    releases: list[ReleaseText] = (),
) -> dict:
    """The index as JSON: {"torchrl": version, "targets": [...]}."""
    targets = [dataclasses.asdict(t) for t in catalog_targets(catalog)]
    site_targets = [t for t in targets if t["kind"] == SITE]
    entry_targets = [dataclasses.asdict(entry_target(e, site_targets)) for e in entries]
    by_slug = {t["id"]: t for t in entry_targets}
    mechanism_targets = [dataclasses.asdict(mechanism_target(m, site_targets, by_slug)) for m in mechanisms]
    targets = entry_targets + mechanism_targets + targets
    targets += [dataclasses.asdict(f) for f in map(fix_target, fixes)]
    targets += [dataclasses.asdict(r) for r in map(release_target, releases)]
    # Each target keeps only the words that tell it apart; the matcher drops the same from a message.
    # Common among the targets that match on words: the release history's texts (whole messages only) and
    # the functions and modules (frames only) do not weigh on which words are common.
    common = common_words([t["words"] for t in targets if t["words"]])
    for target in targets:
        target["words"] = distinctive(target["words"], frozenset(common))
    return {"torchrl": catalog.torchrl, "common": common, "targets": targets}
