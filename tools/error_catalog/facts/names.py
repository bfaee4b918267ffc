"""Names of torchrl's API that came or went between releases: pages of them, and the matcher's release history.

Code written for one release and run on another fails in Python's own words: a keyword the function
does not take (``TypeError: X.__init__() got an unexpected keyword argument 'k'``), a name the module
does not have (``ImportError: cannot import name 'N' from 'm'``), a module that is not there
(``ModuleNotFoundError: No module named 'm'``).  The fix scanner reads, at every release tag, the
keywords of each public function and what an import finds in each module (``name_history`` of the fix
history).  Each name is checked against the installed torchrl, read the same way: one the installed
release has again is no removal for its users, one it lacks is no addition.  A removed keyword names
the keywords its function gained in the same release (a rename reads that way); a removed export
names the installed modules that have the name now.
"""

from __future__ import annotations

import hashlib
import importlib.util
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from tools.core import urls
from tools.error_catalog.facts import pages as layout
from tools.error_catalog.facts.api_names import VAR_KEYWORD, is_public, merged_keywords, module_of, read_names, resolved
from tools.error_catalog.facts.records import Part
from tools.error_catalog.facts.releases import ANY, ReleaseText
from tools.fixes.facts.records import (
    ATTRIBUTE,
    EXPORT,
    KEYWORD,
    MODULE,
    FixHistory,
    NameSpan,
    release_span,
    release_version,
)
from tools.torchrl.attributes import Probe

# The names come from the committed fix history; a re-scan changes them.
__cache_inputs__ = ("data/fix-history.json",)
# The folder of the first releases that became the tensordict package: its names are tensordict's now.
TENSORDICT_BEFORE = "torchrl.data.tensordict"
# Names per page at most (a module is never split): what a reader scrolls.
PER_PAGE = 160
# Installed modules named as a removed export's new home, at most.
HOMES = 3


@dataclass(frozen=True)
class Installed:
    """What the installed torchrl offers: each public module's importable names, each function's keywords."""

    exports: dict[str, list[str]]
    keywords: dict[str, list[str]]  # qualified name -> keywords ("**" last when it takes any)
    classes: dict[str, str] = field(default_factory=dict)  # class qualified name -> the module defining it
    dynamic: list[str] = field(default_factory=list)  # modules with a ``__getattr__``: they may offer any name


def read_installed(root: Path) -> Installed:
    """The names of the torchrl package at ``root`` (its source, read without importing it)."""
    found = {}
    for path in sorted(root.rglob("*.py")):
        relative = "torchrl/" + path.relative_to(root).as_posix()
        module = module_of(relative)
        names = read_names(path.read_bytes(), module, package=path.name == "__init__.py")
        if names is not None:
            found[module] = names
    merged = merged_keywords(found)
    keywords = {qualname: list(taken) for qualname, (_module, taken) in merged.items()}
    classes = {}
    for qualname, (module, _taken) in merged.items():
        owner = qualname.rpartition(".")[0]
        if owner:
            classes.setdefault(owner, module)
    exports = {module: list(names) for module, names in resolved(found).items() if is_public(module)}
    dynamic = sorted(module for module in exports if found[module].dynamic)
    return Installed(exports, keywords, classes, dynamic)


def installed_root() -> Path | None:
    spec = importlib.util.find_spec("torchrl")
    return None if spec is None or spec.origin is None else Path(spec.origin).parent


@dataclass(frozen=True)
class NameChange:
    span: NameSpan
    module: str  # the module of the file that last had it (a module: itself)
    page: str  # docs-relative page listing it
    anchor: str
    installed: bool  # the installed torchrl has it: an addition (else a removal)
    instead: list[str]  # a removed keyword: those its function gained then; an export: where it is now
    named: list[str] = field(default_factory=list)  # an attribute: the classes Python's message names

    @property
    def subject(self) -> str:
        span = self.span
        if span.kind == KEYWORD:
            return f"{span.owner}({span.name}=...)"
        if span.kind == ATTRIBUTE:
            return f"{span.owner}.{span.name}"
        return span.owner if span.kind == MODULE else f"{span.name} (from {span.owner})"


# (module, class qualified name, attribute) -> what the installed class offers of it; None: not importable.
Prober = Callable[[str, str, str], Probe | None]


def _has(installed: Installed, span: NameSpan, probe: Prober) -> tuple[bool | None, list[str]]:
    """Whether the installed torchrl has the name (None when it lacks the owner: nothing to say then), and
    for an attribute the classes Python's message names."""
    if span.kind == ATTRIBUTE:
        module = installed.classes.get(span.owner)
        found = None if module is None else probe(module, span.owner, span.name)
        return (None, []) if found is None else (found.reached, found.named)
    return _has_name(installed, span), []


def _has_name(installed: Installed, span: NameSpan) -> bool | None:
    if span.kind == MODULE:
        return span.owner in installed.exports
    if span.kind == EXPORT:
        names = installed.exports.get(span.owner)
        if names is None or (span.name not in names and span.owner in installed.dynamic):
            return None
        return span.name in names
    keywords = installed.keywords.get(span.owner)
    if keywords is None or VAR_KEYWORD in keywords:
        return None  # a function that takes any keyword raises nothing of Python's for an unknown one
    return span.name in keywords


def _anchor(span: NameSpan) -> str:
    key = "\0".join([span.kind, span.owner, span.name])
    return "name-" + hashlib.sha1(key.encode()).hexdigest()[:10]


def package_of(module: str) -> str:
    """The public package a module's names are listed under: a private module of the root (``torchrl._utils``)
    is the root's."""
    parts = module.split(".")
    return ".".join(parts[:2]) if len(parts) > 1 and not parts[1].startswith("_") else parts[0]


def _homes(installed: Installed, name: str, but: str) -> list[str]:
    """The installed modules an import of ``name`` finds, shortest path first (a package before its modules)."""
    found = [module for module, names in installed.exports.items() if name in names and module != but]
    return sorted(found, key=lambda m: (m.count("."), m))[:HOMES]


def _no_probe(_module: str, _qualname: str, _name: str) -> None:
    return None


def name_changes(history: FixHistory, installed: Installed, probe: Prober = _no_probe) -> list[NameChange]:
    """The names of the history that the installed torchrl confirms: removals it lacks, additions it has
    (``probe`` asks the installed classes about attributes; without one, attributes are left out)."""
    kept: list[tuple[NameSpan, bool]] = []
    named: dict[tuple[str, str], list[str]] = {}
    for span in history.name_history:
        if span.owner.startswith(TENSORDICT_BEFORE) or span.file.startswith("torchrl/data/tensordict/"):
            continue
        has, classes = _has(installed, span, probe)
        if has is None or has != span.now:
            continue
        kept.append((span, has))
        named[(span.owner, span.name)] = classes
    gained: dict[str, list[NameSpan]] = {}
    for span, has in kept:
        if span.kind == KEYWORD and has:
            gained.setdefault(span.owner, []).append(span)
    counts: dict[str, int] = {}
    for span, _has_it in kept:
        module = span.owner if span.kind == MODULE else module_of(span.file)
        counts[module] = counts.get(module, 0) + 1
    slugs = layout.packed(counts, package_of, PER_PAGE)
    page_of = {module: urls.name_history_page(slug) for module, slug in slugs.items()}
    out = []
    for span, has in kept:
        module = span.owner if span.kind == MODULE else module_of(span.file)
        if has:
            instead: list[str] = []
        elif span.kind == KEYWORD:
            instead = sorted(new.name for new in gained.get(span.owner, []) if _replaces(new, span))
        elif span.kind == EXPORT:
            instead = _homes(installed, span.name, span.owner)
        else:
            instead = []
        out.append(
            NameChange(span, module, page_of[module], _anchor(span), has, instead, named[(span.owner, span.name)])
        )
    return sorted(out, key=lambda c: (c.module, c.span.kind != MODULE, c.span.owner, c.span.name))


def _replaces(new: NameSpan, old: NameSpan) -> bool:
    """A keyword the function gained after ``old``'s last release, by the release from which it lacks
    ``old``: a rename reads that way."""
    return release_version(old.last) < release_version(new.first) <= release_version(old.gone_in)


def _text(text: str) -> Part:
    return Part(text=text)


def _messages(change: NameChange) -> tuple[str, list[list[Part]]]:
    """(exception, templates) of the errors Python raises for a name the release lacks."""
    span = change.span
    if span.kind == ATTRIBUTE:
        owner = span.owner.rsplit(".", 1)[-1]
        return "AttributeError", [
            *([_text(f"'{name}' object has no attribute '{span.name}'")] for name in change.named),
            [_text(f"type object '{owner}' has no attribute '{span.name}'")],
        ]
    if span.kind == MODULE:
        return "ModuleNotFoundError", [[_text(f"No module named '{span.owner}'")]]
    if span.kind == EXPORT:
        return "", [
            [_text(f"cannot import name '{span.name}' from '{span.owner}'"), ANY],
            [_text(f"module '{span.owner}' has no attribute '{span.name}'")],
        ]
    short = span.owner.rsplit(".", 1)[-1]
    # Python 3.10 and later name the function by its qualified name; earlier ones by its own name.
    return "TypeError", [
        [_text(f"{span.owner}() got an unexpected keyword argument '{span.name}'")],
        [_text(f"{short}() got an unexpected keyword argument '{span.name}'")],
    ]


def releases_of(span: NameSpan) -> str:
    if span.first is None:
        return "no release tag yet"
    return release_span(span.first, span.last)


def what_changed(change: NameChange, torchrl: str) -> str:
    """One sentence: which releases have the name, and since when (or until when)."""
    span = change.span
    if change.installed:
        since = span.first or "code after the newest release tag scanned"
        return f"new in {since}; torchrl {span.lacked_by} lacks it"
    if span.kind == ATTRIBUTE:
        return f"defined in the class body by torchrl {releases_of(span)}; the class in {torchrl} does not reach it"
    gone = f", not by {span.gone_in} and later," if span.gone_in else ";"
    return f"in torchrl {releases_of(span)}{gone} not in {torchrl}"


def name_texts(changes: list[NameChange], torchrl: str) -> list[ReleaseText]:
    """Each as the matcher's release history: it answers Python's message for the name, whole."""
    out = []
    for change in changes:
        exception, messages = _messages(change)
        instead = f"; instead: {', '.join(change.instead)}" if change.instead else ""
        span = change.span
        if change.installed:
            note = f"release history: torchrl {span.lacked_by} lacks it, {span.first or 'newer code'} has it"
        else:
            note = f"release history: code written for torchrl {span.last} or earlier{instead}"
        out.append(
            ReleaseText(
                id=f"name {change.anchor.removeprefix('name-')}",
                title=f"{change.subject}: {what_changed(change, torchrl)}",
                page=f"{change.page}#{change.anchor}",
                exception=exception,
                messages=messages,
                note=note,
            )
        )
    return out
