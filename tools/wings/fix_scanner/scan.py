"""Read every bug fix in a commit's history that changed the covered code into a ``FixHistory``.

Only facts leave the repository: hashes, dates, subjects, numbers, paths, the error lines a
message quotes, the names of the definitions a fix changed (``objects``) and the messages of the
raises and warns it changed (``raised_before``), and the messages release tags said that the scanned
commit no longer says (``earlier_messages``) and the names of its API that came or went (``name_history``),
never a diff or code.
The result depends on the commit and the repository's release tags alone, so scanning the same
commit again gives the same file, byte for byte.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from tools.fixes.facts.records import COVERED_PATHS, Fix, FixHistory, RaisedBefore, encode
from tools.wings.fix_scanner import rules
from tools.wings.fix_scanner.earlier import earlier_messages
from tools.wings.fix_scanner.git import Blobs, Git, ScanError
from tools.wings.fix_scanner.messages import raised_before
from tools.wings.fix_scanner.names import name_history
from tools.wings.fix_scanner.objects import definitions, enclosing, parse_diff

__all__ = ["ScanError", "render_json", "scan"]


@dataclass(frozen=True)
class _Commit:
    sha: str
    parent: str | None  # the first parent; None for a root commit
    timestamp: int
    date: str
    message: str

    @property
    def subject(self) -> str:
        return self.message.split("\n", 1)[0].strip()


def _history(git: Git, commit: str) -> list[_Commit]:
    """Every non-merge commit reachable from ``commit`` that changed a covered path, newest first."""
    text = git.run(
        "log",
        "--full-history",
        "--no-merges",
        "--format=%H%x00%P%x00%ct%x00%cs%x00%B%x00",
        commit,
        "--",
        *COVERED_PATHS,
    )
    fields = text.split("\x00")
    commits = []
    for index in range(0, len(fields) - 4, 5):
        sha, parents, timestamp, date, message = fields[index : index + 5]
        commits.append(_Commit(sha.strip(), (parents.split() or [None])[0], int(timestamp), date, message.strip()))
    return commits


def _changed_files(git: Git, commit: _Commit) -> list[str]:
    out = git.run(
        "diff-tree", "-r", "-M", "--root", "--no-commit-id", "--name-status", "-z", commit.sha, "--", *COVERED_PATHS
    )
    files = set()
    parts = [p for p in out.split("\x00") if p]
    index = 0
    while index < len(parts):
        status = parts[index]
        count = 2 if status[:1] in {"R", "C"} else 1
        files.update(parts[index + 1 : index + 1 + count])
        index += 1 + count
    return sorted(f for f in files if f.startswith(tuple(f"{p}/" for p in COVERED_PATHS)))


def _read_changes(git: Git, blobs: Blobs, commit: _Commit) -> tuple[dict[str, list[str]], list[RaisedBefore]]:
    """(file -> the definitions the commit changed there, the raises and warns of the old code it changed)."""
    diff = git.run(
        "diff-tree", "-p", "-U0", "-M", "--root", "--no-commit-id", "--no-color", "--no-ext-diff",
        "--src-prefix=a/", "--dst-prefix=b/", commit.sha, "--", *COVERED_PATHS,
    )  # fmt: skip
    found: dict[str, set[str]] = {}
    messages: list[RaisedBefore] = []
    for change in parse_diff(diff):
        sides = [(commit.sha, change.new_path, change.added)]
        if commit.parent is not None:
            sides.append((commit.parent, change.old_path, change.deleted))
        for at, path, lines in sides:
            if path is None or not path.endswith(".py") or not lines:
                continue
            source = blobs.read(at, path)
            spans = definitions(source) if source is not None else None
            if spans is not None:
                names = enclosing(spans, lines)
                if names:
                    found.setdefault(path, set()).update(names)
        old_path = change.old_path
        if commit.parent is not None and old_path is not None and old_path.startswith("torchrl/"):
            new = blobs.read(commit.sha, change.new_path) if change.new_path is not None else None
            old = blobs.read(commit.parent, old_path) if old_path.endswith(".py") else None
            messages += raised_before(old_path, old, new, change.deleted)
    return {path: sorted(names) for path, names in sorted(found.items())}, messages


def _first_release(sha: str, releases: list[tuple[str, set[str]]]) -> str | None:
    return next((tag for tag, history in releases if sha in history), None)


def scan(git_dir: Path, commit: str = "HEAD", repository: str = "pytorch/rl") -> FixHistory:
    git = Git(git_dir)
    head = git.commit(commit)
    history = _history(git, head)
    tags = git.release_tags()
    # What each release contains: the same answer as `git tag --contains`, asked once per tag.
    releases = [(tag, git.reachable_from_tag(tag)) for tag in tags]
    reverted_by: dict[str, str] = {}
    for later in reversed(history):  # oldest first: the first revert is the one recorded
        target = rules.reverted_commit(later.message)
        if target is not None:
            reverted_by.setdefault(target, later.sha)
    fixes = []
    with git.blobs() as blobs:
        for entry in history:
            if not rules.is_bug_fix(entry.subject):
                continue
            pr = rules.pull_request(entry.subject, entry.message, repository)
            objects, messages = _read_changes(git, blobs, entry)
            fixes.append(
                (
                    entry.timestamp,
                    Fix(
                        sha=entry.sha,
                        date=entry.date,
                        subject=entry.subject,
                        pr=pr,
                        pr_url=f"https://github.com/{repository}/pull/{pr}" if pr is not None else "",
                        issues=rules.fixed_issues(entry.message, repository),
                        error_texts=rules.error_texts(entry.message),
                        files=_changed_files(git, entry),
                        objects=objects,
                        first_release=_first_release(entry.sha, releases),
                        reverted_by=reverted_by.get(entry.sha, ""),
                        raised_before=messages,
                    ),
                )
            )
        earlier = earlier_messages(git, blobs, head, tags)
        names = name_history(git, blobs, head, tags)
    fixes.sort(key=lambda pair: (pair[0], pair[1].sha), reverse=True)
    return FixHistory(
        repository=repository,
        commit=head,
        newest_release=tags[-1] if tags else "",
        covered_paths=list(COVERED_PATHS),
        rules=dict(rules.RULES),
        fixes=[fix for _, fix in fixes],
        earlier_messages=earlier,
        name_history=names,
    )


def render_json(history: FixHistory) -> str:
    return json.dumps(encode(history), indent=1, ensure_ascii=False) + "\n"
