"""What the fix scanner reads from pytorch/rl's history: plain, JSON-able dataclasses.

They hold facts about commits only (hashes, dates, subjects, numbers, file paths, the names of
the functions and classes a commit changed and the error messages it changed), never a diff or a
line of pytorch/rl's code.
``python -m tools.wings.fix_scanner`` writes them to ``data/fix-history.json``; the build reads them
back (``tools.fixes.facts.data``) and checks the names against the installed torchrl.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from tools.core.codec import record_codec

# The folders of pytorch/rl this site documents; a fix counts when it changed a file under one of them.
COVERED_PATHS = (
    "sota-implementations",
    "torchrl/collectors",
    "torchrl/data",
    "torchrl/envs",
    "torchrl/modules/distributions",
    "torchrl/modules/tensordict_module",
    "torchrl/objectives",
    "torchrl/trainers",
)
# The torchrl folders among them: the error catalogue reads every raise and warn of their code.
COVERED_TORCHRL_PATHS = tuple(path for path in COVERED_PATHS if path.startswith("torchrl/"))

# A release tag: vX.Y.Z, or X.Y.Z as pytorch/rl tagged its 0.0.3 release (release candidates and others left out).
RELEASE_TAG = re.compile(r"^v?(\d+)\.(\d+)\.(\d+)$")
# Where a tag stands for "code after the newest release tag" (None): after every release.
AFTER_RELEASES = (10**6,)


def release_version(tag: str | None) -> tuple[int, ...]:
    """A release tag's numbers, to sort releases by; None (code after the newest tag) sorts last."""
    if tag is None:
        return AFTER_RELEASES
    return tuple(int(part) for part in RELEASE_TAG.match(tag).groups())


def release_span(first: str, last: str) -> str:
    """``v0.3.0`` or ``v0.3.0 to v0.5.0``: the releases from ``first`` to ``last``."""
    return first if first == last else f"{first} to {last}"


def shown(fixed: list[str], fields: list[str]) -> str:
    """A message as a reader sees it, each field shown as ``{source}`` (as the error catalogue shows one)."""
    return fixed[0] + "".join("{" + name + "}" + after for name, after in zip(fields, fixed[1:], strict=True))


# How a fix changed a raise or warn of the code before it.
MESSAGE = "message"  # it rewrote or removed the statement: the message is gone or reads otherwise
CONDITION = "condition"  # it changed the if or while test that leads to the statement


@dataclass(frozen=True)
class RaisedBefore:
    """A raise or warn of the code before a fix that the fix changed: what a user of an earlier release saw."""

    file: str
    function: str  # the qualname around it, "<module>" at module level
    exception: str  # as written ("ValueError", "self._error_type")
    fixed: list[str]  # the message's fixed text, cut where a field goes: one piece more than ``fields``
    fields: list[str]  # the source of each field the running code filled in
    change: str  # MESSAGE or CONDITION

    def template(self) -> str:
        return shown(self.fixed, self.fields)


@dataclass(frozen=True)
class EarlierMessage:
    """A message a release of the covered code raised or warned that the scanned commit no longer does."""

    exception: str  # as written in the last release that said it
    fixed: list[str]  # as RaisedBefore's: the fixed text, cut where a field goes
    fields: list[str]
    file: str  # where the last release that said it had it
    function: str
    first: str  # the lowest release tag that says it
    last: str  # the highest release tag that says it
    gone_in: str | None  # the release tag after ``last``; None when ``last`` is the newest tag

    def template(self) -> str:
        return shown(self.fixed, self.fields)


# What a name is to the code that uses it (``NameSpan.kind``).
KEYWORD = "keyword"  # a keyword a function or method takes
EXPORT = "export"  # a name an import from a module finds
MODULE = "module"  # a module itself
ATTRIBUTE = "attribute"  # a method or property a class defines


@dataclass(frozen=True)
class NameSpan:
    """A name of torchrl's API that the release tags did not all offer: gone by the scanned commit, or
    added after a release that lacked it for certain."""

    kind: str  # KEYWORD, EXPORT, MODULE or ATTRIBUTE
    owner: str  # the function's qualified name (a keyword), the class's (an attribute), else the module
    name: str  # the keyword, the exported name, the method or property; "" for a module
    file: str  # where the newest code that has it has it
    first: str | None  # the lowest release tag that has it; None: only the scanned commit does
    last: str | None  # the highest release tag that has it; None as for ``first``
    # the lowest release tag from which every later one, and the scanned commit, lack it for certain (a
    # function that takes ``**kwargs`` or a module with a ``__getattr__`` may take or offer any name); None
    # when no tag does (a method: never, as only the installed class can tell what it reaches)
    gone_in: str | None
    now: bool  # the scanned commit has it
    lacked_by: str | None  # an addition: the release tag before ``first``, which lacks it for certain


@dataclass(frozen=True)
class Fix:
    sha: str
    date: str  # the commit date, YYYY-MM-DD
    subject: str
    pr: int | None  # the pull request, from the subject's "(#N)" or the message's pull-request line
    pr_url: str
    issues: list[str]  # URLs of the issues the message says it fixes
    error_texts: list[str]  # exception or warning lines the message quotes
    files: list[str]  # files it changed under the covered paths, sorted
    # file -> the definitions it changed there, sorted: "ClipPPOLoss.forward" (a method), "ClipPPOLoss" (the
    # class body outside its methods), "generalized_advantage_estimate" (a top-level function).  A file is
    # read in the commit's version for the lines it added and in the parent's for the lines it deleted.
    objects: dict[str, list[str]]
    first_release: str | None  # the lowest release tag containing it; None: in no release yet
    reverted_by: str = ""  # the commit that reverted it, when one in the scanned history says so
    raised_before: list[RaisedBefore] = field(default_factory=list)  # by file, then line


@dataclass(frozen=True)
class FixHistory:
    repository: str  # "pytorch/rl"
    commit: str  # the commit whose history was scanned
    newest_release: str  # the highest release tag of the repository when it was scanned
    covered_paths: list[str]
    rules: dict[str, str]  # rule name -> how the scanner applies it, in words
    fixes: list[Fix] = field(default_factory=list)  # newest first
    # The messages of the release tags' covered torchrl code that the scanned commit no longer says: what a
    # user of an older release pastes, whether a fix, a refactor or a new feature changed it.
    earlier_messages: list[EarlierMessage] = field(default_factory=list)
    # The keywords and importable names of torchrl that some release tags offered and others did not: what
    # code written for another release meets in Python's own words.
    name_history: list[NameSpan] = field(default_factory=list)


encode, decode = record_codec(FixHistory)
