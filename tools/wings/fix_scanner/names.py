"""The keywords, exports, modules and methods of torchrl that came or went between release tags.

Each release tag's ``torchrl/`` files, and the scanned commit's, are read with the reader the build
uses on the installed torchrl (``tools.error_catalog.facts.api_names``).  A name is kept when the
scanned commit lacks it while its function or module is still there (it was removed or renamed), or
when it came after its function or module (a user of an earlier release meets its absence).  A
keyword of a function the scanned commit no longer has, a method of a class it no longer has, or an
export of a module it no longer has, is left to that function's module or that module: the import
fails first.  A class's methods and properties are the functions defined in its body; only the ones it
lost are kept (one its body came to define may have been inherited before), and whether one is still
reached, inherited or set at run time, only the installed class can tell: the build asks it.
"""

from __future__ import annotations

from dataclasses import dataclass

from tools.error_catalog.facts.api_names import VAR_KEYWORD, is_public, merged_keywords, module_of, read_names, resolved
from tools.fixes.facts.records import ATTRIBUTE, EXPORT, KEYWORD, MODULE, NameSpan
from tools.wings.fix_scanner.git import Blobs, Git

TORCHRL = "torchrl"
HEAD = ""  # the scanned commit, among the tags


@dataclass(frozen=True)
class Owner:
    """A function, module or class of one release, and the names it has."""

    file: str
    names: frozenset[str]
    open: bool  # it may have names it does not list: a function's ``**kwargs``, a module's ``__getattr__``


# (kind, owner) -> what one release has of it
Release = dict[tuple[str, str], Owner]


def names_at(git: Git, blobs: Blobs, commit: str) -> Release:
    """The names of every module of ``torchrl/`` at ``commit``: a private module's functions too (its classes
    are exported elsewhere, and Python's message names them alike), its exports only to follow star imports."""
    found, files = {}, {}
    listed = git.run("ls-tree", "-r", "--name-only", commit, "--", TORCHRL).split("\n")
    for path in sorted(f for f in listed if f.endswith(".py")):
        source = blobs.read(commit, path)
        module = module_of(path)
        names = read_names(source, module, package=path.endswith("/__init__.py")) if source is not None else None
        if names is not None:
            found[module], files[module] = names, path
    release: Release = {}
    methods: dict[str, tuple[str, list[str]]] = {}
    for qualname, (module, taken) in merged_keywords(found).items():
        path = files[module]
        release[(KEYWORD, qualname)] = Owner(path, frozenset(taken) - {VAR_KEYWORD}, VAR_KEYWORD in taken)
        owner, _, member = qualname.rpartition(".")
        if owner:  # a method (or ``__init__``: the class is there, with no member of that name to lose)
            listed_methods = methods.setdefault(owner, (path, []))[1]
            if not member.startswith("_"):
                listed_methods.append(member)
    for cls, (path, names) in methods.items():
        # Whether a class reaches a method its body does not define, only the class can tell: never a fact here.
        release[(ATTRIBUTE, cls)] = Owner(path, frozenset(names), True)
    for module, names in resolved(found).items():
        if is_public(module):
            release[(EXPORT, module)] = Owner(files[module], frozenset(names), found[module].dynamic)
            release[(MODULE, module)] = Owner(files[module], frozenset({""}), False)
    return release


# What a release says of a name: it has it, it lacks it for certain, or it cannot tell (no such owner, or
# one that may take or serve names it does not list).
HAS, LACKS, UNKNOWN = "has", "lacks", "unknown"


def _state(release: Release, kind: str, owner: str, name: str) -> str:
    found = release.get((kind, owner))
    if found is None:
        return LACKS if kind == MODULE else UNKNOWN
    if name in found.names:
        return HAS
    return UNKNOWN if found.open else LACKS


def name_history(git: Git, blobs: Blobs, head: str, tags: list[str]) -> list[NameSpan]:
    """The names some of the releases (tags lowest first, then ``head``) have and others lack for certain."""
    labels = [*tags, HEAD]
    releases = [names_at(git, blobs, git.commit(f"refs/tags/{tag}")) for tag in tags]
    releases.append(names_at(git, blobs, head))
    last = len(releases) - 1
    seen = {(kind, owner, name) for release in releases for (kind, owner), o in release.items() for name in o.names}
    out = []
    for kind, owner, name in sorted(seen):
        states = [_state(release, kind, owner, name) for release in releases]
        has = [p for p, state in enumerate(states) if state == HAS]
        path = next(releases[p][(kind, owner)].file for p in reversed(has))
        in_tags = [p for p in has if p < last]
        first = labels[in_tags[0]] if in_tags else None
        newest = labels[in_tags[-1]] if in_tags else None
        lost_method = kind == ATTRIBUTE and states[last] == UNKNOWN and (kind, owner) in releases[last]
        if states[last] == LACKS or lost_method:
            # Gone: from which release on every one lacks it for certain (a method: never said, see above).
            after = [p for p in range(has[-1] + 1, last + 1) if all(s == LACKS for s in states[p:])]
            gone_in = labels[after[0]] if after and after[0] < last else None
            out.append(NameSpan(kind, owner, name, path, first, newest, gone_in, False, None))
        elif _added(kind, owner, states, releases, has[0]):
            out.append(NameSpan(kind, owner, name, path, first, newest, None, True, labels[has[0] - 1]))
    return out


def _added(kind: str, owner: str, states: list[str], releases: list[Release], since: int) -> bool:
    """Every release from ``since`` on has it, and the one before lacks it for certain (a module: while its
    package was there; a method: never said, see above)."""
    if kind == ATTRIBUTE or since == 0 or states[since - 1] != LACKS:
        return False
    if kind == MODULE and (MODULE, owner.rpartition(".")[0]) not in releases[since - 1]:
        return False
    return all(state == HAS for state in states[since:])
