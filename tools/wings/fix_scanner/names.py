"""The keywords, exports and modules of torchrl that came or went between release tags.

Each release tag's ``torchrl/`` files, and the scanned commit's, are read with the reader the build
uses on the installed torchrl (``tools.error_catalog.facts.api_names``).  A name is kept when the
scanned commit lacks it while its function or module is still there (it was removed or renamed), or
when it came after its function or module (a user of an earlier release meets its absence).  A
keyword of a function the scanned commit no longer has, or an export of a module it no longer has,
is left to that function's module or that module: the import fails first.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from tools.error_catalog.facts.api_names import VAR_KEYWORD, is_public, merged_keywords, module_of, read_names, resolved
from tools.fixes.facts.records import EXPORT, KEYWORD, MODULE, NameSpan
from tools.wings.fix_scanner.git import Blobs, Git

TORCHRL = "torchrl"
HEAD = ""  # the scanned commit, among the tags


@dataclass(frozen=True)
class Release:
    files: dict[str, str]  # public module -> its file
    exports: dict[str, tuple[str, ...]]  # public module -> what an import from it finds
    keywords: dict[str, tuple[str, tuple[str, ...]]]  # qualified name -> (its file, its keywords)


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
    keywords: dict[str, tuple[str, tuple[str, ...]]] = {}
    for qualname, (module, taken) in merged_keywords(found).items():
        keywords[qualname] = (files[module], tuple(k for k in taken if k != VAR_KEYWORD))
    public = {module: path for module, path in files.items() if is_public(module)}
    exports = {module: names for module, names in resolved(found).items() if module in public}
    return Release(public, exports, keywords)


def _owners(release: Release) -> Iterable[tuple[str, str, str, tuple[str, ...]]]:
    """(kind, owner, file, names) of one release: each function's keywords, each module's exports."""
    for module, names in release.exports.items():
        yield EXPORT, module, release.files[module], names
    for qualname, (path, keywords) in release.keywords.items():
        yield KEYWORD, qualname, path, keywords


def _package(module: str) -> str:
    return module.rpartition(".")[0]


def name_history(git: Git, blobs: Blobs, head: str, tags: list[str]) -> list[NameSpan]:
    """The names that did not stay from their owner's first release to ``head`` (tags lowest first)."""
    labels = [*tags, HEAD]
    releases = [names_at(git, blobs, git.commit(f"refs/tags/{tag}")) for tag in tags]
    releases.append(names_at(git, blobs, head))
    # (kind, owner, name) -> the positions of the releases that have it, and the file of the newest
    had: dict[tuple[str, str, str], tuple[list[int], str]] = {}
    owners: dict[tuple[str, str], list[int]] = {}
    for position, release in enumerate(releases):
        for module, path in release.files.items():
            positions = had.get((MODULE, module, ""), ([], path))[0]
            had[(MODULE, module, "")] = ([*positions, position], path)
        for kind, owner, path, names in _owners(release):
            owners.setdefault((kind, owner), []).append(position)
            for name in names:
                positions = had.get((kind, owner, name), ([], path))[0]
                if not positions or positions[-1] != position:
                    positions = [*positions, position]
                had[(kind, owner, name)] = (positions, path)
    last = len(releases) - 1
    out = []
    for (kind, owner, name), (positions, path) in had.items():
        if kind == MODULE:
            since = owners.get((EXPORT, _package(owner)), positions)[0]
            owner_present = (EXPORT, _package(owner)) in owners and owners[(EXPORT, _package(owner))][-1] == last
        else:
            since = owners[(kind, owner)][0]
            owner_present = owners[(kind, owner)][-1] == last
        now = positions[-1] == last
        gone = not now and (owner_present or kind == MODULE)
        added = now and positions[0] > since
        if not (gone or added):
            continue
        in_tags = [p for p in positions if p < last]
        after = in_tags[-1] + 1 if in_tags else None
        out.append(
            NameSpan(
                kind=kind,
                owner=owner,
                name=name,
                file=path,
                first=labels[in_tags[0]] if in_tags else None,
                last=labels[in_tags[-1]] if in_tags else None,
                gone_in=labels[after] if after is not None and after < last and after not in positions else None,
                now=now,
                owner_since=labels[since] or None,
            )
        )
    return sorted(out, key=lambda s: (s.kind, s.owner, s.name))
