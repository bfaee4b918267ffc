"""How a commit message is read: which commits are bug fixes, their pull request, issues and error lines.

Pure functions of the message text, so the tests hold each rule to examples without a repository.
``RULES`` says the same in words; the scanner records it at the top of data/fix-history.json, so a
reader of the file knows what was counted without reading this code.
"""

from __future__ import annotations

import re

from tools.error_catalog.facts.match import MIN_FIXED

# A bracketed tag list anywhere in the subject: "[BugFix]", "[Bugfix]", "[Bug Fix]", "[BugFIx]",
# "[Feature, BugFix]", "[CI, BugFix]".  The very first commits wrote the prefix "BugFix:" instead.
_TAG_LIST = re.compile(r"\[([^\[\]]*)\]")
# What a tag reads once spaces, "-" and "_" are removed, in lower case: pytorch/rl tags nearly every fix
# "[BugFix]"; a few say "[Bug]" or "[Fix]" (a fix all the same: its pull request fixes a reported bug).
FIX_TAGS = ("bugfix", "bug", "fix", "hotfix")
_PREFIX = re.compile(r"^\s*bug[\s_-]*fix\s*:", re.IGNORECASE)
_REVERT = re.compile(r'^\s*Revert\s+"')

# The pull request: "(#1234)" at the end of a squash-merged subject, else the line ghstack and the
# merge tooling add to the message ("Pull Request resolved: https://github.com/pytorch/rl/pull/1234").
_SUBJECT_PR = re.compile(r"\(#(\d+)\)")
_MESSAGE_PR = r"^\s*Pull[\s-]*Request(?:[\s-]*resolved)?\s*:\s*https?://github\.com/{repository}/pull/(\d+)"

# "Fixes #12", "closes #12, #13 and #14", "resolved: pytorch/rl#12", "fix https://github.com/o/r/issues/12".
_ISSUE_REF = r"(?:https?://github\.com/[\w.-]+/[\w.-]+/issues/\d+|[\w.-]+/[\w.-]+#\d+|#\d+)"
_CLOSING = re.compile(
    rf"\b(?:fix(?:e[sd])?|close[sd]?|resolve[sd]?)\b\s*:?\s+({_ISSUE_REF}(?:\s*(?:,|and|&)\s*{_ISSUE_REF})*)",
    re.IGNORECASE,
)
_ONE_REF = re.compile(_ISSUE_REF)
_ISSUE_URL = re.compile(r"https?://github\.com/([\w.-]+/[\w.-]+)/issues/(\d+)")

# A line that reads like the last line of a Python traceback or a warning: "KeyError: 'action'",
# "torch._dynamo.exc.Unsupported..." is not one, "tensordict.base.SomeError: text" is.
_ERROR_LINE = re.compile(r"^(?:[A-Za-z_]\w*\.)*[A-Z]\w*(?:Error|Exception|Warning):\s+\S.*$")
# Quoting around such a line: a Markdown quote, a list bullet, backticks.
_QUOTING = re.compile(r"^(?:>\s*|[-*]\s+)*`*|`*$")
ERROR_TEXT_LIMIT = 300

_REVERTS = re.compile(r"This reverts commit ([0-9a-f]{40})")

RULES = {
    "bug_fix": (
        "a commit whose subject holds a bracketed tag list with a tag that reads 'bugfix', 'bug', 'fix' or "
        "'hotfix' once spaces, '-' and '_' are removed, in any case ([BugFix], [Bugfix], [Bug Fix], [Bug], "
        "[Fix], [Feature, BugFix]), or that "
        "starts with 'BugFix:'; a subject starting with 'Revert \"' is a revert, not a fix"
    ),
    "history": (
        "every commit reachable from the scanned commit (merges left out, no history simplification) "
        "that changed a file under one of the covered paths"
    ),
    "pull_request": (
        "the last '(#N)' of the subject, else the message's 'Pull Request resolved:' or 'Pull-Request:' "
        "line naming a pull request of the repository"
    ),
    "issues": (
        "issues the message says it fixes ('fix', 'fixes', 'fixed', 'close(s|d)', 'resolve(s|d)' followed "
        "by '#N', 'owner/repo#N' or an issue URL, several joined by ',' or 'and'), and any issue URL it "
        "quotes; '#N' means the scanned repository"
    ),
    "error_texts": (
        "lines of the message that read like an exception or warning line ('SomethingError: text', "
        f"'pkg.mod.SomeWarning: text'), quoting removed, cut to {ERROR_TEXT_LIMIT} characters"
    ),
    "files": "the files the commit changed under the covered paths, against its first parent, renames followed",
    "objects": (
        "for each changed .py file, the top-level function or class around each changed line, and the "
        "method (or nested class) of a class; added lines are read in the commit's version of the file, "
        "deleted lines in its parent's; lines outside any function or class count for none"
    ),
    "first_release": (
        "the lowest tag named vX.Y.Z or X.Y.Z (compared as numbers) whose history contains the commit, as "
        "'git tag --contains' lists them; none when no such tag contains it yet"
    ),
    "reverted_by": "a commit in the scanned history whose message says 'This reverts commit <sha>' of the fix",
    "raised_before": (
        "for each changed .py file under torchrl/, the raise statements and warnings.warn calls of the "
        "parent's version whose message the error catalogue reads (fixed text and fields, at least "
        f"{MIN_FIXED} characters of fixed text) and that the commit changed: 'message' when a deleted line "
        "is part of the statement and the commit's version of the file raises no message with the same "
        "fixed text (a statement only moved is left out), 'condition' when a deleted line is part of the "
        "test of the innermost if or while whose branch holds it"
    ),
    "earlier_messages": (
        "the messages (read as raised_before's) of the .py files under the covered torchrl/ paths at each "
        "release tag that the same files at the scanned commit say nowhere, a message known by its class as "
        "written and its fixed text; first and last: the lowest and highest tag saying it; gone_in: the tag "
        "after the last (none when the last is the newest); file and function: where the last one had it"
    ),
    "name_history": (
        "the keywords of every function and method (by qualified name, public ones, private modules included), "
        "the names an import finds in every public module (a package's imports from torchrl and star imports "
        "followed, a module's own classes and functions), the public methods and properties each class body "
        "defines, and the modules themselves, under torchrl/ at each release tag and at the scanned commit; a "
        "release has a name, lacks it for certain, or cannot tell (a function that takes **kwargs, a module "
        "with a __getattr__, a class: it may inherit); kept: a name the scanned commit lacks for certain (a "
        "method: one its class body no longer defines), with gone_in the lowest tag from which every release "
        "lacks it for certain, and a name every release has from a tag whose predecessor (lacked_by) lacks it "
        "for certain (a module: while its package was there; never a method)"
    ),
}


def is_bug_fix(subject: str) -> bool:
    if _REVERT.match(subject):
        return False
    if _PREFIX.match(subject):
        return True
    for tags in _TAG_LIST.findall(subject):
        for tag in tags.split(","):
            if re.sub(r"[\s_-]", "", tag).lower() in FIX_TAGS:
                return True
    return False


def pull_request(subject: str, message: str, repository: str) -> int | None:
    found = _SUBJECT_PR.findall(subject)
    if found:
        return int(found[-1])
    match = re.search(_MESSAGE_PR.format(repository=re.escape(repository)), message, re.IGNORECASE | re.MULTILINE)
    return int(match.group(1)) if match else None


def _issue_url(ref: str, repository: str) -> str:
    if ref.startswith("#"):
        return f"https://github.com/{repository}/issues/{ref[1:]}"
    if ref.startswith("http"):
        owner_repo, number = _ISSUE_URL.match(ref).groups()
        return f"https://github.com/{owner_repo}/issues/{number}"
    owner_repo, number = ref.split("#")
    return f"https://github.com/{owner_repo}/issues/{number}"


def fixed_issues(message: str, repository: str) -> list[str]:
    """Issue URLs, in the order the message names them, each once."""
    refs = [ref for match in _CLOSING.finditer(message) for ref in _ONE_REF.findall(match.group(1))]
    refs += [match.group(0) for match in _ISSUE_URL.finditer(message)]
    return list(dict.fromkeys(_issue_url(ref, repository) for ref in refs))


def error_texts(message: str) -> list[str]:
    """The exception and warning lines the message quotes, in order, each once."""
    found = []
    for line in message.splitlines():
        line = _QUOTING.sub("", line.strip()).strip()
        if _ERROR_LINE.match(line):
            found.append(line[:ERROR_TEXT_LIMIT])
    return list(dict.fromkeys(found))


def reverted_commit(message: str) -> str | None:
    match = _REVERTS.search(message)
    return match.group(1) if match else None
