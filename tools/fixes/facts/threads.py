"""data/fix-history-threads.yaml: what pytorch/rl's pull-request and issue threads say of each fix.

Commit messages rarely name the issue a fix closes or quote the error it removes; the pull request's
thread usually does, and the issue's thread quotes the error a user saw.  These facts (issue numbers,
titles, quoted exception lines) were read from stored copies of the threads and are curated here,
checked against the fix history both ways: every pull request exists in it, every issue a thread names
is described, every issue described is named by a thread.  Reports set aside for measuring the site
(data/troubleshooting/held-out.yaml) keep their number only.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tools.core.paths import DATA
from tools.core.yaml_files import read_yaml
from tools.fixes.facts.records import FixHistory

THREADS_FILE = DATA / "fix-history-threads.yaml"
# Records computed from this module are keyed on this file too (tools.core.cache).
__cache_inputs__ = ("data/fix-history-threads.yaml",)


class ThreadDataError(Exception):
    """The threads file disagrees with the fix history; the message names the entry and the fix."""


@dataclass(frozen=True)
class Issue:
    number: int
    url: str
    title: str  # "" when the thread was not found or the issue is held out
    error_texts: list[str]
    held_out: bool


@dataclass(frozen=True)
class Thread:
    pr: int
    found: bool
    fixes: list[Issue]  # the issues the pull request says it fixes or closes
    error_texts: list[str]  # exception or warning lines its description quotes


@dataclass(frozen=True)
class Threads:
    threads: list[Thread] = field(default_factory=list)

    def of(self, pr: int | None) -> Thread | None:
        return next((t for t in self.threads if t.pr == pr), None) if pr is not None else None


def load_threads(history: FixHistory) -> Threads:
    if not THREADS_FILE.exists():
        return Threads()
    data = read_yaml(THREADS_FILE) or {}
    repository = history.repository
    issues: dict[int, Issue] = {}
    for row in data.get("issues", []):
        number = int(row["number"])
        held_out = bool(row.get("held_out", False))
        if held_out and (row.get("title") or row.get("error_texts")):
            raise ThreadDataError(f"{THREADS_FILE.name}: issue {number} is held out, so nothing of its thread is kept")
        issues[number] = Issue(
            number,
            f"https://github.com/{repository}/issues/{number}",
            row.get("title") or "",
            list(row.get("error_texts") or []),
            held_out,
        )
    prs = {fix.pr for fix in history.fixes if fix.pr is not None}
    threads, named = [], set()
    for row in data.get("threads", []):
        pr = int(row["pr"])
        if pr not in prs:
            raise ThreadDataError(
                f"{THREADS_FILE.name}: pull request {pr} is no fix of data/fix-history.json; remove it or re-scan"
            )
        numbers = [int(n) for n in row.get("fixes") or []]
        unknown = [n for n in numbers if n not in issues]
        if unknown:
            raise ThreadDataError(
                f"{THREADS_FILE.name}: pull request {pr} fixes issues {unknown}, which 'issues:' lacks"
            )
        named.update(numbers)
        threads.append(
            Thread(pr, bool(row.get("found")), [issues[n] for n in numbers], list(row.get("error_texts") or []))
        )
    unnamed = sorted(set(issues) - named)
    if unnamed:
        raise ThreadDataError(f"{THREADS_FILE.name}: issues {unnamed} are described but no pull request fixes them")
    return Threads(sorted(threads, key=lambda t: t.pr))
